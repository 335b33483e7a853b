"""keras.preprocessing.sequence's legacy helpers as TensorFlow 2.21 still has them:
TimeseriesGenerator (length, sampling_rate, stride, start/end indices, reverse, batch_size, seeded
shuffling, multi-feature data and list inputs, the generator in model.fit, get_config's JSON checks)
and skipgrams (windows, negative sampling, categorical labels, sampling tables, shuffling with a
seed: the same pairs as Keras for the same `random` state), with Keras' errors and messages."""
import functools
import random

import numpy as np

from harness import show_error_message, tf
from keras_harness import rounded

sequence = tf.keras.preprocessing.sequence
error = functools.partial(show_error_message, width=120)


def show(label, generator):
    print(label, len(generator), generator.start_index, generator.end_index)
    for i in range(len(generator)):
        x, y = generator[i]
        print("  batch", i, x.shape, x.dtype, x.tolist(), y.tolist())


series = np.arange(20)
targets = np.arange(20) * 10
show("plain", sequence.TimeseriesGenerator(series, targets, length=3, batch_size=5))
show("sampled", sequence.TimeseriesGenerator(series, targets, length=6, sampling_rate=2, stride=3, batch_size=2))
show("window", sequence.TimeseriesGenerator(series, targets, length=2, start_index=4, end_index=12, batch_size=4))
show("reversed", sequence.TimeseriesGenerator(series, targets, length=3, reverse=True, stride=5, batch_size=3))
features = np.stack([np.arange(12.0), np.arange(12.0) ** 2], axis=1)
show("features", sequence.TimeseriesGenerator(features, features[:, 1], length=4, stride=4, batch_size=8))
show("lists", sequence.TimeseriesGenerator(list(range(8)), [[i, -i] for i in range(8)], length=5, batch_size=2))

np.random.seed(3)
shuffled = sequence.TimeseriesGenerator(series, targets, length=4, shuffle=True, batch_size=4)
print("shuffled", len(shuffled), [shuffled[0][1].tolist(), shuffled[0][1].tolist()])
print("past the end", sequence.TimeseriesGenerator(series, targets, length=4, batch_size=8)[5][1].tolist())

generator = sequence.TimeseriesGenerator(series, targets, length=4, batch_size=4, start_index=1, end_index=15)
print("attributes", generator.length, generator.sampling_rate, generator.stride, generator.shuffle,
      generator.reverse, generator.batch_size, isinstance(generator, tf.keras.utils.PyDataset))
error("config of objects", lambda: sequence.TimeseriesGenerator(
    np.array([1j] * 6), np.arange(6), length=2).get_config())
error("config of targets", lambda: sequence.TimeseriesGenerator(
    np.arange(6), [{1, 2}] * 6, length=2).get_config())
error("lengths differ", lambda: sequence.TimeseriesGenerator(series, targets[:5], length=3))
error("nothing left", lambda: sequence.TimeseriesGenerator(series, targets, length=8, start_index=10, end_index=17))

ramp = np.sin(np.arange(40) / 4.0).astype("float32")[:, None]
model = tf.keras.Sequential([tf.keras.Input((5, 1)), tf.keras.layers.Flatten(),
                             tf.keras.layers.Dense(1, kernel_initializer="zeros")])
model.compile(optimizer="sgd", loss="mse")
history = model.fit(sequence.TimeseriesGenerator(ramp, ramp, length=5, batch_size=7), epochs=2, verbose=0,
                    shuffle=False)
print("fit", rounded(history.history["loss"], 4))

words = [1, 2, 3, 0, 4, 2, 5]
couples, labels = sequence.skipgrams(words, vocabulary_size=6, window_size=2, negative_samples=0.0, shuffle=False)
print("positive pairs", couples, labels)
random.seed(10)
couples, labels = sequence.skipgrams(words, vocabulary_size=6, window_size=1, negative_samples=1.0, shuffle=False)
print("negative pairs", couples, labels)
random.seed(10)
couples, labels = sequence.skipgrams(words, vocabulary_size=6, window_size=1, negative_samples=0.5, seed=4)
print("shuffled with seed", couples, labels)
random.seed(2)
couples, labels = sequence.skipgrams(words, vocabulary_size=10, window_size=3, categorical=True)
print("categorical", couples, labels, random.random())
table = sequence.make_sampling_table(6, sampling_factor=0.1)
random.seed(5)
couples, labels = sequence.skipgrams(words, vocabulary_size=6, window_size=1, sampling_table=table, seed=1)
print("sampling table", rounded(table, 4), couples, labels)
print("empty", sequence.skipgrams([0, 0], vocabulary_size=3), sequence.skipgrams([], vocabulary_size=3))
print("padded", sequence.pad_sequences([[1, 2], [3]], maxlen=3).tolist())
