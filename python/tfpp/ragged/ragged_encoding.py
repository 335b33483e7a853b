"""RaggedTensors as tf.data carries them: one string vector of serialized components (the flat
values, then the row splits outermost first). Batching stacks those vectors; decoding a stack
(the DeserializeRagged op, eagerly and traced) joins its RaggedTensors under new outermost ragged
dimensions, as TensorFlow's RaggedTensorFromVariant does."""

from .. import _tfpp
from .ragged_tensor import RaggedTensor


def encode(components):
    """A RaggedTensor's components [flat_values, row_splits...] (a dense tensor's [itself]) as a
    string vector of serialized tensors."""
    return _tfpp.stack([_tfpp._io.serialize_tensor(c) for c in components])


def decode(encoded, spec, batch_levels):
    """The RaggedTensor of RaggedTensorSpec `spec` that `encoded` (a string vector, or a stack of
    them `batch_levels` deep) holds."""
    element_ragged_rank = spec.ragged_rank - batch_levels
    *splits, flat = _tfpp._io.deserialize_ragged(encoded, spec.dtype, spec.row_splits_dtype, batch_levels,
                                                 element_ragged_rank)
    # The parsed flat values' rank, unknown to the op while tracing, is the spec's.
    if spec.shape.rank is not None:
        flat = _with_static_shape(flat, [None] + spec.shape.as_list()[spec.ragged_rank + 1:])
    if not splits:
        return flat
    return RaggedTensor.from_nested_row_splits(flat, splits, validate=False)


def _with_static_shape(tensor, dims):
    """A parsed tensor reshaped to `dims` where they leave at most one dim unknown."""
    if not tensor._is_symbolic() or dims.count(None) > 1:
        return tensor
    return _tfpp.reshape(tensor, [-1 if d is None else d for d in dims])
