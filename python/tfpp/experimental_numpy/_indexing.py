"""NumPy's indexing of tensors, which experimental_enable_numpy_behavior installs as Tensor.__getitem__:
integers, slices, ellipsis and newaxis by strided_slice, then integer and boolean arrays by gather
(NumPy's "advanced indexing")."""

import numbers

import numpy as np

import tfpp as tf

from ._dtype_rules import asarray, promote
from ._shapes import moveaxis

_SLICE_ERROR = ("only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and integer or boolean "
                "arrays are valid indices")


def _as_index(idx, need_scalar=True):
    # (index, whether it is a scalar): an int, or an int32/int64 tensor (a boolean vector as its true positions).
    if isinstance(idx, numbers.Integral):
        return idx, True
    data = asarray(idx)
    if data.dtype == tf.bool:
        if data.shape.rank != 1:
            raise NotImplementedError("Need rank 1 for bool index %s" % idx)
        data = tf.reshape(tf.where(data), [-1])
    if need_scalar and data.shape.rank not in (None, 0):
        raise IndexError(_SLICE_ERROR + ", got {!r}".format(idx))
    if not data.dtype.is_integer:
        raise IndexError(_SLICE_ERROR + ", got {!r}".format(idx))
    if data.dtype not in (tf.int64, tf.int32):
        promoted = np.promote_types(np.int32, data.dtype.as_numpy_dtype)
        if promoted not in (np.int32, np.int64):
            raise IndexError(_SLICE_ERROR + ", got {!r}".format(idx))
        data = tf.cast(data, tf.int32 if promoted == np.int32 else tf.int64)
    return data, data.shape.rank == 0


def _as_spec_tuple(slice_spec):
    # A list of plain indices is one (advanced) index; a list holding slices, None or lists is a tuple of indices.
    if isinstance(slice_spec, (list, tuple)):
        for s in slice_spec:
            if (s is None or s is Ellipsis or isinstance(s, (list, tuple, slice))
                    or isinstance(s, (tf.Tensor, np.ndarray)) and s.ndim != 0):
                return tuple(slice_spec)
    return (slice_spec,)


def getitem(tensor, slice_spec):
    """tensor[slice_spec] by NumPy's rules."""
    if (isinstance(slice_spec, bool) or isinstance(slice_spec, (tf.Tensor, np.ndarray))
            and np.dtype(slice_spec.dtype.as_numpy_dtype if isinstance(slice_spec, tf.Tensor)
                         else slice_spec.dtype) == np.bool_):
        return tf.boolean_mask(tensor, slice_spec)
    if not isinstance(slice_spec, tuple):
        slice_spec = _as_spec_tuple(slice_spec)
    begin, end, strides, advanced, shrunk = [], [], [], [], []
    masks = dict(begin_mask=0, end_mask=0, ellipsis_mask=0, new_axis_mask=0, shrink_axis_mask=0)
    for index, s in enumerate(slice_spec):
        bit = 1 << index
        if isinstance(s, slice):
            for bound, values, mask in ((s.start, begin, "begin_mask"), (s.stop, end, "end_mask")):
                values.append(0 if bound is None else _as_index(bound)[0])
                masks[mask] |= bit if bound is None else 0
            strides.append(1 if s.step is None else _as_index(s.step)[0])
            continue
        strides.append(1)
        if s is Ellipsis or s is None:
            begin.append(0)
            end.append(0)
            masks["ellipsis_mask" if s is Ellipsis else "new_axis_mask"] |= bit
            continue
        s, is_scalar = _as_index(s, False)
        if is_scalar:
            begin.append(s)
            end.append(s + 1)
            masks["shrink_axis_mask"] |= bit
            shrunk.append(index)
        else:
            begin.append(0)
            end.append(0)
            masks["begin_mask"] |= bit
            masks["end_mask"] |= bit
            advanced.append((index, s, masks["ellipsis_mask"] != 0))
    if begin:
        packed = [tf.stack(values) for values in (begin, end, strides)]
        if any(p.dtype == tf.int64 for p in packed):
            packed = [tf.cast(p, tf.int64) for p in packed]
    else:
        packed = [tf.constant([], tf.int32)] * 3
    tensor = tf.strided_slice(tensor, *packed, **masks)
    return _gathered(tensor, advanced, shrunk, len(slice_spec)) if advanced else tensor


def _gathered(tensor, advanced, shrunk, spec_length):
    # The advanced indices, each at the dimension it indexes after the strided slice.
    by_dim = {}
    for index, data, after_ellipsis in advanced:
        if after_ellipsis:
            by_dim[index - spec_length + len([x for x in shrunk if x > index])] = data
        else:
            by_dim[index - len([x for x in shrunk if x < index])] = data
    dims = sorted(by_dim)
    contiguous = not (len(dims) > 1 and (dims[0] < 0 <= dims[-1] or any(b != a + 1 for a, b in zip(dims, dims[1:]))))
    indices = promote(*[by_dim[d] for d in dims])
    common = tf.shape(indices[0])
    for index in indices[1:]:
        common = tf.broadcast_dynamic_shape(common, tf.shape(index))
    indices = [tf.broadcast_to(index, common) for index in indices]
    stacked = tf.stack(indices, axis=-1)
    if not contiguous:
        # Non-adjacent advanced indices put their result dimensions first, as NumPy does.
        if list(range(len(dims))) != dims:
            tensor = moveaxis(tensor, dims, range(len(dims)))
        prefix = tf.shape(tensor, out_type=stacked.dtype)[:len(dims)]
        return tf.gather_nd(tensor, tf.where(stacked < 0, stacked + prefix, stacked))
    rank = tensor.shape.rank
    dims = [x + rank if x < 0 else x for x in dims]
    shape = tf.shape(tensor)
    dim_sizes = tf.gather(shape, dims)
    stacked = tf.cast(indices[0] if len(dims) == 1 else stacked, tf.int32)
    stacked = tf.where(stacked < 0, stacked + dim_sizes, stacked)
    axis = dims[0]
    if len(dims) > 1:
        scaling = tf.math.cumprod(dim_sizes, reverse=True, exclusive=True)
        stacked = tf.math.reduce_sum(stacked * tf.broadcast_to(scaling, tf.shape(stacked)), axis=-1)
        tensor = tf.reshape(tensor, tf.concat([shape[:axis], [-1], shape[axis + len(dims):]], axis=0))
    return tf.gather(tensor, stacked, axis=axis)
