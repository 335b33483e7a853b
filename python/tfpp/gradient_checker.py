"""tf.test.compute_gradient: the Jacobian of f at x from the gradient tape (one backward pass per
output element) and from central differences (one pair of calls per input element), laid out as
TensorFlow's gradient_checker_v2 does them: [y size, x size], a complex number counted as two
real ones."""

import numpy as np

from . import _tfpp

_CHECKED_DTYPES = ("float16", "bfloat16", "float32", "float64", "complex64", "complex128")


def _size(shape):
    return int(np.prod(shape, dtype=np.int64))


def _real_dtype(dtype):
    return np.dtype(dtype.real_dtype.as_numpy_dtype)


def _theoretical_jacobian(f, y_shape, y_dtype, xs, param):
    x = xs[param]
    x_size = _size(x.shape) * (2 if x.dtype.is_complex else 1)
    y_size = _size(y_shape) * (2 if y_dtype.is_complex else 1)
    jacobian = np.zeros((y_size, x_size), dtype=_real_dtype(x.dtype))
    dy = np.zeros(y_shape, dtype=y_dtype.as_numpy_dtype)
    dy_flat = dy.ravel().view(_real_dtype(y_dtype))

    def gradient():
        with _tfpp.GradientTape() as tape:
            tape.watch(x)
            y = f(*xs)
        return tape.gradient(y, x, output_gradients=_tfpp.constant(dy))

    for row in range(y_size):
        dy_flat[row] = 1
        grad = gradient()
        if grad is not None:
            jacobian[row, :] = np.asarray(_tfpp._convert_to_tensor(grad)).ravel().view(jacobian.dtype)
        dy_flat[row] = 0
    if y_size == 0:
        grad = gradient()
        if grad is not None:
            grad = np.asarray(_tfpp._convert_to_tensor(grad))
            if grad.shape != tuple(x.shape):
                raise ValueError("Empty gradient has wrong shape: expected %s, got %s" % (x.shape, grad.shape))
            if np.any(grad):
                raise ValueError("Empty tensor with nonzero gradients")
    return jacobian


def _numeric_jacobian(f, y_size, y_dtype, xs, param, delta):
    x_dtype = xs[param].dtype
    x_real, y_real = _real_dtype(x_dtype), _real_dtype(y_dtype)
    values = [np.array(np.asarray(x)) for x in xs]
    flat = values[param].ravel().view(x_real)  # the array itself: values[param] is contiguous
    x_size = flat.size
    y_size = y_size * (2 if y_dtype.is_complex else 1)
    scale = np.asarray(2 * delta, dtype=y_real)[()]
    jacobian = np.zeros((y_size, x_size), dtype=x_real)

    def y_at():
        return np.asarray(f(*[_tfpp._convert_to_tensor(v) for v in values]))

    for col in range(x_size):
        original = flat[col]
        flat[col] = original + delta
        y_pos = y_at()
        flat[col] = original - delta
        y_neg = y_at()
        flat[col] = original
        jacobian[:, col] = ((y_pos - y_neg) / scale).ravel().view(y_real)
    return jacobian


def _check_dtype(dtype, what):
    if dtype.name not in _CHECKED_DTYPES:  # TensorFlow asserts this
        raise AssertionError("Cannot compute gradient for unsupported type %s of %s" % (dtype.name, what))


def compute_gradient(f, x, delta=None):
    """(theoretical, numerical): for each argument in the list `x`, f's Jacobian with respect to it
    by the gradient tape and by central differences of step `delta` (1/1024 by default)."""
    if not isinstance(x, (list, tuple)):
        raise ValueError("`x` must be a list or tuple of values convertible to a Tensor (arguments to `f`), not a %s"
                         % type(x))
    delta = 1.0 / 1024 if delta is None else delta
    xs = [_tfpp._convert_to_tensor(value) for value in x]
    y = _tfpp._convert_to_tensor(f(*xs))
    pairs = []
    for param, value in enumerate(xs):
        _check_dtype(value.dtype, "argument %d" % param)
        _check_dtype(y.dtype, "y")
        pairs.append((_theoretical_jacobian(f, tuple(y.shape), y.dtype, xs, param),
                      _numeric_jacobian(f, _size(y.shape), y.dtype, xs, param, delta)))
    return tuple(zip(*pairs))

