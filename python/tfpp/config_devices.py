"""tf.config's soft placement and visible devices, and tf.debugging's traceback filtering switch,
for tfpp's one device type, the CPU.

tfpp always places ops soft (a device that does not exist here means CPU:0), and the CPU cannot
be hidden; the settings are kept and read back as TensorFlow keeps them."""

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
