"""tf.linalg.LinearOperator: a matrix (or a batch of them) known by its structure, with TensorFlow's
hints (is_non_singular, is_self_adjoint, is_positive_definite, is_square), argument checks and
errors. Subclasses give _shape and _to_dense and whatever their structure makes cheaper; the rest
works on the dense matrix. The algebra between operators (matmul, solve, adjoint, inverse,
cholesky) goes through the rules in algebra.py, which keep the structure where TensorFlow does."""

import numpy as np

import tfpp as _tf
from ..module import Module
from ..tensor_shape import TensorShape

_linalg = _tf.linalg
_math = _tf.math


def _tensor(value, dtype=None):
    return _tf.convert_to_tensor(value) if dtype is None else _tf.convert_to_tensor(value, dtype=dtype)


def _adjoint(x):
    return _linalg.adjoint(x)


class LinearOperator(Module):
    """The base of the linear operators."""

    def __init__(self, dtype, graph_parents=None, is_non_singular=None, is_self_adjoint=None,
                 is_positive_definite=None, is_square=None, name=None, parameters=None):
        if is_positive_definite:
            if is_non_singular is False:
                raise ValueError("A positive definite matrix is always non-singular.")
            is_non_singular = True
        if is_non_singular:
            if is_square is False:
                raise ValueError("A non-singular matrix is always square.")
            is_square = True
        if is_self_adjoint:
            if is_square is False:
                raise ValueError("A self-adjoint matrix is always square.")
            is_square = True
        super().__init__(name=None)
        self._dtype = _tf.TensorSpec([], dtype).dtype if dtype is not None else None
        self._is_non_singular = is_non_singular
        self._is_self_adjoint = is_self_adjoint
        self._is_positive_definite = is_positive_definite
        self._is_square_hint = is_square
        self._operator_name = name or type(self).__name__
        self._parameters = dict(parameters or {})
        self._graph_parents = list(graph_parents or [])

    # ---- What the operator is --------------------------------------------------------------

    @property
    def name(self):
        return self._operator_name

    @property
    def dtype(self):
        return self._dtype

    @property
    def parameters(self):
        return dict(self._parameters)

    @property
    def graph_parents(self):
        return list(self._graph_parents)

    @property
    def shape(self):
        return TensorShape(self._shape())

    def shape_tensor(self, name="shape_tensor"):
        return _tf.constant(self.shape.as_list(), dtype=_tf.int32)

    @property
    def batch_shape(self):
        return self.shape[:-2]

    def batch_shape_tensor(self, name="batch_shape_tensor"):
        return self.shape_tensor()[:-2]

    @property
    def tensor_rank(self):
        return self.shape.rank

    def tensor_rank_tensor(self, name="tensor_rank_tensor"):
        return _tf.constant(self.tensor_rank, dtype=_tf.int32)

    @property
    def domain_dimension(self):
        return self.shape[-1]

    def domain_dimension_tensor(self, name="domain_dimension_tensor"):
        return self.shape_tensor()[-1]

    @property
    def range_dimension(self):
        return self.shape[-2]

    def range_dimension_tensor(self, name="range_dimension_tensor"):
        return self.shape_tensor()[-2]

    @property
    def is_non_singular(self):
        return self._is_non_singular

    @property
    def is_self_adjoint(self):
        return self._is_self_adjoint

    @property
    def is_positive_definite(self):
        return self._is_positive_definite

    @property
    def is_square(self):
        square = self.domain_dimension == self.range_dimension
        if self._is_square_hint is False and square:
            raise ValueError("User set is_square hint to False, but the operator was square.")
        return square if self._is_square_hint is None else self._is_square_hint

    def __repr__(self):
        return "<tf.linalg.%s '%s' batch_shape=%s shape=%s dtype=%s>" % (
            type(self).__name__, self.name, tuple(self.batch_shape.as_list()), tuple(self.shape.as_list()),
            self.dtype.name)

    # ---- Products and solves ---------------------------------------------------------------

    def _check_input_dtype(self, arg):
        if arg.dtype != self.dtype:
            raise TypeError("Expected argument to have dtype %s.  Found: %s in tensor %s" % (self.dtype, arg.dtype, arg))

    def _check_dimension(self, mine, theirs):
        if mine is not None and theirs is not None and mine != theirs:
            raise ValueError("Dimensions %d and %d are not compatible" % (mine, theirs))

    def matmul(self, x, adjoint=False, adjoint_arg=False, name="matmul"):
        """self @ x (adjoint: self^H @ x; adjoint_arg: self @ x^H); an operator for an operator."""
        if isinstance(x, LinearOperator):
            left = self.adjoint() if adjoint else self
            right = x.adjoint() if adjoint_arg else x
            if right.range_dimension is not None and left.domain_dimension is not None \
                    and right.range_dimension != left.domain_dimension:
                raise ValueError("Operators are incompatible. Expected `x` to have dimension %d but got %d."
                                 % (left.domain_dimension, right.range_dimension))
            from . import algebra
            return algebra.matmul(left, right)
        x = _tensor(x)
        self._check_input_dtype(x)
        self._check_dimension(self.shape[-2 if adjoint else -1], x.shape[-1 if adjoint_arg else -2])
        return self._matmul(x, adjoint, adjoint_arg)

    def __matmul__(self, other):
        return self.matmul(other)

    def _matmul(self, x, adjoint, adjoint_arg):
        return _linalg.matmul(self.to_dense(), x, adjoint_a=adjoint, adjoint_b=adjoint_arg)

    def matvec(self, x, adjoint=False, name="matvec"):
        """self @ x for vectors x (the last dimension)."""
        x = _tensor(x)
        self._check_input_dtype(x)
        self._check_dimension(self.shape[-2 if adjoint else -1], x.shape[-1])
        return self._matvec(x, adjoint)

    def _matvec(self, x, adjoint):
        return _tf.squeeze(self._matmul(_tf.expand_dims(x, -1), adjoint, False), [-1])

    def solve(self, rhs, adjoint=False, adjoint_arg=False, name="solve"):
        """x with self @ x = rhs (adjoint: self^H @ x = rhs; adjoint_arg: rhs^H)."""
        if self.is_non_singular is False:
            raise NotImplementedError("Exact solve not implemented for an operator that is expected to be singular.")
        if self.is_square is False:
            raise NotImplementedError("Exact solve not implemented for an operator that is expected to not be square.")
        if isinstance(rhs, LinearOperator):
            left = self.adjoint() if adjoint else self
            right = rhs.adjoint() if adjoint_arg else rhs
            if right.range_dimension is not None and left.domain_dimension is not None \
                    and right.range_dimension != left.domain_dimension:
                raise ValueError("Operators are incompatible. Expected `rhs` to have dimension %d but got %d."
                                 % (left.domain_dimension, right.range_dimension))
            from . import algebra
            return algebra.solve(left, right)
        rhs = _tensor(rhs)
        self._check_input_dtype(rhs)
        self._check_dimension(self.shape[-1 if adjoint else -2], rhs.shape[-1 if adjoint_arg else -2])
        return self._solve(rhs, adjoint, adjoint_arg)

    def _solve(self, rhs, adjoint, adjoint_arg):
        rhs = _adjoint(rhs) if adjoint_arg else rhs
        return _linalg.solve(self.to_dense(), rhs, adjoint=adjoint)

    def solvevec(self, rhs, adjoint=False, name="solve"):
        """x with self @ x = rhs for vectors rhs."""
        rhs = _tensor(rhs)
        self._check_input_dtype(rhs)
        self._check_dimension(self.shape[-1 if adjoint else -2], rhs.shape[-1])
        return self._solvevec(rhs, adjoint)

    def _solvevec(self, rhs, adjoint):
        return _tf.squeeze(self.solve(_tf.expand_dims(rhs, -1), adjoint=adjoint), [-1])

    # ---- Scalars and parts -----------------------------------------------------------------

    def _check_square_for_determinant(self):
        if self.is_square is False:
            raise NotImplementedError("Determinant not implemented for an operator that is expected to not be square.")

    def determinant(self, name="det"):
        self._check_square_for_determinant()
        return self._determinant()

    def _determinant(self):
        if self._can_use_cholesky():
            return _math.exp(self.log_abs_determinant())
        return _linalg.det(self.to_dense())

    def log_abs_determinant(self, name="log_abs_det"):
        self._check_square_for_determinant()
        return self._log_abs_determinant()

    def _log_abs_determinant(self):
        if self._can_use_cholesky():
            diag = _linalg.diag_part(_linalg.cholesky(self.to_dense()))
            return 2.0 * _math.reduce_sum(_math.log(diag), axis=[-1])
        return _linalg.slogdet(self.to_dense())[1]

    def trace(self, name="trace"):
        return self._trace()

    def _trace(self):
        return _math.reduce_sum(self.diag_part(), axis=-1)

    def diag_part(self, name="diag_part"):
        return self._diag_part()

    def _diag_part(self):
        return _linalg.diag_part(self.to_dense())

    def add_to_tensor(self, x, name="add_to_tensor"):
        """x + the dense matrix."""
        x = _tensor(x)
        self._check_input_dtype(x)
        return self._add_to_tensor(x)

    def _add_to_tensor(self, x):
        return self.to_dense() + x

    def eigvals(self, name="eigvals"):
        """The eigenvalues of a self-adjoint operator."""
        if not self.is_self_adjoint:
            raise NotImplementedError("Only self-adjoint matrices are supported.")
        return self._eigvals()

    def _eigvals(self):
        return _linalg.eigvalsh(self.to_dense())

    def cond(self, name="cond"):
        """The condition number: the ratio of the largest to the smallest singular value."""
        return self._cond()

    def _cond(self):
        if self.is_self_adjoint:
            values = _math.abs(self.eigvals())
        else:
            values = _linalg.svd(self.to_dense(), compute_uv=False)
        return _math.reduce_max(values, axis=-1) / _math.reduce_min(values, axis=-1)

    def to_dense(self, name="to_dense"):
        """The matrix as a tensor [batch..., rows, cols]."""
        return self._to_dense()

    def _to_dense(self):
        shape = self.shape
        eye = _linalg.eye(shape[-1], batch_shape=shape[:-2].as_list(), dtype=self.dtype)
        return self.matmul(eye)

    # ---- Derived operators -----------------------------------------------------------------

    def adjoint(self, name="adjoint"):
        """The conjugate transpose (the operator itself when self-adjoint)."""
        if self.is_self_adjoint is True:
            return self
        from . import algebra
        return algebra.adjoint(self)

    H = property(adjoint)

    def inverse(self, name="inverse"):
        """The inverse of a square, non-singular operator."""
        if self.is_square is False:
            raise ValueError("Cannot take the Inverse: This operator represents a non square matrix.")
        if self.is_non_singular is False:
            raise ValueError("Cannot take the Inverse: This operator represents a singular matrix.")
        from . import algebra
        return algebra.inverse(self)

    def _can_use_cholesky(self):
        return bool(self.is_self_adjoint and self.is_positive_definite)

    def cholesky(self, name="cholesky"):
        """The lower triangular L with self = L L^H, for self-adjoint positive definite operators."""
        if not self._can_use_cholesky():
            raise ValueError("Cannot take the Cholesky decomposition: Not a positive definite self adjoint matrix.")
        from . import algebra
        return algebra.cholesky(self)

    # ---- Assertions ------------------------------------------------------------------------

    def assert_non_singular(self, name="assert_non_singular"):
        """Raises InvalidArgumentError if the matrix is singular up to float precision: its
        condition number at least 1 / (dimension * epsilon)."""
        if self._can_use_cholesky():
            return self.assert_positive_definite()
        singular = _linalg.svd(self.to_dense(), compute_uv=False)
        epsilon = np.finfo(self.dtype.real_dtype.as_numpy_dtype).eps
        limit = 1.0 / (max(self.shape[-2], self.shape[-1]) * epsilon)
        cond = _math.reduce_max(singular, axis=-1) / _math.reduce_min(singular, axis=-1)
        return _tf.debugging.assert_less(cond, _tf.cast(limit, cond.dtype),
                                           message="Singular matrix up to precision epsilon.")

    def assert_positive_definite(self, name="assert_positive_definite"):
        """Not implemented by the base class, as in TensorFlow."""
        raise NotImplementedError("assert_positive_definite is not implemented.")

    def assert_self_adjoint(self, name="assert_self_adjoint"):
        """Raises InvalidArgumentError unless the matrix equals its adjoint."""
        dense = self.to_dense()
        _tf.debugging.assert_equal(dense, _adjoint(dense), message="Matrix was not equal to its adjoint.")


def combined_non_singular(*operators):
    """True when every operator is non-singular, False when one is singular."""
    hints = [op.is_non_singular for op in operators]
    if False in hints:
        return False
    return True if all(hints) else None
