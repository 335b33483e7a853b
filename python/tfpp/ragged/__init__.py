"""tf.ragged: RaggedTensors (ragged_tensor.py) and their factories, elementwise ops, reductions,
concat / stack / boolean_mask / stack_dynamic_partitions, feature crosses, the segment-id
conversions and string splitting."""

from .ragged_array_ops import boolean_mask, ragged_stack as stack, stack_dynamic_partitions
from .ragged_cross import cross, cross_hashed
from .ragged_factory import constant, ragged_range as range  # noqa: A004
from .ragged_ops import map_flat_values
from .ragged_tensor import RaggedTensor, is_ragged
from .segment_id_ops import row_splits_to_segment_ids, segment_ids_to_row_splits

__all__ = ["RaggedTensor", "boolean_mask", "constant", "cross", "cross_hashed", "range", "map_flat_values",
           "is_ragged", "stack", "stack_dynamic_partitions", "row_splits_to_segment_ids", "segment_ids_to_row_splits"]
