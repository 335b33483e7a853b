"""tf.random.experimental.index_shuffle: the RandomIndexShuffle op behind the length-2 seed of
TensorFlow's other stateless functions."""

from . import _tfpp

# The word TensorFlow puts before a length-2 seed to make the op's three.
_SEED_PREFIX = 498247692
_random_index_shuffle = _tfpp.random._random_index_shuffle  # tfpp/__init__ moves it to tf.random_index_shuffle


def index_shuffle(index, seed, max_index):
    """The position of `index` in the permutation of [0, max_index] that `seed` (shape [2]) picks."""
    seed = _tfpp.convert_to_tensor(seed)
    # As TensorFlow, the padding goes on the first dimension whatever the seed's rank.
    seed = _tfpp.pad(seed, [[1, 0]] + [[0, 0]] * (len(seed.shape) - 1), constant_values=_SEED_PREFIX)
    return _random_index_shuffle(index, seed, max_index, rounds=4)
