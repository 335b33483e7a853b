"""Operators made of other operators: LinearOperatorComposition (a product), LinearOperatorAdjoint,
LinearOperatorInversion, LinearOperatorBlockDiag, LinearOperatorBlockLowerTriangular,
LinearOperatorKronecker and LinearOperatorLowRankUpdate (base + U diag V^H)."""

import tfpp as _tf
from .base import LinearOperator, _adjoint, _tensor

_linalg = _tf.linalg
_math = _tf.math


def _product(values):
    result = values[0]
    for value in values[1:]:
        result = result * value
    return result


def _sum(values):
    result = values[0]
    for value in values[1:]:
        result = result + value
    return result


def _implied(hint, operators, given):
    """A hint the operators all have holds for their combination, unless one was given."""
    return True if given is None and all(getattr(op, hint) for op in operators) else given


def _check_operators(operators, what):
    operators = list(operators)
    if not operators:
        raise ValueError("Expected a non-empty list of operators. Found: %s" % operators)
    dtype = operators[0].dtype
    for op in operators:
        if op.dtype != dtype:
            names = ["%s: %s" % (o.name, o.dtype) for o in operators]
            raise TypeError("Expected all operators to have the same dtype.  Found %s" % "   ".join(names))
    return operators


def _batch_of(operators):
    batch = operators[0].batch_shape
    for op in operators[1:]:
        batch = _tf.broadcast_static_shape(batch, op.batch_shape)
    return batch.as_list()


class LinearOperatorComposition(LinearOperator):
    """operators[0] @ operators[1] @ ... as one operator."""

    def __init__(self, operators, is_non_singular=None, is_self_adjoint=None, is_positive_definite=None,
                 is_square=None, name=None):
        self._operators = _check_operators(operators, "composition")
        for left, right in zip(self._operators, self._operators[1:]):
            if left.domain_dimension is not None and right.range_dimension is not None \
                    and left.domain_dimension != right.range_dimension:
                raise ValueError("Operators are incompatible. Expected `x` to have dimension %d but got %d."
                                 % (left.domain_dimension, right.range_dimension))
        if all(op.is_non_singular for op in self._operators):
            if is_non_singular is False:
                raise ValueError("The composition of non-singular operators is always non-singular.")
            is_non_singular = True
        name = name or "_o_".join(op.name for op in self._operators)
        super().__init__(self._operators[0].dtype, is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                         is_positive_definite=is_positive_definite, is_square=is_square, name=name,
                         parameters=dict(operators=operators, is_non_singular=is_non_singular,
                                         is_self_adjoint=is_self_adjoint, is_positive_definite=is_positive_definite,
                                         is_square=is_square, name=name))

    @property
    def operators(self):
        return self._operators

    def _shape(self):
        return _batch_of(self._operators) + [self._operators[0].range_dimension, self._operators[-1].domain_dimension]

    def _matmul(self, x, adjoint, adjoint_arg):
        ops = list(reversed(self._operators)) if adjoint else list(self._operators)
        result = ops[-1].matmul(x, adjoint=adjoint, adjoint_arg=adjoint_arg)
        for op in reversed(ops[:-1]):
            result = op.matmul(result, adjoint=adjoint)
        return result

    def _solve(self, rhs, adjoint, adjoint_arg):
        ops = list(reversed(self._operators)) if adjoint else list(self._operators)
        solution = ops[0].solve(rhs, adjoint=adjoint, adjoint_arg=adjoint_arg)
        for op in ops[1:]:
            solution = op.solve(solution, adjoint=adjoint)
        return solution

    def _determinant(self):
        return _product([op.determinant() for op in self._operators])

    def _log_abs_determinant(self):
        return _sum([op.log_abs_determinant() for op in self._operators])

    def _to_dense(self):
        dense = self._operators[0].to_dense()
        for op in self._operators[1:]:
            dense = _linalg.matmul(dense, op.to_dense())
        return dense


class LinearOperatorAdjoint(LinearOperator):
    """The conjugate transpose of `operator`."""

    def __init__(self, operator, is_non_singular=None, is_self_adjoint=None, is_positive_definite=None,
                 is_square=None, name=None):
        self._operator = operator
        for hint, own in ((is_non_singular, operator.is_non_singular), (is_self_adjoint, operator.is_self_adjoint),
                          (is_positive_definite, operator.is_positive_definite), (is_square, operator.is_square)):
            if own is not None and hint is not None and own != hint:
                raise ValueError("An operator and its adjoint share their hints; got %s and %s." % (own, hint))
        name = name or operator.name + "_adjoint"
        super().__init__(operator.dtype,
                         is_non_singular=operator.is_non_singular if is_non_singular is None else is_non_singular,
                         is_self_adjoint=operator.is_self_adjoint if is_self_adjoint is None else is_self_adjoint,
                         is_positive_definite=(operator.is_positive_definite if is_positive_definite is None
                                               else is_positive_definite),
                         is_square=operator.is_square if is_square is None else is_square, name=name,
                         parameters=dict(operator=operator, name=name))

    @property
    def operator(self):
        return self._operator

    def _shape(self):
        shape = self._operator.shape.as_list()
        return shape[:-2] + [shape[-1], shape[-2]]

    def _matmul(self, x, adjoint, adjoint_arg):
        return self._operator.matmul(x, adjoint=not adjoint, adjoint_arg=adjoint_arg)

    def _solve(self, rhs, adjoint, adjoint_arg):
        return self._operator.solve(rhs, adjoint=not adjoint, adjoint_arg=adjoint_arg)

    def _determinant(self):
        det = self._operator.determinant()
        return _math.conj(det) if self.dtype.is_complex else det

    def _log_abs_determinant(self):
        return self._operator.log_abs_determinant()

    def _to_dense(self):
        return _adjoint(self._operator.to_dense())


class LinearOperatorInversion(LinearOperator):
    """The inverse of the square, non-singular `operator`: matmul solves and solve multiplies."""

    def __init__(self, operator, is_non_singular=None, is_self_adjoint=None, is_positive_definite=None,
                 is_square=None, name=None):
        self._operator = operator
        if operator.is_non_singular is False or is_non_singular is False:
            raise ValueError("operator and supplied hints must have `is_non_singular` equal to `True` or `None`. "
                             "Found %s, %s" % (operator.is_non_singular, is_non_singular))
        if operator.is_square is False or is_square is False:
            raise ValueError("operator and supplied hints must have `is_square` equal to `True` or `None`. Found %s, %s"
                             % (operator.is_square, is_square))
        name = name or operator.name + "_inv"
        super().__init__(operator.dtype, is_non_singular=True, is_self_adjoint=operator.is_self_adjoint,
                         is_positive_definite=operator.is_positive_definite, is_square=True, name=name,
                         parameters=dict(operator=operator, name=name))

    @property
    def operator(self):
        return self._operator

    def _shape(self):
        return self._operator.shape.as_list()

    def _matmul(self, x, adjoint, adjoint_arg):
        return self._operator.solve(x, adjoint=adjoint, adjoint_arg=adjoint_arg)

    def _solve(self, rhs, adjoint, adjoint_arg):
        return self._operator.matmul(rhs, adjoint=adjoint, adjoint_arg=adjoint_arg)

    def _determinant(self):
        return 1.0 / self._operator.determinant()

    def _log_abs_determinant(self):
        return -self._operator.log_abs_determinant()

    def _to_dense(self):
        return _linalg.inv(self._operator.to_dense())


def _block_matrix(rows, dtype, batch):
    """A dense matrix from rows of dense blocks (None for a zero block of the right size)."""
    heights = [next(b for b in row if b is not None).shape[-2] for row in rows]
    widths = [max(row[j].shape[-1] for row in rows if j < len(row) and row[j] is not None)
              for j in range(max(len(r) for r in rows))]
    dense_rows = []
    for height, row in zip(heights, rows):
        blocks = []
        for j, width in enumerate(widths):
            block = row[j] if j < len(row) else None
            if block is None:
                block = _tf.zeros(batch + [height, width], dtype=dtype)
            else:
                block = _tf.broadcast_to(block, batch + [height, width])
            blocks.append(block)
        dense_rows.append(_tf.concat(blocks, axis=-1))
    return _tf.concat(dense_rows, axis=-2)


class LinearOperatorBlockDiag(LinearOperator):
    """The square operators along the diagonal, zeros elsewhere."""

    def __init__(self, operators, is_non_singular=None, is_self_adjoint=None, is_positive_definite=None,
                 is_square=True, name=None):
        self._operators = _check_operators(operators, "block diag")
        is_non_singular = _implied("is_non_singular", self._operators, is_non_singular)
        is_self_adjoint = _implied("is_self_adjoint", self._operators, is_self_adjoint)
        is_positive_definite = _implied("is_positive_definite", self._operators, is_positive_definite)
        name = name or "_ds_".join(op.name for op in self._operators)
        super().__init__(self._operators[0].dtype, is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                         is_positive_definite=is_positive_definite, is_square=is_square, name=name,
                         parameters=dict(operators=operators, is_non_singular=is_non_singular,
                                         is_self_adjoint=is_self_adjoint, is_positive_definite=is_positive_definite,
                                         is_square=is_square, name=name))

    @property
    def operators(self):
        return self._operators

    def _shape(self):
        return _batch_of(self._operators) + [sum(op.range_dimension for op in self._operators),
                                             sum(op.domain_dimension for op in self._operators)]

    def _to_dense(self):
        n = len(self._operators)
        rows = [[op.to_dense() if i == j else None for j, op in enumerate(self._operators)] for i in range(n)]
        for i, op in enumerate(self._operators):  # zero blocks take their widths from the diagonal
            for j in range(n):
                if rows[i][j] is None:
                    rows[i][j] = _tf.zeros([op.range_dimension, self._operators[j].domain_dimension],
                                             dtype=self.dtype)
        return _block_matrix(rows, self.dtype, _batch_of(self._operators))

    def _determinant(self):
        return _product([op.determinant() for op in self._operators])

    def _log_abs_determinant(self):
        return _sum([op.log_abs_determinant() for op in self._operators])


class LinearOperatorBlockLowerTriangular(LinearOperator):
    """A block lower triangular operator from rows of operators: row i holds i + 1 blocks, the last
    of them square (on the diagonal)."""

    def __init__(self, operators, is_non_singular=None, is_self_adjoint=None, is_positive_definite=None,
                 is_square=None, name="LinearOperatorBlockLowerTriangular"):
        self._operators = [list(row) for row in operators]
        for i, row in enumerate(self._operators):
            if len(row) != i + 1:
                raise ValueError("Argument `operators[%d]` must contain `%d` blocks. Received: %d blocks."
                                 % (i, i + 1, len(row)))
        _check_operators([op for row in self._operators for op in row], "block lower triangular")
        diagonal = [row[-1] for row in self._operators]
        is_non_singular = _implied("is_non_singular", diagonal, is_non_singular)
        super().__init__(diagonal[0].dtype, is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                         is_positive_definite=is_positive_definite, is_square=True if is_square is None else is_square,
                         name=name, parameters=dict(operators=operators, is_non_singular=is_non_singular,
                                                    is_self_adjoint=is_self_adjoint,
                                                    is_positive_definite=is_positive_definite, is_square=is_square,
                                                    name=name))

    @property
    def operators(self):
        return self._operators

    def _all(self):
        return [op for row in self._operators for op in row]

    def _shape(self):
        diagonal = [row[-1] for row in self._operators]
        return _batch_of(self._all()) + [sum(op.range_dimension for op in diagonal),
                                         sum(op.domain_dimension for op in diagonal)]

    def _to_dense(self):
        diagonal = [row[-1] for row in self._operators]
        rows = []
        for i, row in enumerate(self._operators):
            dense = [op.to_dense() for op in row]
            dense += [_tf.zeros([diagonal[i].range_dimension, diagonal[j].domain_dimension], dtype=self.dtype)
                      for j in range(i + 1, len(diagonal))]
            rows.append(dense)
        return _block_matrix(rows, self.dtype, _batch_of(self._all()))

    def _determinant(self):
        return _product([row[-1].determinant() for row in self._operators])

    def _log_abs_determinant(self):
        return _sum([row[-1].log_abs_determinant() for row in self._operators])


def _kron(a, b):
    """The Kronecker product of two (batches of) matrices."""
    m, n = a.shape[-2], a.shape[-1]
    p, q = b.shape[-2], b.shape[-1]
    # product[..., i, k, j, l] = a[..., i, j] * b[..., k, l]
    product = _tf.expand_dims(_tf.expand_dims(a, -1), -3) * _tf.expand_dims(_tf.expand_dims(b, -2), -4)
    batch = _tf.broadcast_static_shape(a.shape[:-2], b.shape[:-2]).as_list()
    return _tf.reshape(product, batch + [m * p, n * q])


class LinearOperatorKronecker(LinearOperator):
    """The Kronecker product operators[0] (x) operators[1] (x) ..."""

    def __init__(self, operators, is_non_singular=None, is_self_adjoint=None, is_positive_definite=None,
                 is_square=None, name=None):
        self._operators = _check_operators(operators, "kronecker")
        is_non_singular = _implied("is_non_singular", self._operators, is_non_singular)
        is_self_adjoint = _implied("is_self_adjoint", self._operators, is_self_adjoint)
        name = name or "_x_".join(op.name for op in self._operators)
        super().__init__(self._operators[0].dtype, is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                         is_positive_definite=is_positive_definite, is_square=is_square, name=name,
                         parameters=dict(operators=operators, is_non_singular=is_non_singular,
                                         is_self_adjoint=is_self_adjoint, is_positive_definite=is_positive_definite,
                                         is_square=is_square, name=name))

    @property
    def operators(self):
        return self._operators

    def _shape(self):
        rows = columns = 1
        for op in self._operators:
            rows *= op.range_dimension
            columns *= op.domain_dimension
        return _batch_of(self._operators) + [rows, columns]

    def _to_dense(self):
        dense = self._operators[0].to_dense()
        for op in self._operators[1:]:
            dense = _kron(dense, op.to_dense())
        return dense

    def _determinant(self):
        # det(A (x) B) = det(A)^q det(B)^p for A p x p and B q x q.
        total = self._shape()[-1]
        return _product([op.determinant() ** (total // op.domain_dimension) for op in self._operators])

    def _log_abs_determinant(self):
        total = self._shape()[-1]
        return _sum([op.log_abs_determinant() * (total // op.domain_dimension) for op in self._operators])


class LinearOperatorLowRankUpdate(LinearOperator):
    """base_operator + U diag(diag_update) V^H (V = U and diag_update = 1 unless given)."""

    def __init__(self, base_operator, u, diag_update=None, v=None, is_diag_update_positive=None,
                 is_non_singular=None, is_self_adjoint=None, is_positive_definite=None, is_square=None,
                 name="LinearOperatorLowRankUpdate"):
        self._base_operator = base_operator
        self._u = _tensor(u, base_operator.dtype)
        self._v = self._u if v is None else _tensor(v, base_operator.dtype)
        self._diag_update = None if diag_update is None else _tensor(diag_update, base_operator.dtype)
        self._is_diag_update_positive = is_diag_update_positive
        symmetric = v is None
        if symmetric and base_operator.is_self_adjoint and is_self_adjoint is None:
            is_self_adjoint = True
        if symmetric and base_operator.is_positive_definite and (diag_update is None or is_diag_update_positive) \
                and is_positive_definite is None:
            is_positive_definite = True
        super().__init__(base_operator.dtype, is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                         is_positive_definite=is_positive_definite, is_square=is_square, name=name,
                         parameters=dict(base_operator=base_operator, u=u, diag_update=diag_update, v=v,
                                         is_diag_update_positive=is_diag_update_positive,
                                         is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                                         is_positive_definite=is_positive_definite, is_square=is_square, name=name))

    @property
    def base_operator(self):
        return self._base_operator

    @property
    def u(self):
        return self._u

    @property
    def v(self):
        return self._v

    @property
    def diag_update(self):
        return self._diag_update

    @property
    def is_diag_update_positive(self):
        return self._is_diag_update_positive

    def _shape(self):
        return self._base_operator.shape.as_list()

    def _to_dense(self):
        u = self._u if self._diag_update is None else self._u * _tf.expand_dims(self._diag_update, -2)
        return self._base_operator.to_dense() + _linalg.matmul(u, self._v, adjoint_b=True)
