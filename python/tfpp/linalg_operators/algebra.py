"""TensorFlow's algebra between linear operators: which structure an adjoint, inverse, Cholesky
factor, product or solve keeps (a Diag's inverse is a Diag, Identity @ X is X, ...); anything
else becomes an Adjoint, Inversion, LowerTriangular or Composition operator."""

import tfpp as _tf
from .base import combined_non_singular
from .combinations import LinearOperatorAdjoint, LinearOperatorComposition, LinearOperatorInversion
from .diagonal import LinearOperatorDiag, LinearOperatorIdentity, LinearOperatorScaledIdentity
from .matrices import LinearOperatorHouseholder, LinearOperatorLowerTriangular

_math = _tf.math


def _both(a, b, hint):
    """True when both operators have the hint, else unknown."""
    return True if getattr(a, hint) and getattr(b, hint) else None


def adjoint(op):
    """op^H, keeping the structure of diagonal operators and undoing an Adjoint."""
    if isinstance(op, LinearOperatorAdjoint):
        return op.operator
    if isinstance(op, LinearOperatorIdentity):
        return op
    if isinstance(op, LinearOperatorScaledIdentity):
        return LinearOperatorScaledIdentity(op.range_dimension, _math.conj(op.multiplier) if op.dtype.is_complex
                                            else op.multiplier, is_non_singular=op.is_non_singular,
                                            is_positive_definite=op.is_positive_definite)
    if isinstance(op, LinearOperatorDiag):
        return LinearOperatorDiag(_math.conj(op.diag), is_non_singular=op.is_non_singular,
                                  is_positive_definite=op.is_positive_definite)
    return LinearOperatorAdjoint(op)


def inverse(op):
    """op^-1, keeping diagonal structure, undoing an Inversion, and a Householder its own inverse."""
    if isinstance(op, LinearOperatorInversion):
        return op.operator
    if isinstance(op, (LinearOperatorIdentity, LinearOperatorHouseholder)):
        return op
    if isinstance(op, LinearOperatorScaledIdentity):
        return LinearOperatorScaledIdentity(op.range_dimension, 1.0 / op.multiplier,
                                            is_non_singular=op.is_non_singular,
                                            is_self_adjoint=op.is_self_adjoint,
                                            is_positive_definite=op.is_positive_definite)
    if isinstance(op, LinearOperatorDiag):
        return LinearOperatorDiag(1.0 / op.diag, is_non_singular=op.is_non_singular,
                                  is_self_adjoint=op.is_self_adjoint, is_positive_definite=op.is_positive_definite)
    return LinearOperatorInversion(op)


def cholesky(op):
    """The lower triangular Cholesky factor, diagonal for diagonal operators."""
    if isinstance(op, LinearOperatorIdentity):
        return op
    if isinstance(op, LinearOperatorScaledIdentity):
        return LinearOperatorScaledIdentity(op.range_dimension, _math.sqrt(op.multiplier), is_non_singular=True,
                                            is_self_adjoint=True, is_positive_definite=True)
    if isinstance(op, LinearOperatorDiag):
        return LinearOperatorDiag(_math.sqrt(op.diag), is_non_singular=True, is_self_adjoint=True,
                                  is_positive_definite=True, is_square=True)
    return LinearOperatorLowerTriangular(_tf.linalg.cholesky(op.to_dense()), is_non_singular=True,
                                         is_self_adjoint=False, is_square=True)


def matmul(a, b):
    """a @ b: the identity drops out, diagonal operators multiply their diagonals."""
    if isinstance(a, LinearOperatorIdentity) and not isinstance(b, LinearOperatorIdentity):
        return b
    if isinstance(b, LinearOperatorIdentity):
        return a
    if isinstance(a, LinearOperatorScaledIdentity) and isinstance(b, LinearOperatorScaledIdentity):
        return LinearOperatorScaledIdentity(a.range_dimension, a.multiplier * b.multiplier,
                                            is_non_singular=combined_non_singular(a, b),
                                            is_self_adjoint=_both(a, b, "is_self_adjoint"),
                                            is_positive_definite=_both(a, b, "is_positive_definite"))
    if isinstance(a, LinearOperatorDiag) and isinstance(b, LinearOperatorDiag):
        return LinearOperatorDiag(a.diag * b.diag, is_non_singular=combined_non_singular(a, b),
                                  is_self_adjoint=_both(a, b, "is_self_adjoint"),
                                  is_positive_definite=_both(a, b, "is_positive_definite"), is_square=True)
    return LinearOperatorComposition([a, b], is_non_singular=combined_non_singular(a, b))


def solve(a, b):
    """a^-1 @ b as an operator."""
    return matmul(inverse(a), b)
