"""complex64 / complex128 and tf.signal: arithmetic and the elementwise math TensorFlow registers
for complex numbers, building and taking apart (tf.complex, real, imag, conj, angle, abs), casts,
matmul, reductions and array ops on complex tensors, printing, ordering comparisons (errors); the
Fourier transforms (fft/ifft 1-3D, rfft/irfft 1-3D with cropping and padding fft_length),
fftshift, frame, overlap_and_add, windows, stft / inverse_stft, mel matrices, MFCCs and DCTs 1-4.
Gradients (TensorFlow's conjugate convention) on most cases.

Tolerance: 16 ulps at the scale of the inputs and outputs (SCALED); 64 for the mel matrices. The complex transcendental
functions are libstdc++'s here and Eigen's / the C library's in TensorFlow, each within a few ulps;
the transforms are kissfft (Eigen's FFT module) here and DUCC in TensorFlow, whose roundings differ
by a few ulps of the largest magnitude times log2 of the length. Gradients chain two or three
such results: 64 ulps."""

import numpy as np

from case import DT, Case, T, ramp

ULPS = 16
GRAD_ULPS = 64
SCALED = True

# The mel matrices divide differences of logarithms (the mel scale) by small differences: tfpp's
# vectorized log and TensorFlow's differ by an ulp, which the divisions magnify to tens of ulps.
MEL_ULPS = 64
COMPLEX = ["complex64", "complex128"]
NO_3D_GRADIENT = "TensorFlow registers no gradient for RFFT3D / IRFFT3D (LookupError); tfpp's is TensorFlow's 1-D and 2-D formula in three dimensions"


def cramp(shape, dtype="complex128", seed=0):
    """Deterministic complex values: two ramps as the real and imaginary parts."""
    real = "float32" if dtype == "complex64" else "float64"
    re = ramp(shape, real, 0.25, 0.125 * seed)
    im = ramp(shape, real, 0.125, 0.0625 * (seed + 1))[::-1] if shape else ramp(shape, real, 0.125, 0.0625)
    return (re + 1j * np.asarray(im).reshape(re.shape)).astype(dtype)


def signal(n, dtype="float32", rows=2):
    i = np.arange(n)
    base = np.sin(0.05 * i + 0.002 * i * i) + 0.3 * np.cos(0.7 * i)
    return np.stack([base + r / 10.0 for r in range(rows)]).astype(dtype)


def cases():
    out = []
    for d in COMPLEX:
        a, b = cramp((2, 3), d, 1), cramp((2, 3), d, 2)
        for fn in ["add", "subtract", "multiply", "divide", "pow", "squared_difference", "xlogy", "xdivy",
                   "divide_no_nan", "multiply_no_nan"]:
            out.append(Case(f"tf.math.{fn}", [a, b], grad=fn not in ("squared_difference",)))
        out.append(Case("tf.math.add", [a, cramp((3,), d, 3)], grad=True, note="broadcasting"))
        out.append(Case("tf.math.multiply", [cramp((), d, 1), a], grad=True, note="scalar"))
        out.append(Case("tf.math.equal", [a, a]))
        out.append(Case("tf.math.not_equal", [a, b]))
        for fn in ["negative", "sign", "square", "sqrt", "rsqrt", "reciprocal", "exp", "expm1", "log", "log1p", "sin",
                   "cos", "tan", "sinh", "cosh", "tanh", "asin", "acos", "atan", "asinh", "acosh", "atanh", "sigmoid",
                   "abs", "real", "imag", "conj", "angle"]:
            out.append(Case(f"tf.math.{fn}", [a], grad=fn != "sign"))
        out.append(Case("tf.math.exp", [T([], d, (0, 2))], note="empty"))
        for fn in ["less", "greater", "maximum", "minimum", "floor", "floormod"]:
            inputs = [a] if fn == "floor" else [a, b]
            out.append(Case(f"tf.math.{fn}", inputs, note="no complex kernel in TensorFlow"))
        out.append(Case("tf.cast", [a], {"dtype": DT("float32")}, grad=True))
        out.append(Case("tf.cast", [a], {"dtype": DT("int32")}))
        out.append(Case("tf.cast", [a], {"dtype": DT("bool")}))
        out.append(Case("tf.cast", [a], {"dtype": DT("complex64" if d == "complex128" else "complex128")}, grad=True))
        out.append(Case("tf.linalg.matmul", [a, cramp((3, 2), d, 4)], grad=True))
        out.append(Case("tf.linalg.matmul", [cramp((2, 2, 3), d, 5), cramp((3, 4), d, 6)], grad=True, note="batched"))
        out.append(Case("tf.math.reduce_sum", [cramp((2, 3, 4), d)], {"axis": [0, 2]}, grad=True))
        out.append(Case("tf.math.reduce_prod", [a], {"axis": 1, "keepdims": True}, grad=True))
        out.append(Case("tf.math.reduce_mean", [a], grad=True))
        out.append(Case("tf.math.cumsum", [a], {"axis": 1}, grad=True))
        out.append(Case("tf.math.cumprod", [a], {"axis": 1, "exclusive": True}, grad=True))
        out.append(Case("tf.where", [T([True, False, True], "bool"), a, b], grad=True))
        out.append(Case("tf.transpose", [cramp((2, 3, 4), d)], {"perm": [2, 0, 1]}, grad=True))
        out.append(Case("tf.gather", [a, T([2, 0], "int32")], {"axis": 1}, grad=True))
        out.append(Case("tf.reshape", [a], {"shape": [3, 2]}, grad=True))
        out.append(Case("tf.tile", [a], {"multiples": [2, 1]}, grad=True))
        out.append(Case("tf.pad", [a], {"paddings": [[1, 0], [0, 2]]}, grad=True))
        out.append(Case("tf.reverse", [a], {"axis": [1]}, grad=True))
        out.append(Case("tf.zeros_like", [a]))
    for d in ["float32", "float64"]:
        x, y = ramp((2, 3), d), ramp((2, 3), d, 0.125, 0.5)
        out.append(Case("tf.complex", [x, y], grad=True))
        out.append(Case("tf.complex", [x, ramp((), d, 1.0, 2.0)], grad=True, note="broadcasting"))
        out.append(Case("tf.cast", [x], {"dtype": DT("complex64")}, grad=True))
        out.append(Case("tf.math.angle", [x], note="of real numbers: pi where negative"))
        out.append(Case("tf.math.imag", [x]))
    out.append(Case("tf.complex", [ramp((2,), "float32"), ramp((2,), "float64")], note="mixed dtypes"))
    out.append(Case("tf.complex", [T([1, 2], "int32"), T([3, 4], "int32")], note="integers"))
    out.append(Case("tf.identity", [T([1 + 2j, -3.5 - 4j, 0.25 + 1e-3j], "complex64")], note="printing"))
    out.append(Case("tf.identity", [T([[1 + 2j, 3], [np.nan, complex(1, np.inf)]], "complex128")], note="printing"))
    out.append(Case("tf.identity", [T([1e10 + 1j, 2], "complex128")], note="printing"))
    out.append(Case("tf.identity", [T(1 + 2j, "complex128")], note="printing"))
    out.append(Case("tf.identity", [T(-2j, "complex64")], note="printing"))
    # tf.signal.
    for d in COMPLEX:
        z = cramp((2, 8), d)
        for fn in ["fft", "ifft"]:
            out.append(Case(f"tf.signal.{fn}", [z], grad=True))
            out.append(Case(f"tf.signal.{fn}", [cramp((3, 7), d, 1)], grad=True, note="odd length"))
        for fn in ["fft2d", "ifft2d"]:
            out.append(Case(f"tf.signal.{fn}", [cramp((2, 4, 6), d)], grad=True))
        for fn in ["fft3d", "ifft3d"]:
            out.append(Case(f"tf.signal.{fn}", [cramp((2, 3, 4, 5), d)], grad=True))
        out.append(Case("tf.signal.irfft", [cramp((3, 6), d)], grad=True))
        out.append(Case("tf.signal.irfft", [cramp((3, 6), d)], {"fft_length": [11]}, grad=True))
        out.append(Case("tf.signal.irfft", [cramp((3, 6), d)], {"fft_length": [16]}, note="padded spectrum"))
        out.append(Case("tf.signal.irfft", [cramp((3, 6), d)], {"fft_length": [6]}, note="cropped spectrum"))
        out.append(Case("tf.signal.irfft2d", [cramp((2, 6, 4), d)], grad=True))
        out.append(Case("tf.signal.irfft2d", [cramp((2, 6, 4), d)], {"fft_length": [5, 7]}))
        out.append(Case("tf.signal.irfft3d", [cramp((2, 3, 4, 4), d)], grad=True, deviation=NO_3D_GRADIENT))
        out.append(Case("tf.signal.rfft", [z], note="complex input"))
    for d in ["float32", "float64"]:
        x = ramp((3, 10), d)
        out.append(Case("tf.signal.rfft", [x], grad=True))
        out.append(Case("tf.signal.rfft", [x], {"fft_length": [8]}, note="cropped"))
        out.append(Case("tf.signal.rfft", [x], {"fft_length": [15]}, grad=True, note="padded"))
        out.append(Case("tf.signal.rfft2d", [ramp((2, 6, 5), d)], grad=True))
        out.append(Case("tf.signal.rfft2d", [ramp((2, 6, 5), d)], {"fft_length": [4, 8]}))
        out.append(Case("tf.signal.rfft3d", [ramp((2, 3, 4, 6), d)], grad=True, deviation=NO_3D_GRADIENT))
        out.append(Case("tf.signal.fft", [x], note="real input"))
        out.append(Case("tf.signal.fftshift", [ramp((4, 5), d)], grad=True))
        out.append(Case("tf.signal.fftshift", [ramp((4, 5), d)], {"axes": [1]}, grad=True))
        out.append(Case("tf.signal.ifftshift", [ramp((3, 4, 5), d)], {"axes": [0, -1]}, grad=True))
        sig = ramp((2, 20), d)
        out.append(Case("tf.signal.frame", [sig], {"frame_length": 6, "frame_step": 4}, grad=True))
        out.append(Case("tf.signal.frame", [sig], {"frame_length": 6, "frame_step": 4, "pad_end": True,
                                                   "pad_value": -1.0}, grad=True))
        out.append(Case("tf.signal.frame", [ramp((9, 2), d)], {"frame_length": 4, "frame_step": 2, "axis": 0}, grad=True))
        out.append(Case("tf.signal.frame", [ramp((3,), d)], {"frame_length": 5, "frame_step": 2}, note="too short"))
        out.append(Case("tf.signal.overlap_and_add", [ramp((2, 5, 6), d)], {"frame_step": 4}, grad=True))
        out.append(Case("tf.signal.overlap_and_add", [ramp((2, 5, 6), d)], {"frame_step": 6}, grad=True))
        out.append(Case("tf.signal.overlap_and_add", [ramp((3, 7), d)], {"frame_step": 2}, grad=True))
        out.append(Case("tf.signal.hann_window", [], {"window_length": 8, "dtype": DT(d)}))
        out.append(Case("tf.signal.hann_window", [], {"window_length": 9, "periodic": False, "dtype": DT(d)}))
        out.append(Case("tf.signal.hann_window", [], {"window_length": 1, "dtype": DT(d)}))
        out.append(Case("tf.signal.hamming_window", [], {"window_length": 10, "dtype": DT(d)}))
        out.append(Case("tf.signal.hamming_window", [], {"window_length": 7, "periodic": False, "dtype": DT(d)}))
        s = signal(200, d)
        out.append(Case("tf.signal.stft", [s], {"frame_length": 32, "frame_step": 16}, grad=True))
        out.append(Case("tf.signal.stft", [s], {"frame_length": 30, "frame_step": 12, "fft_length": 64}, grad=True))
        out.append(Case("tf.signal.stft", [s], {"frame_length": 32, "frame_step": 16, "pad_end": True}))
        spec = np.fft.rfft(signal(32 * 8, d).reshape(2, 8, 32) * np.hanning(33)[:32], axis=-1)
        spec = spec.astype("complex64" if d == "float32" else "complex128")
        out.append(Case("tf.signal.inverse_stft", [spec], {"frame_length": 32, "frame_step": 8}, grad=True))
        out.append(Case("tf.signal.inverse_stft", [spec], {"frame_length": 20, "frame_step": 10, "fft_length": 32}))
        out.append(Case("tf.signal.linear_to_mel_weight_matrix", [], {"dtype": DT(d)}, ulps=MEL_ULPS))
        out.append(Case("tf.signal.linear_to_mel_weight_matrix", [], {"num_mel_bins": 10, "num_spectrogram_bins": 65,
                                                                      "sample_rate": 16000, "lower_edge_hertz": 20.0,
                                                                      "upper_edge_hertz": 8000.0, "dtype": DT(d)},
                        ulps=MEL_ULPS))
        log_mel = ramp((2, 5, 16), d, 0.5, -1.0)
        out.append(Case("tf.signal.mfccs_from_log_mel_spectrograms", [log_mel], grad=True))
        y = ramp((3, 8), d)
        for t in (1, 2, 3, 4):
            out.append(Case("tf.signal.dct", [y], {"type": t}, grad=True))
            out.append(Case("tf.signal.idct", [y], {"type": t}, grad=True))
            if t != 1:
                out.append(Case("tf.signal.dct", [y], {"type": t, "norm": "ortho"}, grad=True))
        out.append(Case("tf.signal.dct", [y], {"n": 5}, grad=True))
        out.append(Case("tf.signal.dct", [y], {"n": 11, "norm": "ortho"}, grad=True))
    y = ramp((3, 8), "float32")
    out.append(Case("tf.signal.dct", [y], {"type": 5}, note="unknown type"))
    out.append(Case("tf.signal.dct", [y], {"norm": "forward"}, note="unknown norm"))
    out.append(Case("tf.signal.dct", [y], {"type": 1, "norm": "ortho"}, note="no ortho for type 1"))
    out.append(Case("tf.signal.dct", [y], {"axis": 0}, note="only axis -1"))
    out.append(Case("tf.signal.linear_to_mel_weight_matrix", [], {"lower_edge_hertz": -1.0}))
    out.append(Case("tf.signal.linear_to_mel_weight_matrix", [], {"lower_edge_hertz": 500.0, "upper_edge_hertz": 100.0}))
    out.append(Case("tf.signal.linear_to_mel_weight_matrix", [], {"upper_edge_hertz": 5000.0}))
    out.append(Case("tf.signal.linear_to_mel_weight_matrix", [], {"num_mel_bins": 0}))
    out.append(Case("tf.signal.fft2d", [cramp((4,))], note="rank below 2"))
    return out
