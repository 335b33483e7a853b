"""tf.experimental.numpy.experimental_enable_numpy_behavior: NumPy's methods on tensors (T, reshape,
astype, ...), NumPy's type promotion in tensor and variable operators, NumPy's indexing with integer
and boolean arrays, tnp functions that need the methods, and prefer_float32."""
import numpy as np

from harness import rounded, tf

tnp = tf.experimental.numpy


def show(label, fn):
    try:
        print(label, repr(fn()))
    except Exception as e:  # noqa: BLE001 - the class is what both must agree on
        print(label, "raised", type(e).__name__)


x = tf.constant([[1, 2, 3], [4, 5, 6]])
f = tf.constant([[1.25, -2.5], [0.5, 3.75]])
print("before", hasattr(x, "T"), hasattr(x, "astype"), hasattr(x, "reshape"))
show("before int32 + float32", lambda: x + tf.constant(1.0))
show("bad mode", lambda: tnp.experimental_enable_numpy_behavior(dtype_conversion_mode="numpy"))
tnp.experimental_enable_numpy_behavior()

show("T", lambda: x.T)
show("ndim size", lambda: (x.ndim, x.size, tf.constant(3.0).size, tf.constant(3.0).ndim))
show("reshape", lambda: x.reshape(3, 2))
show("reshape list", lambda: x.reshape([-1]))
show("reshape F", lambda: x.reshape((3, 2), order="F"))
show("reshape bad", lambda: x.reshape(6, copy=True))
show("transpose", lambda: x.transpose())
show("ravel flatten", lambda: (x.ravel(), x.flatten("F")))
show("astype", lambda: x.astype(tf.float32))
show("astype numpy", lambda: f.astype(np.int32))
show("clip", lambda: x.clip(2, 4.5))
show("max min mean", lambda: (x.max(), x.min(axis=1), x.mean(axis=0), f.mean()))
show("tolist", lambda: (x.tolist(), f.tolist()))
show("data", lambda: x.data is x)
show("pos", lambda: +x)
show("round", lambda: round(f))

show("int32 + float32", lambda: x + tf.constant(1.5))
show("int32 * number", lambda: x * 2.5)
show("float32 + number", lambda: f + 2)
show("number - int32", lambda: 10 - x)
show("number / int32", lambda: 1 / x)
show("int32 // float64", lambda: x // tnp.array(2.0))
show("int32 ** int64", lambda: x ** tf.constant(2, tf.int64))
show("int32 % float32", lambda: x % tf.constant(4.0))
show("int32 < float32", lambda: x < tf.constant(2.5))
show("float32 >= int64", lambda: f >= tf.constant(1, tf.int64))
show("int32 == float", lambda: x == 2.0)
show("int32 != float", lambda: x != 2.0)
show("== None", lambda: x == None)  # noqa: E711
show("bool & bool", lambda: tnp.array([True, False]) & tf.constant([True, True]))
show("bool | bool", lambda: tnp.array([True, False]) | tf.constant([False, False]))
show("int32 + list", lambda: x + [1, 2, 3])
show("matmul", lambda: tf.constant([1, 2]) @ tf.constant([[1.0], [2.0]]))
show("matmul vector", lambda: x @ tf.constant([1.0, 0.0, 2.0], tf.float64))
v = tf.Variable([1, 2])
show("variable + float", lambda: v + 0.5)
show("float + variable", lambda: 0.5 + v)

y = tnp.reshape(tnp.arange(24), [2, 3, 4])
show("index list", lambda: x[[1, 0, 1]])
show("index column list", lambda: x[:, [2, 0]])
show("index pairs", lambda: x[[0, 1], [2, 0]])
show("index negative", lambda: x[[-1], [-1]])
show("index tensor", lambda: x[tf.constant([1, 0])])
show("index numpy", lambda: x[np.array([0, 0])])
show("index bool mask", lambda: x[x > 2])
show("index bool vector", lambda: x[:, tnp.array([True, False, True])])
show("index scalar and list", lambda: x[1, [0, 2]])
show("index ellipsis", lambda: y[..., [0, 3]])
show("index newaxis", lambda: x[None, [1]])
show("index non-adjacent", lambda: y[[0, 1], :, [0, 3]])
show("index broadcast", lambda: y[[[0], [1]], [0, 2]])
show("index basic", lambda: (x[1], x[:, 1:], x[::-1, 0], x[..., 1], y[1, None, ::2, -1]))
show("index mixed", lambda: (y[:, [0, 2], 1:3], y[[1], ..., [0]], y[1:, [0, 1], [2, 3]], y[::-1, [2], :2]))
show("index int64 and bool", lambda: y[tf.constant([1], tf.int64), tnp.array([False, True, True])])
show("index uint8", lambda: x[tf.constant([1], tf.uint8)])
show("index out of range", lambda: x[[5]])
show("variable methods", lambda: (hasattr(v, "T"), hasattr(v, "astype"), v[0]))
with tf.GradientTape() as tape:
    w = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
    picked = tf.convert_to_tensor(w)[[1, 0, 1], [0, 1, 1]]
print("gradient of an indexed gather", tape.gradient(tnp.sum(picked * picked), w))
show("index float", lambda: x[1.5])
show("index float list", lambda: x[[0.5]])

show("sqrt int", lambda: tnp.sqrt(x))
show("isnan int", lambda: tnp.isnan(x))
show("log2 int", lambda: rounded(tnp.log2(x)))
show("round", lambda: tnp.round(f, 1))
show("around int", lambda: tnp.around(x, -1))
show("around float", lambda: tnp.around(tf.constant([15.0, 25.0, 14.0]), -1))
show("average int", lambda: tnp.average(x))
show("heaviside ints", lambda: tnp.heaviside(tf.constant([-1, 0, 2]), 5))
show("hypot ints", lambda: rounded(tnp.hypot(x, 1)))


@tf.function
def traced(a):
    return a.T.reshape(-1) * 0.5, a[[1, 0], 1:], a.astype(tf.float32).mean(axis=1)


show("tf.function", lambda: traced(x))

tnp.experimental_enable_numpy_behavior(prefer_float32=True)
show("prefer_float32 add", lambda: tnp.add(1, 2.5))
show("prefer_float32 int32 and float", lambda: tnp.add(x, 2.5))
show("prefer_float32 array", lambda: tnp.array([1.0, 2.0]))
show("prefer_float32 operator", lambda: x * 0.5)
show("prefer_float32 result_type", lambda: tnp.result_type(1.5, 2))
show("prefer_float32 zeros", lambda: tnp.zeros(2))
show("prefer_float32 mean", lambda: tnp.mean(x))
tnp.experimental_enable_numpy_behavior(prefer_float32=False)
show("float64 again", lambda: tnp.add(1, 2.5))
tnp.experimental_enable_numpy_behavior(dtype_conversion_mode="off")
show("off int32 + float32", lambda: x + tf.constant(1.5))
show("off int32 * number", lambda: x * 2)
show("off methods", lambda: (x.T.shape, x.astype(tf.float64).dtype, x[[1, 0]]))
show("off matmul", lambda: tf.constant([[1.0, 2.0]]) @ tf.constant([[3.0], [4.0]]))
show("off tnp", lambda: tnp.add(x, 2.5))
