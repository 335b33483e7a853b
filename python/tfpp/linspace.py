"""tf.linspace: `num` evenly spaced values from `start` to `stop` along a new axis `axis`, for any
start and stop that broadcast against each other. As TensorFlow's linspace_nd it is composed of
ops, so it traces and has gradients with respect to start and stop."""

from . import _tfpp
from .array_everyday import broadcast_static_shape, get_static_value
from .integer_arguments import convert_to_int_tensor

_math = _tfpp.math


def linspace(start, stop, num, name=None, axis=0):
    """start, start + delta, ..., stop (delta = (stop - start) / (num - 1)) along axis `axis`."""
    with _tfpp.name_scope(name or "linspace"):
        start = _tfpp.convert_to_tensor(start, name="start")
        stop = _tfpp.convert_to_tensor(stop, dtype=start.dtype, name="stop")
        num = convert_to_int_tensor(num, "num")
        shape = _broadcast_shape(start, stop)
        start = _tfpp.expand_dims(_tfpp.broadcast_to(start, shape), axis)
        stop = _tfpp.expand_dims(_tfpp.broadcast_to(stop, shape), axis)
        rank = len(start.shape)
        axis %= rank
        intervals = _math.maximum(num - 1, 1)  # at least one, so that delta is finite for num < 2
        delta = (stop - start) / _math.cast(intervals, stop.dtype)  # float64 for integer start and stop
        start, stop = _math.cast(start, delta.dtype), _math.cast(stop, delta.dtype)
        # The steps strictly between start and stop; a negative num makes Range fail, as in TensorFlow.
        steps = _tfpp.range(1, _math.where(num >= 0, intervals, -1), dtype=_tfpp.int64)
        steps = _tfpp.reshape(_math.cast(steps, delta.dtype), [-1 if d == axis else 1 for d in range(rank)])
        values = _tfpp.concat([start, start + delta * steps, stop], axis)
        # num < 2 keeps only the first num of the three parts (start, nothing, stop). A num known when
        # tracing gives the static shape that TensorFlow's constant folding gives.
        known_num = get_static_value(num)
        if known_num is None:
            size = _math.where(_math.equal(_tfpp.range(rank), axis), num, -1)
        else:
            size = [int(known_num) if d == axis else -1 for d in range(rank)]
        return _tfpp.slice(values, [0] * rank, size)


def _broadcast_shape(start, stop):
    """start and stop's broadcast shape: a list when both shapes are known, so that a traced result keeps
    its static shape (tfpp's traced Shape is no constant), else BroadcastArgs' tensor, which also raises
    TensorFlow's error for shapes that do not broadcast."""
    try:
        static = broadcast_static_shape(start.shape, stop.shape)
    except ValueError:
        static = None
    if static is not None and static.is_fully_defined():
        return static.as_list()
    return _tfpp.broadcast_dynamic_shape(_tfpp.shape(start), _tfpp.shape(stop))
