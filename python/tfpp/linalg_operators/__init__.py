"""tf.linalg's LinearOperator family (see base.py)."""

from .base import LinearOperator
from .combinations import (LinearOperatorAdjoint, LinearOperatorBlockDiag, LinearOperatorBlockLowerTriangular,
                           LinearOperatorCirculant, LinearOperatorComposition, LinearOperatorInversion,
                           LinearOperatorKronecker, LinearOperatorLowRankUpdate)
from .diagonal import LinearOperatorDiag, LinearOperatorIdentity, LinearOperatorScaledIdentity, LinearOperatorZeros
from .matrices import (LinearOperatorFullMatrix, LinearOperatorHouseholder, LinearOperatorLowerTriangular,
                       LinearOperatorPermutation, LinearOperatorToeplitz, LinearOperatorTridiag)

OPERATORS = (LinearOperator, LinearOperatorAdjoint, LinearOperatorBlockDiag, LinearOperatorBlockLowerTriangular,
             LinearOperatorCirculant, LinearOperatorComposition, LinearOperatorDiag, LinearOperatorFullMatrix,
             LinearOperatorHouseholder, LinearOperatorIdentity, LinearOperatorInversion, LinearOperatorKronecker,
             LinearOperatorLowRankUpdate, LinearOperatorLowerTriangular, LinearOperatorPermutation,
             LinearOperatorScaledIdentity, LinearOperatorToeplitz, LinearOperatorTridiag, LinearOperatorZeros)
