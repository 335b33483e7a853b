"""The operators that are diagonal matrices: LinearOperatorDiag, LinearOperatorIdentity,
LinearOperatorScaledIdentity, and LinearOperatorZeros; products, solves and determinants use the
diagonal directly."""

import tfpp as _tf
from .base import LinearOperator, _adjoint, _tensor

_linalg = _tf.linalg
_math = _tf.math


def _real_self_adjoint(dtype, is_self_adjoint, what):
    """A real diagonal operator is self-adjoint; TensorFlow refuses a hint saying otherwise."""
    if dtype.is_complex:
        return is_self_adjoint
    if is_self_adjoint is False:
        raise ValueError("A real diagonal operator is always self adjoint." if what == "diag"
                         else "A real %s operator is always self adjoint." % what)
    return True


class LinearOperatorDiag(LinearOperator):
    """diag(d): a [batch..., N, N] operator from its diagonal [batch..., N]."""

    def __init__(self, diag, is_non_singular=None, is_self_adjoint=None, is_positive_definite=None, is_square=True,
                 name="LinearOperatorDiag"):
        self._diag = _tensor(diag)
        if is_square is False:
            raise ValueError("Only square diagonal operators currently supported.")
        is_self_adjoint = _real_self_adjoint(self._diag.dtype, is_self_adjoint, "diag")
        super().__init__(self._diag.dtype, is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                         is_positive_definite=is_positive_definite, is_square=True, name=name,
                         parameters=dict(diag=diag, is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                                         is_positive_definite=is_positive_definite, is_square=is_square, name=name))

    @property
    def diag(self):
        return self._diag

    def _shape(self):
        shape = self._diag.shape.as_list()
        return shape + shape[-1:]

    def _term(self, adjoint):
        return _math.conj(self._diag) if adjoint and self.dtype.is_complex else self._diag

    def _matmul(self, x, adjoint, adjoint_arg):
        x = _adjoint(x) if adjoint_arg else x
        return _tf.expand_dims(self._term(adjoint), -1) * x

    def _matvec(self, x, adjoint):
        return self._term(adjoint) * x

    def _solve(self, rhs, adjoint, adjoint_arg):
        rhs = _adjoint(rhs) if adjoint_arg else rhs
        return rhs * _tf.expand_dims(1.0 / self._term(adjoint), -1)

    def _solvevec(self, rhs, adjoint):
        return rhs / self._term(adjoint)

    def _determinant(self):
        return _math.reduce_prod(self._diag, axis=[-1])

    def _log_abs_determinant(self):
        return _math.reduce_sum(_math.log(_math.abs(self._diag)), axis=[-1])

    def _diag_part(self):
        return self._diag

    def _trace(self):
        return _math.reduce_sum(self._diag, axis=-1)

    def _to_dense(self):
        return _linalg.diag(self._diag)

    def _add_to_tensor(self, x):
        return _linalg.set_diag(x, self._diag + _linalg.diag_part(x))

    def _eigvals(self):
        return self._diag

    def _cond(self):
        magnitude = _math.abs(self._diag)
        return _math.reduce_max(magnitude, axis=-1) / _math.reduce_min(magnitude, axis=-1)


class LinearOperatorScaledIdentity(LinearOperator):
    """multiplier * I, N by N, with a batch of multipliers."""

    def __init__(self, num_rows, multiplier, is_non_singular=None, is_self_adjoint=None, is_positive_definite=None,
                 is_square=True, assert_proper_shapes=False, name="LinearOperatorScaledIdentity"):
        self._num_rows = int(num_rows)
        self._multiplier = _tensor(multiplier)
        if is_square is False:
            raise ValueError("A ScaledIdentity operator is always square.")
        is_self_adjoint = _real_self_adjoint(self._multiplier.dtype, is_self_adjoint, "scaled identity")
        super().__init__(self._multiplier.dtype, is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                         is_positive_definite=is_positive_definite, is_square=True, name=name,
                         parameters=dict(num_rows=num_rows, multiplier=multiplier, name=name))

    @property
    def multiplier(self):
        return self._multiplier

    def _shape(self):
        return self._multiplier.shape.as_list() + [self._num_rows, self._num_rows]

    def _scale(self, adjoint):
        m = _math.conj(self._multiplier) if adjoint and self.dtype.is_complex else self._multiplier
        return _tf.expand_dims(_tf.expand_dims(m, -1), -1)

    def _matmul(self, x, adjoint, adjoint_arg):
        return (_adjoint(x) if adjoint_arg else x) * self._scale(adjoint)

    def _solve(self, rhs, adjoint, adjoint_arg):
        return (_adjoint(rhs) if adjoint_arg else rhs) / self._scale(adjoint)

    def _determinant(self):
        return self._multiplier ** self._num_rows

    def _log_abs_determinant(self):
        return self._num_rows * _math.log(_math.abs(self._multiplier))

    def _diag_part(self):
        return _tf.expand_dims(self._multiplier, -1) * _tf.ones([self._num_rows], dtype=self.dtype)

    def _trace(self):
        return self._multiplier * self._num_rows

    def _to_dense(self):
        return self._scale(False) * _linalg.eye(self._num_rows, dtype=self.dtype)

    def _eigvals(self):
        return self._diag_part()


class LinearOperatorIdentity(LinearOperatorScaledIdentity):
    """The N by N identity (a batch of them with batch_shape)."""

    def __init__(self, num_rows, batch_shape=None, dtype=None, is_non_singular=True, is_self_adjoint=True,
                 is_positive_definite=True, is_square=True, assert_proper_shapes=False,
                 name="LinearOperatorIdentity"):
        for hint, what in ((is_non_singular, "non_singular"), (is_positive_definite, "positive_definite"),
                           (is_self_adjoint, "self_adjoint"), (is_square, "square")):
            if not hint:
                raise ValueError("An identity operator is always %s." % what.replace("_", " "))
        batch = list(batch_shape) if batch_shape is not None else []
        super().__init__(num_rows, _tf.ones(batch, dtype=dtype or _tf.float32), name=name)
        self._parameters = dict(num_rows=num_rows, batch_shape=batch_shape, dtype=dtype, name=name)
        self._is_non_singular = self._is_positive_definite = True


class LinearOperatorZeros(LinearOperator):
    """The num_rows by num_columns zero matrix (a batch of them with batch_shape)."""

    def __init__(self, num_rows, num_columns=None, batch_shape=None, dtype=None, is_non_singular=False,
                 is_self_adjoint=True, is_positive_definite=False, is_square=True, assert_proper_shapes=False,
                 name="LinearOperatorZeros"):
        if is_non_singular:
            raise ValueError("A Zeros operator is always singular.")
        if is_positive_definite:
            raise ValueError("A Zeros operator is always not positive-definite.")
        self._num_rows = int(num_rows)
        self._num_columns = self._num_rows if num_columns is None else int(num_columns)
        if is_square and self._num_rows != self._num_columns:
            raise ValueError("LinearOperatorZeros initialized as is_square=True, but got num_rows(%d) != "
                             "num_columns(%d)" % (self._num_rows, self._num_columns))
        self._batch = list(batch_shape) if batch_shape is not None else []
        super().__init__(dtype or _tf.float32, is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                         is_positive_definite=is_positive_definite, is_square=is_square, name=name,
                         parameters=dict(num_rows=num_rows, num_columns=num_columns, batch_shape=batch_shape,
                                         dtype=dtype, name=name))

    def _shape(self):
        return self._batch + [self._num_rows, self._num_columns]

    def _matmul(self, x, adjoint, adjoint_arg):
        rows = self._num_columns if adjoint else self._num_rows
        columns = x.shape[-2] if adjoint_arg else x.shape[-1]
        return _tf.zeros(self._batch + [rows, columns], dtype=self.dtype)

    def _determinant(self):
        return _tf.zeros(self._batch, dtype=self.dtype)

    def _log_abs_determinant(self):
        return _math.log(self._determinant())

    def _trace(self):
        return _tf.zeros(self._batch, dtype=self.dtype)

    def _diag_part(self):
        return _tf.zeros(self._batch + [min(self._num_rows, self._num_columns)], dtype=self.dtype)

    def _to_dense(self):
        return _tf.zeros(self._shape(), dtype=self.dtype)

    def _add_to_tensor(self, x):
        return x + 0
