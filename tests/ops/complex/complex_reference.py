"""Prints what TensorFlow 2.21 gives for the cases of tests/ops/complex/*_test.cc: per case a line
"== NAME", then the values (flattened, complex numbers as their real and imaginary parts in turn,
"%.17g", NaN as "nan"), or printed text for the printing cases, or the error's class."""
import math
import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
import numpy as np
import tensorflow as tf


def real_pattern(shape, dtype=tf.float64, seed=37, mod=11, offset=5, scale=0.25, shift=0.125):
    """((i * seed) % mod - offset) * scale + shift for the i-th element, as the C++ tests make it."""
    n = int(np.prod(shape))
    v = [((i * seed) % mod - offset) * scale + shift for i in range(n)]
    return tf.cast(tf.constant(v, shape=shape, dtype=tf.float64), dtype)


def complex_pattern(shape, dtype=tf.complex128):
    real_dtype = tf.float32 if dtype == tf.complex64 else tf.float64
    return tf.complex(real_pattern(shape, real_dtype), real_pattern(shape, real_dtype, 53, 7, 3, 0.5, 0.25))


def values(t):
    a = np.asarray(t.numpy() if hasattr(t, "numpy") else t)
    if np.iscomplexobj(a):
        a = np.stack([a.real, a.imag], -1)
    return " ".join("nan" if math.isnan(v) else "%.17g" % v for v in a.astype(np.float64).ravel().tolist())


def case(name, fn):
    print("== " + name)
    try:
        out = fn()
        if isinstance(out, str):
            print(out)
        else:
            print(values(out))
    except Exception as e:
        print(type(e).__name__)


def weights(t):
    """1, 2, 3, ... shaped like t, in its real dtype (the C++ tests use the same)."""
    real = t.dtype.real_dtype if t.dtype.is_complex else t.dtype
    return tf.cast(tf.reshape(tf.range(1, tf.size(t) + 1), tf.shape(t)), real)


def grad(fn, *xs):
    """The tape's gradient of sum(real(f) * w + imag(f) * w / 2) (a real loss) for each x."""
    xs = [tf.identity(x) for x in xs]
    with tf.GradientTape() as tape:
        for x in xs:
            tape.watch(x)
        y = fn(*xs)
        w = weights(y)
        loss = tf.reduce_sum(tf.math.real(y) * w)
        if y.dtype.is_complex:
            loss += tf.reduce_sum(tf.math.imag(y) * w / 2)
    gs = tape.gradient(loss, xs)
    return tf.concat([tf.reshape(g, [-1]) for g in gs], 0)


def complex_cases():
    z = complex_pattern([2, 3])
    w = tf.complex(real_pattern([2, 3], seed=29, mod=13, offset=6), real_pattern([2, 3], seed=17, mod=5, offset=2))
    z64 = complex_pattern([2, 3], tf.complex64)
    a, b = real_pattern([2, 3]), real_pattern([2, 3], seed=53, mod=7, offset=3, scale=0.5, shift=0.25)
    m = complex_pattern([2, 2, 3])
    n = complex_pattern([3, 2])
    for name, fn in [("add", tf.add), ("sub", tf.subtract), ("mul", tf.multiply), ("div", tf.divide), ("pow", tf.pow),
                     ("squared_difference", tf.math.squared_difference), ("xlogy", tf.math.xlogy),
                     ("divide_no_nan", tf.math.divide_no_nan), ("equal", tf.equal), ("not_equal", tf.not_equal)]:
        case(name, lambda: fn(z, w))
        case(name + "64", lambda: fn(z64, tf.cast(w, tf.complex64)))
    for name, fn in [("neg", tf.negative), ("sign", tf.sign), ("square", tf.square), ("sqrt", tf.sqrt),
                     ("rsqrt", tf.math.rsqrt), ("reciprocal", tf.math.reciprocal), ("exp", tf.exp), ("expm1", tf.math.expm1),
                     ("log", tf.math.log), ("log1p", tf.math.log1p), ("sin", tf.sin), ("cos", tf.cos), ("tan", tf.tan),
                     ("sinh", tf.sinh), ("cosh", tf.cosh), ("tanh", tf.tanh), ("asin", tf.asin), ("acos", tf.acos),
                     ("atan", tf.atan), ("asinh", tf.asinh), ("acosh", tf.acosh), ("atanh", tf.atanh),
                     ("sigmoid", tf.sigmoid), ("real", tf.math.real), ("imag", tf.math.imag), ("conj", tf.math.conj),
                     ("angle", tf.math.angle), ("abs", tf.abs)]:
        case(name, lambda: fn(z))
        case(name + "64", lambda: fn(z64))
    case("complex", lambda: tf.complex(a, b))
    case("complex_broadcast", lambda: tf.complex(a, tf.constant(2.0, tf.float64)))
    case("angle_real", lambda: tf.math.angle(a))
    case("imag_real", lambda: tf.math.imag(a))
    case("cast_to_float32", lambda: tf.cast(z, tf.float32))
    case("cast_to_int32", lambda: tf.cast(z * 3, tf.int32))
    case("cast_to_bool", lambda: tf.cast(tf.complex(tf.constant([0.0, 1.0, 0.0]), tf.constant([1.0, 0.0, 0.0])), tf.bool))
    case("cast_from_float32", lambda: tf.cast(tf.constant([1.5, -2.0]), tf.complex64))
    case("cast_from_int64", lambda: tf.cast(tf.constant([3, -4], tf.int64), tf.complex128))
    case("cast_64_to_128", lambda: tf.cast(z64, tf.complex128))
    case("matmul", lambda: tf.matmul(z, n))
    case("matmul_transpose_b", lambda: tf.matmul(z, tf.transpose(n), transpose_b=True))
    case("batch_matmul", lambda: tf.matmul(m, n))
    case("sum", lambda: tf.reduce_sum(m, axis=[0, 2]))
    case("sum_all", lambda: tf.reduce_sum(m))
    case("prod", lambda: tf.reduce_prod(m, axis=1, keepdims=True))
    case("mean", lambda: tf.reduce_mean(m, axis=-1))
    case("add_n", lambda: tf.add_n([z, w, z]))
    case("where", lambda: tf.where(tf.constant([True, False, True]), z, w))
    case("transpose", lambda: tf.transpose(m, [2, 0, 1]))
    case("concat", lambda: tf.concat([z, w], 1))
    case("gather", lambda: tf.gather(m, [1, 0, 1], axis=2))
    case("reverse", lambda: tf.reverse(m, [1]))
    case("tile", lambda: tf.tile(z, [2, 1]))
    case("pad", lambda: tf.pad(z, [[1, 0], [0, 2]]))
    case("zeros_like", lambda: tf.zeros_like(z))
    case("ones", lambda: tf.ones([2], tf.complex64))
    case("broadcast_add", lambda: z + tf.constant(1 + 2j))
    case("less", lambda: tf.less(z, w))
    case("maximum", lambda: tf.maximum(z, w))
    # Gradients (the conjugate convention).
    case("grad_mul", lambda: grad(lambda x, y: x * y, z, w))
    case("grad_div", lambda: grad(lambda x, y: x / y, z, w))
    case("grad_exp_log", lambda: grad(lambda x: tf.exp(x) + tf.math.log(x) * tf.sin(x), z))
    case("grad_pow", lambda: grad(lambda x, y: tf.pow(x, y), z, w))
    case("grad_sqrt_tanh", lambda: grad(lambda x: tf.sqrt(x) * tf.tanh(x) + tf.math.reciprocal(x), z))
    case("grad_square_sigmoid", lambda: grad(lambda x: tf.square(x) - tf.sigmoid(x) + tf.math.rsqrt(x), z))
    case("grad_abs", lambda: grad(lambda x: tf.abs(x * x), z))
    case("grad_angle", lambda: grad(lambda x: tf.math.angle(x), z))
    case("grad_real_imag_conj", lambda: grad(lambda x: tf.complex(tf.math.real(x) * tf.math.imag(x), tf.math.real(x)) * tf.math.conj(x), z))
    case("grad_complex", lambda: grad(lambda x, y: tf.complex(x, y) * tf.complex(y, x), a, b))
    case("grad_matmul", lambda: grad(lambda x, y: tf.matmul(x, y), z, n))
    case("grad_batch_matmul", lambda: grad(lambda x, y: tf.matmul(x, y), m, n))
    case("grad_sum_prod_mean", lambda: grad(lambda x: tf.reduce_sum(x, 1) + tf.reduce_prod(x, 1) + tf.reduce_mean(x, 1), m))
    case("grad_cast", lambda: grad(lambda x: tf.cast(tf.cast(x, tf.complex128) * tf.constant(1 + 2j), tf.float64) * x, a))
    case("grad_trig", lambda: grad(lambda x: tf.tan(x) + tf.sinh(x) * tf.cosh(x) + tf.atan(x) + tf.asinh(x), z))
    # tf.linalg.eig / eigvals (the eigenvectors of real matrices are those of Eigen's real solver).
    g = tf.constant([[1.0, 2.0, 0.5], [-1.0, 0.5, 3.0], [0.25, -2.0, 1.5]], tf.float64)
    gb = tf.stack([g, tf.transpose(g) + 1.0])
    case("eig_values", lambda: tf.linalg.eig(gb)[0])
    case("eig_vectors", lambda: tf.linalg.eig(gb)[1])
    case("eigvals64", lambda: tf.linalg.eigvals(tf.complex(tf.cast(g, tf.float32), tf.cast(tf.transpose(g), tf.float32))))
    case("grad_eig_values", lambda: grad(lambda x: tf.abs(tf.linalg.eig(x)[0]), g))
    case("grad_eig_vectors", lambda: grad(lambda x: tf.abs(tf.linalg.eig(x)[1]) ** 2, g))
    case("grad_eigvals", lambda: grad(lambda x: tf.linalg.eigvals(x), g))
    case("grad_eig_complex", lambda: grad(lambda x: tf.linalg.eig(x)[0], tf.complex(g, tf.transpose(g) * 0.5)))
    case("eig_not_square", lambda: tf.linalg.eig(tf.ones([2, 3])))
    # Printing.
    for name, t in [("print_vector", tf.constant([1 + 2j, -3.5 - 4j, 0.25 + 1e-3j], tf.complex64)),
                    ("print_matrix", tf.constant([[1 + 2j, 3], [float("nan"), complex(1, float("inf"))]])),
                    ("print_scientific", tf.constant([1e10 + 1j, 2])),
                    ("print_scalar", tf.constant(1 + 2j)),
                    ("print_scalar64", tf.constant(np.complex64(0.1 + 0.2j))),
                    ("print_imaginary", tf.constant(complex(0, -2))),
                    ("print_large", tf.constant(1e20 + 1e-5j)),
                    ("print_pattern", z), ("print_pattern64", z64),
                    ("print_negative_zero", tf.constant([complex(-0.0, -0.0), complex(0.0, 1.5)])),
                    ("print_empty", tf.zeros([0, 2], tf.complex64)),
                    ("print_long", tf.cast(tf.complex(tf.range(1200.0), -tf.range(1200.0)), tf.complex128))]:
        case(name, lambda: str(t) + "\n" + repr(t))


if __name__ == "__main__":
    complex_cases()
