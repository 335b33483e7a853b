"""tf.nn functions composed of tfpp ops: sufficient_statistics, conv1d_transpose, conv_transpose, tf.conv,
erosion2d (over the Dilation2D op, as TensorFlow defines it), the atrous convolutions, and top_k
(tf.math.top_k's TopKV2 result), isotonic_regression (its IsotonicRegression pair). Composites trace and differentiate through their ops."""

import builtins
import collections

from . import _tfpp, errors

_nn = _tfpp.nn
_math = _tfpp.math

TopKV2 = collections.namedtuple("TopKV2", ["values", "indices"])
IsotonicRegression = collections.namedtuple("IsotonicRegression", ["output", "segments"])
_top_k_pair = _math.top_k  # the binding, which returns a plain pair


def top_k(input, k=1, sorted=True, index_type=_tfpp.int32, name=None):  # noqa: A002 - TensorFlow's names
    """The k largest entries of the last dimension and their indices, as TopKV2(values, indices)."""
    if isinstance(k, float):  # converted strictly to TopKV2's int32, as TensorFlow does: 1.5 raises TypeError
        k = _tfpp.convert_to_tensor(k, dtype=_tfpp.int32)
    values, indices = _top_k_pair(input, k, sorted)
    return TopKV2(values, _math.cast(indices, index_type) if index_type != _tfpp.int32 else indices)


def isotonic_regression(inputs, decreasing=True, axis=-1):
    """The non-increasing (or, decreasing=False, non-decreasing) sequence nearest to each vector along
    `axis`, and each element's run index: IsotonicRegression(output, segments), or as TensorFlow a plain
    pair when it flips the sign (decreasing=False) or moves the axis."""
    output, segments = _nn._isotonic_regression(inputs, decreasing, axis)
    if decreasing and (axis == -1 or axis == len(output.shape) - 1):
        return IsotonicRegression(output, segments)
    return output, segments


def sufficient_statistics(x, axes, shift=None, keepdims=False, name=None):
    """(count, sum of x - shift, sum of (x - shift)^2, shift) over `axes`: what a mean and a
    variance are computed from (tf.nn.normalize_moments)."""
    x = _tfpp._convert_to_tensor(x)
    axes = sorted(set(axes))
    dims = [x.shape[d] for d in axes] if x.shape.rank is not None else [None]
    if all(d is not None for d in dims):
        count = 1
        for d in dims:
            count *= d
        counts = _tfpp.constant(count, dtype=x.dtype)
    else:
        counts = _math.reduce_prod(_tfpp.gather(_math.cast(_tfpp.shape(x), x.dtype), axes))
    if shift is not None:
        shift = _tfpp._convert_to_tensor(shift)
        m_ss, v_ss = x - shift, _math.squared_difference(x, shift)
    else:
        m_ss, v_ss = x, _math.square(x)
    return (counts, _math.reduce_sum(m_ss, axes, keepdims=keepdims), _math.reduce_sum(v_ss, axes, keepdims=keepdims),
            shift)


def _one_spatial_size(value, name):
    """An int or a 1- or 3-element list (TensorFlow's 1-D strides and dilations) as one int."""
    if isinstance(value, int):
        return value
    values = list(value)
    if len(values) == 1:
        return values[0]
    if len(values) == 3:
        return values[1]
    raise ValueError("%s should be of length 1 or 3. Received: %s=%s of length %d" % (name, name, value, len(values)))


def conv1d_transpose(input, filters, output_shape, strides, padding="SAME", data_format="NWC", dilations=None,
                     name=None):  # noqa: A002 - TensorFlow's argument name
    """The transpose of conv1d (its gradient with respect to the input), as conv2d_transpose over
    a height of one. filters are [width, output_channels, in_channels]."""
    if data_format not in ("NWC", "NCW"):
        raise ValueError("`data_format` must be 'NWC' or 'NCW'. Received: data_format=%s" % data_format)
    channels_last = data_format == "NWC"
    spatial = 1 if channels_last else 2  # where the dummy height goes
    output_shape = list(_tfpp._convert_to_tensor(output_shape, dtype=_tfpp.int32).numpy()) \
        if not isinstance(output_shape, (list, builtins.tuple)) else list(output_shape)
    stride = _one_spatial_size(strides, "strides")
    dilation = 1 if dilations is None else _one_spatial_size(dilations, "dilations")
    sizes4 = ([1, 1, stride, 1] if channels_last else [1, 1, 1, stride])
    dilations4 = ([1, 1, dilation, 1] if channels_last else [1, 1, 1, dilation])
    result = _nn.conv2d_transpose(_tfpp.expand_dims(input, spatial), _tfpp.expand_dims(filters, 0),
                                  output_shape[:spatial] + [1] + output_shape[spatial:], sizes4, padding,
                                  "NHWC" if channels_last else "NCHW", dilations4)
    return _tfpp.squeeze(result, [spatial])


def conv_transpose(input, filters, output_shape, strides, padding="SAME", data_format=None, dilations=None,
                   name=None):  # noqa: A002 - TensorFlow's argument name
    """conv1d_transpose, conv2d_transpose or conv3d_transpose, by the length of `output_shape`."""
    n = len(output_shape) if isinstance(output_shape, (list, builtins.tuple)) else int(_tfpp.shape(output_shape)[0])
    if n not in (3, 4, 5):
        raise ValueError("`output_shape` must be of length 3, 4 or 5. Received: output_shape=%s of length %d."
                         % (output_shape, n))
    channels_first = data_format is not None and data_format.startswith("NC")
    fn, default = {3: (conv1d_transpose, ("NCW", "NWC")), 4: (_nn.conv2d_transpose, ("NCHW", "NHWC")),
                   5: (_nn.conv3d_transpose, ("NCDHW", "NDHWC"))}[n]
    return fn(input, filters, output_shape, strides, padding, default[0] if channels_first else default[1], dilations)


def _conv_error(message, error=errors.InvalidArgumentError):
    return error(None, None, "[Conv] " + message)


def conv(input, filter, strides, padding, explicit_paddings=(), data_format="CHANNELS_LAST", dilations=(),  # noqa: A002
         batch_dims=1, groups=1, name=None):
    """tf.conv, TensorFlow's generic Conv op as its CPU kernel runs it: 2 or 3 spatial dimensions
    after `batch_dims` batch dimensions, channels last, one group; `strides`, `dilations` and
    `explicit_paddings` (EXPLICIT padding, its pairs per dimension) cover every dimension."""
    for attr, value, allowed in (("padding", padding, ("SAME", "VALID", "EXPLICIT")),
                                 ("data_format", data_format, ("CHANNELS_FIRST", "CHANNELS_LAST"))):
        if value not in allowed:
            raise errors.InvalidArgumentError(None, None, "Value for attr '%s' of \"%s\" is not in the list of allowed "
                                              "values: %s" % (attr, value, ", ".join('"%s"' % a for a in allowed)))
    input, filter = _tfpp.convert_to_tensor(input), _tfpp.convert_to_tensor(filter)  # noqa: A001
    spatial = len(input.shape) - batch_dims - 1
    if spatial not in (2, 3):
        raise _conv_error("the input must have 2 or 3 spatial dimensions, got %d" % spatial)
    if len(filter.shape) not in (4, 5):
        raise _conv_error("the filter must be rank 4 or 5, got %d" % len(filter.shape))
    rank = len(filter.shape)
    dilations = list(dilations) or [1] * rank
    for field, values in (("strides", list(strides)), ("dilations", dilations)):
        if len(values) != rank:
            raise _conv_error("%s must have %d values, got %d" % (field, rank, len(values)))
        if values[0] != 1 or values[-1] != 1:
            raise _conv_error("%s in the batch and depth dimensions must be 1, got %s" % (field, values))
    if (padding == "EXPLICIT") != bool(explicit_paddings):
        raise _conv_error("explicit_paddings must be given exactly when padding is EXPLICIT")
    if explicit_paddings and len(explicit_paddings) != 2 * rank:
        raise _conv_error("explicit_paddings must have %d values, got %d" % (2 * rank, len(explicit_paddings)))
    pairs = [list(explicit_paddings[i:i + 2]) for i in builtins.range(0, len(explicit_paddings), 2)]
    if pairs and (pairs[0] != [0, 0] or pairs[-1] != [0, 0]):
        raise _conv_error("explicit padding in the batch and depth dimensions must be 0, got %s" % (pairs,))
    if data_format == "CHANNELS_FIRST":
        raise _conv_error("the CPU runs only CHANNELS_LAST", errors.UnimplementedError)
    if input.shape[-1] is not None and filter.shape[-2] is not None and input.shape[-1] != filter.shape[-2] * groups:
        raise _conv_error("input depth %d must be the filter's depth %d times groups %d" % (
            input.shape[-1], filter.shape[-2], groups))
    if groups != 1:
        raise _conv_error("the CPU runs no grouped convolutions", errors.UnimplementedError)
    batch_shape = _tfpp.shape(input)[:batch_dims]
    flat = _tfpp.reshape(input, _tfpp.concat([[-1], _tfpp.shape(input)[batch_dims:]], 0))
    if pairs:
        flat, padding = _tfpp.pad(flat, pairs), "VALID"
    output = _nn.convolution(flat, filter, strides=list(strides)[1:-1], padding=padding, dilations=dilations[1:-1])
    return _tfpp.reshape(output, _tfpp.concat([batch_shape, _tfpp.shape(output)[1:]], 0))


def dilation2d(input, filters, strides, padding, data_format, dilations, name=None):  # noqa: A002
    """Grayscale morphological dilation: out[b, y, x, c] = max over (dy, dx) of
    input[b, y*sh + dy*rh, x*sw + dx*rw, c] + filters[dy, dx, c], in SAME or VALID windows
    (tfpp's Dilation2D op)."""
    if data_format != "NHWC":
        raise ValueError("`data_format` must be 'NHWC'. Received: data_format=%s" % data_format)
    return _nn._dilation2d(input, filters, strides, padding, dilations, name)


def erosion2d(value, filters, strides, padding, data_format, dilations, name=None):
    """Grayscale morphological erosion: the negated dilation of -value by the reflected filters."""
    filters = _tfpp.reverse(_tfpp._convert_to_tensor(filters), [0, 1])
    return -dilation2d(-_tfpp._convert_to_tensor(value), filters, strides, padding, data_format, dilations)


def _check_rate(rate):
    if rate < 1:
        raise ValueError("all values of `dilation_rate` must be positive. Received: dilation_rate=[%d %d]" % (rate, rate))


def atrous_conv2d(value, filters, rate, padding, name=None):
    """conv2d with its filter taps `rate` apart (dilated), stride one."""
    _check_rate(rate)
    return _nn.conv2d(value, filters, [1, 1, 1, 1], padding, dilations=[1, rate, rate, 1])


def atrous_conv2d_transpose(value, filters, output_shape, rate, padding, name=None):
    """The transpose of atrous_conv2d (its gradient with respect to the input)."""
    _check_rate(rate)
    return _nn.conv2d_transpose(value, filters, output_shape, [1, 1, 1, 1], padding, dilations=[1, rate, rate, 1])


def batch_norm_with_global_normalization(input, mean, variance, beta, gamma, variance_epsilon,  # noqa: A002
                                         scale_after_normalization, name=None):
    """batch_normalization with gamma applied only when scale_after_normalization."""
    return _nn.batch_normalization(input, mean, variance, beta, gamma if scale_after_normalization else None,
                                   variance_epsilon)


ApproxTopK = collections.namedtuple("ApproxTopK", ["values", "indices"])


def approx_top_k(input, k, reduction_dimension=-1, recall_target=0.95, is_max_k=True,  # noqa: A002
                 reduction_input_size_override=-1, aggregate_to_topk=True, name=None):
    """The k largest entries of the last dimension, as TensorFlow's CPU kernel computes them
    (exactly); the CPU has no kernel for other dimensions or the smallest entries."""
    input = _tfpp._convert_to_tensor(input)  # noqa: A001
    if input.dtype not in (_tfpp.float16, _tfpp.bfloat16, _tfpp.float32):
        raise errors.InvalidArgumentError(None, None, "Value for attr 'T' of %s is not in the list of allowed values: "
                                          "half, bfloat16, float" % input.dtype.name)
    rank = input.shape.rank
    if not is_max_k or reduction_dimension not in (-1, None if rank is None else rank - 1):
        raise errors.NotFoundError(None, None, "Could not find device for node: {{node ApproxTopK}} = ApproxTopK[T=DT_%s, "
                                   "is_max_k=%s, k=%d, reduction_dimension=%d]" % (input.dtype.name.upper(),
                                                                                   str(is_max_k).lower(), k,
                                                                                   reduction_dimension))
    values, indices = _top_k_pair(input, k, True)
    return ApproxTopK(values, indices)


def approx_max_k(operand, k, reduction_dimension=-1, recall_target=0.95, reduction_input_size_override=-1,
                 aggregate_to_topk=True, name=None):
    """approx_top_k of the largest entries."""
    return approx_top_k(operand, k, reduction_dimension, recall_target, True, reduction_input_size_override,
                        aggregate_to_topk)


def approx_min_k(operand, k, reduction_dimension=-1, recall_target=0.95, reduction_input_size_override=-1,
                 aggregate_to_topk=True, name=None):
    """approx_top_k of the smallest entries (no CPU kernel, as in TensorFlow)."""
    return approx_top_k(operand, k, reduction_dimension, recall_target, False, reduction_input_size_override,
                        aggregate_to_topk)


def stateless_dropout(x, rate, seed, rng_alg=None, noise_shape=None, name=None):
    """tf.nn.experimental.stateless_dropout: dropout whose keep/drop draw depends only on `seed`."""
    if rng_alg not in (None, "auto_select", "philox"):
        raise ValueError("tfpp draws stateless numbers with Philox only; got rng_alg=%r" % (rng_alg,))
    if noise_shape is not None:
        noise_shape = [-1 if d is None else int(d) for d in noise_shape]
    return _tfpp.nn._stateless_dropout(x, rate, seed, noise_shape, name)
