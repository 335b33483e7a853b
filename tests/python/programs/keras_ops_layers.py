"""tf.keras.ops in the code Keras 3 users write: a custom layer and a custom loss built from ops,
trained with fit; gradients through the ops' compositions (GradientTape results compared with
TensorFlow's, and with central finite differences)."""
import numpy as np

from harness import tf
from keras_ops_harness import ops, show


class Attention(tf.keras.layers.Layer):
    """A single-head self-attention with a residual and an RMS normalization, all in ops."""

    def build(self, input_shape):
        dim = input_shape[-1]
        self.wq = self.add_weight(shape=(dim, dim), initializer="ones", name="wq")
        self.wv = self.add_weight(shape=(dim, dim), initializer="ones", name="wv")

    def call(self, x):
        q = ops.matmul(x, self.wq) / ops.sqrt(ops.cast(ops.shape(x)[-1], "float32"))
        scores = ops.softmax(ops.einsum("btd,bsd->bts", q, x), axis=-1)
        mixed = ops.einsum("bts,bsd->btd", scores, ops.matmul(x, self.wv))
        return ops.rms_normalization(x + ops.gelu(mixed), epsilon=1e-6)


def pooled_loss(y_true, y_pred):
    return ops.mean(ops.square(y_true - ops.mean(y_pred, axis=(1, 2))), axis=-1)


rng = np.random.RandomState(1)
xs = rng.uniform(-1, 1, (8, 3, 4)).astype(np.float32)
ys = rng.uniform(-1, 1, (8, 1)).astype(np.float32)
model = tf.keras.Sequential([tf.keras.Input((3, 4)), Attention()])
model.compile(optimizer=tf.keras.optimizers.SGD(0.1), loss=pooled_loss)
history = model.fit(xs, ys, batch_size=4, epochs=2, verbose=0, shuffle=False)
print("losses", np.round(history.history["loss"], 4).tolist())
show("prediction", model.predict(xs[:1], verbose=0))


def gradient(fn, x):
    x = tf.constant(x)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = ops.sum(fn(x))
    return tape.gradient(y, x)


def finite_difference(fn, x, step=1e-3):
    x = np.asarray(x, np.float64)
    grad = np.zeros_like(x)
    for index in np.ndindex(*x.shape):
        up, down = x.copy(), x.copy()
        up[index] += step
        down[index] -= step
        grad[index] = (float(ops.sum(fn(tf.constant(up)))) - float(ops.sum(fn(tf.constant(down))))) / (2 * step)
    return grad


a = rng.uniform(0.5, 1.5, (2, 3))
w = tf.constant(rng.uniform(-1, 1, (3, 2)))
cases = {
    "logaddexp": lambda x: ops.logaddexp(x, 2.0 * x),
    "hypot": lambda x: ops.hypot(x, 1.0),
    "log2": ops.log2,
    "norm": lambda x: ops.norm(x, axis=1),
    "norm fro": lambda x: ops.norm(x),
    "normalize": lambda x: ops.normalize(x) * tf.constant([[1.0, 2.0, 3.0]], tf.float64),
    "layer_normalization": lambda x: ops.layer_normalization(x) * tf.constant([[1.0, 2.0, 3.0]], tf.float64),
    "rms_normalization": lambda x: ops.rms_normalization(x) * tf.constant([[1.0, 2.0, 3.0]], tf.float64),
    "softmax": lambda x: ops.softmax(x) * tf.constant([[1.0, 2.0, 3.0]], tf.float64),
    "var": lambda x: ops.var(x, axis=0),
    "std": lambda x: ops.std(x, axis=1),
    "matmul": lambda x: ops.matmul(x, w),
    "take_along_axis": lambda x: ops.take_along_axis(x, tf.constant([[2, 0], [1, 1]]), axis=1),
    "triu": lambda x: ops.triu(x) * x,
    "moveaxis": lambda x: ops.moveaxis(ops.expand_dims(x, 0), 0, -1) * tf.constant([2.0], tf.float64),
    "binary_crossentropy": lambda x: ops.binary_crossentropy(tf.constant([[1.0, 0.0, 1.0]] * 2, tf.float64),
                                                             x / 2.0),
    "categorical_crossentropy logits": lambda x: ops.categorical_crossentropy(
        tf.constant([[1.0, 0.0, 0.0]] * 2, tf.float64), x, from_logits=True),
    "gelu": ops.gelu,
    "silu": ops.silu,
    "clip": lambda x: ops.clip(x, 0.8, 1.2),
    "cumprod": lambda x: ops.cumprod(x, axis=1),
}
for name, fn in cases.items():
    grad = gradient(fn, a)
    numeric = finite_difference(fn, a)
    agree = np.allclose(np.asarray(grad), numeric, atol=1e-5, rtol=1e-4)
    print("gradient", name, "matches finite differences:", agree)
    show("gradient " + name, grad)
