"""tf.experimental.dlpack: tensors to and from DLPack capsules, the exchange format of NumPy,
PyTorch and JAX. A capsule made here shares the tensor's buffer; a tensor made from a capsule holds
a copy of its values (tfpp's buffers come from its own allocator)."""

from . import _tfpp, errors


def to_dlpack(tf_tensor):
    """A DLPack capsule ("dltensor") viewing the tensor's buffer, which it keeps alive."""
    if not isinstance(tf_tensor, _tfpp.Tensor):
        raise errors.InvalidArgumentError(None, None, "The argument to `to_dlpack` must be a TF tensor, not Python object")
    return _tfpp._to_dlpack(tf_tensor)


def from_dlpack(dlcapsule):
    """A tensor of the capsule's values; the capsule is consumed (it can be read once)."""
    return _tfpp._from_dlpack(dlcapsule)
