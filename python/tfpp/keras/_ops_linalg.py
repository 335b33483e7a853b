"""keras.ops.linalg over tfpp.linalg: factorizations (cholesky, qr, svd, lu_factor, eig, eigh),
solves, inverses, determinants and NumPy's norm (vector and matrix orders)."""

import tfpp as tf

from . import _ops_dtypes as _dtypes
from ._ops_convert import convert_to_tensor, dtype_name as _name
from ._ops_numpy_array import moveaxis as _moveaxis


def _matrices(x, name):
    x = convert_to_tensor(x)
    if len(x.shape) < 2:
        raise ValueError("Expected input to have rank >= 2 for %s. Received: input.shape=%s" % (name, tuple(x.shape)))
    if x.shape[-1] != x.shape[-2]:
        raise ValueError("Expected a square matrix for %s. Received non-square matrix with shape %s"
                         % (name, tuple(x.shape)))
    return x


def cholesky(x, upper=False):
    """keras.ops.cholesky: the lower factor (its adjoint with upper=True); raises for a matrix that
    is not positive definite."""
    out = tf.linalg.cholesky(_matrices(x, "cholesky"))
    if not bool(tf.math.reduce_all(tf.math.is_finite(out))):
        raise ValueError("Cholesky decomposition failed: the matrix is not positive definite (its factor has NaN "
                         "values)")
    return tf.linalg.adjoint(out) if upper else out


def cholesky_inverse(x, upper=False):
    """keras.ops.cholesky_inverse: the inverse of the matrix whose Cholesky factor is x."""
    x = _matrices(x, "cholesky_inverse")
    inverse = tf.linalg.triangular_solve(x, tf.eye(x.shape[-1], dtype=x.dtype), lower=not upper)
    if upper:
        return tf.linalg.matmul(inverse, inverse, transpose_b=True)
    return tf.linalg.matmul(inverse, inverse, transpose_a=True)


def det(x):
    """keras.ops.det."""
    return tf.linalg.det(_matrices(x, "det"))


def inv(x):
    """keras.ops.inv."""
    return tf.linalg.inv(_matrices(x, "inv"))


def eig(x):
    """keras.ops.eig: (eigenvalues, eigenvectors), complex."""
    return tf.linalg.eig(_matrices(x, "eig"))


def eigh(x):
    """keras.ops.eigh: (eigenvalues ascending, eigenvectors) of a symmetric matrix."""
    return tf.linalg.eigh(_matrices(x, "eigh"))


def lu_factor(x):
    """keras.ops.lu_factor: (packed LU factors, pivots) with the permutation inverted, as Keras'
    TensorFlow backend gives it."""
    lu, permutation = tf.linalg.lu(_matrices(x, "lu_factor"))
    return lu, tf.math.invert_permutation(permutation)


def qr(x, mode="reduced"):
    """keras.ops.qr: (q, r); mode 'reduced' or 'complete'."""
    if mode not in ("reduced", "complete"):
        raise ValueError("`mode` argument value not supported. Expected one of {'reduced', 'complete'}. Received: "
                         "mode=%s" % mode)
    return tf.linalg.qr(convert_to_tensor(x), full_matrices=mode == "complete")


def svd(x, full_matrices=True, compute_uv=True):
    """keras.ops.svd: (u, s, vh), or s alone with compute_uv=False."""
    x = convert_to_tensor(x)
    if not compute_uv:
        return tf.linalg.svd(x, full_matrices=full_matrices, compute_uv=False)
    s, u, v = tf.linalg.svd(x, full_matrices=full_matrices, compute_uv=True)
    return u, s, tf.linalg.adjoint(v)


def _solve_with(solve_fn, a, b):
    a, b = convert_to_tensor(a), convert_to_tensor(b)
    if len(b.shape) == len(a.shape) - 1:
        return tf.squeeze(solve_fn(a, tf.expand_dims(b, -1)), [-1])
    return solve_fn(a, b)


def solve(a, b):
    """keras.ops.solve: x with a x = b (b a vector or matrices)."""
    return _solve_with(tf.linalg.solve, _matrices(a, "solve"), b)


def solve_triangular(a, b, lower=False):
    """keras.ops.solve_triangular: x with a x = b, a upper triangular unless lower."""
    return _solve_with(lambda m, r: tf.linalg.triangular_solve(m, r, lower=lower), _matrices(a, "solve_triangular"), b)


def lstsq(a, b, rcond=None):
    """keras.ops.lstsq: the least-squares solution through the SVD (singular values below
    rcond * the largest dropped)."""
    a, b = convert_to_tensor(a), convert_to_tensor(b)
    if a.shape[0] != b.shape[0]:
        raise ValueError("Leading dimensions of input arrays must match")
    vector = len(b.shape) == 1
    if vector:
        b = tf.expand_dims(b, -1)
    if len(a.shape) != 2:
        raise TypeError("%d-dimensional array given. Array must be two-dimensional" % len(a.shape))
    m, n = a.shape
    import numpy as np

    eps = float(np.finfo(_name(a)).eps)
    rcond = eps * max(n, m) if rcond is None else (eps if rcond < 0 else rcond)
    u, s, vt = svd(a, full_matrices=False)
    keep = s >= rcond * s[0]
    s_inverse = tf.expand_dims(tf.where(keep, 1 / tf.where(keep, s, tf.ones_like(s)), tf.zeros_like(s)), -1)
    x = tf.linalg.matmul(vt, s_inverse * tf.linalg.matmul(u, b, transpose_a=True), transpose_a=True)
    return tf.reshape(x, [-1]) if vector else x


def matrix_rank(x, tol=None):
    """keras.ops.matrix_rank."""
    return tf.linalg.matrix_rank(convert_to_tensor(x), tol=tol)


def pinv(x, rcond=None):
    """keras.ops.pinv: the Moore-Penrose pseudo-inverse."""
    return tf.linalg.pinv(convert_to_tensor(x), rcond=rcond)


def _vector_norm(x, ord, axis, keepdims):  # noqa: A002 - NumPy's name
    if ord is None or ord == 2:
        return tf.math.sqrt(tf.math.reduce_sum(x * x, axis=axis, keepdims=keepdims))
    if ord == float("inf"):
        return tf.math.reduce_max(tf.math.abs(x), axis=axis, keepdims=keepdims)
    if ord == float("-inf"):
        return tf.math.reduce_min(tf.math.abs(x), axis=axis, keepdims=keepdims)
    if ord == 0:
        return tf.math.reduce_sum(tf.cast(tf.math.not_equal(x, 0), x.dtype), axis=axis, keepdims=keepdims)
    if isinstance(ord, str):
        raise ValueError("Invalid `ord` argument for vector norm. Received: ord=%s" % ord)
    order = tf.constant(ord, x.dtype)
    return tf.math.pow(tf.math.reduce_sum(tf.math.pow(tf.math.abs(x), order), axis=axis, keepdims=keepdims),
                       1.0 / order)


def _matrix_norm(x, ord, axis, keepdims):  # noqa: A002
    rank = len(x.shape)
    row, col = axis[0] % rank, axis[1] % rank
    if ord is None or ord == "fro":
        return tf.math.sqrt(tf.math.reduce_sum(x * x, axis=[row, col], keepdims=keepdims))
    if ord in (1, -1, float("inf"), float("-inf")):
        summed, kept = (row, col) if ord in (1, -1) else (col, row)
        if not keepdims and kept > summed:
            kept -= 1
        extreme = tf.math.reduce_max if ord in (1, float("inf")) else tf.math.reduce_min
        return extreme(tf.math.reduce_sum(tf.math.abs(x), axis=summed, keepdims=keepdims), axis=kept,
                       keepdims=keepdims)
    if ord in ("nuc", 2, -2):
        singular = tf.linalg.svd(_moveaxis(x, [row, col], [-2, -1]), compute_uv=False)
        reduce = {"nuc": tf.math.reduce_sum, 2: tf.math.reduce_max, -2: tf.math.reduce_min}[ord]
        out = reduce(singular, axis=-1)
        if keepdims:
            out = tf.expand_dims(tf.expand_dims(out, row), col)
        return out
    raise ValueError("Invalid `ord` argument for matrix norm. Received: ord=%s" % (ord,))


def norm(x, ord=None, axis=None, keepdims=False):  # noqa: A002
    """keras.ops.norm: NumPy's vector norm over one axis, matrix norm over two (integers as floatx)."""
    x = convert_to_tensor(x)
    rank = len(x.shape)
    axis = tuple(range(rank)) if axis is None else ((axis,) if isinstance(axis, int) else tuple(axis))
    if any(a < -rank or a >= rank for a in axis):
        raise ValueError("All `axis` values must be in the range [-ndim, ndim). Received inputs with ndim=%d, while "
                         "axis=%s" % (rank, axis))
    name = _name(x)
    x = tf.cast(x, _dtypes.floatx() if name == "int64" else _dtypes.result_type(name, float))
    if len(axis) == 1:
        return _vector_norm(x, ord, axis[0], keepdims)
    if len(axis) == 2:
        return _matrix_norm(x, ord, axis, keepdims)
    raise ValueError("Invalid axis values. Received: axis=%s" % (axis,))
