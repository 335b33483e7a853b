"""tf.space_to_batch (tf.nn.space_to_batch, tf.space_to_batch_nd) and tf.batch_to_space, composed
of pad, reshape, transpose and slice (so they trace and differentiate as those ops do). The block
shape, paddings and crops are static, as TensorFlow's shape functions need them to be."""

import numpy as np

from . import _tfpp, errors


def _static_ints(value, name, rank=1):
    array = np.asarray(value.numpy() if isinstance(value, _tfpp.Tensor) else value, dtype=np.int64)
    if array.ndim != rank:
        raise errors.InvalidArgumentError(None, None, "%s must have rank %d, got shape %s" % (name, rank, array.shape))
    return array


def _dims(t):
    """The static dimensions of `t` (these functions need them known)."""
    if t.shape.rank is None or None in t.shape.as_list():
        return [int(d) for d in _tfpp.shape(t).numpy()]
    return t.shape.as_list()


def space_to_batch_nd(input, block_shape, paddings, name=None):  # noqa: A002 - TensorFlow's argument name
    """Zero-pads the spatial dimensions (1 .. M) by `paddings` and moves each block_shape block of
    them into the batch dimension: [batch, *spatial, *rest] -> [batch * prod(block), *spatial/block, *rest]."""
    input = _tfpp.convert_to_tensor(input)  # noqa: A001
    block = _static_ints(block_shape, "[SpaceToBatchND] block_shape")
    pads = _static_ints(paddings, "[SpaceToBatchND] paddings", 2)
    m = len(block)
    dims = _dims(input)
    if pads.shape != (m, 2) or len(dims) < m + 1:
        raise errors.InvalidArgumentError(None, None, "[SpaceToBatchND] paddings must be [%d, 2] and input rank at "
                                          "least %d, got paddings %s and input shape %s" % (m, m + 1, list(pads.shape), dims))
    if (block < 1).any() or (pads < 0).any():
        raise errors.InvalidArgumentError(None, None, "[SpaceToBatchND] block_shape must be positive and paddings "
                                          "non-negative, got %s and %s" % (block.tolist(), pads.tolist()))
    padded = [int(dims[1 + i] + pads[i, 0] + pads[i, 1]) for i in range(m)]
    for i in range(m):
        if padded[i] % block[i]:
            raise errors.InvalidArgumentError(None, None, "padded_shape[%d]=%d is not divisible by block_shape[%d]=%d"
                                              % (i, padded[i], i, block[i]))
    rest = dims[1 + m:]
    x = _tfpp.pad(input, [[0, 0]] + pads.tolist() + [[0, 0]] * len(rest))
    split = [dims[0]]
    for i in range(m):
        split += [padded[i] // int(block[i]), int(block[i])]
    x = _tfpp.reshape(x, split + rest)
    perm = [2 + 2 * i for i in range(m)] + [0] + [1 + 2 * i for i in range(m)] + list(range(1 + 2 * m, 1 + 2 * m + len(rest)))
    x = _tfpp.transpose(x, perm)
    return _tfpp.reshape(x, [dims[0] * int(np.prod(block))] + [padded[i] // int(block[i]) for i in range(m)] + rest)


def space_to_batch(input, block_shape, paddings, name=None):  # noqa: A002 - TensorFlow's argument name
    """tf.space_to_batch: space_to_batch_nd (TensorFlow 2's)."""
    return space_to_batch_nd(input, block_shape, paddings)


def batch_to_space(input, block_shape, crops, name=None):  # noqa: A002 - TensorFlow's argument name
    """The inverse of space_to_batch_nd: moves batch blocks back into the spatial dimensions
    (1 .. M) and crops them by `crops`."""
    input = _tfpp.convert_to_tensor(input)  # noqa: A001
    if isinstance(block_shape, int):
        block_shape = [block_shape, block_shape]
    block = _static_ints(block_shape, "[BatchToSpaceND] block_shape")
    crop = _static_ints(crops, "[BatchToSpaceND] crops", 2)
    m = len(block)
    dims = _dims(input)
    if crop.shape != (m, 2) or len(dims) < m + 1:
        raise errors.InvalidArgumentError(None, None, "[BatchToSpaceND] crops must be [%d, 2] and input rank at "
                                          "least %d, got crops %s and input shape %s" % (m, m + 1, list(crop.shape), dims))
    if (block < 1).any() or (crop < 0).any():
        raise errors.InvalidArgumentError(None, None, "[BatchToSpaceND] block_shape must be positive and crops "
                                          "non-negative, got %s and %s" % (block.tolist(), crop.tolist()))
    blocks = int(np.prod(block))
    if dims[0] % blocks:
        raise errors.InvalidArgumentError(None, None, "Input batch dimension (%d) is not divisible by product of block "
                                          "sizes (%d)" % (dims[0], blocks))
    batch, spatial, rest = dims[0] // blocks, dims[1:1 + m], dims[1 + m:]
    x = _tfpp.reshape(input, block.tolist() + [batch] + spatial + rest)
    perm = [m]
    for i in range(m):
        perm += [m + 1 + i, i]
    perm += list(range(2 * m + 1, 2 * m + 1 + len(rest)))
    x = _tfpp.reshape(_tfpp.transpose(x, perm), [batch] + [spatial[i] * int(block[i]) for i in range(m)] + rest)
    full = [spatial[i] * int(block[i]) for i in range(m)]
    for i in range(m):
        if crop[i, 0] + crop[i, 1] > full[i]:
            raise errors.InvalidArgumentError(None, None, "[BatchToSpaceND] crops %s exceed the dimension %d of size %d"
                                              % (crop[i].tolist(), i + 1, full[i]))
    begin = [0] + crop[:, 0].tolist() + [0] * len(rest)
    size = [batch] + [int(full[i] - crop[i, 0] - crop[i, 1]) for i in range(m)] + rest
    return _tfpp.slice(x, begin, size)
