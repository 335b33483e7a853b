"""tf.audio: 16-bit PCM WAV files decoded to float32 [samples, channels] and encoded back."""

import collections as _collections

from . import _tfpp

DecodeWav = _collections.namedtuple("DecodeWav", ["audio", "sample_rate"])


def decode_wav(contents, desired_channels=-1, desired_samples=-1, name=None):
    """The samples of a WAV file in [-1, 1) and its sample rate: DecodeWav(audio, sample_rate)."""
    return DecodeWav(*_tfpp._io.decode_wav(contents, desired_channels, desired_samples, name))


def encode_wav(audio, sample_rate, name=None):
    """float32 [samples, channels] audio as a 16-bit WAV file (a scalar string)."""
    return _tfpp._io.encode_wav(audio, sample_rate, name)
