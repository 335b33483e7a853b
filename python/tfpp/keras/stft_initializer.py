"""keras.initializers.STFT: the kernel of a Conv1D computing a short-time Fourier transform (the
real or imaginary part of the DFT, times a window, for a (frame_length, 1, fft_length // 2 + 1)
shape). The windows are SciPy's get_window ones, computed here with NumPy."""

import numpy as _np

# Generalized cosine windows: w[n] = sum_k (-1)^k a_k cos(2 pi k n / (M - 1)), as scipy.signal's.
_COSINE_WINDOWS = {"hann": (0.5, 0.5), "hanning": (0.5, 0.5), "hamming": (0.54, 0.46),
                   "blackman": (0.42, 0.5, 0.08), "boxcar": (1.0,), "rectangular": (1.0,), "ones": (1.0,)}


def get_window(window, length, periodic=False):
    """scipy.signal.get_window(window, length, fftbins=periodic) for the cosine windows."""
    if window not in _COSINE_WINDOWS:
        raise ValueError("Unknown window type.")
    points = length + 1 if periodic else length
    if points == 1:
        return _np.ones(length)
    n = _np.arange(points)
    w = sum((-1) ** k * a * _np.cos(2 * _np.pi * k * n / (points - 1)) for k, a in enumerate(_COSINE_WINDOWS[window]))
    return w[:length]


def make_class(initializer_base):
    """The STFT class over keras.initializers.Initializer."""

    class STFT(initializer_base):
        """keras.initializers.STFT (side "real" or "imag", a window name or array, scaling
        "density", "spectrum" or None, periodic windows)."""

        def __init__(self, side="real", window="hann", scaling="density", periodic=False):
            self._config = {}
            if side not in ["real", "imag"]:
                raise ValueError("side should be 'real' or 'imag', not %s" % side)
            if isinstance(window, str):
                get_window(window, 1)
            if scaling is not None and scaling not in ["density", "spectrum"]:
                raise ValueError("Scaling is invalid, it must be `None`, 'density' or 'spectrum'. Received "
                                 "scaling=%s" % scaling)
            self.side, self.window, self.scaling, self.periodic = side, window, scaling, periodic

        def __call__(self, shape, dtype=None):
            import tfpp as tf
            dtype = getattr(dtype, "name", dtype) or "float32"
            frame_length, _, fft_length = shape
            freq = _np.arange(fft_length).reshape(1, 1, fft_length) / ((fft_length - 1) * 2)
            time = _np.arange(frame_length).reshape(frame_length, 1, 1)
            args = -2 * time * freq * _np.pi
            kernel = _np.cos(args) if self.side == "real" else _np.sin(args)
            if self.window is not None:
                win = self.window
                if isinstance(win, str):
                    win = get_window(win, frame_length, self.periodic)
                win = _np.asarray(win, dtype=_np.float64)
                if win.ndim != 1 or win.shape[-1] != frame_length:
                    raise ValueError("The shape of `window` must be equal to [frame_length].Received: window "
                                     "shape=%s" % (win.shape,))
                win = win.reshape(frame_length, 1, 1)
                scaling = 1.0
                if self.scaling == "density":
                    scaling = _np.sqrt(_np.sum(_np.square(win)))
                elif self.scaling == "spectrum":
                    scaling = _np.sum(_np.abs(win))
                kernel = kernel * win / scaling
            return tf.constant(kernel, dtype=dtype)

        def get_config(self):
            return {"side": self.side, "window": self.window, "periodic": self.periodic, "scaling": self.scaling}

        def _serialized(self):
            raise TypeError("tfpp's layers do not take the STFT initializer (its kernel is made in Python); "
                            "initialize the weight with STFT()(shape) and set_weights instead")

    STFT.__module__ = "tfpp.keras.initializers"
    return STFT
