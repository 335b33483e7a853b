"""tf.required_space_to_batch_paddings: the paddings and crops that make space_to_batch_nd's
padded shape a multiple of the block shape."""

import numpy as np

from . import _tfpp


def _ints(value):
    return np.asarray(value.numpy() if isinstance(value, _tfpp.Tensor) else value, dtype=np.int64)


def required_space_to_batch_paddings(input_shape, block_shape, base_paddings=None, name=None):
    """(paddings, crops), int32 [M, 2]: base_paddings extended at the end of each dimension so that
    input_shape + paddings divides by block_shape; crops remove that extension again."""
    shape, block = _ints(input_shape), _ints(block_shape)
    base = np.zeros([len(block), 2], np.int64) if base_paddings is None else _ints(base_paddings)
    full = shape + base[:, 0] + base[:, 1]
    extra = (block - full % block) % block
    paddings = np.stack([base[:, 0], base[:, 1] + extra], axis=1)
    crops = np.stack([np.zeros_like(extra), extra], axis=1)
    return _tfpp.constant(paddings.astype(np.int32)), _tfpp.constant(crops.astype(np.int32))
