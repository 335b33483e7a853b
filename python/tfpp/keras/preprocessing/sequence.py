"""tf.keras.preprocessing.sequence: pad_sequences and make_sampling_table."""

import numpy as _np

from ..utils import pad_sequences  # noqa: F401


def make_sampling_table(size, sampling_factor=1e-5):
    """word2vec's probability of keeping the word of each frequency rank, with frequencies
    following Zipf's law (rank 0 counts as rank 1)."""
    euler_gamma = 0.577  # Keras' rounding of the Euler-Mascheroni constant
    rank = _np.arange(size)
    rank[0] = 1
    inverse_frequency = rank * (_np.log(rank) + euler_gamma) + 0.5 - 1.0 / (12.0 * rank)
    scaled = sampling_factor * inverse_frequency
    return _np.minimum(1.0, scaled / _np.sqrt(scaled))
