"""TensorFlow's top-level names for Keras' modules (tf.losses, tf.metrics, tf.optimizers,
tf.initializers) and tf.matrix_square_root, used as a TensorFlow program uses them."""
import numpy as np

from harness import rounded, tf

print(tf.losses.MeanSquaredError is tf.keras.losses.MeanSquaredError)
print(tf.metrics.Mean is tf.keras.metrics.Mean)
print(tf.optimizers.Adam is tf.keras.optimizers.Adam)
print(tf.initializers.Constant is tf.keras.initializers.Constant)
print(tf.matrix_square_root is tf.linalg.sqrtm)

y_true, y_pred = tf.constant([[0.0, 1.0], [1.0, 1.0]]), tf.constant([[0.5, 0.5], [1.0, 0.0]])
print("mse", rounded(tf.losses.MeanSquaredError()(y_true, y_pred)))
print("mae function", rounded(tf.losses.MAE(y_true, y_pred)))
mean = tf.metrics.Mean()
mean.update_state([1.0, 2.0, 6.0])
print("mean", rounded(mean.result()))
accuracy = tf.metrics.BinaryAccuracy()
accuracy.update_state(y_true, y_pred)
print("binary accuracy", rounded(accuracy.result()))
print("constant init", rounded(tf.initializers.Constant(0.5)(shape=[2, 2])))
w = tf.Variable([1.0, -2.0])
optimizer = tf.optimizers.SGD(learning_rate=0.1)
with tf.GradientTape() as tape:
    loss = tf.reduce_sum(tf.square(w))
optimizer.apply_gradients([(tape.gradient(loss, w), w)])
print("sgd step", rounded(w))
print("sqrtm", rounded(tf.matrix_square_root(tf.constant(np.array([[4.0, 0.0], [0.0, 9.0]])))))
