"""tf.ragged: RaggedTensors (ragged_tensor.py) and their factories, elementwise ops, reductions,
concat / stack / boolean_mask and string splitting."""

from .ragged_array_ops import boolean_mask
from .ragged_factory import constant, ragged_range as range  # noqa: A004
from .ragged_ops import map_flat_values
from .ragged_tensor import RaggedTensor, is_ragged

__all__ = ["RaggedTensor", "boolean_mask", "constant", "range", "map_flat_values", "is_ragged"]
