"""Keras' functional API guide as a program: a model of three inputs and two named outputs trained
with per-output losses and weights, a toy ResNet with a residual add, get_layer, a feature
extraction model of every layer's output, a shared embedding, a custom layer in a config round trip,
and a functional model inside a custom RNN layer; what Model(inputs, outputs), from_config,
clone_model and model_from_json make (a Functional, as in Keras 3)."""
import numpy as np

from harness import tf

np.random.seed(0)
keras = tf.keras
layers = keras.layers
keras.utils.set_random_seed(7)
num_tags = 12; num_words = 100; num_departments = 4
title_input = keras.Input(shape=(None,), name="title")
body_input = keras.Input(shape=(None,), name="body")
tags_input = keras.Input(shape=(num_tags,), name="tags")
title_features = layers.Embedding(num_words, 8)(title_input)
body_features = layers.Embedding(num_words, 8)(body_input)
title_features = layers.LSTM(16)(title_features)
body_features = layers.LSTM(8)(body_features)
x = layers.concatenate([title_features, body_features, tags_input])
priority_pred = layers.Dense(1, name="priority")(x)
department_pred = layers.Dense(num_departments, name="department")(x)
model = keras.Model(inputs=[title_input, body_input, tags_input], outputs={"priority": priority_pred, "department": department_pred})
model.summary()
model.compile(optimizer=keras.optimizers.RMSprop(1e-3), loss={"priority": keras.losses.BinaryCrossentropy(from_logits=True), "department": keras.losses.CategoricalCrossentropy(from_logits=True)}, loss_weights={"priority": 1.0, "department": 0.2})
title_data = np.random.randint(num_words, size=(32, 10))
body_data = np.random.randint(num_words, size=(32, 20))
tags_data = np.random.randint(2, size=(32, num_tags)).astype("float32")
priority_targets = np.random.random(size=(32, 1))
dept_targets = np.random.randint(2, size=(32, num_departments))
h = model.fit({"title": title_data, "body": body_data, "tags": tags_data}, {"priority": priority_targets, "department": dept_targets}, epochs=2, batch_size=16, verbose=0)
print(sorted(h.history))
inputs = keras.Input(shape=(32, 32, 3), name="img")
x = layers.Conv2D(8, 3, activation="relu")(inputs)
x = layers.Conv2D(16, 3, activation="relu")(x)
block_1_output = layers.MaxPooling2D(3)(x)
x = layers.Conv2D(16, 3, activation="relu", padding="same")(block_1_output)
x = layers.Conv2D(16, 3, activation="relu", padding="same")(x)
block_2_output = layers.add([x, block_1_output])
x = layers.Conv2D(16, 3, activation="relu")(block_2_output)
x = layers.GlobalAveragePooling2D()(x)
x = layers.Dense(32, activation="relu")(x)
x = layers.Dropout(0.5)(x)
outputs = layers.Dense(10)(x)
model = keras.Model(inputs, outputs, name="toy_resnet")
model.summary()
print(model.get_layer(index=3).name, model.get_layer("img").name)
features_list = [layer.output for layer in model.layers]
feat_extraction_model = keras.Model(inputs=model.input, outputs=features_list)
img = np.random.random((1, 32, 32, 3)).astype("float32")
extracted_features = feat_extraction_model(img)
print(len(extracted_features), [tuple(f.shape) for f in extracted_features][:4])
shared_embedding = layers.Embedding(1000, 16)
text_input_a = keras.Input(shape=(None,), dtype="int32")
text_input_b = keras.Input(shape=(None,), dtype="int32")
encoded_input_a = shared_embedding(text_input_a)
encoded_input_b = shared_embedding(text_input_b)
print(encoded_input_a.shape, encoded_input_b.shape)
class CustomDense(layers.Layer):
    def __init__(self, units=32):
        super().__init__()
        self.units = units
    def build(self, input_shape):
        self.w = self.add_weight(shape=(input_shape[-1], self.units), initializer="random_normal", trainable=True)
        self.b = self.add_weight(shape=(self.units,), initializer="random_normal", trainable=True)
    def call(self, inputs):
        return tf.matmul(inputs, self.w) + self.b
    def get_config(self):
        return {"units": self.units}
inputs = keras.Input((4,))
outputs = CustomDense(10)(inputs)
model = keras.Model(inputs, outputs)
config = model.get_config()
new_model = keras.Model.from_config(config, custom_objects={"CustomDense": CustomDense})
print(type(new_model).__name__, len(new_model.layers), new_model.layers[1].units)
units = 32; timesteps = 10; input_dim = 5
inputs = keras.Input((None, units))
x = layers.GlobalAveragePooling1D()(inputs)
outputs = layers.Dense(1)(x)
model = keras.Model(inputs, outputs)
class CustomRNN(layers.Layer):
    def __init__(self):
        super().__init__()
        self.units = units
        self.projection_1 = layers.Dense(units=units, activation="tanh")
        self.projection_2 = layers.Dense(units=units, activation="tanh")
        self.classifier = model
    def call(self, inputs):
        outputs = []
        state = tf.zeros(shape=(inputs.shape[0], self.units))
        for t in range(inputs.shape[1]):
            x = inputs[:, t, :]
            h = self.projection_1(x)
            y = h + self.projection_2(state)
            state = y
            outputs.append(y)
        features = tf.stack(outputs, axis=1)
        return self.classifier(features)
rnn_model = CustomRNN()
_ = rnn_model(tf.zeros((1, timesteps, input_dim)))
print(_.shape, len(rnn_model.trainable_weights))

i = keras.Input((2,))
functional = keras.Model(i, keras.layers.Dense(1)(i))
print(type(functional).__name__, isinstance(functional, keras.Model), repr(functional))
print(type(keras.Model.from_config(functional.get_config())).__name__, type(keras.models.clone_model(functional)).__name__,
      type(keras.models.model_from_json(functional.to_json())).__name__,
      type(keras.Sequential.from_config(keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)]).get_config())).__name__)
