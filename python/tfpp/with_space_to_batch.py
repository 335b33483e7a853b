"""tf.nn.with_space_to_batch: an op that works on "VALID" windows run over a dilated input, by
moving each dilation phase into the batch (space_to_batch_nd), running the op, and moving it back
(batch_to_space_nd), with the paddings that turn "SAME" or explicit padding into "VALID"."""

import numpy as np

from . import _tfpp
from .space_batch_paddings import required_space_to_batch_paddings


def _constant_ints(value, what):
    """A constant argument's integers; a traced tensor cannot give them here."""
    if isinstance(value, _tfpp.Tensor):
        try:
            value = value.numpy()
        except Exception:  # noqa: BLE001 - a symbolic tensor: say which argument must be constant
            raise ValueError("with_space_to_batch: `%s` must be a constant in tfpp; got a traced tensor" % what) from None
    return np.asarray(value, dtype=np.int64)


def _base_paddings(padding, rate, filter_shape, channels_first):
    """[num_spatial_dims, 2] paddings that make the op's padding "VALID"."""
    n = len(rate)
    if isinstance(padding, (list, tuple)):
        for i, pair in enumerate(padding):
            if not isinstance(pair, (list, tuple)) or len(pair) != 2:
                raise ValueError("When `padding` is a list, each element of `padding` must be a list/tuple of size 2. "
                                 "Received: padding=%s with element at index %d" % (padding, i))
        if len(padding) != n + 2:
            raise ValueError("When padding is a list, it must be of size %d. Received: padding=%s of size %d"
                             % (n + 2, padding, len(padding)))
        explicit = np.asarray(padding, dtype=np.int64)
        return explicit[2:] if channels_first else explicit[1:-1]
    if padding == "EXPLICIT":
        raise ValueError("'EXPLICIT' is not a valid value for `padding`. To use explicit padding, `padding` must be a "
                         "list.")
    if padding == "VALID":
        return np.zeros([n, 2], np.int64)
    if padding != "SAME":
        raise ValueError("`padding` must be one of 'SAME' or 'VALID'. Received: padding=%s" % (padding,))
    if filter_shape is None:
        raise ValueError("`filter_shape` must be specified for `padding='SAME'`. Received: filter_shape=None and "
                         "padding=SAME")
    extra = (_constant_ints(filter_shape, "filter_shape")[:n] - 1) * rate
    return np.stack([extra // 2, extra - extra // 2], axis=1)


def _at_spatial_dims(values, fill, spatial_dims):
    """values[i] placed at row spatial_dims[i] - 1 of a [max(spatial_dims), ...] array of `fill`."""
    full = np.full([spatial_dims[-1]] + list(values.shape[1:]), fill, dtype=np.int64)
    for i, dim in enumerate(spatial_dims):
        full[dim - 1] = values[i]
    return full.astype(np.int32)


def with_space_to_batch(input, dilation_rate, padding, op, filter_shape=None, spatial_dims=None,  # noqa: A002
                        data_format=None):
    """op(converted, num_spatial_dims, padding) over `input` dilated by dilation_rate, as TensorFlow's
    with_space_to_batch: with rates of 1 the op runs on the input as it is."""
    input = _tfpp._convert_to_tensor(input)  # noqa: A001
    rate = _constant_ints(dilation_rate, "dilation_rate")
    if rate.ndim != 1:
        raise ValueError("`dilation_rate.shape.rank` must be 1. Received: dilation_rate=%s of rank %d"
                         % (rate, rate.ndim))
    n = rate.shape[0]
    channels_first = data_format is not None and data_format.startswith("NC")
    start = 2 if channels_first else 1
    given = list(range(start, n + start) if spatial_dims is None else spatial_dims)
    spatial_dims = sorted(set(int(d) for d in given))
    if spatial_dims != given or any(d < 1 for d in spatial_dims):
        raise ValueError("`spatial_dims` must be a monotonically increasing sequence of positive integers. Received: "
                         "spatial_dims=%s" % given)
    expected_rank = spatial_dims[-1] + (0 if channels_first else 1)
    if input.shape.rank is not None and input.shape.rank < expected_rank:
        raise ValueError("`input.shape.rank` must be at least %d. Received: input.shape=%s with rank %d"
                         % (expected_rank, input.shape, input.shape.rank))
    if np.any(rate < 1):
        raise ValueError("`dilation_rate` must be positive. Received: dilation_rate=%s" % rate)
    if np.all(rate == 1):
        return op(input, n, padding)
    base = _base_paddings(padding, rate, filter_shape, channels_first)
    spatial_shape = [input.shape[d] for d in spatial_dims]
    if None in spatial_shape:
        spatial_shape = _constant_ints(_tfpp.shape(input), "input's spatial shape")[spatial_dims]
    paddings, crops = required_space_to_batch_paddings(spatial_shape, rate, base)
    block = _at_spatial_dims(rate, 1, spatial_dims)
    converted = _tfpp.space_to_batch_nd(input, block, _at_spatial_dims(paddings.numpy(), 0, spatial_dims))
    result = op(converted, n, "VALID")
    return _tfpp.batch_to_space(result, block, _at_spatial_dims(crops.numpy(), 0, spatial_dims))
