"""tf.linalg's factorizations, determinants and solvers, over the C++ functions of
_tfpp._linalg_factorizations; the results TensorFlow returns as named tuples are named tuples."""

import collections

from . import _tfpp

_core = _tfpp._linalg_factorizations

LogMatrixDeterminant = collections.namedtuple("LogMatrixDeterminant", ["sign", "log_abs_determinant"])


def slogdet(input, name=None):  # noqa: A002 - TensorFlow's argument name
    """The sign and log|det| of each square matrix: det = sign * exp(log_abs_determinant)."""
    return LogMatrixDeterminant(*_core.slogdet(input, name))


# Bound as they are: the C++ functions take TensorFlow's argument names and defaults.
PLAIN = ("inv", "det", "logdet", "cholesky", "solve", "triangular_solve", "cholesky_solve", "cross", "matvec",
         "normalize")


def install(linalg):
    """Puts the functions on the tf.linalg module object."""
    for name in PLAIN:
        setattr(linalg, name, getattr(_core, name))
    linalg.slogdet = slogdet
