"""tf.keras.ops on KerasTensors: a functional model built with ops between layers (and KerasTensor
operators, which Keras 3 defines through ops) predicts and trains as Keras' does."""
import numpy as np

from harness import tf
from keras_ops_harness import ops, show

inputs = tf.keras.Input((4,))
h = tf.keras.layers.Dense(3, kernel_initializer="ones", bias_initializer="zeros")(inputs)
scaled = ops.relu(h) * 0.5 + ops.mean(inputs, axis=-1, keepdims=True)
joined = ops.concatenate([scaled, -h], axis=-1)
logits = tf.keras.layers.Dense(2, kernel_initializer="ones")(joined)
outputs = ops.softmax(ops.concatenate([logits[:, :1] * 0.25, 0.1 - logits[:, 1:]], axis=-1))
print("symbolic", type(scaled).__name__, tuple(scaled.shape), ops.shape(joined), ops.dtype(outputs))
model = tf.keras.Model(inputs, outputs)
x = np.array([[0.5, -1.0, 2.0, 0.0], [1.0, 1.0, -3.0, 0.5]], np.float32)
show("predict", model.predict(x, verbose=0))
show("call", model(x))

second = tf.keras.Input((3,))
dense = tf.keras.layers.Dense(3, kernel_initializer="ones")(second)
gated = ops.where(dense > 1.0, dense, ops.zeros_like(dense))
norm = ops.normalize(ops.abs(gated - second)[:, :2])
model2 = tf.keras.Model(second, norm)
show("where / getitem / normalize", model2(np.array([[1.0, 0.5, -0.2], [0.1, 0.1, 0.1]], np.float32)))

model.compile(optimizer=tf.keras.optimizers.SGD(0.5), loss="categorical_crossentropy")
history = model.fit(x, np.array([[1.0, 0.0], [0.0, 1.0]], np.float32), epochs=3, verbose=0)
print("losses", np.round(history.history["loss"], 4).tolist())
