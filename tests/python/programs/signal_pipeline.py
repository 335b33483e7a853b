"""Complex tensors and tf.signal from Python: an STFT / log-mel / MFCC pipeline on a synthetic
chirp, its inverse, DCTs and gradients, printed as TensorFlow prints them (values rounded so that
the two FFT libraries' last-digit differences do not show)."""
import numpy as np

from harness import show_error, tf


def rounded(t, digits=4):
    """The tensor with its values rounded (complex parts each), printed by TensorFlow's own rules."""
    a = t.numpy()
    if np.iscomplexobj(a):  # + 0.0: a rounding-sized -0 prints as 0
        return tf.constant((np.round(a.real, digits) + 0.0) + 1j * (np.round(a.imag, digits) + 0.0), dtype=t.dtype)
    return tf.constant(np.round(a, digits) + 0.0, dtype=t.dtype)


# Complex numbers and their dtypes.
z = tf.constant([1 + 2j, -0.5 + 0.25j, 3j])
print(z)
print(repr(z))
print(z.dtype, z.dtype.is_complex, z.dtype.real_dtype, tf.complex64.real_dtype, tf.float32.is_complex, tf.complex64.size)
print(tf.constant(1 + 1j, dtype=tf.complex64), repr(tf.constant(2.5 - 1j)))
c = tf.complex(tf.constant([1.0, 2.0]), tf.constant([0.5, -1.5]))
print(c, tf.math.real(c), tf.math.imag(c), tf.math.conj(c))
print(rounded(tf.math.angle(c)), rounded(tf.abs(c)))
print(tf.cast(c, tf.float32), tf.cast(tf.constant([1, 2]), tf.complex128))
print(c * c + 1, rounded(tf.exp(c)), rounded(tf.sqrt(c)), c == c, c != tf.math.conj(c))
print(tf.matmul(tf.reshape(z, [1, 3]), tf.reshape(tf.math.conj(z), [3, 1])))
print(tf.reduce_sum(z), tf.reduce_mean(z), tf.reduce_prod(z))
arr = np.array([[1 + 1j, 2 - 2j]], np.complex64)
t = tf.constant(arr)
print(t, t.numpy().dtype, t.numpy(), type(tf.constant(1j).numpy()).__name__)
show_error("ordering complex numbers", lambda: tf.less(z, z))
show_error("complex into float32", lambda: tf.constant(1j, dtype=tf.float32))

# A chirp and a tone over fixed noise, 2 channels of 4000 samples at 8 kHz. The noise gives every
# mel band energy: the log of a nearly empty band (and the direction of abs's gradient at a
# nearly zero bin) would show the FFT libraries' different rounding.
n = np.arange(4000)
noise = np.random.RandomState(0).standard_normal(4000)
chirp = np.sin(2 * np.pi * (200 + 0.1 * n) * n / 8000) + 0.25 * np.sin(2 * np.pi * 1000 * n / 8000) + 0.1 * noise
signals = tf.constant(np.stack([chirp, 0.5 * chirp[::-1]]), tf.float32)

stfts = tf.signal.stft(signals, frame_length=256, frame_step=128)
print(stfts.shape, stfts.dtype)
spectrograms = tf.abs(stfts)
mel_matrix = tf.signal.linear_to_mel_weight_matrix(num_mel_bins=40, num_spectrogram_bins=stfts.shape[-1],
                                                  sample_rate=8000, lower_edge_hertz=80.0, upper_edge_hertz=3800.0)
print(mel_matrix.shape, rounded(tf.reduce_sum(mel_matrix, 0)[:8]))
mel = tf.tensordot(spectrograms, mel_matrix, 1)
log_mel = tf.math.log(mel + 1e-6)
mfccs = tf.signal.mfccs_from_log_mel_spectrograms(log_mel)[..., :13]
print(mfccs.shape, rounded(mfccs[0, :3, :6], 2))
print(rounded(tf.reduce_mean(mfccs, axis=1), 2))

# The inverse transform with the matching window gives the signal back inside its ends.
inverse = tf.signal.inverse_stft(stfts, 256, 128, window_fn=tf.signal.inverse_stft_window_fn(128))
print(inverse.shape, rounded(tf.reduce_max(tf.abs(inverse[:, 256:-256] - signals[:, 256:inverse.shape[1] - 256])), 3))

# FFT building blocks.
x = tf.constant([[0.0, 1.0, 0.0, -1.0, 0.5, 0.25]])
print(rounded(tf.signal.rfft(x)), rounded(tf.signal.irfft(tf.signal.rfft(x))))
print(rounded(tf.signal.fft(tf.cast(x, tf.complex64))), rounded(tf.signal.fftshift(tf.signal.ifft(tf.cast(x, tf.complex64)))))
print(rounded(tf.signal.rfft2d(tf.reshape(tf.range(12.0), [3, 4]))))
print(tf.signal.frame(tf.range(10), 4, 3), tf.signal.frame(tf.range(10), 4, 3, pad_end=True))
print(tf.signal.overlap_and_add(tf.ones([3, 4]), 2))
print(rounded(tf.signal.hann_window(6)), rounded(tf.signal.hamming_window(5, periodic=False, dtype=tf.float64)))
for kind in (1, 2, 3, 4):
    print(kind, rounded(tf.signal.dct(x, type=kind)), rounded(tf.signal.idct(x, type=kind)))
print(rounded(tf.signal.dct(x, norm="ortho")), rounded(tf.signal.dct(x, n=4)))

# Gradients through the pipeline and through complex arithmetic.
v = tf.Variable(signals[:, :1024])
with tf.GradientTape() as tape:
    s = tf.signal.stft(v, 128, 64)
    loss = tf.reduce_sum(tf.signal.mfccs_from_log_mel_spectrograms(
        tf.math.log(tf.tensordot(tf.abs(s), tf.signal.linear_to_mel_weight_matrix(20, 65), 1) + 1e-3)))
g = tape.gradient(loss, v)
print(g.shape, rounded(g[0, 100:106], 3))
w = tf.Variable([1 + 2j, -1 + 0.5j])
with tf.GradientTape() as tape:
    loss = tf.reduce_sum(tf.abs(w * w + tf.exp(w)))
print(rounded(tape.gradient(loss, w)))
