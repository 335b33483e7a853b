"""tf.linalg's factorizations, determinants and solvers, over the C++ functions of
_tfpp._linalg_factorizations; the results TensorFlow returns as named tuples are named tuples."""

import collections

from . import _tfpp

_core = _tfpp._linalg_factorizations

LogMatrixDeterminant = collections.namedtuple("LogMatrixDeterminant", ["sign", "log_abs_determinant"])
Qr = collections.namedtuple("Qr", ["q", "r"])
Lu = collections.namedtuple("Lu", ["lu", "p"])


def slogdet(input, name=None):  # noqa: A002 - TensorFlow's argument name
    """The sign and log|det| of each square matrix: det = sign * exp(log_abs_determinant)."""
    return LogMatrixDeterminant(*_core.slogdet(input, name))


def qr(input, full_matrices=False, name=None):  # noqa: A002
    """The QR decomposition a = q r of each matrix (q with orthonormal columns, r upper triangular)."""
    return Qr(*_core.qr(input, full_matrices, name))


def lu(input, output_idx_type=_tfpp.int32, name=None):  # noqa: A002
    """The partial-pivoting LU decomposition of each square matrix: packed factors and row permutation."""
    return Lu(*_core.lu(input, output_idx_type, name))


# Bound as they are: the C++ functions take TensorFlow's argument names and defaults.
PLAIN = ("inv", "det", "logdet", "cholesky", "solve", "triangular_solve", "cholesky_solve", "cross", "matvec",
         "normalize", "eigh", "eigvalsh", "svd", "pinv", "matrix_rank", "lstsq", "lu_solve", "lu_reconstruct",
         "lu_matrix_inverse", "expm")


def install(linalg):
    """Puts the functions on the tf.linalg module object."""
    for name in PLAIN:
        setattr(linalg, name, getattr(_core, name))
    linalg.slogdet = slogdet
    linalg.qr = qr
    linalg.lu = lu
