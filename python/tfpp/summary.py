"""tf.summary: TensorBoard summaries written to event files, over the C++ tf::summary.

    writer = tf.summary.create_file_writer("logs")
    with writer.as_default(step=optimizer.iterations):
        tf.summary.scalar("loss", loss)

As in TensorFlow, this module keeps the thread's default writer, default step and record_if
condition, resolves them at each summary call and returns a bool tensor (False when nothing was
written). Each summary is a stateful op, so it runs at every call of a tf.function; a record_if
tensor there becomes a tf.cond around the write, decided at every call. flush() and close() are ops
too (FlushSummaryWriter, CloseSummaryWriter): inside a tf.function they run at every call.
"""

import contextlib
import logging
import os
import re
import sys
import threading
import types

from . import _tfpp
from . import protos
from .control_flow import cond
from .function import _GraphText

_summary = _tfpp._summary
_logger = logging.getLogger("tfpp")


class _SummaryState(threading.local):
    def __init__(self):
        super().__init__()
        self.writer = None
        self.step = None
        self.is_recording = None  # None (record), a bool, a bool tensor or a callable giving one


_state = _SummaryState()


class SummaryWriter:
    """A summary writer (tf.summary.SummaryWriter): the default one receives the summaries."""

    def set_as_default(self, step=None):
        """Makes this writer the thread's default; a `step` that is not None becomes the default step."""
        self.as_default(step).__enter__()

    def as_default(self, step=None):
        """A context manager making this writer (and `step`, if not None) the default in its block; on
        leaving, the writer is flushed and the previous writer (and step) restored."""
        return _SummaryContextManager(self, step)

    def init(self):
        """Initializes the writer (file writers are ready when created)."""
        raise NotImplementedError()

    def flush(self):
        """Writes buffered summaries to the file."""
        raise NotImplementedError()

    def close(self):
        """Flushes and closes the writer."""
        raise NotImplementedError()


class _SummaryContextManager:
    """writer.as_default(): a class, so that set_as_default can enter it and never leave."""

    def __init__(self, writer, step):
        self._writer, self._step = writer, step

    def __enter__(self):
        self._old_writer = _state.writer
        _state.writer = self._writer
        if self._step is not None:
            self._old_step = _state.step
            _state.step = self._step
        return self._writer

    def __exit__(self, *exc):
        _state.writer.flush()
        _state.writer = self._old_writer
        if self._step is not None:
            _state.step = self._old_step
        return False


class _FileWriter(SummaryWriter):
    """A writer of one event file (what create_file_writer returns)."""

    def __init__(self, handle):
        self._handle = handle
        self._closed = False

    def _check_open(self):
        # Inside a tf.function the writer may be closed by an op of the function: as TensorFlow,
        # only eager calls check.
        if self._closed and _tfpp.executing_eagerly():
            raise RuntimeError(f"SummaryWriter {self!r} is already closed")

    def set_as_default(self, step=None):
        self._check_open()
        super().set_as_default(step)

    def as_default(self, step=None):
        self._check_open()
        return super().as_default(step)

    def init(self):
        self._check_open()

    def flush(self):
        self._handle.flush()  # a FlushSummaryWriter op: inside a tf.function, run at every call

    def close(self):
        try:
            self._handle.close()  # a CloseSummaryWriter op (nothing after an eager close)
        finally:
            self._closed = self._closed or _tfpp.executing_eagerly()


class _NoopSummaryWriter(SummaryWriter):
    """A writer that does nothing (create_noop_writer): as_default leaves the default writer alone."""

    def set_as_default(self, step=None):
        pass

    @contextlib.contextmanager
    def as_default(self, step=None):
        yield

    def init(self):
        pass

    def flush(self):
        pass

    def close(self):
        pass


def _int(value):
    # An int argument that TensorFlow also takes as an int32 scalar tensor.
    return int(value.numpy()) if isinstance(value, _tfpp.Tensor) else int(value)


def create_file_writer(logdir, max_queue=None, flush_millis=None, filename_suffix=None, name=None,
                       experimental_trackable=False, experimental_mesh=None):
    """A writer of a new event file in `logdir` (created if missing): at most `max_queue` (10) events
    wait, none longer than `flush_millis` (120000) ms; the file's name ends in `filename_suffix` (".v2")."""
    if logdir is None:
        raise ValueError("Argument `logdir` cannot be None")
    if experimental_mesh is not None:
        raise NotImplementedError("tfpp has no DTensor meshes: create_file_writer's experimental_mesh must be None")
    if isinstance(logdir, _tfpp.Tensor):
        logdir = logdir.numpy()
    if isinstance(logdir, bytes):
        logdir = logdir.decode()
    if not isinstance(logdir, (str, os.PathLike)):
        raise TypeError(f"Cannot convert {logdir!r} to EagerTensor of dtype string")
    if isinstance(filename_suffix, _tfpp.Tensor):
        filename_suffix = filename_suffix.numpy().decode()
    handle = _summary.create_file_writer(os.fspath(logdir), 10 if max_queue is None else _int(max_queue),
                                         2 * 60 * 1000 if flush_millis is None else _int(flush_millis),
                                         ".v2" if filename_suffix is None else filename_suffix)
    return _FileWriter(handle)


def create_noop_writer():
    """A summary writer that does nothing, for code that expects one."""
    return _NoopSummaryWriter()


def flush(writer=None, name=None):
    """Flushes `writer`, or the default writer if there is one."""
    del name  # TensorFlow ignores it too
    if writer is None:
        writer = _state.writer
        if writer is None:
            return None
    if isinstance(writer, SummaryWriter):
        return writer.flush()
    raise ValueError("Invalid argument to flush(): %r" % (writer,))


@contextlib.contextmanager
def record_if(condition):
    """Records summaries in its block only if `condition` (a bool, a bool tensor, or a callable giving
    one, called at each summary) holds."""
    old = _state.is_recording
    try:
        _state.is_recording = condition
        yield
    finally:
        _state.is_recording = old


def _recording_condition():
    """False, True or a bool tensor: whether a summary made now is recorded."""
    if _state.writer is None:
        return False
    condition = _state.is_recording
    if callable(condition):
        condition = condition()
    if condition is None:
        return True
    if isinstance(condition, _tfpp.Variable):
        condition = condition.read_value()
    if isinstance(condition, _tfpp.Tensor) and condition._is_symbolic():
        return condition  # decided when the traced function runs
    return bool(condition)


def should_record_summaries():
    """A bool tensor: True if summaries would be recorded now (a default writer exists and record_if allows)."""
    condition = _recording_condition()
    return condition if isinstance(condition, _tfpp.Tensor) else _tfpp.constant(condition)


def _step_value(step):
    """The step as the C++ core takes it: an int64 scalar tensor, or an int64 variable read when the
    summary runs. TensorFlow converts steps with convert_to_tensor(step, tf.int64)."""
    if isinstance(step, (_tfpp.Tensor, _tfpp.Variable)):
        if step.dtype != _tfpp.int64:
            raise ValueError(f"Tensor conversion requested dtype int64 for Tensor with dtype {step.dtype.name}: "
                             f"{step!r}")
    else:
        step = _tfpp._convert_to_tensor(step, dtype=_tfpp.int64)
    if step.shape.num_elements() != 1:
        raise ValueError(f"Argument `step` must be a scalar. Received step with shape {step.shape}.")
    return step


def _write(step, write_fn):
    """Calls write_fn(writer handle, step) if a summary is to be recorded now (in a tf.cond when that is
    decided by a tensor inside a tf.function); returns a bool tensor, True if it was written."""
    if step is not None:
        _step_value(step)  # a bad explicit step fails even when nothing is recorded, as in TensorFlow
    if _state.writer is None:
        return _tfpp.constant(False)
    step = _state.step if step is None else step

    def record():
        if step is None:
            raise ValueError("No step set. Please specify one either through the `step` argument or through "
                             "tf.summary.experimental.set_step()")
        write_fn(_state.writer._handle, _step_value(step))
        return _tfpp.constant(True)

    return _when_recording(record)


def _when_recording(record):
    """record() if summaries are recorded now (in a tf.cond when a traced tensor decides), else a
    False tensor."""
    condition = _recording_condition()
    if isinstance(condition, _tfpp.Tensor):
        return cond(condition, record, lambda: _tfpp.constant(False))
    return record() if condition else _tfpp.constant(False)


def write(tag, tensor, step=None, metadata=None, name=None):
    """Writes `tensor` (or what a callable returns, called only if recorded) under `tag`, with
    SummaryMetadata given as serialized bytes or a message with SerializeToString."""
    if metadata is None:
        metadata = b""
    elif hasattr(metadata, "SerializeToString"):
        metadata = metadata.SerializeToString()
    return _write(step, lambda writer, s: _summary.write(
        writer, tag, tensor() if callable(tensor) else tensor, s, bytes(metadata)))


def _write_raw_pb(tensor, step=None, name=None):
    """Writes serialized tf.compat.v1.Summary protos (bytes, or a string tensor of one or more) as one
    event: the V1 way of building summaries by hand, with TF2's writers."""
    del name  # names a graph op in TensorFlow; tfpp's write op takes none
    if step is not None:
        _step_value(step)
    if _state.writer is None:
        return _tfpp.constant(False)
    if step is None:
        step = _state.step
        if step is None:  # unlike the other summaries, even when record_if would not record
            raise ValueError("No step set. Please specify one either through the `step` argument or through "
                             "tf.summary.experimental.set_step()")

    def record():
        _summary.write_raw_pb(_state.writer._handle, tensor, _step_value(step))
        return _tfpp.constant(True)

    return _when_recording(record)


def _as_tensor(data):
    return data.read_value() if isinstance(data, _tfpp.Variable) else _tfpp._convert_to_tensor(data)


def scalar(name, data, step=None, description=None):
    """Writes a scalar (any real number, as float32) for TensorBoard's scalars dashboard."""
    data = _as_tensor(data)
    if data.shape.rank not in (0, None):
        raise ValueError(f"Expected scalar shape, saw shape: {data.shape}.")
    return _write(step, lambda writer, s: _summary.scalar(writer, name, data, s, description or ""))


def histogram(name, data, step=None, buckets=None, description=None):
    """Writes a histogram of `data`'s values in `buckets` (30) equal-width buckets."""
    if buckets is None:
        buckets = 30
    elif _as_tensor(buckets).dtype != _tfpp.int32:
        raise TypeError(f"tensor must be of type tf.int32; got tf.{_as_tensor(buckets).dtype.name}")
    count = max(_int(buckets), 0)
    return _write(step, lambda writer, s: _summary.histogram(writer, name, _as_tensor(data), s, count,
                                                             description or ""))


def image(name, data, step=None, max_outputs=3, description=None):
    """Writes up to `max_outputs` PNG images of a [k, height, width, channels] tensor (floats in [0, 1])."""
    data = _as_tensor(data)
    if data.shape.rank is not None and data.shape.rank != 4:
        raise ValueError(f"Tensor  must have rank 4.  Received rank {data.shape.rank}, shape {data.shape}")
    return _write(step, lambda writer, s: _summary.image(writer, name, data, s, _int(max_outputs),
                                                         description or ""))


def text(name, data, step=None, description=None):
    """Writes a string tensor (Markdown in TensorBoard's text dashboard)."""
    data = _as_tensor(data)
    if data.dtype != _tfpp.string:
        raise TypeError(f"tensor must be of type tf.string; got tf.{data.dtype.name}")
    return _write(step, lambda writer, s: _summary.text(writer, name, data, s, description or ""))


def audio(name, data, sample_rate, step=None, max_outputs=3, encoding=None, description=None):
    """Writes up to `max_outputs` WAV clips of a [k, frames, channels] float tensor in [-1, 1]."""
    if encoding is None:
        encoding = "wav"
    if encoding != "wav":
        raise ValueError("Unknown encoding: %r" % encoding)
    data = _as_tensor(data)
    if data.shape.rank is not None and data.shape.rank != 3:
        raise ValueError(f"Tensor  must have rank 3.  Received rank {data.shape.rank}, shape {data.shape}")
    rate = float(sample_rate.numpy() if isinstance(sample_rate, _tfpp.Tensor) else sample_rate)
    return _write(step, lambda writer, s: _summary.audio(writer, name, data, s, rate, _int(max_outputs),
                                                         description or ""))


def graph(graph_data):
    """Writes a graph for TensorBoard's graph dashboard, at step 0: a traced function's graph (a concrete
    function's `.graph`, tfpp's tf.Graph) or a tf.compat.v1.GraphDef message; eagerly only."""
    if _tfpp._tracing():
        raise ValueError("graph() cannot be invoked inside a graph context.")
    if _state.writer is None or not _recording_condition():
        return _tfpp.constant(False)
    if isinstance(graph_data, _GraphText):
        _summary.graph(_state.writer._handle, graph_data._concrete)
    elif isinstance(graph_data, protos.GraphDef):
        _summary.graph_def(_state.writer._handle, graph_data.SerializeToString())
    else:
        raise ValueError("Argument 'graph_data' is not tf.Graph or tf.compat.v1.GraphDef. Received graph_data="
                         f"{graph_data} of type {type(graph_data).__name__}.")
    return _tfpp.constant(True)


_trace_enabled = False
_trace_lock = threading.Lock()


def trace_on(graph=True, profiler=False, profiler_outdir=None):
    """Starts recording the graphs of the tf.functions called from now on (eagerly only), and with
    `profiler` a profile into `profiler_outdir` (tf.profiler.experimental's files)."""
    global _trace_enabled
    if _tfpp._tracing():
        _logger.warning("Cannot enable trace inside a tf.function.")
        return
    with _trace_lock:
        if _trace_enabled:
            _logger.warning("Trace already enabled")
            return
        _summary.trace_on(graph, profiler, os.fspath(profiler_outdir) if profiler_outdir is not None else "")
        _trace_enabled = True


def trace_export(name, step=None, profiler_outdir=None):
    """Writes the recorded graphs to the default writer as summary `name`, then stops tracing."""
    if step is not None:
        _step_value(step)
    if _tfpp._tracing():
        _logger.warning("Cannot export trace inside a tf.function.")
        return
    with _trace_lock:
        if not _trace_enabled:
            raise ValueError("Must enable trace before export through tf.summary.trace_on.")
    step = _state.step if step is None else step
    if _state.writer is not None and _recording_condition():
        if step is None:
            raise ValueError("No step set. Please specify one either through the `step` argument or through "
                             "tf.summary.experimental.set_step()")
        _summary.trace_export(_state.writer._handle, name, _step_value(step))  # also stops the trace
    trace_off()


def trace_off():
    """Stops tracing and drops what was recorded."""
    global _trace_enabled
    with _trace_lock:
        _trace_enabled = False
        _summary.trace_off()


def _set_step(step):
    """Sets the thread's default summary step (a number, an int64 tensor or variable, or None)."""
    _state.step = step


def _get_step():
    """The thread's default summary step, as it was set (None if none)."""
    return _state.step


# What TensorFlow removes from a summary's name to make its scope's name.
_INVALID_SCOPE_CHARACTERS = re.compile(r"[^-_/.A-Za-z0-9]")


@contextlib.contextmanager
def _summary_scope(name, default_name="summary", values=None):
    """A name scope for a custom summary op, yielding (tag, scope): the tag is the name under the
    current name scope, as given; the scope drops the characters a scope name cannot hold (and is
    made unique inside a tf.function, as a graph's scopes are)."""
    del values  # TensorFlow uses them only to find the graph, which tfpp knows
    name = name or default_name
    tag = _tfpp._current_name_scope() + name
    with _tfpp.name_scope(_INVALID_SCOPE_CHARACTERS.sub("", name) or default_name) as scope:
        yield tag, scope


experimental = types.ModuleType("tfpp.summary.experimental", "tf.summary.experimental: the default step, "
                                "summary_scope and write_raw_pb.")
experimental.set_step = _set_step
experimental.get_step = _get_step
experimental.summary_scope = _summary_scope
experimental.write_raw_pb = _write_raw_pb
sys.modules[__name__ + ".experimental"] = experimental
