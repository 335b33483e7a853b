"""keras.ops' adaptive pooling (PyTorch's windows: output i covers [floor(i n / m), ceil((i + 1) n / m))),
stft / istft over tfpp.signal, jvp (forward-mode products through two reverse-mode passes), einops' rearrange, and
PyTorch's unfold / fold."""

import math as _math
import re as _re

import tfpp as tf

from ._ops_convert import convert_to_tensor, dtype_name as _name
from ._ops_nn_conv import _data_format, _from_channels_last, _to_channels_last


def _adaptive(reduce_fn):
    def fn(inputs, output_size, data_format=None):
        data_format = _data_format(data_format)
        x = _to_channels_last(convert_to_tensor(inputs), data_format)
        spatial = len(x.shape) - 2
        sizes = (output_size,) * spatial if isinstance(output_size, int) else tuple(output_size)
        if len(sizes) != spatial:
            raise ValueError("`output_size` must have %d values for inputs of shape %s. Received: output_size=%s"
                             % (spatial, tuple(x.shape), output_size))
        # Pooling is separable: each spatial axis in turn, one window per output position.
        for axis, out in zip(range(1, spatial + 1), sizes):
            n = x.shape[axis]
            windows = []
            for i in range(out):
                start, end = (i * n) // out, _math.ceil((i + 1) * n / out)
                windows.append(reduce_fn(tf.gather(x, list(range(start, end)), axis=axis), axis=axis, keepdims=True))
            x = tf.concat(windows, axis=axis)
        return _from_channels_last(x, data_format)

    return fn


adaptive_average_pool = _adaptive(tf.math.reduce_mean)
adaptive_average_pool.__doc__ = "keras.ops.adaptive_average_pool: the mean of each adaptive window."
adaptive_max_pool = _adaptive(tf.math.reduce_max)
adaptive_max_pool.__doc__ = "keras.ops.adaptive_max_pool: the max of each adaptive window."


def stft(x, sequence_length, sequence_stride, fft_length, window="hann", center=True):
    """keras.ops.stft: (real, imag) of the short-time Fourier transform over the last axis, the
    signal reflect-padded by fft_length // 2 when centered and the window zero-padded to fft_length."""
    x = convert_to_tensor(x)
    if _name(x) not in ("float32", "float64"):
        raise TypeError("Invalid input type. Expected `float32` or `float64`. Received: input type=%s" % _name(x))
    if fft_length < sequence_length:
        raise ValueError("`fft_length` must equal or larger than `sequence_length`. Received: sequence_length=%s, "
                         "fft_length=%s" % (sequence_length, fft_length))
    if isinstance(window, str) and window not in ("hann", "hamming"):
        raise ValueError('If a string is passed to `window`, it must be one of `"hann"`, `"hamming"`. Received: '
                         'window=%s' % window)
    if center:
        pads = [[0, 0]] * (len(x.shape) - 1) + [[fft_length // 2, fft_length // 2]]
        x = tf.pad(x, pads, mode="REFLECT")
    left = (fft_length - sequence_length) // 2
    right = fft_length - sequence_length - left
    window_fn = None
    if window is not None:
        if isinstance(window, str):
            make = tf.signal.hann_window if window == "hann" else tf.signal.hamming_window
            values = make(sequence_length, periodic=True, dtype=x.dtype)
        else:
            values = convert_to_tensor(window, x.dtype)
        if len(values.shape) != 1 or values.shape[-1] != sequence_length:
            raise ValueError("The shape of `window` must be equal to [sequence_length].Received: window shape=%s"
                             % (tuple(values.shape),))
        values = tf.pad(values, [[left, right]])
        window_fn = lambda frame_length, dtype: values  # noqa: E731 - stft's window_fn(frame_length, dtype)
    result = tf.signal.stft(x, fft_length, sequence_stride, fft_length=fft_length, window_fn=window_fn)
    return tf.math.real(result), tf.math.imag(result)


def jvp(fun, primals, tangents, has_aux=False):
    """keras.ops.jvp: (fun(*primals), its Jacobian times tangents[, aux]); the product comes from
    differentiating the vector-Jacobian product with respect to its cotangent."""
    primal_flat = [convert_to_tensor(p) for p in tf.nest.flatten(primals)]
    tangent_flat = [tf.cast(convert_to_tensor(t), p.dtype) for t, p in zip(tf.nest.flatten(tangents), primal_flat)]
    with tf.GradientTape(persistent=True) as outer:
        with tf.GradientTape() as inner:
            for p in primal_flat:
                inner.watch(p)
            result = fun(*tf.nest.pack_sequence_as(primals, primal_flat))
            out, aux = result if has_aux else (result, None)
            out_flat = [convert_to_tensor(o) for o in tf.nest.flatten(out)]
        cotangents = [tf.zeros_like(o) for o in out_flat]
        for c in cotangents:
            outer.watch(c)
        vjp = inner.gradient(out_flat, primal_flat, output_gradients=cotangents,
                             unconnected_gradients=tf.UnconnectedGradients.ZERO)
    products = outer.gradient(vjp, cotangents, output_gradients=tangent_flat,
                              unconnected_gradients=tf.UnconnectedGradients.ZERO)
    tangents_out = tf.nest.pack_sequence_as(out, products)
    return (out, tangents_out, aux) if has_aux else (out, tangents_out)



def _pattern_axes(side):
    """'b (h w) c' as [['b'], ['h', 'w'], ['c']]."""
    return [group.strip("()").split() for group in _re.findall(r"\w+|\(.*?\)", side)]


def rearrange(tensor, pattern, **axes_lengths):
    """keras.ops.rearrange: einops' rearrange ('b h w c -> b (h w) c', 'b (h1 h) w -> ...' with
    h1=2): axes split, transposed and merged."""
    x = convert_to_tensor(tensor)
    source, target = _re.split(r"\s*->\s*", pattern)
    source_groups, target_groups = _pattern_axes(source), _pattern_axes(target)
    sizes = dict(axes_lengths)
    for group, dim in zip(source_groups, x.shape):
        unknown = [a for a in group if a not in sizes]
        if len(group) == 1 and unknown:
            sizes[group[0]] = dim
        elif unknown:
            known = 1
            for a in group:
                known *= sizes.get(a, 1)
            sizes[unknown[0]] = dim // known
    source_axes = [a for group in source_groups for a in group]
    x = tf.reshape(x, [sizes[a] for a in source_axes])
    x = tf.transpose(x, perm=[source_axes.index(a) for group in target_groups for a in group])
    merged = []
    for group in target_groups:
        size = 1
        for a in group:
            size *= sizes[a]
        merged.append(size)
    return tf.reshape(x, merged)


def _pair(value):
    return (value, value) if isinstance(value, int) else tuple(value)


def unfold(x, kernel_size, dilation=1, padding=0, stride=1):
    """keras.ops.unfold: PyTorch's Unfold, the sliding blocks of an NCHW batch as
    (N, C * kH * kW, blocks)."""
    x = convert_to_tensor(x)
    if len(x.shape) != 4:
        raise ValueError("Input must be a 4D tensor (N, C, H, W). Received: input.shape=%s" % (tuple(x.shape),))
    (kh, kw), (dh, dw), (ph, pw), (sh, sw) = _pair(kernel_size), _pair(dilation), _pair(padding), _pair(stride)
    n, c = x.shape[0], x.shape[1]
    x = tf.pad(x, [[0, 0], [0, 0], [ph, ph], [pw, pw]])
    patches = tf.image.extract_patches(tf.transpose(x, [0, 2, 3, 1]), sizes=[1, kh, kw, 1], strides=[1, sh, sw, 1],
                                       rates=[1, dh, dw, 1], padding="VALID")
    rows, cols = patches.shape[1], patches.shape[2]
    patches = tf.transpose(tf.reshape(patches, [n, rows, cols, kh, kw, c]), [0, 5, 3, 4, 1, 2])
    return tf.reshape(patches, [n, c * kh * kw, rows * cols])


def fold(x, output_size, kernel_size, dilation=1, padding=0, stride=1):
    """keras.ops.fold: PyTorch's Fold, the sum of the blocks back into (N, C, H, W): unfold's
    transpose, computed as the gradient of <unfold(image), x> with respect to the image."""
    x = convert_to_tensor(x)
    if len(x.shape) != 3:
        raise ValueError("Input must be a 3D tensor (N, C * kH * kW, L). Received: input.shape=%s"
                         % (tuple(x.shape),))
    kh, kw = _pair(kernel_size)
    height, width = _pair(output_size)
    image = tf.zeros([x.shape[0], x.shape[1] // (kh * kw), height, width], x.dtype)
    with tf.GradientTape() as tape:
        tape.watch(image)
        blocks = unfold(image, kernel_size, dilation, padding, stride)
    return tape.gradient(blocks, image, output_gradients=x)


def istft(x, sequence_length, sequence_stride, fft_length, length=None, window="hann", center=True):
    """keras.ops.istft: the signal of an stft's (real, imag), by tfpp.signal.inverse_stft with the
    window's dual; the centering padding removed (or the result cut to `length`)."""
    from ._ops_numpy_bits import _complex_pair

    spectrum = _complex_pair(x)
    dtype = tf.math.real(spectrum).dtype
    frames = spectrum.shape[-2]
    left = (fft_length - sequence_length) // 2
    right = fft_length - sequence_length - left
    window_fn = None
    if window is not None:
        if isinstance(window, str):
            make = tf.signal.hann_window if window == "hann" else tf.signal.hamming_window
            values = make(sequence_length, periodic=True, dtype=dtype)
        else:
            values = convert_to_tensor(window, dtype)
        if len(values.shape) != 1 or values.shape[-1] != sequence_length:
            raise ValueError("The shape of `window` must be equal to [sequence_length].Received: window shape=%s"
                             % (tuple(values.shape),))
        values = tf.pad(values, [[left, right]])
        window_fn = tf.signal.inverse_stft_window_fn(sequence_stride, lambda frame_length, dtype: values)
    signal = tf.signal.inverse_stft(spectrum, fft_length, sequence_stride, fft_length=fft_length, window_fn=window_fn)
    start = fft_length // 2 if center else 0
    if length is not None:
        end = start + length
    elif center:
        end = signal.shape[-1] - fft_length // 2
    else:
        end = fft_length + sequence_stride * (frames - 1)
    return signal[..., start:end]
