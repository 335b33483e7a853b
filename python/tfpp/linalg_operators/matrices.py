"""Operators over a matrix given in full or by a few vectors: LinearOperatorFullMatrix,
LinearOperatorLowerTriangular (solves by substitution), LinearOperatorToeplitz,
LinearOperatorHouseholder, LinearOperatorPermutation and LinearOperatorTridiag."""

import tfpp as _tf
from .base import LinearOperator, _adjoint, _tensor

_linalg = _tf.linalg
_math = _tf.math


class LinearOperatorFullMatrix(LinearOperator):
    """An operator that is the matrix [batch..., M, N] it is given."""

    def __init__(self, matrix, is_non_singular=None, is_self_adjoint=None, is_positive_definite=None, is_square=None,
                 name="LinearOperatorFullMatrix"):
        self._matrix = _tensor(matrix)
        if self._matrix.shape.rank is not None and self._matrix.shape.rank < 2:
            raise ValueError("Argument `matrix` must have at least 2 dimensions. Received: %s." % self._matrix)
        super().__init__(self._matrix.dtype, is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                         is_positive_definite=is_positive_definite, is_square=is_square, name=name,
                         parameters=dict(matrix=matrix, is_non_singular=is_non_singular,
                                         is_self_adjoint=is_self_adjoint, is_positive_definite=is_positive_definite,
                                         is_square=is_square, name=name))

    def _shape(self):
        return self._matrix.shape.as_list()

    def _matmul(self, x, adjoint, adjoint_arg):
        return _linalg.matmul(self._matrix, x, adjoint_a=adjoint, adjoint_b=adjoint_arg)

    def _to_dense(self):
        return self._matrix


class LinearOperatorLowerTriangular(LinearOperator):
    """The lower triangle of the square matrix `tril` (the rest is ignored)."""

    def __init__(self, tril, is_non_singular=None, is_self_adjoint=None, is_positive_definite=None, is_square=None,
                 name="LinearOperatorLowerTriangular"):
        if is_square is False:
            raise ValueError("Only square lower triangular operators supported at this time.")
        self._tril = _linalg.band_part(_tensor(tril), -1, 0)
        super().__init__(self._tril.dtype, is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                         is_positive_definite=is_positive_definite, is_square=True, name=name,
                         parameters=dict(tril=tril, is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                                         is_positive_definite=is_positive_definite, is_square=is_square, name=name))

    def _shape(self):
        return self._tril.shape.as_list()

    def _matmul(self, x, adjoint, adjoint_arg):
        return _linalg.matmul(self._tril, x, adjoint_a=adjoint, adjoint_b=adjoint_arg)

    def _solve(self, rhs, adjoint, adjoint_arg):
        rhs = _adjoint(rhs) if adjoint_arg else rhs
        return _linalg.triangular_solve(self._tril, rhs, lower=True, adjoint=adjoint)

    def _determinant(self):
        return _math.reduce_prod(_linalg.diag_part(self._tril), axis=[-1])

    def _log_abs_determinant(self):
        return _math.reduce_sum(_math.log(_math.abs(_linalg.diag_part(self._tril))), axis=[-1])

    def _to_dense(self):
        return self._tril


class LinearOperatorToeplitz(LinearOperator):
    """The Toeplitz matrix with first column `col` and first row `row` (row[0] is ignored)."""

    def __init__(self, col, row, is_non_singular=None, is_self_adjoint=None, is_positive_definite=None,
                 is_square=None, name="LinearOperatorToeplitz"):
        self._col, self._row = _tensor(col), _tensor(row)
        if is_square is False:
            raise ValueError("Only square Toeplitz operators currently supported.")
        super().__init__(self._row.dtype, is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                         is_positive_definite=is_positive_definite, is_square=True, name=name,
                         parameters=dict(col=col, row=row, is_non_singular=is_non_singular,
                                         is_self_adjoint=is_self_adjoint, is_positive_definite=is_positive_definite,
                                         is_square=is_square, name=name))

    @property
    def col(self):
        return self._col

    @property
    def row(self):
        return self._row

    def _shape(self):
        batch = _tf.broadcast_static_shape(self._col.shape, self._row.shape).as_list()
        return batch + batch[-1:]

    def _to_dense(self):
        # Entry (i, j) is col[i - j] below the diagonal and row[j - i] above it.
        n = self._shape()[-1]
        values = _tf.concat([_tf.reverse(self._row[..., 1:], [-1]), self._col], axis=-1)  # row reversed, col
        index = [[n - 1 + i - j for j in range(n)] for i in range(n)]
        return _tf.gather(values, index, axis=-1)


class LinearOperatorHouseholder(LinearOperator):
    """I - 2 v v^H / (v^H v), the reflection across the hyperplane orthogonal to `reflection_axis`."""

    def __init__(self, reflection_axis, is_non_singular=None, is_self_adjoint=None, is_positive_definite=None,
                 is_square=None, name="LinearOperatorHouseholder"):
        self._reflection_axis = _tensor(reflection_axis)
        if is_self_adjoint is False:
            raise ValueError("A Householder operator is always self adjoint.")
        if is_positive_definite is True:
            raise ValueError("A Householder operator is always non-positive definite.")
        if is_square is False:
            raise ValueError("A Householder operator is always square.")
        super().__init__(self._reflection_axis.dtype, is_non_singular=is_non_singular, is_self_adjoint=True,
                         is_positive_definite=False, is_square=True, name=name,
                         parameters=dict(reflection_axis=reflection_axis, is_non_singular=is_non_singular,
                                         is_self_adjoint=is_self_adjoint, is_positive_definite=is_positive_definite,
                                         is_square=is_square, name=name))

    @property
    def reflection_axis(self):
        return self._reflection_axis

    def _shape(self):
        shape = self._reflection_axis.shape.as_list()
        return shape + shape[-1:]

    def _to_dense(self):
        v = self._reflection_axis
        outer = _tf.expand_dims(v, -1) * _tf.expand_dims(_math.conj(v) if self.dtype.is_complex else v, -2)
        norm = _math.reduce_sum(_math.abs(v) ** 2, axis=-1)
        n = self._shape()[-1]
        scale = _tf.cast(2.0 / norm, self.dtype)
        return _linalg.eye(n, dtype=self.dtype) - _tf.expand_dims(_tf.expand_dims(scale, -1), -1) * outer

    def _determinant(self):
        return -_tf.ones(self._reflection_axis.shape[:-1], dtype=self.dtype)

    def _log_abs_determinant(self):
        return _tf.zeros(self._reflection_axis.shape[:-1], dtype=self.dtype)

    def _trace(self):
        return _tf.cast(self._shape()[-1] - 2, self.dtype) * _tf.ones(self._reflection_axis.shape[:-1],
                                                                          dtype=self.dtype)


class LinearOperatorPermutation(LinearOperator):
    """The permutation matrix P with P[i, perm[i]] = 1 (P @ x reorders x's rows by perm)."""

    def __init__(self, perm, dtype=_tf.float32, is_non_singular=None, is_self_adjoint=None,
                 is_positive_definite=None, is_square=None, name="LinearOperatorPermutation"):
        self._perm = _tensor(perm)
        if is_non_singular is False:
            raise ValueError("A Permutation operator is always non-singular. Expected argument `is_non_singular` to "
                             "be True. Received: %s." % is_non_singular)
        if is_square is False:
            raise ValueError("A Permutation operator is always square. Expected argument `is_square` to be True. "
                             "Received: %s." % is_square)
        super().__init__(dtype, is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                         is_positive_definite=is_positive_definite, is_square=True, name=name,
                         parameters=dict(perm=perm, dtype=dtype, is_non_singular=is_non_singular,
                                         is_self_adjoint=is_self_adjoint, is_positive_definite=is_positive_definite,
                                         is_square=is_square, name=name))

    @property
    def perm(self):
        return self._perm

    def _shape(self):
        shape = self._perm.shape.as_list()
        return shape + shape[-1:]

    def _to_dense(self):
        return _tf.one_hot(self._perm, self._shape()[-1], dtype=self.dtype)

    def _determinant(self):
        return _linalg.det(self._to_dense())

    def _log_abs_determinant(self):
        return _tf.zeros(self._perm.shape[:-1], dtype=self.dtype)


class LinearOperatorTridiag(LinearOperator):
    """A tridiagonal matrix from its three diagonals: "compact" [..., 3, N] (superdiagonal, diagonal,
    subdiagonal; the superdiagonal's last and the subdiagonal's first entries are ignored),
    "sequence" (the three vectors) or "matrix" (the full matrix)."""

    def __init__(self, diagonals, diagonals_format="compact", is_non_singular=None, is_self_adjoint=None,
                 is_positive_definite=None, is_square=None, name="LinearOperatorTridiag"):
        if diagonals_format not in ("compact", "matrix", "sequence"):
            raise ValueError("Argument `diagonals_format` must be one of compact, matrix, or sequence. Received : %s."
                             % diagonals_format)
        if diagonals_format == "sequence":
            self._diagonals = [_tensor(d) for d in diagonals]
            dtype = self._diagonals[0].dtype
        else:
            self._diagonals = _tensor(diagonals)
            dtype = self._diagonals.dtype
        self._diagonals_format = diagonals_format
        super().__init__(dtype, is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                         is_positive_definite=is_positive_definite, is_square=is_square, name=name,
                         parameters=dict(diagonals=diagonals, diagonals_format=diagonals_format,
                                         is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                                         is_positive_definite=is_positive_definite, is_square=is_square, name=name))

    @property
    def diagonals(self):
        return self._diagonals

    @property
    def diagonals_format(self):
        return self._diagonals_format

    def _shape(self):
        if self._diagonals_format == "matrix":
            return self._diagonals.shape.as_list()
        if self._diagonals_format == "sequence":
            shape = self._diagonals[1].shape.as_list()
        else:
            shape = self._diagonals.shape.as_list()
            shape = shape[:-2] + shape[-1:]
        return shape + shape[-1:]

    def _to_dense(self):
        if self._diagonals_format == "matrix":
            return _linalg.band_part(self._diagonals, 1, 1)
        if self._diagonals_format == "sequence":
            superdiag, diag, subdiag = self._diagonals
        else:
            superdiag, diag, subdiag = (self._diagonals[..., i, :] for i in range(3))
        n = self._shape()[-1]
        dense = _linalg.diag(diag)
        if n > 1:
            dense += _tf.pad(_linalg.diag(superdiag[..., :-1]), [[0, 0]] * (len(self._shape()) - 2) + [[0, 1], [1, 0]])
            dense += _tf.pad(_linalg.diag(subdiag[..., 1:]), [[0, 0]] * (len(self._shape()) - 2) + [[1, 0], [0, 1]])
        return dense
