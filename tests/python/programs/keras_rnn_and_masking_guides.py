"""Keras' guides to recurrent layers and to masking and padding as a program: an LSTM over
embeddings, an encoder-decoder whose encoder LSTM returns its states (return_state in the Functional
API: three outputs) and seeds the decoder's initial_state, stacked Bidirectional LSTMs, padded
sequences and the masks Embedding(mask_zero) and Masking attach to their outputs (`_keras_mask`),
layers that compute (one per output), pass through or consume masks, a layer whose call asserts it
gets a mask while a Functional model is built (TemporalSoftmax), an LSTM given `mask=`; and the
automatic model names after Sequential models (each build of a Sequential takes a "functional"
name, as in Keras)."""
import numpy as np

from harness import tf

np.random.seed(0)
keras = tf.keras
layers = keras.layers
keras.utils.set_random_seed(3)
model = keras.Sequential()
model.add(keras.Input(shape=(None,), dtype="int32"))
model.add(layers.Embedding(input_dim=1000, output_dim=8))
model.add(layers.LSTM(16))
model.add(layers.Dense(10))
model.summary()
encoder_vocab = 1000
encoder_input = layers.Input(shape=(None,))
encoder_embedded = layers.Embedding(input_dim=encoder_vocab, output_dim=8)(encoder_input)
output, state_h, state_c = layers.LSTM(8, return_state=True, name="encoder")(encoder_embedded)
encoder_state = [state_h, state_c]
decoder_input = layers.Input(shape=(None,))
decoder_embedded = layers.Embedding(input_dim=500, output_dim=8)(decoder_input)
decoder_output = layers.LSTM(8, name="decoder")(decoder_embedded, initial_state=encoder_state)
output = layers.Dense(10)(decoder_output)
model = keras.Model([encoder_input, decoder_input], output)
model.summary()
model = keras.Sequential()
model.add(keras.Input(shape=(5, 10)))
model.add(layers.Bidirectional(layers.LSTM(8, return_sequences=True)))
model.add(layers.Bidirectional(layers.LSTM(4)))
model.add(layers.Dense(10))
model.summary()
raw_inputs = [[711, 632, 71], [73, 8, 3215, 55, 927], [83, 91, 1, 645, 1253, 927]]
padded_inputs = keras.utils.pad_sequences(raw_inputs, padding="post")
print(padded_inputs)
embedding = layers.Embedding(input_dim=5000, output_dim=4, mask_zero=True)
masked_output = embedding(padded_inputs)
print(masked_output._keras_mask)
masking_layer = layers.Masking()
unmasked_embedding = tf.cast(tf.tile(tf.expand_dims(padded_inputs, axis=-1), [1, 1, 10]), tf.float32)
masked_embedding = masking_layer(unmasked_embedding)
print(masked_embedding._keras_mask)
print(hasattr(unmasked_embedding, "_keras_mask"), getattr(unmasked_embedding, "_keras_mask", None))
class MyLayer(layers.Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.embedding = layers.Embedding(input_dim=5000, output_dim=16, mask_zero=True)
        self.lstm = layers.LSTM(32)
    def call(self, inputs):
        x = self.embedding(inputs)
        mask = self.embedding.compute_mask(inputs)
        output = self.lstm(x, mask=mask)
        return output
layer = MyLayer()
x = np.random.random((32, 10)) * 100
x = x.astype("int32")
print(layer(x).shape)
class TemporalSplit(keras.layers.Layer):
    def call(self, inputs):
        return tf.split(inputs, 2, axis=1)
    def compute_mask(self, inputs, mask=None):
        if mask is None:
            return None
        return tf.split(mask, 2, axis=1)
first_half, second_half = TemporalSplit()(masked_embedding)
print(first_half._keras_mask)
print(second_half._keras_mask)
class CustomEmbedding(keras.layers.Layer):
    def __init__(self, input_dim, output_dim, mask_zero=False, **kwargs):
        super().__init__(**kwargs)
        self.input_dim = input_dim
        self.output_dim = output_dim
        self.mask_zero = mask_zero
    def build(self, input_shape):
        self.embeddings = self.add_weight(shape=(self.input_dim, self.output_dim), initializer="random_normal", dtype="float32")
    def call(self, inputs):
        inputs = tf.cast(inputs, "int32")
        return tf.nn.embedding_lookup(self.embeddings, inputs)
    def compute_mask(self, inputs, mask=None):
        if not self.mask_zero:
            return None
        return tf.not_equal(inputs, 0)
layer = CustomEmbedding(10, 32, mask_zero=True)
x = np.random.random((3, 10)) * 9
x = x.astype("int32")
y = layer(x)
mask = layer.compute_mask(x)
print(mask)
class MyActivation(keras.layers.Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.supports_masking = True
    def call(self, inputs):
        return tf.nn.relu(inputs)
inputs = keras.Input(shape=(None,), dtype="int32")
x = layers.Embedding(input_dim=5000, output_dim=16, mask_zero=True)(inputs)
x = MyActivation()(x)
outputs = layers.LSTM(32)(x)
model = keras.Model(inputs, outputs)
y = model(np.random.randint(0, 5000, size=(32, 100)))
print(y.shape)
class TemporalSoftmax(keras.layers.Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.supports_masking = True
    def call(self, inputs, mask=None):
        assert mask is not None  # also while the Functional model below is built
        broadcast_float_mask = tf.expand_dims(tf.cast(mask, "float32"), -1)
        inputs_exp = tf.exp(inputs) * broadcast_float_mask
        inputs_sum = tf.reduce_sum(inputs_exp * broadcast_float_mask, axis=-1, keepdims=True)
        return inputs_exp / inputs_sum
inputs = keras.Input(shape=(None,), dtype="int32")
x = layers.Embedding(input_dim=10, output_dim=32, mask_zero=True)(inputs)
x = layers.Dense(1)(x)
outputs = TemporalSoftmax()(x)
model = keras.Model(inputs, outputs)
y = model(np.random.randint(0, 10, size=(32, 100)))
print(y.shape)
lstm = layers.LSTM(3)
lstm.build((2, 4, 3))
lstm.set_weights([np.sin(0.37 * np.arange(np.prod(w.shape)) + 1.0 + i).reshape(w.shape) * 0.5
                  for i, w in enumerate(lstm.weights)])
xs = np.sin(0.37 * np.arange(24) + 0.2).astype("float32").reshape((2, 4, 3))
print(np.round(lstm(xs, mask=np.array([[1, 1, 0, 0], [1, 1, 1, 1]], bool)).numpy(), 4))
print(np.round(lstm(xs).numpy(), 4))
built_twice = keras.Sequential()
built_twice.add(keras.Input((3,)))
built_twice.add(layers.Dense(2))
built_twice.add(layers.Dense(2))
built_once = keras.Sequential([keras.Input((3,)), layers.Dense(2), layers.Dense(2)])
i = keras.Input((2,))
print(keras.Model(i, layers.Dense(1)(i)).name)
