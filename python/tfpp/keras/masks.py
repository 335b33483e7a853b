"""Keras' masks on tensors, as Keras on TensorFlow keeps them: the output of Embedding(mask_zero=True),
Masking or a layer passing a mask on carries it as `tensor._keras_mask` (no such attribute where there
is none), and a call given `mask=` attaches it to the inputs the layer reads masks from."""

from .. import _tfpp

_k = _tfpp.keras


def _get_mask(self):
    mask = _k.get_keras_mask(self)
    if mask is None:
        raise AttributeError("'tf.Tensor' object has no attribute '_keras_mask'")
    return mask


def _set_mask(self, mask):
    _k.set_keras_mask(self, mask)


def _del_mask(self):
    _k.set_keras_mask(self, None)


def with_call_masks(inputs, mask):
    """The eager inputs of a call carrying the `mask` given to it: one per input of a list (None for
    none), or a single mask for the first input (the sequence of an RNN given initial states)."""
    if not isinstance(inputs, (list, tuple)):
        return _k.with_keras_mask(inputs, mask)
    masks = list(mask) if isinstance(mask, (list, tuple)) else [mask]
    return [x if m is None else _k.with_keras_mask(x, m) for x, m in zip(inputs, masks)] + list(inputs[len(masks):])


def install():
    """Gives tensors Keras' `_keras_mask` attribute."""
    _tfpp.Tensor._keras_mask = property(_get_mask, _set_mask, _del_mask)
