"""Python indexing of tensors and variables (t[1:, ..., None, 0]) through tf.strided_slice, as
TensorFlow's Tensor.__getitem__ does: ints and scalar int tensors index and drop the dimension,
slices keep it, Ellipsis and None (tf.newaxis) set the masks."""

from . import _tfpp


def _is_int(x):
    return isinstance(x, int) and not isinstance(x, bool) or (
        isinstance(x, _tfpp.Tensor) and x.dtype in (_tfpp.int32, _tfpp.int64) and x.ndim == 0)


def _as_index_vector(values):
    if any(isinstance(v, _tfpp.Tensor) for v in values):
        return _tfpp.stack([_tfpp.math.cast(v, _tfpp.int64) if isinstance(v, _tfpp.Tensor) else v for v in values])
    return list(values)


def _is_symbolic_scalar_index(item):
    return isinstance(item, _tfpp.Tensor) and not _tfpp.executing_eagerly() and item.shape.rank == 0 and \
        item.dtype in (_tfpp.int32, _tfpp.int64)


def slice_tensor(tensor, index):
    """tensor[index] with TensorFlow's semantics."""
    if not isinstance(index, (tuple, list)):  # TensorFlow reads a list as a tuple of indices
        index = (index,)
    if len(index) == 1 and _is_symbolic_scalar_index(index[0]) and tensor.shape.rank:
        # t[i] with a traced i: the same element through gather, whose result keeps the known
        # dimensions (a strided slice with a traced begin would lose them). Negative i counts from the end.
        i = index[0]
        size = tensor.shape[0] if tensor.shape[0] is not None else _tfpp.math.cast(_tfpp.shape(tensor)[0], i.dtype)
        return _tfpp.gather(tensor, _tfpp.math.where(_tfpp.math.less(i, 0), i + size, i))
    begin, end, strides = [], [], []
    begin_mask = end_mask = ellipsis_mask = new_axis_mask = shrink_axis_mask = 0
    for i, item in enumerate(index):
        bit = 1 << i
        if isinstance(item, slice):
            if item.step is not None and not _is_int(item.step):
                raise TypeError("slice step must be an integer, got %r" % (item.step,))
            begin.append(0 if item.start is None else item.start)
            end.append(0 if item.stop is None else item.stop)
            strides.append(1 if item.step is None else item.step)
            if item.start is None:
                begin_mask |= bit
            if item.stop is None:
                end_mask |= bit
        elif item is Ellipsis:
            begin.append(0)
            end.append(0)
            strides.append(1)
            ellipsis_mask |= bit
        elif item is None:
            begin.append(0)
            end.append(0)
            strides.append(1)
            new_axis_mask |= bit
        elif _is_int(item):
            begin.append(item)
            end.append(item + 1)
            strides.append(1)
            shrink_axis_mask |= bit
        else:
            raise TypeError(
                "Only integers, slices (`:`), ellipsis (`...`), tf.newaxis (`None`) and scalar tf.int32/tf.int64 "
                "tensors are valid indices, got %r" % (item,))
    return _tfpp.strided_slice(tensor, _as_index_vector(begin), _as_index_vector(end), _as_index_vector(strides),
                               begin_mask=begin_mask, end_mask=end_mask, ellipsis_mask=ellipsis_mask,
                               new_axis_mask=new_axis_mask, shrink_axis_mask=shrink_axis_mask,
                               name="strided_slice")  # TensorFlow's name for indexing's node
