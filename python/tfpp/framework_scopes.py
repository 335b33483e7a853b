"""TensorFlow's framework scopes and grouping functions: tf.init_scope, tf.device,
tf.control_dependencies, tf.group, tf.tuple, tf.get_current_name_scope and tf.inside_function.

tfpp runs a traced function's stateful ops in program order and every op that an output or a side
effect needs (Note [Automatic control dependencies] in the C++ tracer), which is what TensorFlow 2
users rely on control dependencies for; so tf.control_dependencies and tf.group add no edges of
their own, inside a trace as well as eagerly."""

import contextlib

from . import _tfpp

# The device types a device string may name (TensorFlow's DeviceSpec accepts the types it has
# kernels for; tfpp places anything but a CPU on CPU:0, as soft placement does).
_DEVICE_TYPES = frozenset({"CPU", "GPU", "TPU", "TPU_SYSTEM"})


def init_scope():
    """A context whose ops run eagerly even inside a tf.function trace, and which no tape records
    (for state a function creates once, such as variables)."""
    return _tfpp._init_scope()


def _check_device_spec(spec):
    """Raises TensorFlow's ValueError for a device string DeviceSpec would not parse."""
    device_type = None
    for part in spec.split("/"):
        fields = part.split(":")
        key = fields[0]
        if len(fields) == 2 and key in ("job", "replica", "task"):
            if key != "job":
                int(fields[1])  # ValueError: invalid literal for int(), as TensorFlow's setter raises
            continue
        if len(fields) in (1, 2) and key.upper() in _DEVICE_TYPES or len(fields) == 3 and key == "device":
            if device_type is not None:
                raise ValueError("Multiple device types are not allowed while parsing the device spec: %s." % spec)
            device_type = fields[-2] if len(fields) == 3 else key
            index = fields[-1] if len(fields) >= 2 else "*"
            if index != "*":
                int(index)
        elif key != "":
            raise ValueError("Unknown attribute '%s' is encountered while parsing the device spec: '%s'." % (key, spec))


class _FailingScope:
    """A scope that raises `error` when entered."""

    def __init__(self, error):
        self._error = error

    def __enter__(self):
        raise self._error

    def __exit__(self, *exc_info):
        return False


def device(device_name):
    """A context that places its ops on `device_name` ("/cpu:0", "/device:CPU:0", "/gpu:0", ...).

    On this CPU-only build, a device that does not exist here (a GPU) means CPU:0, as
    TensorFlow's default soft placement does."""
    if callable(device_name):
        raise RuntimeError("tf.device does not support functions.")
    if device_name is not None and not isinstance(device_name, str):
        # TensorFlow raises when the scope is entered.
        return _FailingScope(ValueError("Expecting a string device name. Got %s(%s)" % (type(device_name), device_name)))
    if not device_name:
        return contextlib.nullcontext()
    _check_device_spec(device_name)
    return _tfpp._device_scope(device_name)


def control_dependencies(control_inputs):
    """A context whose ops run after `control_inputs` (eagerly, callables among them are called).

    tfpp already orders a traced function's side effects as written and runs each one, so the
    context adds nothing more (see this module's note)."""
    if control_inputs and _tfpp.executing_eagerly():
        for control in control_inputs:
            if callable(control):
                control()
    return contextlib.nullcontext()


def group(*inputs, **kwargs):
    """An op that runs once all `inputs` have: None (TensorFlow gives None eagerly; in a tfpp trace
    the inputs' side effects run anyway)."""
    kwargs.pop("name", None)
    if kwargs and not _tfpp.executing_eagerly():  # eagerly TensorFlow returns before looking
        raise ValueError("Unknown keyword arguments: " + ", ".join(kwargs.keys()))
    return None


def tuple(tensors, control_inputs=None, name=None):  # noqa: A001 - TensorFlow's name
    """`tensors`, available once all of them (and `control_inputs`) are computed."""
    return tensors


def get_current_name_scope():
    """The name scope of the ops made here ("outer/inner"), or "" outside any."""
    return _tfpp._current_name_scope().rstrip("/")


def inside_function():
    """True while a tf.function is being traced."""
    return _tfpp._tracing()


def is_symbolic_tensor(tensor):
    """True for a tensor of a graph being traced (no value yet), False for anything else."""
    return isinstance(tensor, _tfpp.Tensor) and tensor._is_symbolic()
