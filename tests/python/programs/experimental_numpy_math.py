"""tf.experimental.numpy's elementwise math, comparisons, reductions, products and sorting with
NumPy's type promotion as TensorFlow 2.21 applies it by default; tnp.random's shapes, dtypes and
ranges; a gradient through tnp functions; tnp inside tf.function; errors for bad arguments."""
import numpy as np

from harness import rounded, tf

tnp = tf.experimental.numpy


def show(label, fn):
    try:
        print(label, repr(fn()))
    except Exception as e:  # noqa: BLE001 - the class is what both must agree on
        print(label, "raised", type(e).__name__)


def show_rounded(label, fn):
    try:
        result = fn()
        print(label, [rounded(r) for r in result] if isinstance(result, (list, tuple)) else rounded(result))
    except Exception as e:  # noqa: BLE001
        print(label, "raised", type(e).__name__)


i32 = tf.constant([[1, 2, 3], [4, 5, 6]])
i64 = tf.constant([-3, 0, 7], tf.int64)
f32 = tf.constant([[1.5, -2.0], [0.25, 4.0]])
f64 = tnp.array([0.5, -1.5, 2.5, np.nan])
u8 = tf.constant([1, 2, 250], tf.uint8)
b = tnp.array([True, False, True])

for name in ("add", "subtract", "multiply", "divide", "true_divide", "floor_divide", "mod", "remainder", "power",
             "float_power", "maximum", "minimum", "arctan2", "nextafter"):
    fn = getattr(tnp, name)
    show_rounded(name + " ints", lambda: fn(tf.constant([7, -7, 3]), tf.constant([2, 2, 3])))
    show_rounded(name + " int and float", lambda: fn(tf.constant([7, -7, 3]), 2.5))
    show_rounded(name + " float32 and number", lambda: fn(tf.constant([7.0, -7.0, 3.0]), 2))
    show_rounded(name + " int32 and float32", lambda: fn(tf.constant([7, -7, 3]), tf.constant([2.0, 2.0, 4.0])))
    show_rounded(name + " numbers", lambda: fn(5, 3))
for name in ("hypot", "logaddexp", "logaddexp2"):
    show_rounded(name, lambda: getattr(tnp, name)(tf.constant([7.0, -7.0, np.inf]), tf.constant([2.0, 2.0, np.inf])))
    show_rounded(name + " float64", lambda: getattr(tnp, name)(tnp.array([0.5]), tnp.array([-3.0])))
show("add bools", lambda: tnp.add(b, tnp.array([False, False, True])))
show("multiply bools", lambda: tnp.multiply(b, tnp.array([False, True, True])))
show("subtract bools", lambda: tnp.subtract(b, b))
show("divide bools", lambda: tnp.divide(b, tnp.array([True, True, True])))
show("floor_divide bools", lambda: tnp.floor_divide(b, tnp.array([True, True, True])))
show("maximum bools", lambda: tnp.maximum(b, tnp.array([False, True, False])))
show("add uint8 int8", lambda: tnp.add(u8, tf.constant([1, 1, 1], tf.int8)))
show("add uint8 number", lambda: tnp.add(u8, 10))
show("add int16 numpy", lambda: tnp.add(np.array([1], np.int16), 3))
show("add broadcast", lambda: tnp.add(i32, [10, 20, 30]))
show("add bad shapes", lambda: tnp.add(i32, [1, 2]))
show("divmod", lambda: tnp.divmod(tf.constant([7, -7]), 3))
show("maximum relu", lambda: tnp.maximum(tf.constant([-1.0, 2.0]), 0))
show("clip", lambda: tnp.clip(tf.constant([1, 5, 9]), 2, 6.5))
show("clip min only", lambda: tnp.clip(tf.constant([1, 5, 9]), None, 4))
show("clip max only", lambda: tnp.clip([1.0, 5.0], 2.0, None))
show("clip none", lambda: tnp.clip([1.0], None, None))
show("clip broadcast", lambda: tnp.clip(i32, [2, 3, 4], 5))
show("heaviside", lambda: tnp.heaviside(tf.constant([-1.5, 0.0, 2.0]), 0.5))
show("gcd", lambda: tnp.gcd(tf.constant([12, -18, 0, 7]), tf.constant([8, 12, 5, 0])))
show("lcm", lambda: tnp.lcm(tf.constant([4, -6, 0]), tf.constant([6, 4, 3])))
show("gcd floats", lambda: tnp.gcd(1.5, 2.0))
for name in ("bitwise_and", "bitwise_or", "bitwise_xor"):
    show(name, lambda: getattr(tnp, name)(tf.constant([12, 10]), tf.constant([10, 6])))
    show(name + " bools", lambda: getattr(tnp, name)(b, tnp.array([True, True, False])))
show("bitwise_not", lambda: (tnp.bitwise_not(tf.constant([0, 5])), tnp.bitwise_not(b)))

for name in ("sqrt", "exp", "log", "log1p", "expm1", "log2", "log10", "sin", "cos", "tan", "sinh", "cosh", "tanh",
             "arcsin", "arccos", "arctan", "arcsinh", "arctanh", "ceil", "floor", "fix", "cbrt", "exp2", "sinc",
             "deg2rad", "rad2deg", "abs", "absolute", "fabs", "negative", "square", "positive", "reciprocal",
             "sign", "signbit", "isnan", "isfinite", "isinf", "isposinf", "isneginf", "conj", "conjugate", "angle",
             "real", "imag", "iscomplex", "isreal"):
    show_rounded(name + " float32", lambda: getattr(tnp, name)(tf.constant([0.5, -0.25, 0.0, np.inf])))
    show_rounded(name + " float64", lambda: getattr(tnp, name)(tnp.array([0.75, -0.5])))
show_rounded("arccosh", lambda: tnp.arccosh(tnp.array([1.0, 2.5])))
show("abs int", lambda: tnp.abs(-3))
show("negative int", lambda: tnp.negative(i64))
show("square int", lambda: tnp.square(i32))
show("sign int", lambda: tnp.sign(i64))
show("sign out", lambda: tnp.sign(i64, out=1))
show("signbit bool", lambda: tnp.signbit(b))
show("isinf int", lambda: tnp.isinf(i64))
show("angle deg", lambda: tnp.angle(tf.constant([-1.0, 1.0]), deg=True))
show("iscomplexobj", lambda: (tnp.iscomplexobj([1.0]), tnp.isrealobj(f32)))
show_rounded("diff", lambda: tnp.diff(tf.constant([1.0, 4.0, 9.0, 16.0])))
show("diff n", lambda: tnp.diff(i32, n=2))
show("diff axis", lambda: tnp.diff(i32, axis=0))
show("diff bools", lambda: tnp.diff(b))
show("diff bad axis", lambda: tnp.diff(i32, axis=2))
show("diff bad n", lambda: tnp.diff(i32, n=-1))

for name in ("equal", "not_equal", "greater", "greater_equal", "less", "less_equal"):
    fn = getattr(tnp, name)
    show(name, lambda: fn(tf.constant([1, 2, 3]), 2.5))
    show(name + " bools", lambda: fn(b, True))
for name in ("logical_and", "logical_or", "logical_xor"):
    show(name, lambda: getattr(tnp, name)([0, 1, 2], [1.0, 0.0, 3.0]))
show("logical_not", lambda: tnp.logical_not([0, 2]))
show("array_equal", lambda: (tnp.array_equal([1, 2], [1.0, 2.0]), tnp.array_equal([1, 2], [[1, 2]])))
show("isclose", lambda: tnp.isclose([1.0, np.nan, 1e-9], [1.0 + 1e-6, np.nan, 0.0]))
show("isclose equal_nan", lambda: tnp.isclose([np.nan], [np.nan], equal_nan=True))
show("isclose ints", lambda: tnp.isclose([1, 2], [1, 3]))
show("allclose", lambda: (tnp.allclose([1.0], [1.1]), tnp.allclose([1.0], [1.1], rtol=0.2)))

for name in ("sum", "prod", "mean", "max", "min", "amax", "amin", "std", "var", "ptp", "all", "any"):
    fn = getattr(tnp, name)
    show(name + " int32", lambda: fn(i32))
    show(name + " int32 axis", lambda: fn(i32, axis=1))
    show_rounded(name + " float32 keepdims", lambda: fn(f32, axis=0, keepdims=True))
    show(name + " bool", lambda: fn(b))
    show(name + " uint8", lambda: fn(u8))
show("sum dtype", lambda: tnp.sum(i32, dtype=np.float32))
show("sum dtype bool", lambda: tnp.sum(i32, dtype=bool))
show("sum axes", lambda: tnp.sum(tnp.ones([2, 3, 4]), axis=(0, 2)))
show("mean dtype", lambda: tnp.mean(i32, dtype=np.float32))
show("mean out", lambda: tnp.mean(i32, out=1))
show_rounded("var ddof", lambda: tnp.var(f32, ddof=1, dtype=np.float32))
show_rounded("var ddof axis", lambda: tnp.var(i32, axis=1, ddof=1, dtype=np.float64))
show("var dtype", lambda: tnp.var(i32, dtype=np.float32))
for name in ("cumsum", "cumprod"):
    fn = getattr(tnp, name)
    show(name, lambda: fn(i32))
    show(name + " axis", lambda: fn(i32, axis=-1))
    show(name + " uint8", lambda: fn(u8))
    show(name + " dtype", lambda: fn(i32, axis=0, dtype=np.float32))
show_rounded("average axis", lambda: tnp.average(f32, axis=1))
show_rounded("average weights", lambda: tnp.average(f32, weights=[[1.0, 2.0], [3.0, 4.0]]))
show_rounded("average weights axis", lambda: tnp.average(f32, axis=1, weights=[1.0, 3.0]))
show_rounded("average returned", lambda: tnp.average(f32, axis=0, returned=True))
show("average bad axis", lambda: tnp.average(f32, axis=(0, 1)))
show("count_nonzero", lambda: (tnp.count_nonzero([1, 0, 2]), tnp.count_nonzero(i32 - 2, axis=1)))
show_rounded("nansum", lambda: tnp.nansum(f64))
show_rounded("nanprod", lambda: tnp.nanprod(f64))
show_rounded("nanmean", lambda: tnp.nanmean(f64))
show_rounded("nanmean axis", lambda: tnp.nanmean(tnp.array([[1.0, np.nan], [3.0, 4.0]]), axis=0))
show_rounded("nanmean int", lambda: tnp.nanmean(i32))
show("argmax", lambda: (tnp.argmax(i32), tnp.argmax(i32, axis=0), tnp.argmax(5)))
show("argmin", lambda: (tnp.argmin(f32), tnp.argmin(f32, axis=1)))
show("sort", lambda: tnp.sort([3, 1, 2]))
show("sort axis", lambda: tnp.sort([[3, 1], [0, 2]], axis=0))
show("sort None", lambda: tnp.sort([[3, 1], [0, 2]], axis=None))
show("sort stable", lambda: tnp.sort([3, 1], kind="stable"))
show("argsort", lambda: tnp.argsort([3.0, 1.0, 2.0]))
show("argsort stable", lambda: tnp.argsort([2, 1, 2, 1], kind="stable"))
show("argsort None", lambda: tnp.argsort([[3, 1], [0, 2]], axis=None))
show("argsort scalar", lambda: tnp.argsort(3))
show("argsort bad kind", lambda: tnp.argsort([1], kind="heapsort"))

v = tnp.array([1.0, 2.0, 3.0])
m = tnp.reshape(tnp.arange(6.0), [2, 3])
show("dot", lambda: tnp.dot(tf.constant([1, 2]), tf.constant([1.0, 2.0])))
show("dot scalar", lambda: tnp.dot(2, v))
show("dot matrix vector", lambda: tnp.dot(m, v))
show("dot matrices", lambda: tnp.dot(m, tnp.transpose(m)))
show("dot 3-D", lambda: tnp.dot(tnp.ones([2, 2, 3]), tnp.ones([4, 3, 5])).shape)
show("matmul", lambda: tnp.matmul([[1, 2]], [[1], [2]]))
show("matmul vector", lambda: (tnp.matmul(m, v), tnp.matmul([1.0, 2.0], m)))
show("matmul batch", lambda: tnp.matmul(tnp.ones([2, 1, 2, 3]), tnp.ones([3, 3, 4])).shape)
show("matmul bad", lambda: tnp.matmul(m, m))
show("inner", lambda: (tnp.inner(v, v), tnp.inner(m, m), tnp.inner(2, v)))
show("outer", lambda: tnp.outer([1, 2], [[1.0, 2.0, 3.0]]))
show("vdot", lambda: tnp.vdot(m, m))
show("tensordot", lambda: tnp.tensordot(m, m, axes=[[0], [0]]))
show("tensordot int axes", lambda: tnp.tensordot(tnp.ones([2, 3, 4]), tnp.ones([3, 4, 5]), 2).shape)
show("einsum", lambda: tnp.einsum("ij,j->i", m, [1, 2, 3]))
show("einsum no casting", lambda: tnp.einsum("ij,j->i", m, v, casting="no"))
show("einsum bad casting", lambda: tnp.einsum("i->i", v, casting="unsafe"))
show("cross", lambda: tnp.cross([1.0, 0.0, 0.0], [0.0, 1.0, 0.0]))
show("cross 2-vectors", lambda: tnp.cross([1, 2], [3, 4]))
show("cross mixed", lambda: tnp.cross([1, 2], [3, 4, 5]))
show("cross axis", lambda: tnp.cross(tnp.eye(3), tnp.ones([3, 3]), axis=0))
show("cross axisc", lambda: tnp.cross(tnp.eye(3), tnp.ones([3, 3]), axisc=0))
show("kron", lambda: tnp.kron([[1, 2], [3, 4]], [1, 10]))
show("trace", lambda: (tnp.trace(i32), tnp.trace(i32, 1), tnp.trace(i32, -1)))
show("trace 3-D", lambda: tnp.trace(tnp.reshape(tnp.arange(8), [2, 2, 2]), axis1=1, axis2=2))
show("trace dtype", lambda: tnp.trace(i32, dtype=np.float32))
show("polyval", lambda: tnp.polyval([1, 2, 3], [0.5, 2.0]))
show("polyval scalar", lambda: tnp.polyval(3, [1, 2]))
show("vander", lambda: tnp.vander([1, 2, 3]))
show("vander N increasing", lambda: tnp.vander([1.0, 2.0], 3, increasing=True))
show("vander 2-D", lambda: tnp.vander([[1, 2]]))

tnp.random.seed(7)
for label, sample in (("randn", lambda: tnp.random.randn(2, 3)), ("rand", lambda: tnp.random.rand(4)),
                      ("random", lambda: tnp.random.random((2, 2))), ("random scalar", lambda: tnp.random.random()),
                      ("standard_normal", lambda: tnp.random.standard_normal(5)),
                      ("standard_normal None", lambda: tnp.random.standard_normal()),
                      ("uniform", lambda: tnp.random.uniform(2.0, 3.0, size=(50,))),
                      ("uniform broadcast", lambda: tnp.random.uniform([0.0, 10.0], 11.0)),
                      ("randint", lambda: tnp.random.randint(3, size=(40,))),
                      ("randint low high", lambda: tnp.random.randint(5, 8, size=7, dtype=np.int32)),
                      ("randint scalar", lambda: tnp.random.randint(5)),
                      ("poisson", lambda: tnp.random.poisson(3.0, size=(20,)))):
    s = sample()
    print(label, s.dtype.name, tuple(s.shape), float(tnp.min(s)) >= -10, float(tnp.max(s)) <= 11)
u = tnp.random.uniform(2.0, 3.0, size=(200,))
print("uniform range", bool(tnp.all((u >= 2.0) & (u < 3.0))))
r = tnp.random.randint(5, 8, size=(200,))
print("randint range", bool(tnp.all((r >= 5) & (r < 8))))
show("randint bad dtype", lambda: tnp.random.randint(3, dtype=np.float32))
show("seed bad", lambda: tnp.random.seed(None))

w = tf.Variable([[1.0, 2.0], [3.0, -1.0]])
with tf.GradientTape() as tape:
    y = tnp.sum(tnp.square(tnp.matmul(w, tnp.array([[1.0], [2.0]], dtype=np.float32))) + tnp.exp(tnp.clip(w, 0.0, 2.0)))
print("gradient", tape.gradient(y, w))


@tf.function
def traced(x, y):
    z = tnp.where(x > 0, tnp.sqrt(tnp.abs(x)), tnp.mean(y))
    return tnp.concatenate([tnp.ravel(z), tnp.cumsum(y)]), tnp.argmax(x, axis=1), tnp.moveaxis(x[None], 0, -1)


print("tf.function", traced(tf.constant([[4.0, -1.0], [9.0, 0.25]]), tf.constant([1.0, 2.0, 3.0])))


@tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32)])
def traced_unknown_rows(a):
    return (tnp.sum(a, axis=0), tnp.mean(a), tnp.var(a, axis=1), tnp.cumsum(a, axis=0), tnp.sort(a, axis=1),
            tnp.matmul(a, tnp.ones([3, 2], dtype=np.float32)), tnp.transpose(a), tnp.reshape(a, [-1]),
            tnp.concatenate([a, a]), tnp.where(a > 1, a, 0.0), tnp.take(a, [0], axis=1),
            tnp.argmax(a, axis=1), tnp.clip(a, 0.0, 2.0), tnp.diff(a, axis=0), tnp.flip(a), tnp.expand_dims(a, 0),
            tnp.moveaxis(a, 0, 1), tnp.roll(a, 1), tnp.prod(a, axis=1), tnp.max(a, axis=0), tnp.std(a, axis=0))


for result in traced_unknown_rows(tf.constant([[1.0, 2.0, 3.0], [4.0, 0.5, -1.0]])):
    print("traced unknown rows", rounded(result))
