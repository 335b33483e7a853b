"""TensorFlow's algebra between linear operators: which structure an adjoint, inverse, Cholesky
factor, product or solve keeps (a Diag's inverse is a Diag, Identity @ X is X, circulants of one
kind combine their spectra, ...); anything else becomes an Adjoint, Inversion, LowerTriangular or
Composition operator."""

import tfpp as _tf
from .base import combined_non_singular
from .circulant import _BaseLinearOperatorCirculant
from .combinations import LinearOperatorAdjoint, LinearOperatorComposition, LinearOperatorInversion
from .diagonal import LinearOperatorDiag, LinearOperatorIdentity, LinearOperatorScaledIdentity
from .matrices import LinearOperatorHouseholder, LinearOperatorLowerTriangular

_math = _tf.math


def _both(a, b, hint):
    """True when both operators have the hint, else unknown."""
    return True if getattr(a, hint) and getattr(b, hint) else None


def _commuting_self_adjoint(a, b):
    """Whether the product of commuting operators is self-adjoint, as far as their hints tell."""
    if a.is_self_adjoint and b.is_self_adjoint:
        return True
    if {a.is_self_adjoint, b.is_self_adjoint} == {True, False}:
        return False
    return None


def _commuting_positive_definite(a, b):
    return True if all(op.is_positive_definite and op.is_self_adjoint for op in (a, b)) else None


def _same_circulants(a, b):
    return isinstance(a, _BaseLinearOperatorCirculant) and type(a) is type(b)


def _circulant(like, spectrum, a, b):
    """The circulant of `like`'s kind with `spectrum`, for the product (or solve) of `a` and `b`.
    As TensorFlow builds it, its input_output_dtype is the default, complex64."""
    return type(like)(spectrum, is_non_singular=combined_non_singular(a, b),
                      is_self_adjoint=_commuting_self_adjoint(a, b),
                      is_positive_definite=_commuting_positive_definite(a, b), is_square=True)


def adjoint(op):
    """op^H, keeping the structure of diagonal and circulant operators and undoing an Adjoint."""
    if isinstance(op, _BaseLinearOperatorCirculant):  # with the default input_output_dtype, as TensorFlow's
        return type(op)(_math.conj(op.spectrum) if op.spectrum.dtype.is_complex else op.spectrum,
                        is_non_singular=op.is_non_singular, is_self_adjoint=op.is_self_adjoint,
                        is_positive_definite=op.is_positive_definite, is_square=True)
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
    """op^-1, keeping diagonal and circulant structure, undoing an Inversion, and a Householder its
    own inverse."""
    if isinstance(op, _BaseLinearOperatorCirculant):
        return type(op)(1.0 / op.spectrum, input_output_dtype=op.dtype, is_non_singular=op.is_non_singular,
                        is_self_adjoint=op.is_self_adjoint, is_positive_definite=op.is_positive_definite,
                        is_square=True)
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
    """a @ b: the identity drops out, diagonal operators multiply their diagonals and circulants of
    one kind their spectra."""
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
    if _same_circulants(a, b):
        return _circulant(a, a.spectrum * b.spectrum, a, b)
    return LinearOperatorComposition([a, b], is_non_singular=combined_non_singular(a, b))


def solve(a, b):
    """a^-1 @ b as an operator (circulants of one kind: the quotient of their spectra)."""
    if _same_circulants(a, b):
        return _circulant(a, b.spectrum / a.spectrum, a, b)
    return matmul(inverse(a), b)
