"""keras.ops.nn's convolutions, pooling and dot_product_attention over tfpp.nn. channels_first
inputs are transposed to channels_last and back (TensorFlow's CPU kernels are channels_last)."""

import tfpp as tf

from . import _ops_dtypes as _dtypes
from ._ops_convert import convert_to_tensor, filled_like as _filled_like

_CHANNELS_LAST = {3: "NWC", 4: "NHWC", 5: "NDHWC"}


def _to_channels_last(x, data_format):
    if data_format == "channels_first":
        rank = len(x.shape)
        return tf.transpose(x, [0] + list(range(2, rank)) + [1])
    return x


def _from_channels_last(x, data_format):
    if data_format == "channels_first":
        rank = len(x.shape)
        return tf.transpose(x, [0, rank - 1] + list(range(1, rank - 1)))
    return x


def _data_format(data_format):
    data_format = "channels_last" if data_format is None else data_format.lower()
    if data_format not in ("channels_last", "channels_first"):
        raise ValueError("The `data_format` argument must be one of {'channels_first', 'channels_last'}. Received: "
                         "data_format=%s" % data_format)
    return data_format


def _tuple(value, n):
    return (value,) * n if isinstance(value, int) else tuple(value)


def _check_channels(inputs, kernel):
    if inputs.shape[-1] % kernel.shape[-2] != 0 and kernel.shape[-2] != inputs.shape[-1]:
        raise ValueError("The number of input channels must be evenly divisible by kernel.shape[-2]. Received: "
                         "inputs.shape=%s, kernel.shape=%s" % (tuple(inputs.shape), tuple(kernel.shape)))


def conv(inputs, kernel, strides=1, padding="valid", data_format=None, dilation_rate=1):
    """keras.ops.conv: an N-D convolution, kernel (spatial..., in_channels, out_channels)."""
    data_format = _data_format(data_format)
    inputs = _to_channels_last(convert_to_tensor(inputs), data_format)
    kernel = convert_to_tensor(kernel, inputs.dtype)
    _check_channels(inputs, kernel)
    spatial = len(inputs.shape) - 2
    result = tf.nn.convolution(inputs, kernel, strides=list(_tuple(strides, spatial)), padding=padding.upper(),
                               data_format=_CHANNELS_LAST[len(inputs.shape)],
                               dilations=list(_tuple(dilation_rate, spatial)))
    return _from_channels_last(result, data_format)


def depthwise_conv(inputs, kernel, strides=1, padding="valid", data_format=None, dilation_rate=1):
    """keras.ops.depthwise_conv: 1-D or 2-D, kernel (spatial..., in_channels, multiplier)."""
    data_format = _data_format(data_format)
    inputs = _to_channels_last(convert_to_tensor(inputs), data_format)
    kernel = convert_to_tensor(kernel, inputs.dtype)
    spatial = len(inputs.shape) - 2
    if spatial > 2:
        raise ValueError("`inputs` rank must be 3 (1D conv) or 4 (2D conv). Received: %d." % len(inputs.shape))
    strides, dilation_rate = _tuple(strides, spatial), _tuple(dilation_rate, spatial)
    if spatial == 1:
        inputs, kernel = tf.expand_dims(inputs, 1), tf.expand_dims(kernel, 0)
        strides, dilation_rate = strides * 2, (1,) + dilation_rate
    result = tf.nn.depthwise_conv2d(inputs, kernel, [1, *strides, 1], padding.upper(), data_format="NHWC",
                                    dilations=list(dilation_rate))
    if spatial == 1:
        result = tf.squeeze(result, [1])
    return _from_channels_last(result, data_format)


def separable_conv(inputs, depthwise_kernel, pointwise_kernel, strides=1, padding="valid", data_format=None,
                   dilation_rate=1):
    """keras.ops.separable_conv: a depthwise convolution followed by a 1x1 one."""
    depthwise = depthwise_conv(inputs, depthwise_kernel, strides, padding, data_format, dilation_rate)
    return conv(depthwise, pointwise_kernel, 1, "valid", data_format, 1)


def _transpose_length(length, kernel, padding, output_padding, stride, dilation):
    kernel = kernel + (kernel - 1) * (dilation - 1)
    if output_padding is None:
        return length * stride + max(kernel - stride, 0) if padding == "valid" else length * stride
    pad = kernel // 2 if padding == "same" else 0
    return (length - 1) * stride + kernel - 2 * pad + output_padding


def conv_transpose(inputs, kernel, strides=1, padding="valid", output_padding=None, data_format=None,
                   dilation_rate=1):
    """keras.ops.conv_transpose: 2-D or 3-D, kernel (spatial..., out_channels, in_channels)."""
    data_format = _data_format(data_format)
    inputs = _to_channels_last(convert_to_tensor(inputs), data_format)
    kernel = convert_to_tensor(kernel, inputs.dtype)
    spatial = len(inputs.shape) - 2
    if spatial not in (2, 3):
        raise ValueError("tfpp's keras.ops.conv_transpose takes 2-D or 3-D convolutions; inputs.shape=%s"
                         % (tuple(inputs.shape),))
    strides, dilation_rate = _tuple(strides, spatial), _tuple(dilation_rate, spatial)
    paddings = (None,) * spatial if output_padding is None else _tuple(output_padding, spatial)
    out_spatial = [_transpose_length(inputs.shape[1 + i], kernel.shape[i], padding, paddings[i], strides[i],
                                     dilation_rate[i]) for i in range(spatial)]
    out_shape = [inputs.shape[0], *out_spatial, kernel.shape[-2]]
    transpose = tf.nn.conv2d_transpose if spatial == 2 else tf.nn.conv3d_transpose
    result = transpose(inputs, kernel, out_shape, [1, *strides, 1], padding=padding.upper(),
                       data_format=_CHANNELS_LAST[spatial + 2], dilations=[1, *dilation_rate, 1])
    return _from_channels_last(result, data_format)


def _pool(tf_fn):
    def fn(inputs, pool_size, strides=None, padding="valid", data_format=None):
        data_format = _data_format(data_format)
        inputs = _to_channels_last(convert_to_tensor(inputs), data_format)
        spatial = len(inputs.shape) - 2
        pool_size = _tuple(pool_size, spatial)
        strides = pool_size if strides is None else _tuple(strides, spatial)
        result = tf_fn(inputs, list(pool_size), list(strides), padding.upper(), _CHANNELS_LAST[spatial + 2])
        return _from_channels_last(result, data_format)

    return fn


max_pool = _pool(tf.nn.max_pool)
max_pool.__doc__ = "keras.ops.max_pool: strides default to pool_size."
average_pool = _pool(tf.nn.avg_pool)
average_pool.__doc__ = "keras.ops.average_pool: strides default to pool_size; 'same' padding averages the inside."


def dot_product_attention(query, key, value, bias=None, mask=None, scale=None, is_causal=False,
                          flash_attention=None, attn_logits_soft_cap=None):
    """keras.ops.dot_product_attention: softmax(q k^T * scale + bias, masked) v for inputs
    (batch, length, heads, head_dim); grouped key / value heads are repeated."""
    del attn_logits_soft_cap
    if flash_attention:
        raise ValueError("Flash attention is not supported in tensorflow backend.")
    query, key, value = convert_to_tensor(query), convert_to_tensor(key), convert_to_tensor(value)
    if len(query.shape) != 4:
        raise ValueError("`dot_product_attention` only supports 4D inputs. Received: query.shape=%s, key.shape=%s, "
                         "value.shape=%s." % (tuple(query.shape), tuple(key.shape), tuple(value.shape)))
    dtype = _dtypes.result_type(query.dtype.name, key.dtype.name, value.dtype.name)
    query, key, value = tf.cast(query, dtype), tf.cast(key, dtype), tf.cast(value, dtype)
    query_heads, kv_heads = query.shape[2], key.shape[2]
    if query_heads > kv_heads > 1:
        key = tf.repeat(key, query_heads // kv_heads, axis=2)
        value = tf.repeat(value, query_heads // kv_heads, axis=2)
    if scale is None:
        scale = 1.0 / float(key.shape[-1]) ** 0.5
    logits = tf.cast(tf.einsum("BTNH,BSNH->BNTS", query, key), _dtypes.result_type(dtype, "float32"))
    logits = logits * tf.cast(scale, logits.dtype)
    if bias is not None:
        logits = logits + tf.cast(convert_to_tensor(bias), logits.dtype)
    if mask is not None or is_causal:
        keep = _filled_like(logits, 1, "bool")
        if mask is not None:
            keep = tf.math.logical_and(keep, convert_to_tensor(mask, "bool"))
        if is_causal:
            t, s = logits.shape[2], logits.shape[3]
            causal = tf.linalg.band_part(tf.ones([t, s], "bool"), -1, 0)
            keep = tf.math.logical_and(keep, tf.reshape(causal, [1, 1, t, s]))
        large_negative = (65500.0 if logits.dtype.name == "float16" else 3.38953e38) * -0.7
        logits = tf.where(keep, logits, tf.constant(large_negative, logits.dtype))
    probs = tf.cast(tf.nn.softmax(logits, axis=-1), key.dtype)
    return tf.einsum("BNTS,BSNH->BTNH", probs, value)
