"""tf.keras.preprocessing.sequence: pad_sequences, make_sampling_table, skipgrams and
TimeseriesGenerator, Keras' legacy sequence helpers in NumPy and Python."""

import json as _json
import random as _random

import numpy as _np

from ..utils import PyDataset as _PyDataset
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


def skipgrams(sequence, vocabulary_size, window_size=4, negative_samples=1.0, shuffle=True, categorical=False,
              sampling_table=None, seed=None):
    """word2vec's (word, context) pairs of a sequence of word indices labelled 1, and as many times
    negative_samples (word, random word) pairs labelled 0; index 0 is never a word. The draws come
    from Python's `random` in Keras' order, so a seeded `random` gives Keras' pairs."""
    couples, labels = [], []
    positive, negative = ([0, 1], [1, 0]) if categorical else (1, 0)
    for i, word in enumerate(sequence):
        if not word:
            continue
        if sampling_table is not None and sampling_table[word] < _random.random():
            continue  # subsampled away, as frequent words are
        for j in range(max(0, i - window_size), min(len(sequence), i + window_size + 1)):
            if j != i and sequence[j]:
                couples.append([word, sequence[j]])
                labels.append(positive)
    if negative_samples > 0:
        count = int(len(labels) * negative_samples)
        words = [couple[0] for couple in couples]
        _random.shuffle(words)
        couples += [[words[i % len(words)], _random.randint(1, vocabulary_size - 1)] for i in range(count)]
        labels += [negative] * count
    if shuffle:
        if seed is None:
            seed = _random.randint(0, 10_000_000)
        for items in (couples, labels):  # the same permutation for both
            _random.seed(seed)
            _random.shuffle(items)
    return couples, labels


def _json_list(values, what):
    if type(values).__module__ == _np.__name__:
        values = values.tolist()
    try:
        return _json.dumps(values)
    except TypeError as e:
        raise TypeError("%s not JSON Serializable: %s" % (what, values)) from e


class TimeseriesGenerator(_PyDataset):
    """Batches of windows of a series for fit: the sample ending before row t is
    data[t - length : t : sampling_rate] and its target targets[t], for the rows t from
    start_index + length to end_index every `stride` (or drawn at random with `shuffle`)."""

    def __init__(self, data, targets, length, sampling_rate=1, stride=1, start_index=0, end_index=None, shuffle=False,
                 reverse=False, batch_size=128, **kwargs):
        super().__init__(**kwargs)
        if len(data) != len(targets):
            raise ValueError("Data and targets have to be of same length. Data length is %d while target length is %d"
                             % (len(data), len(targets)))
        self.data, self.targets, self.length = data, targets, length
        self.sampling_rate, self.stride = sampling_rate, stride
        self.start_index = start_index + length
        self.end_index = len(data) - 1 if end_index is None else end_index
        self.shuffle, self.reverse, self.batch_size = shuffle, reverse, batch_size
        if self.start_index > self.end_index:
            raise ValueError("`start_index+length=%d > end_index=%d` is disallowed, as no part of the sequence would "
                             "be left to be used as current step." % (self.start_index, self.end_index))

    def __len__(self):
        span = self.batch_size * self.stride
        return (self.end_index - self.start_index + span) // span

    def __getitem__(self, index):
        if self.shuffle:
            rows = _np.random.randint(self.start_index, self.end_index + 1, size=self.batch_size)
        else:
            first = self.start_index + self.batch_size * self.stride * index
            rows = _np.arange(first, min(first + self.batch_size * self.stride, self.end_index + 1), self.stride)
        samples = _np.array([self.data[row - self.length:row:self.sampling_rate] for row in rows])
        targets = _np.array([self.targets[row] for row in rows])
        return (samples[:, ::-1, ...] if self.reverse else samples), targets

    def get_config(self):
        """The generator's arguments, data and targets as JSON text (start_index includes length).
        Keras 3.x gets as far as the JSON checks and then fails, asking PyDataset for a get_config
        it lacks; this returns the keys Keras would have added."""
        config = {"data": _json_list(self.data, "Data"), "targets": _json_list(self.targets, "Targets")}
        config.update(length=self.length, sampling_rate=self.sampling_rate, stride=self.stride,
                      start_index=self.start_index, end_index=self.end_index, shuffle=self.shuffle,
                      reverse=self.reverse, batch_size=self.batch_size)
        return config

    def to_json(self, **kwargs):
        """{"class_name": "TimeseriesGenerator", "config": get_config()} as JSON text."""
        return _json.dumps({"class_name": type(self).__name__, "config": self.get_config()}, **kwargs)
