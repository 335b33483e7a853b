"""tf.linalg's LinearOperator family (see base.py)."""

from .base import LinearOperator
from .circulant import LinearOperatorCirculant, LinearOperatorCirculant2D, LinearOperatorCirculant3D
from .combinations import (LinearOperatorAdjoint, LinearOperatorBlockDiag, LinearOperatorBlockLowerTriangular,
                           LinearOperatorComposition, LinearOperatorInversion, LinearOperatorKronecker,
                           LinearOperatorLowRankUpdate)
from .diagonal import LinearOperatorDiag, LinearOperatorIdentity, LinearOperatorScaledIdentity, LinearOperatorZeros
from .matrices import (LinearOperatorFullMatrix, LinearOperatorHouseholder, LinearOperatorLowerTriangular,
                       LinearOperatorPermutation, LinearOperatorToeplitz, LinearOperatorTridiag)

OPERATORS = (LinearOperator, LinearOperatorAdjoint, LinearOperatorBlockDiag, LinearOperatorBlockLowerTriangular,
             LinearOperatorCirculant, LinearOperatorCirculant2D, LinearOperatorCirculant3D, LinearOperatorComposition,
             LinearOperatorDiag, LinearOperatorFullMatrix, LinearOperatorHouseholder, LinearOperatorIdentity,
             LinearOperatorInversion, LinearOperatorKronecker, LinearOperatorLowRankUpdate,
             LinearOperatorLowerTriangular, LinearOperatorPermutation, LinearOperatorScaledIdentity,
             LinearOperatorToeplitz, LinearOperatorTridiag, LinearOperatorZeros)
