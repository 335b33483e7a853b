"""tf.keras.backend's batch_dot (ranks 2 to 4, every kind of axes), cast, the focal crossentropies,
and the random tensors and variables: with a global and an op seed the first draws are TensorFlow's
own values; later draws and unseeded ones are compared by shape, dtype and statistics."""
import numpy as np

from harness import show_error_message, tf

K = tf.keras.backend


def show(label, t):
    t = tf.convert_to_tensor(t)
    values = np.asarray(t)
    print(label, t.dtype.name, tuple(t.shape), (values if values.dtype.kind != "f" else np.round(values, 4)).tolist())


def arange(*shape):
    return tf.reshape(tf.range(np.prod(shape), dtype="float32"), shape) / 4.0


show("batch_dot 2x2", K.batch_dot(arange(3, 4), arange(3, 4)))
show("batch_dot 2x2 axes=1", K.batch_dot(arange(3, 4), arange(3, 4), axes=1))
show("batch_dot 3x3", K.batch_dot(arange(2, 3, 4), arange(2, 4, 5)))
show("batch_dot 3x3 axes=(1,2)", K.batch_dot(arange(2, 3, 4), arange(2, 5, 3), axes=(1, 2)))
show("batch_dot 3x2", K.batch_dot(arange(2, 3, 4), arange(2, 4)))
show("batch_dot 2x3", K.batch_dot(arange(2, 4), arange(2, 4, 3)))
show("batch_dot 2x3 axes=[1,1]", K.batch_dot(arange(2, 4), arange(2, 4, 3), axes=[1, 1]))
show("batch_dot 4x3", K.batch_dot(arange(2, 3, 2, 4), arange(2, 4, 5)))
show("batch_dot 3x4", K.batch_dot(arange(2, 3, 4), arange(2, 4, 2, 5), axes=(2, 1)))
show("batch_dot 4x4 negative axes", K.batch_dot(arange(2, 2, 3, 4), arange(2, 4, 2, 3), axes=(-1, 1)))
show_error_message("batch_dot rank 1", lambda: K.batch_dot(arange(3), arange(3, 2)))
show_error_message("batch_dot batch sizes", lambda: K.batch_dot(arange(2, 3), arange(3, 3)))
show_error_message("batch_dot nested axes", lambda: K.batch_dot(arange(2, 3), arange(2, 3), axes=[[1], [1]]))
show_error_message("batch_dot axis 0", lambda: K.batch_dot(arange(2, 3), arange(2, 3), axes=0))
show_error_message("batch_dot sizes", lambda: K.batch_dot(arange(2, 3, 4), arange(2, 3, 5)))

show("cast int", K.cast(tf.constant([1.7, -2.2]), "int32"))
show("cast bool", K.cast(tf.constant([0, 3]), "bool"))
show("cast float16", K.cast(tf.constant([1, 2]), tf.float16))

target = tf.constant([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
output = tf.constant([[0.8, 0.3], [0.4, 0.9], [0.6, 0.05]])
show("binary_focal_crossentropy", K.binary_focal_crossentropy(target, output))
show("binary_focal_crossentropy balanced", K.binary_focal_crossentropy(target, output, apply_class_balancing=True,
                                                                      alpha=0.4, gamma=1.5))
show("binary_focal_crossentropy logits", K.binary_focal_crossentropy(target, tf.constant([[2.0, -1.0], [0.5, 3.0],
                                                                                         [-0.5, 1.0]]),
                                                                     from_logits=True))
onehot = tf.constant([[0.0, 1.0, 0.0], [1.0, 0.0, 0.0]])
probs = tf.constant([[0.2, 0.7, 0.1], [0.5, 0.2, 0.1]])
show("categorical_focal_crossentropy", K.categorical_focal_crossentropy(onehot, probs))
show("categorical_focal_crossentropy alpha gamma", K.categorical_focal_crossentropy(onehot, probs, alpha=0.5,
                                                                                    gamma=0.0))
show("categorical_focal_crossentropy logits", K.categorical_focal_crossentropy(onehot, tf.constant(
    [[1.0, 2.0, -1.0], [0.0, 0.5, 3.0]]), from_logits=True))
show("categorical_focal_crossentropy axis 0", K.categorical_focal_crossentropy(tf.transpose(onehot),
                                                                               tf.transpose(probs), axis=0))
show_error_message("categorical_focal_crossentropy shapes", lambda: K.categorical_focal_crossentropy(
    onehot, tf.ones((2, 4))))



# Seeded first draws: TensorFlow's values (its Philox streams for a global and an op seed).
tf.random.set_seed(7)
show("random_uniform seeded", K.random_uniform((2, 3), seed=11))
tf.random.set_seed(7)
show("random_normal seeded", K.random_normal((2, 3), mean=1.0, stddev=0.5, seed=11))
tf.random.set_seed(7)
show("truncated_normal seeded", K.truncated_normal((2, 3), seed=11))
tf.random.set_seed(7)
show("random_bernoulli seeded", K.random_bernoulli((2, 4), p=0.5, seed=11))
tf.random.set_seed(7)
v = K.random_uniform_variable((2, 2), -1.0, 1.0, name="ru", seed=3)
print("random_uniform_variable", isinstance(v, tf.Variable), v.name, v.dtype.name, np.round(v.numpy(), 4).tolist())
tf.random.set_seed(7)
v = K.random_normal_variable((2, 2), 0.0, 2.0, dtype="float64", seed=3)
print("random_normal_variable", isinstance(v, tf.Variable), v.dtype.name, np.round(v.numpy(), 4).tolist())

# Unseeded draws (a seed from NumPy's generator): their statistics.
np.random.seed(0)
u = K.random_uniform((200, 50), minval=2.0, maxval=4.0)
print("random_uniform", u.dtype.name, tuple(u.shape), float(np.min(u)) >= 2.0, float(np.max(u)) < 4.0,
      "mean %.1f" % np.mean(u))
n = K.random_normal((200, 50), mean=-1.0, stddev=2.0, dtype="float64")
print("random_normal", n.dtype.name, tuple(n.shape), "mean %.0f" % np.mean(n), "std %.1f" % np.std(n))
t = K.truncated_normal((200, 50), mean=1.0, stddev=1.0)
print("truncated_normal", t.dtype.name, tuple(t.shape), float(np.min(t)) >= -1.0, float(np.max(t)) <= 3.0,
      "mean %.0f" % np.mean(t))
b = K.random_bernoulli((200, 50), p=0.25, dtype="float64")
print("random_bernoulli", b.dtype.name, tuple(b.shape), sorted(set(np.asarray(b).ravel().tolist())),
      "mean near 0.25", abs(float(np.mean(b)) - 0.25) < 0.03)
print("random_bernoulli p=0", float(np.max(K.random_bernoulli((10, 10)))))
v = K.random_uniform_variable((100, 100), 0.0, 1.0)
print("random_uniform_variable", v.dtype.name, tuple(v.shape), "mean %.1f" % np.mean(v.numpy()))
v = K.random_normal_variable((100, 100), 3.0, 0.5)
print("random_normal_variable", v.dtype.name, tuple(v.shape), "mean %.1f" % np.mean(v.numpy()),
      "std %.1f" % np.std(v.numpy()))
