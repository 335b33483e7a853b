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


def _parse_device_spec(spec):
    """(job, replica, task, device_type, device_index) of a device string, as TensorFlow's
    DeviceSpec parses it (ValueError for what it would not parse)."""
    job = replica = task = device_type = device_index = None
    for part in (spec or "").split("/"):
        fields = part.split(":")
        key = fields[0]
        if len(fields) == 2 and key in ("job", "replica", "task"):
            if key == "job":
                job = fields[1]
            elif key == "replica":
                replica = int(fields[1])  # ValueError: invalid literal for int(), as TensorFlow's setter raises
            else:
                task = int(fields[1])
            continue
        if len(fields) in (1, 2) and key.upper() in _DEVICE_TYPES or len(fields) == 3 and key == "device":
            if device_type is not None:
                raise ValueError("Multiple device types are not allowed while parsing the device spec: %s." % spec)
            device_type = (fields[1] if len(fields) == 3 else key).upper()
            index = fields[-1] if len(fields) >= 2 else "*"
            if index != "*":
                device_index = int(index)
        elif key != "":
            raise ValueError("Unknown attribute '%s' is encountered while parsing the device spec: '%s'." % (key, spec))
    return job, replica, task, device_type, device_index


class DeviceSpec:
    """A device's parts (job, replica, task, device_type, device_index), any of them unset
    (tf.DeviceSpec); immutable, compared and hashed by its string."""

    def __init__(self, job=None, replica=None, task=None, device_type=None, device_index=None):
        self._job = None if job is None else str(job)
        self._replica = None if replica is None else int(replica)
        self._task = None if task is None else int(task)
        self._device_type = None if device_type is None else str(device_type).upper()
        self._device_index = None if device_index is None else int(device_index)

    job = property(lambda self: self._job)
    replica = property(lambda self: self._replica)
    task = property(lambda self: self._task)
    device_type = property(lambda self: self._device_type)
    device_index = property(lambda self: self._device_index)

    @classmethod
    def from_string(cls, spec):
        """The DeviceSpec of a device string ("/job:a/task:0/device:CPU:0", "cpu:1", ...)."""
        return cls(*_parse_device_spec(spec))

    def parse_from_string(self, spec):
        """The DeviceSpec of `spec` (TensorFlow 2's returns a new spec of the string's parts alone)."""
        return DeviceSpec.from_string(spec)

    def to_string(self):
        """"/job:j/replica:0/task:1/device:CPU:2", leaving out the unset parts."""
        text = ""
        for name, value in (("job", self._job), ("replica", self._replica), ("task", self._task)):
            if value is not None:
                text += "/%s:%s" % (name, value)
        if self._device_type is not None:
            text += "/device:%s:%s" % (self._device_type, "*" if self._device_index is None else self._device_index)
        return text

    def replace(self, **kwargs):
        """A copy with the given parts replaced."""
        parts = dict(job=self._job, replica=self._replica, task=self._task, device_type=self._device_type,
                     device_index=self._device_index)
        parts.update(kwargs)
        return DeviceSpec(**parts)

    def make_merged_spec(self, dev):
        """A copy whose parts that `dev` sets are dev's."""
        return self.replace(**{name: getattr(dev, name) for name in ("job", "replica", "task", "device_type",
                                                                     "device_index") if getattr(dev, name) is not None})

    def __eq__(self, other):
        return isinstance(other, DeviceSpec) and self.to_string() == other.to_string()

    def __hash__(self):
        return hash(self.to_string())

    def __repr__(self):
        return "<DeviceSpec(job=%s, replica=%s, task=%s, device_type=%s, device_index=%s)>" % (
            self._job, self._replica, self._task, self._device_type, self._device_index)


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
    _parse_device_spec(device_name)
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
