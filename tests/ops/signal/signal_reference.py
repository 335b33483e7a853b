"""Prints what TensorFlow 2.21's tf.signal gives for the cases of tests/ops/signal/signal_test.cc,
in the format of tests/ops/complex/complex_reference.py (whose helpers it uses)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "complex"))
from complex_reference import case, complex_pattern, grad, real_pattern  # noqa: E402

import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402


def chirp(shape, dtype=tf.float32):
    """sin(0.05 i + 0.002 i^2) + 0.3 cos(0.7 i) along the last axis, plus the row number / 10."""
    n = shape[-1]
    i = np.arange(n, dtype=np.float64)
    row = np.sin(0.05 * i + 0.002 * i * i) + 0.3 * np.cos(0.7 * i)
    rows = int(np.prod(shape[:-1]))
    v = np.stack([row + r / 10.0 for r in range(rows)]).reshape(shape)
    return tf.constant(v, dtype)


def signal_cases():
    s = tf.signal
    z = complex_pattern([2, 8])
    z3 = complex_pattern([2, 4, 6])
    z4 = complex_pattern([2, 3, 4, 5])
    x = real_pattern([3, 10])
    x3 = real_pattern([2, 6, 5])
    x4 = real_pattern([2, 3, 4, 6])
    case("fft", lambda: s.fft(z))
    case("ifft", lambda: s.ifft(z))
    case("fft64", lambda: s.fft(tf.cast(z, tf.complex64)))
    case("fft2d", lambda: s.fft2d(z3))
    case("ifft2d", lambda: s.ifft2d(z3))
    case("fft3d", lambda: s.fft3d(z4))
    case("ifft3d", lambda: s.ifft3d(z4))
    case("rfft", lambda: s.rfft(x))
    case("rfft_crop", lambda: s.rfft(x, [8]))
    case("rfft_pad", lambda: s.rfft(x, [15]))
    case("rfft32", lambda: s.rfft(tf.cast(x, tf.float32)))
    case("irfft", lambda: s.irfft(s.rfft(x)))
    case("irfft_odd", lambda: s.irfft(complex_pattern([3, 6]), [11]))
    case("irfft_crop", lambda: s.irfft(complex_pattern([3, 6]), [6]))
    case("irfft_pad", lambda: s.irfft(complex_pattern([3, 6]), [16]))
    case("rfft2d", lambda: s.rfft2d(x3))
    case("rfft2d_lengths", lambda: s.rfft2d(x3, [4, 8]))
    case("irfft2d", lambda: s.irfft2d(complex_pattern([2, 6, 4])))
    case("irfft2d_lengths", lambda: s.irfft2d(complex_pattern([2, 6, 4]), [5, 7]))
    case("rfft3d", lambda: s.rfft3d(x4))
    case("irfft3d", lambda: s.irfft3d(complex_pattern([2, 3, 4, 4])))
    case("fftshift", lambda: s.fftshift(real_pattern([4, 5])))
    case("fftshift_axis", lambda: s.fftshift(real_pattern([4, 5]), axes=[1]))
    case("ifftshift", lambda: s.ifftshift(real_pattern([4, 5])))
    case("ifftshift_axes", lambda: s.ifftshift(real_pattern([3, 4, 5]), axes=[0, -1]))
    case("frame", lambda: s.frame(real_pattern([2, 20]), 6, 4))
    case("frame_pad_end", lambda: s.frame(real_pattern([2, 20]), 6, 4, pad_end=True, pad_value=-1.0))
    case("frame_axis0", lambda: s.frame(real_pattern([9, 2]), 4, 2, axis=0))
    case("frame_short", lambda: s.frame(real_pattern([3]), 5, 2))
    case("overlap_and_add", lambda: s.overlap_and_add(real_pattern([2, 5, 6]), 4))
    case("overlap_and_add_fast", lambda: s.overlap_and_add(real_pattern([2, 5, 6]), 6))
    case("overlap_and_add_step2", lambda: s.overlap_and_add(real_pattern([3, 7]), 2))
    case("hann", lambda: s.hann_window(8))
    case("hann_symmetric", lambda: s.hann_window(9, periodic=False))
    case("hann64", lambda: s.hann_window(7, dtype=tf.float64))
    case("hann_one", lambda: s.hann_window(1))
    case("hamming", lambda: s.hamming_window(10))
    case("hamming_symmetric", lambda: s.hamming_window(10, periodic=False))
    sig = chirp([2, 200])
    case("stft", lambda: s.stft(sig, 32, 16))
    case("stft_fft_length", lambda: s.stft(sig, 30, 12, fft_length=64))
    case("stft_pad_end", lambda: s.stft(sig, 32, 16, pad_end=True))
    case("stft_hamming", lambda: s.stft(sig, 32, 16, window_fn=s.hamming_window))
    case("stft_no_window", lambda: s.stft(tf.cast(sig, tf.float64), 32, 16, window_fn=None))
    spec = s.stft(sig, 32, 8)
    case("inverse_stft", lambda: s.inverse_stft(spec, 32, 8, window_fn=s.inverse_stft_window_fn(8)))
    case("inverse_stft_default", lambda: s.inverse_stft(spec, 32, 8))
    case("inverse_stft_crop", lambda: s.inverse_stft(s.stft(sig, 20, 10), 20, 10, fft_length=32))
    case("mel", lambda: s.linear_to_mel_weight_matrix())
    case("mel_custom", lambda: s.linear_to_mel_weight_matrix(10, 65, 16000, 20.0, 8000.0, tf.float64))
    case("mel_lower_edge", lambda: s.linear_to_mel_weight_matrix(lower_edge_hertz=-1.0))
    case("mel_edges", lambda: s.linear_to_mel_weight_matrix(lower_edge_hertz=500.0, upper_edge_hertz=100.0))
    case("mel_nyquist", lambda: s.linear_to_mel_weight_matrix(upper_edge_hertz=5000.0))
    log_mel = tf.math.log(tf.matmul(tf.abs(s.stft(sig, 64, 32)), s.linear_to_mel_weight_matrix(16, 33)) + 1e-2)
    case("mfccs", lambda: s.mfccs_from_log_mel_spectrograms(log_mel))
    y = real_pattern([3, 8])
    for t in (1, 2, 3, 4):
        case("dct%d" % t, lambda: s.dct(y, type=t))
        case("idct%d" % t, lambda: s.idct(y, type=t))
        if t != 1:
            case("dct%d_ortho" % t, lambda: s.dct(y, type=t, norm="ortho"))
            case("idct%d_ortho" % t, lambda: s.idct(y, type=t, norm="ortho"))
    case("dct_crop", lambda: s.dct(y, n=5))
    case("dct_pad", lambda: s.dct(y, n=11, norm="ortho"))
    case("dct32", lambda: s.dct(tf.cast(y, tf.float32), type=2))
    case("dct_bad_type", lambda: s.dct(y, type=5))
    case("dct_bad_norm", lambda: s.dct(y, norm="forward"))
    case("dct1_ortho", lambda: s.dct(y, type=1, norm="ortho"))
    # Gradients.
    case("grad_fft", lambda: grad(s.fft, z))
    case("grad_ifft2d", lambda: grad(s.ifft2d, z3))
    case("grad_fft3d", lambda: grad(s.fft3d, z4))
    case("grad_rfft", lambda: grad(s.rfft, x))
    case("grad_rfft_pad", lambda: grad(lambda v: s.rfft(v, [13]), x))
    case("grad_irfft", lambda: grad(lambda v: s.irfft(v), complex_pattern([3, 6])))
    case("grad_irfft_odd", lambda: grad(lambda v: s.irfft(v, [11]), complex_pattern([3, 6])))
    case("grad_rfft2d", lambda: grad(s.rfft2d, x3))
    case("grad_irfft2d", lambda: grad(s.irfft2d, complex_pattern([2, 6, 4])))
    case("grad_stft", lambda: grad(lambda v: tf.abs(s.stft(v, 32, 16)), tf.cast(sig, tf.float64)))
    case("grad_inverse_stft", lambda: grad(lambda v: s.inverse_stft(v, 32, 8), tf.cast(spec, tf.complex128)))
    case("grad_frame_overlap", lambda: grad(lambda v: s.overlap_and_add(s.frame(v, 6, 4) ** 2, 3), real_pattern([2, 20])))
    for t in (1, 2, 3, 4):
        case("grad_dct%d" % t, lambda: grad(lambda v: s.dct(v, type=t), y))
    case("grad_mfccs", lambda: grad(lambda v: s.mfccs_from_log_mel_spectrograms(
        tf.math.log(tf.matmul(tf.abs(s.stft(v, 64, 32)), s.linear_to_mel_weight_matrix(16, 33, dtype=tf.float64)) + 1e-2)),
        tf.cast(sig, tf.float64)))


if __name__ == "__main__":
    signal_cases()
