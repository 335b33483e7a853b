"""Layer calls on extension types (tf.experimental.ExtensionType values), as Keras 3 takes them:
such a value is a positional input only where the layer sets `_allow_non_tensor_positional_args`
(otherwise Keras' ValueError) and may be passed as `inputs=` to any layer.

The C++ layer underneath calls on tensors, so a call on extension types gives it their
components, and the Python `call` gets the values rebuilt from them; an extension type the
`call` returns goes back as its components and is rebuilt for the caller. A layer's pending calls
form a stack (a model's call calls its sublayers)."""

from .. import _nest as nest
from ..extension_type import ExtensionType


def holds_extension_types(inputs):
    """Whether a call's inputs hold an extension type value."""
    return any(isinstance(x, ExtensionType) for x in nest.flatten(inputs))


def check_positional(layer, inputs):
    """Keras' refusal of an extension type passed positionally, unless the layer allows it."""
    if getattr(layer, "_allow_non_tensor_positional_args", False):
        return
    for x in nest.flatten(inputs):
        if isinstance(x, ExtensionType):
            raise ValueError("Only input tensors may be passed as positional arguments. The following argument value "
                             "should be passed as a keyword argument: %s (of type %s)" % (x, type(x)))


def call(layer, inputs, training):
    """layer's C++ call on the components of `inputs`; its result with extension types rebuilt."""
    frame = {"inputs": inputs, "outputs": None}
    pending = layer.__dict__.setdefault("_composite_calls", [])
    pending.append(frame)
    try:
        outputs = layer._cpp.call_list(nest.flatten(inputs, expand_composites=True), training)
    finally:
        pending.pop()
    if frame["outputs"] is not None:
        return nest.pack_sequence_as(frame["outputs"], outputs, expand_composites=True)
    return outputs[0] if len(outputs) == 1 else outputs


def _frame(layer):
    pending = layer.__dict__.get("_composite_calls")
    return pending[-1] if pending else None


def rebuilt_inputs(layer, inputs):
    """The inputs the Python `call` gets: extension types rebuilt from the components the C++
    layer passed (the inputs as they are outside such a call)."""
    frame = _frame(layer)
    if frame is None:
        return inputs
    flat = inputs if isinstance(inputs, (list, tuple)) else [inputs]
    return nest.pack_sequence_as(frame["inputs"], flat, expand_composites=True)


def flat_outputs(layer, outputs):
    """What the Python `call` returned, as the C++ layer takes it: extension types as their
    components (kept to rebuild them for the caller)."""
    frame = _frame(layer)
    if frame is None or not holds_extension_types(outputs):
        return outputs
    frame["outputs"] = outputs
    return nest.flatten(outputs, expand_composites=True)
