"""tf.signal: the C++ transforms (tfpp._tfpp.signal), with stft / inverse_stft and mdct /
inverse_mdct taking Python window functions as TensorFlow's do (window_fn=None for no window)."""
from ._tfpp import signal as _signal

fft = _signal.fft
ifft = _signal.ifft
fft2d = _signal.fft2d
ifft2d = _signal.ifft2d
fft3d = _signal.fft3d
ifft3d = _signal.ifft3d
rfft = _signal.rfft
irfft = _signal.irfft
rfft2d = _signal.rfft2d
irfft2d = _signal.irfft2d
rfft3d = _signal.rfft3d
irfft3d = _signal.irfft3d
fftshift = _signal.fftshift
ifftshift = _signal.ifftshift
fftnd = _signal.fftnd
ifftnd = _signal.ifftnd
rfftnd = _signal.rfftnd
irfftnd = _signal.irfftnd
frame = _signal.frame
overlap_and_add = _signal.overlap_and_add
hann_window = _signal.hann_window
hamming_window = _signal.hamming_window
kaiser_window = _signal.kaiser_window
kaiser_bessel_derived_window = _signal.kaiser_bessel_derived_window
vorbis_window = _signal.vorbis_window
linear_to_mel_weight_matrix = _signal.linear_to_mel_weight_matrix
mfccs_from_log_mel_spectrograms = _signal.mfccs_from_log_mel_spectrograms
dct = _signal.dct
idct = _signal.idct


def stft(signals, frame_length, frame_step, fft_length=None, window_fn=hann_window, pad_end=False, name=None):
    """The short-time Fourier transform of real signals [..., samples]: [..., frames, fft_length // 2 + 1]."""
    return _signal._stft(signals, frame_length, frame_step, fft_length, window_fn, pad_end)


def inverse_stft(stfts, frame_length, frame_step, fft_length=None, window_fn=hann_window, name=None):
    """The overlap-added, windowed inverse real FFTs of stfts [..., frames, bins]."""
    return _signal._inverse_stft(stfts, frame_length, frame_step, fft_length, window_fn)


def inverse_stft_window_fn(frame_step, forward_window_fn=hann_window, name=None):
    """The window function that makes inverse_stft invert stft with forward_window_fn."""
    def inverse_stft_window_fn_inner(frame_length, dtype):
        return _signal._inverse_stft_window(frame_step, forward_window_fn, frame_length, dtype)
    return inverse_stft_window_fn_inner


def mdct(signals, frame_length, window_fn=vorbis_window, pad_end=False, norm=None, name=None):
    """The modified DCT of frames of real signals [..., samples]: [..., frames, frame_length // 2]."""
    return _signal._mdct(signals, frame_length, window_fn, pad_end, norm)


def inverse_mdct(mdcts, window_fn=vorbis_window, norm=None, name=None):
    """The windowed, overlap-added inverse modified DCTs of mdcts [..., frames, frame_length // 2]."""
    return _signal._inverse_mdct(mdcts, window_fn, norm)
