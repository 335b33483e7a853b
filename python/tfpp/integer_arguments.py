"""Integer arguments given as numbers or tensors (a count, a length), converted to an int32 tensor
with TensorFlow's TypeError for any other dtype (its convert_to_int_tensor)."""

from . import _tfpp


def convert_to_int_tensor(value, name):
    """`value` as an int32 tensor; TypeError naming the argument `name` unless it is an integer."""
    tensor = _tfpp._convert_to_tensor(value, dtype_hint=_tfpp.int32)
    if not tensor.dtype.is_integer:
        raise TypeError("Argument `tensor` (name: %s) must be of type integer. Received `tensor` = %s of dtype: "
                        "<dtype: '%s'>" % (name, tensor.numpy() if not tensor._is_symbolic() else tensor,
                                           tensor.dtype.name))
    return _tfpp.math.cast(tensor, _tfpp.int32)
