"""tf.sparse: TensorFlow's functions over SparseTensors. Each passes the SparseTensors' components to
a graph op of TensorFlow's name (include/tfpp/sparse_ops.h, bound in python/src/sparse_ops.cc), so
they run eagerly and inside tf.function, and gradients reach the values; the rest (transpose,
expand_dims, eye, split, ...) are composites of those ops, as in TensorFlow."""

from . import _tfpp
from .sparse_tensor import SparseTensor

__all__ = ["add", "bincount", "concat", "cross", "cross_hashed", "expand_dims", "eye", "fill_empty_rows",
           "from_dense", "map_values", "maximum", "minimum", "reduce_max", "reduce_sum", "reorder", "reset_shape",
           "reshape", "retain", "sampled_addmm", "segment_mean", "segment_sqrt_n", "segment_sum", "slice", "softmax",
           "sparse_dense_matmul", "split", "to_dense", "to_indicator", "transpose"]


def _sparse(sp_input):
    """`sp_input` itself, or TensorFlow's TypeError when it is not a SparseTensor."""
    if not isinstance(sp_input, SparseTensor):
        raise TypeError("Input must be a SparseTensor.")
    return sp_input


def _parts(sp):
    return sp.indices, sp.values, sp.dense_shape


def _shaped(indices, values, dense_shape, static_shape):
    """A SparseTensor whose static dense shape (inside tf.function) is `static_shape`, as TensorFlow
    carries it through the ops that keep or permute the dense shape."""
    return SparseTensor._with_static_shape(indices, values, dense_shape, static_shape)


def from_dense(tensor, name=None):
    """The non-zero (non-empty for strings) elements of `tensor` as a SparseTensor."""
    tensor = _tfpp._convert_to_tensor(tensor)
    if tensor.shape.rank == 0:
        raise ValueError("tf.sparse.from_dense needs a tensor of rank >= 1, got a scalar")
    zero = "" if tensor.dtype == _tfpp.string else _tfpp.zeros([], tensor.dtype)
    indices = _tfpp.math.where(_tfpp.math.not_equal(tensor, zero))
    return SparseTensor(indices, _tfpp.gather_nd(tensor, indices), _tfpp.shape(tensor, out_type=_tfpp.int64))


def to_dense(sp_input, default_value=None, validate_indices=True, name=None):
    """The dense tensor of a SparseTensor, `default_value` (zero by default) where it has no value."""
    sp = _sparse(sp_input)
    return _tfpp._sparse_to_dense(*_parts(sp), default_value, validate_indices, name)


def reorder(sp_input, name=None):
    """The SparseTensor with its values in row-major order of their indices (SparseReorder)."""
    sp = _sparse(sp_input)
    indices, values, _ = _tfpp._sparse_reorder(*_parts(sp), name)
    return _shaped(indices, values, sp.dense_shape, sp.shape)


def add(a, b, threshold=0):
    """a + b: a SparseTensor when both are sparse (sums below `threshold` in magnitude dropped),
    else the dense sum."""
    a_sparse, b_sparse = isinstance(a, SparseTensor), isinstance(b, SparseTensor)
    if not a_sparse and not b_sparse:
        raise TypeError("At least one input should be SparseTensor; do you mean to use tf.add()?")
    if a_sparse and b_sparse:
        return _shaped(*_tfpp._sparse_add(*_parts(a), *_parts(b), threshold), a.shape)
    if b_sparse:
        a, b = b, a
    return _tfpp._sparse_dense_add(*_parts(a), b)


def sparse_dense_matmul(sp_a, b, adjoint_a=False, adjoint_b=False, name=None):
    """The dense product of a rank-2 SparseTensor and a dense matrix (either may be the sparse one)."""
    if isinstance(b, SparseTensor):
        return _tfpp.transpose(sparse_dense_matmul(b, sp_a, adjoint_a=not adjoint_b, adjoint_b=not adjoint_a))
    return _tfpp._sparse_dense_matmul(*_parts(_sparse(sp_a)), b, adjoint_a, adjoint_b, name)


def _reduce(is_max, sp_input, axis, keepdims, output_is_sparse, name):
    sp = _sparse(sp_input)
    result = _tfpp._sparse_reduce(is_max, output_is_sparse, *_parts(sp), axis, bool(keepdims), name)
    return SparseTensor(*result) if output_is_sparse else result


def reduce_sum(sp_input, axis=None, keepdims=None, output_is_sparse=False, name=None):
    """The sum of the values over `axis` (all axes by default), dense unless output_is_sparse."""
    return _reduce(False, sp_input, axis, keepdims, output_is_sparse, name)


def reduce_max(sp_input, axis=None, keepdims=None, output_is_sparse=False, name=None):
    """The maximum of the given values over `axis` (cells without values give 0 when dense)."""
    return _reduce(True, sp_input, axis, keepdims, output_is_sparse, name)


def concat(axis, sp_inputs, expand_nonconcat_dims=False, name=None):
    """The SparseTensors joined along `axis`; with expand_nonconcat_dims, the other dimensions grow
    to the largest."""
    if not isinstance(sp_inputs, (list, tuple)):
        raise TypeError("Expected a list of SparseTensors, got %s" % type(sp_inputs).__name__)
    sp_inputs = [_sparse(sp) for sp in sp_inputs]
    if len(sp_inputs) == 1:
        return sp_inputs[0]
    if expand_nonconcat_dims:
        rank = sp_inputs[0].dense_shape.shape[0]
        largest = _tfpp.math.reduce_max(_tfpp.stack([sp.dense_shape for sp in sp_inputs]), axis=0)
        axis_index = axis % rank if rank is not None else axis
        is_axis = _tfpp.math.equal(_tfpp.range(_tfpp.size(largest, out_type=_tfpp.int64)), axis_index)
        sp_inputs = [SparseTensor(sp.indices, sp.values, _tfpp.math.where(is_axis, sp.dense_shape, largest))
                     for sp in sp_inputs]
    return SparseTensor(*_tfpp._sparse_concat(int(axis), [_parts(sp) for sp in sp_inputs], name))


def slice(sp_input, start, size, name=None):  # noqa: A001 (TensorFlow's name)
    """The values inside [start, start + size), re-based at start (SparseSlice)."""
    return SparseTensor(*_tfpp._sparse_slice(*_parts(_sparse(sp_input)), start, size, name))


def reshape(sp_input, shape, name=None):
    """The SparseTensor with a new dense shape of as many elements (one dimension may be -1)."""
    sp = _sparse(sp_input)
    indices, _, dense_shape = _tfpp._sparse_reshape(*_parts(sp), shape, name)
    return SparseTensor(indices, sp.values, dense_shape)


def retain(sp_input, to_retain):
    """The values (and their indices) where the bool vector `to_retain` is true."""
    sp = _sparse(sp_input)
    to_retain = _tfpp._convert_to_tensor(to_retain)
    if to_retain.shape.rank is not None and to_retain.shape.rank != 1:
        raise ValueError("Shape %s must have rank 1" % (to_retain.shape,))
    kept = _tfpp.reshape(_tfpp.math.where(to_retain), [-1])
    return SparseTensor(_tfpp.gather(sp.indices, kept), _tfpp.gather(sp.values, kept), sp.dense_shape)


def fill_empty_rows(sp_input, default_value, name=None):
    """(the SparseTensor with `default_value` at [row, 0, ...] of each empty row, which rows were empty)."""
    sp = _sparse(sp_input)
    (indices, values, dense_shape), empty_rows = _tfpp._sparse_fill_empty_rows(*_parts(sp), default_value, name)
    return SparseTensor(indices, values, dense_shape), empty_rows


def softmax(sp_input, name=None):
    """The softmax of each innermost row of values, absent values counting as -inf."""
    sp = _sparse(sp_input)
    return SparseTensor(sp.indices, _tfpp._sparse_softmax(*_parts(sp), name), sp.dense_shape)


def maximum(sp_a, sp_b, name=None):
    """The elementwise maximum of two SparseTensors of one shape (absent values count as 0)."""
    indices, values, _ = _tfpp._sparse_minmax(True, *_parts(_sparse(sp_a)), *_parts(_sparse(sp_b)), name)
    return SparseTensor(indices, values, sp_a.dense_shape)


def minimum(sp_a, sp_b, name=None):
    """The elementwise minimum of two SparseTensors of one shape (absent values count as 0)."""
    indices, values, _ = _tfpp._sparse_minmax(False, *_parts(_sparse(sp_a)), *_parts(_sparse(sp_b)), name)
    return SparseTensor(indices, values, sp_a.dense_shape)


def _segment(kind, data, indices, segment_ids, num_segments, name):
    if num_segments is not None and not isinstance(num_segments, int):
        num_segments = int(_tfpp._convert_to_tensor(num_segments).numpy())
    return _tfpp._sparse_segment(kind, data, indices, segment_ids, num_segments, name)


def segment_sum(data, indices, segment_ids, num_segments=None, name=None, sparse_gradient=False):
    """Sum of the rows `indices` of data grouped by sorted `segment_ids` (SparseSegmentSum)."""
    return _segment("sum", data, indices, segment_ids, num_segments, name)


def segment_mean(data, indices, segment_ids, num_segments=None, name=None, sparse_gradient=False):
    """Mean of each segment of the selected rows (SparseSegmentMean)."""
    return _segment("mean", data, indices, segment_ids, num_segments, name)


def segment_sqrt_n(data, indices, segment_ids, num_segments=None, name=None, sparse_gradient=False):
    """Sum of each segment divided by the square root of its size (SparseSegmentSqrtN)."""
    return _segment("sqrt_n", data, indices, segment_ids, num_segments, name)


def transpose(sp_input, perm=None, name=None):
    """The SparseTensor with its dimensions permuted (reversed by default), in row-major order."""
    # TensorFlow does not check: a dense tensor fails on .indices (AttributeError).
    moved = _tfpp._sparse_transpose(*_parts(sp_input), perm, name)
    static = sp_input.shape
    if static.rank is None or (perm is not None and not isinstance(perm, (list, tuple))):
        return SparseTensor(*moved)
    order = list(range(static.rank - 1, -1, -1)) if perm is None else list(perm)
    return _shaped(*moved, [static.as_list()[d] for d in order])


def expand_dims(sp_input, axis=None, name=None):
    """The SparseTensor with a dimension of length 1 inserted at `axis` (last by default)."""
    sp = _sparse(sp_input)
    return SparseTensor(*_tfpp._sparse_expand_dims(*_parts(sp), -1 if axis is None else int(axis), name))


def eye(num_rows, num_columns=None, dtype=None, name=None):
    """A [num_rows, num_columns] SparseTensor with ones on the diagonal."""
    dtype = _tfpp.float32 if dtype is None else dtype
    num_columns = num_rows if num_columns is None else num_columns
    rows, cols = _tfpp.math.cast(num_rows, _tfpp.int64), _tfpp.math.cast(num_columns, _tfpp.int64)
    diagonal = _tfpp.range(_tfpp.math.minimum(rows, cols), dtype=_tfpp.int64)
    indices = _tfpp.stack([diagonal, diagonal], axis=1)
    return SparseTensor(indices, _tfpp.ones_like(diagonal, dtype=dtype), _tfpp.stack([rows, cols]))


def split(sp_input=None, num_split=None, axis=None, name=None):
    """`num_split` SparseTensors cut along `axis`; the first (size % num_split) get one more slice."""
    sp = _sparse(sp_input)
    if num_split is None:
        raise ValueError("num_split is required.")
    if axis is None:
        raise ValueError("axis is required.")
    return [SparseTensor(*piece) for piece in _tfpp._sparse_split(*_parts(sp), int(num_split), int(axis), name)]


def to_indicator(sp_input, vocab_size, name=None):
    """A bool [..., vocab_size] tensor: True at [..., v] for each value v of a row of `sp_input`."""
    sp = _sparse(sp_input)
    ids = _tfpp.math.cast(sp.values, _tfpp.int64)
    indices = _tfpp.concat([sp.indices[:, :-1], _tfpp.expand_dims(ids, 1)], axis=1)
    dense_shape = _tfpp.concat([sp.dense_shape[:-1], _tfpp.reshape(_tfpp.math.cast(vocab_size, _tfpp.int64), [1])], axis=0)
    marks = reorder(SparseTensor(indices, _tfpp.ones_like(ids, dtype=_tfpp.bool), dense_shape))
    return to_dense(marks, default_value=False, validate_indices=False)


def map_values(op, *args, **kwargs):
    """op applied to the values of the SparseTensor arguments (which share their indices), as a
    SparseTensor with those indices."""
    sparse = [a for a in list(args) + list(kwargs.values()) if isinstance(a, SparseTensor)]
    if not sparse:
        raise ValueError("No SparseTensor in argument list of map_values")
    first = sparse[0]
    for other in sparse[1:]:
        if other.indices is not first.indices and not _tfpp.math.reduce_all(
                _tfpp.math.equal(other.indices, first.indices)):
            raise _errors().InvalidArgumentError(None, None, "SparseTensors to map_values have different indices")
    values = lambda a: a.values if isinstance(a, SparseTensor) else a  # noqa: E731
    result = op(*[values(a) for a in args], **{k: values(v) for k, v in kwargs.items()})
    return SparseTensor(first.indices, result, first.dense_shape)


def reset_shape(sp_input, new_shape=None):
    """The SparseTensor with dense shape `new_shape` (each at least the old one), or the tightest
    shape holding its indices when None."""
    sp = _sparse(sp_input)
    if new_shape is None:
        tight = _tfpp.math.reduce_max(sp.indices, axis=0) + 1
        return SparseTensor(sp.indices, sp.values, tight)
    new_shape = _tfpp._convert_to_tensor(new_shape, dtype=_tfpp.int64)
    if not sp.dense_shape._is_symbolic() and not new_shape._is_symbolic():
        old, new = sp.dense_shape.numpy(), new_shape.numpy()
        if len(old) != len(new):
            raise ValueError("Shapes %s and %s must have the same rank" % (list(old), list(new)))
        if any(n < o for n, o in zip(new, old)):
            raise ValueError("new_shape %s must be at least the old shape %s in every dimension" % (list(new), list(old)))
    return SparseTensor(sp.indices, sp.values, new_shape)


def bincount(values, weights=None, axis=0, minlength=None, maxlength=None, binary_output=False, name=None):
    """How often each value occurs (or the sum of its weights) as a SparseTensor: over all values
    when axis is 0, per row of a 2-D input when axis is -1."""
    if axis is None:
        axis = 0
    if axis not in (0, -1):
        raise ValueError("Unsupported value for argument axis=%s. Only 0 and -1 are currently supported." % (axis,))
    if isinstance(weights, SparseTensor):
        weights = weights.values
    if isinstance(values, SparseTensor):
        if axis == 0:
            values = values.values
    else:
        values = _tfpp._convert_to_tensor(values)
        if axis == 0:
            values = _tfpp.reshape(values, [-1])
            if weights is not None:
                weights = _tfpp.reshape(_tfpp._convert_to_tensor(weights), [-1])
    operand = _parts(values) if isinstance(values, SparseTensor) else values
    minlength = -1 if minlength is None else int(minlength)
    maxlength = -1 if maxlength is None else int(maxlength)
    return SparseTensor(*_tfpp._sparse_bincount(operand, weights, minlength, maxlength, binary_output, name))


def sampled_addmm(indices, values, dense_shape, mat1, mat2, beta=1.0, alpha=1.0, output_type=None):
    """The components (indices, values, dense_shape) of alpha * (mat1 @ mat2) sampled at `indices`
    plus beta * values; the matrices may carry leading batch dimensions."""
    output_type = _tfpp.float32 if output_type is None else output_type
    indices = _tfpp._convert_to_tensor(indices)
    values = _tfpp.math.cast(_tfpp._convert_to_tensor(values), output_type)
    mat1 = _tfpp.math.cast(_tfpp._convert_to_tensor(mat1), output_type)
    mat2 = _tfpp.math.cast(_tfpp._convert_to_tensor(mat2), output_type)
    batch_dims = mat1.shape.rank - 2
    rows = _tfpp.gather(mat1, indices[..., 0], axis=batch_dims, batch_dims=batch_dims)
    mat2_t = _tfpp.transpose(mat2, list(range(batch_dims)) + [batch_dims + 1, batch_dims])
    columns = _tfpp.gather(mat2_t, indices[..., 1], axis=batch_dims, batch_dims=batch_dims)
    dot = _tfpp.math.reduce_sum(rows * columns, axis=-1)
    return indices, alpha * dot + beta * values, _tfpp._convert_to_tensor(dense_shape)


_DEFAULT_HASH_KEY = 0xDECAFCAFFE


def _cross_inputs(inputs):
    """The sparse inputs' components and the dense inputs, TensorFlow's TypeErrors for others."""
    if not isinstance(inputs, (tuple, list)):
        raise TypeError("Inputs must be a list")
    if not all(isinstance(i, (SparseTensor, _tfpp.Tensor)) for i in inputs):
        raise TypeError("All inputs must be Tensor or SparseTensor.")
    sparse = [_parts(i) for i in inputs if isinstance(i, SparseTensor)]
    return sparse, [i for i in inputs if not isinstance(i, SparseTensor)]


def cross(inputs, name=None, separator=None):
    """Every combination, per batch row, of one feature from each input (sparse ones first), as
    strings joined by `separator` ('_X_' by default)."""
    sparse, dense = _cross_inputs(inputs)
    separator = "_X_" if separator is None else separator
    return SparseTensor(*_tfpp._sparse_cross(sparse, dense, separator, 0, 0, name))


def cross_hashed(inputs, num_buckets=0, hash_key=None, name=None):
    """The combinations of `cross` as int64 hashes (modulo num_buckets when positive)."""
    sparse, dense = _cross_inputs(inputs)
    hash_key = _DEFAULT_HASH_KEY if hash_key is None else hash_key
    return SparseTensor(*_tfpp._sparse_cross(sparse, dense, None, num_buckets, hash_key, name))


def _errors():
    from . import errors
    return errors
