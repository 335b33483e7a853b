"""tf.experimental.numpy's products: dot, matmul, inner, outer, vdot, tensordot, einsum, cross,
kron, trace, polyval and vander, in the operands' promoted dtype."""

import tfpp as tf

from ._creation import diagonal
from ._dtype_rules import asarray, promote, result_type
from ._reductions import sum as _sum
from ._shapes import moveaxis


def dot(a, b):
    """tnp.dot: products of scalars, sums over the last axis of a and b's last (vector) or second-to-last axis."""
    a, b = promote(a, b)
    if a.shape.rank == 0 or b.shape.rank == 0:
        return a * b
    return tf.tensordot(a, b, axes=[[-1], [-1 if b.shape.rank == 1 else -2]])


def matmul(x1, x2):
    """tnp.matmul: vectors as rows or columns, batches broadcast."""
    x1, x2 = promote(x1, x2)
    try:
        if x2.shape.rank == 1:
            return tf.tensordot(x1, x2, axes=1)
        if x1.shape.rank == 1:
            return tf.tensordot(x1, x2, axes=[[0], [-2]])
        return tf.linalg.matmul(x1, x2)
    except tf.errors.InvalidArgumentError as err:
        raise ValueError(str(err)) from err


def tensordot(a, b, axes=2):
    """tnp.tensordot"""
    a, b = promote(a, b)
    return tf.tensordot(a, b, axes=axes)


def inner(a, b):
    """tnp.inner: sums over the last axes."""
    a, b = promote(a, b)
    if a.shape.rank == 0 or b.shape.rank == 0:
        return a * b
    return tf.tensordot(a, b, axes=[[-1], [-1]])


def outer(a, b):
    """tnp.outer: of the flattened arrays."""
    a, b = promote(a, b)
    return tf.reshape(a, [-1, 1]) * tf.reshape(b, [-1])


def vdot(a, b):
    """tnp.vdot: dot of the flattened arrays, a conjugated."""
    a, b = promote(a, b)
    a, b = tf.reshape(a, [-1]), tf.reshape(b, [-1])
    if a.dtype.is_complex:
        a = tf.math.conj(a)
    return dot(a, b)


def einsum(subscripts, *operands, **kwargs):
    """tnp.einsum: casting "safe" (promoted) or "no"."""
    casting = kwargs.get("casting", "safe")
    optimize = kwargs.get("optimize", False)
    if casting == "safe":
        operands = promote(*operands)
    elif casting == "no":
        operands = [asarray(x) for x in operands]
    else:
        raise ValueError('Invalid value for argument `casting`. Expected casting="safe" or casting="no". '
                         f"Received: casting={casting}")
    if optimize not in (False, True, "greedy", "optimal"):
        raise ValueError('Invalid value for argument `optimize`. Expected one of {True, "greedy", "optimal"}. '
                         f"Received: optimize={optimize}")
    return tf.einsum(subscripts, *operands)


def _as_3_vectors(x):
    # 2-vectors along the last axis with a zero third component.
    return tf.pad(x, [[0, 0]] * (x.shape.rank - 1) + [[0, 1]])


def cross(a, b, axisa=-1, axisb=-1, axisc=-1, axis=None):
    """tnp.cross: of 2- or 3-vectors along the given axes."""
    a, b = promote(a, b)
    if axis is not None:
        axisa = axisb = axisc = axis
    a, b = moveaxis(a, axisa, -1), moveaxis(b, axisb, -1)
    a_dim, b_dim = a.shape[-1], b.shape[-1]
    a, b = (_as_3_vectors(a) if a_dim == 2 else a), (_as_3_vectors(b) if b_dim == 2 else b)
    common = tf.broadcast_dynamic_shape(tf.shape(a), tf.shape(b))
    c = tf.linalg.cross(tf.broadcast_to(a, common), tf.broadcast_to(b, common))
    if a_dim == 2 and b_dim == 2:
        return c[..., 2]
    return moveaxis(c, -1, axisc)


def kron(a, b):
    """tnp.kron: the Kronecker product."""
    a, b = promote(a, b)
    rank = max(a.shape.rank, b.shape.rank)
    a_shape = [1] * (rank - a.shape.rank) + a.shape.as_list()
    b_shape = [1] * (rank - b.shape.rank) + b.shape.as_list()
    a = tf.reshape(a, [d for n in a_shape for d in (n, 1)])
    b = tf.reshape(b, [d for n in b_shape for d in (1, n)])
    return tf.reshape(a * b, [m * n for m, n in zip(a_shape, b_shape)])


def trace(a, offset=0, axis1=0, axis2=1, dtype=None):
    """tnp.trace: the sum of a diagonal."""
    if dtype:
        dtype = result_type(dtype)
    a = asarray(a, dtype)
    if offset == 0 and axis1 in (-2, a.shape.rank - 2) and axis2 in (-1, a.shape.rank - 1):
        return tf.linalg.trace(a)
    return _sum(diagonal(a, offset, axis1, axis2), -1, dtype)


def polyval(p, x):
    """tnp.polyval: p[0] * x**(n-1) + ... + p[n-1]."""
    p, x = promote(p, x)
    if p.shape.rank == 0:
        p = tf.reshape(p, [1])
    coefficients = tf.unstack(p)
    y = tf.math.polyval(coefficients, x)
    return tf.broadcast_to(y, x.shape) if len(coefficients) == 1 else y


def vander(x, N=None, increasing=False):  # noqa: N803
    """tnp.vander: columns of powers of a vector x."""
    x = asarray(x)
    if x.shape.rank != 1:
        raise ValueError("x must be a one-dimensional array")
    N = x.shape[0] if N is None else N  # noqa: N806
    if N < 0:
        raise ValueError("N must be nonnegative")
    powers = tf.range(0, N, 1) if increasing else tf.range(N - 1, -1, -1)
    return tf.math.pow(tf.expand_dims(x, -1), tf.cast(powers, x.dtype))
