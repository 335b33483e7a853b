"""tf.config's soft placement, visible devices, device policy and TensorFloat-32 switch, and
tf.debugging's traceback filtering switch, for tfpp's one device type, the CPU.

tfpp always places ops soft (a device that does not exist here means CPU:0), and the CPU cannot
be hidden; with one device there is nothing for a device policy to copy, and TensorFloat-32 is a
GPU format; the settings are kept and read back as TensorFlow keeps them."""

import collections
import threading

_settings = {"soft_device_placement": True, "traceback_filtering": True, "visible_devices": None}


def get_soft_device_placement():
    """Whether an op may run on another device than the one asked for when that one cannot run it."""
    return _settings["soft_device_placement"]


def set_soft_device_placement(enabled):
    """Records whether soft placement is on (tfpp places a device it lacks on CPU:0 either way)."""
    _settings["soft_device_placement"] = bool(enabled)


def _physical_devices():
    from . import config  # noqa: PLC0415 - tf.config is the C++ module, set up before this is called
    return config.list_physical_devices()


def get_visible_devices(device_type=None):
    """The physical devices ops may use (of `device_type` if given)."""
    visible = _settings["visible_devices"]
    devices = _physical_devices() if visible is None else visible
    return [d for d in devices if device_type is None or d.device_type == device_type]


def set_visible_devices(devices, device_type=None):
    """Makes only `devices` (of `device_type` if given; the others stay as they are) visible."""
    if not isinstance(devices, (list, tuple)):
        devices = [devices]
    known = _physical_devices()
    for d in devices:
        if d not in known:
            raise ValueError("Unrecognized device: %r" % (d,))
        if device_type is not None and d.device_type != device_type:
            raise ValueError("Unrecognized device: %r" % (d,))
    kept = [d for d in get_visible_devices() if device_type is not None and d.device_type != device_type]
    _settings["visible_devices"] = kept + [d for d in known if d in devices]


def enable_traceback_filtering():
    """Turns on the shortening of tracebacks to the user's own frames (TensorFlow's default)."""
    _settings["traceback_filtering"] = True


def disable_traceback_filtering():
    """Turns off the shortening of tracebacks (tfpp's tracebacks are never filtered)."""
    _settings["traceback_filtering"] = False


def is_traceback_filtering_enabled():
    """Whether traceback filtering is on."""
    return _settings["traceback_filtering"]


_DEVICE_POLICIES = ("silent", "warn", "explicit", "silent_for_int32")
_thread_settings = threading.local()  # TensorFlow keeps the device policy per thread


def get_device_policy():
    """How tensors on another device than an op's are treated: 'silent' (TensorFlow's default), 'warn',
    'explicit' or 'silent_for_int32', as last set on this thread."""
    return getattr(_thread_settings, "device_policy", "silent")


def set_device_policy(device_policy):
    """Sets this thread's device policy (None restores 'silent')."""
    if device_policy is not None and device_policy not in _DEVICE_POLICIES:
        raise ValueError("Invalid argument `device_policy`: %r. Please refer to "
                         "https://www.tensorflow.org/api_docs/python/tf/config/experimental/set_device_policy for "
                         "valid `device_policy` arguments." % (device_policy,))
    _thread_settings.device_policy = device_policy or "silent"


def tensor_float_32_execution_enabled():
    """Whether GPU float32 matmuls and convolutions may round to TensorFloat-32 (on by default)."""
    return _settings.get("tensor_float_32", True)


def enable_tensor_float_32_execution(enabled):
    """Records whether TensorFloat-32 is allowed (CPU float32 ops always compute in float32)."""
    _settings["tensor_float_32"] = bool(enabled)


def get_device_details(device):
    """Details TensorFlow knows of a physical device: none for a CPU."""
    from . import config  # noqa: PLC0415 - tf.config is the C++ module, set up before this is called
    if not isinstance(device, config.PhysicalDevice):
        raise ValueError("device must be a tf.config.PhysicalDevice, but got: %s" % (device,))
    if device not in _physical_devices():
        raise ValueError("The PhysicalDevice must be one obtained from calling `tf.config.list_physical_devices`, "
                         "but got: %s" % (device,))
    return {}


# ---- logical devices ----

class LogicalDeviceConfiguration(collections.namedtuple(
        "LogicalDeviceConfiguration", ["memory_limit", "experimental_priority", "experimental_device_ordinal"])):
    """One logical device to make of a physical one (tfpp splits the CPU's threads; memory_limit
    and the experimental fields are kept but not used)."""

    def __new__(cls, memory_limit=None, experimental_priority=None, experimental_device_ordinal=None):
        return super().__new__(cls, memory_limit, experimental_priority, experimental_device_ordinal)


_logical_configurations = {}


def set_logical_device_configuration(device, logical_devices):
    """Splits `device` (the CPU) into one logical device per configuration; only before any op
    runs (a RuntimeError afterwards, as in TensorFlow)."""
    from . import _tfpp, errors  # noqa: PLC0415 - the package's core, loaded by now
    if device not in _physical_devices():
        raise ValueError("Unrecognized device: %r" % (device,))
    if device.device_type != "CPU":
        raise ValueError("tfpp can split only the CPU into logical devices, got %r" % (device,))
    try:
        _tfpp.config._set_logical_cpu_count(len(logical_devices))
    except errors.FailedPreconditionError:
        raise RuntimeError("Virtual devices cannot be modified after being initialized") from None
    _logical_configurations[device] = list(logical_devices)


def get_logical_device_configuration(device):
    """The configurations `device` was split with, or None if it was not."""
    if device not in _physical_devices():
        raise ValueError("Unrecognized device: %r" % (device,))
    return _logical_configurations.get(device)


def set_memory_growth(device, enable):
    """TensorFlow's GPU memory setting; a CPU has none to set."""
    if device not in _physical_devices():
        raise ValueError("Unrecognized device: %r" % (device,))
    if device in _logical_configurations:
        raise ValueError("Cannot set memory growth on device when virtual devices configured")
    raise ValueError("Cannot set memory growth on non-GPU and non-Pluggable devices")


def get_memory_growth(device):
    """TensorFlow's GPU memory setting; a CPU has none."""
    if device not in _physical_devices():
        raise ValueError("Unrecognized device: %r" % (device,))
    raise ValueError("Cannot get memory growth on non-GPU and non-Pluggable devices")


def experimental_module(config):
    """tf.config.experimental: the device functions TensorFlow also keeps there."""
    import types  # noqa: PLC0415 - only here
    module = types.ModuleType("tfpp.config.experimental", "tf.config.experimental")
    module.list_physical_devices = config.list_physical_devices
    module.list_logical_devices = config.list_logical_devices
    module.get_visible_devices, module.set_visible_devices = get_visible_devices, set_visible_devices
    module.get_memory_growth, module.set_memory_growth = get_memory_growth, set_memory_growth
    module.VirtualDeviceConfiguration = LogicalDeviceConfiguration
    module.get_virtual_device_configuration = get_logical_device_configuration
    module.set_virtual_device_configuration = set_logical_device_configuration
    module.get_device_policy, module.set_device_policy = get_device_policy, set_device_policy
    module.tensor_float_32_execution_enabled = tensor_float_32_execution_enabled
    module.enable_tensor_float_32_execution = enable_tensor_float_32_execution
    module.get_device_details = get_device_details
    return module


def install_log_device_placement(debugging):
    """tf.debugging.set_log_device_placement that also records the setting, and its getter."""
    set_in_core = debugging.set_log_device_placement

    def set_log_device_placement(enabled):
        """Logs the device each op runs on (to stderr) while enabled."""
        set_in_core(bool(enabled))
        _settings["log_device_placement"] = bool(enabled)

    debugging.set_log_device_placement = set_log_device_placement
    debugging.get_log_device_placement = lambda: _settings.get("log_device_placement", False)
