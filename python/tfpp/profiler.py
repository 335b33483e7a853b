"""tf.profiler: the profiler from Python (tf.profiler.experimental), over the C++ profiler.

    tf.profiler.experimental.start("logs")
    for step in range(10):
        with tf.profiler.experimental.Trace("train", step_num=step, _r=1):
            train_step()
    tf.profiler.experimental.stop()

The profile goes where TensorFlow 2.21 writes its own, <logdir>/plugins/profile/<run>/<host>.xplane.pb,
for TensorBoard's profile plugin. TensorFlow 2.21's Python API takes ProfilerOptions and records with
the default options whatever they say (its saved profile lists the defaults, and host_tracer_level
or delay_ms change nothing), so tfpp's does the same.
"""

import collections
import sys
import threading
import types

from . import _tfpp
from . import errors

_profiler = _tfpp._profiler
_running = False
_lock = threading.Lock()


class ProfilerOptions(collections.namedtuple(
        "ProfilerOptions", ["host_tracer_level", "python_tracer_level", "device_tracer_level", "delay_ms"])):
    """Options of a profile: host_tracer_level (2), python_tracer_level (0), device_tracer_level (1),
    delay_ms (None)."""

    def __new__(cls, host_tracer_level=2, python_tracer_level=0, device_tracer_level=1, delay_ms=None):
        return super().__new__(cls, host_tracer_level, python_tracer_level, device_tracer_level, delay_ms)


def start(logdir, options=None):
    """Starts profiling into `logdir`; AlreadyExistsError if a profile is being taken."""
    global _running
    with _lock:
        if _running:
            raise errors.AlreadyExistsError(None, None, "Another profiler is running.")
        if options is not None:
            options._asdict()  # TensorFlow reads the namedtuple so: anything else is an AttributeError
        _profiler.start(logdir)
        _running = True


def stop(save=True):
    """Stops profiling and, if `save`, writes the profile; UnavailableError if none is being taken."""
    global _running
    with _lock:
        if not _running:
            raise errors.UnavailableError(None, None, "Cannot export profiling results. No profiler is running.")
        _running = False
        _profiler.stop(bool(save))


class Profile:
    """Profiles the block of a with statement into `logdir` (start on entering, stop on leaving)."""

    def __init__(self, logdir, options=None):
        self._logdir = logdir
        self._options = options

    def __enter__(self):
        start(self._logdir, self._options)

    def __exit__(self, typ, value, tb):
        stop()


def _encoded(kwargs):
    # The text TensorFlow's TraceMe passes each value as (a bool as 1 or 0); the C++ Trace reads
    # numbers back from it as TensorFlow does.
    return [(str(key), ("1" if value else "0") if isinstance(value, bool) else str(value))
            for key, value in kwargs.items()]


class Trace:
    """A trace event from entering the with block to leaving it, named `name`, with the keyword
    arguments as its stats (e.g. step_num=step, _r=1 marks a training step for TensorBoard)."""

    def __init__(self, name, **kwargs):
        self._trace = _profiler.Trace(name, _encoded(kwargs))

    def __enter__(self):
        return self

    def set_metadata(self, **kwargs):
        """Adds stats to the event, e.g. what was learnt while it ran."""
        if kwargs:
            self._trace.set_metadata(_encoded(kwargs))

    def __exit__(self, exc_type, exc_val, exc_tb):
        self._trace.stop()


experimental = types.ModuleType("tfpp.profiler.experimental", "tf.profiler.experimental: start, stop, Profile, "
                                "Trace and ProfilerOptions.")
for _name in ("ProfilerOptions", "Profile", "Trace", "start", "stop"):
    setattr(experimental, _name, globals()[_name])
sys.modules[__name__ + ".experimental"] = experimental
