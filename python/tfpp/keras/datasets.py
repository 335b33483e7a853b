"""tf.keras.datasets: Fashion-MNIST read from the Debian package dataset-fashion-mnist, as tfpp's
C++ keras::datasets reads it (no download), as Keras returns it: uint8 NumPy arrays."""

import types as _types

import numpy as _np

from .. import _tfpp


def _load_fashion_mnist():
    """((x_train, y_train), (x_test, y_test)): images [N, 28, 28] and labels [N], uint8."""
    (x_train, y_train), (x_test, y_test) = _tfpp.keras.fashion_mnist_load_data()
    return tuple((_np.asarray(x), _np.asarray(y)) for x, y in ((x_train, y_train), (x_test, y_test)))


fashion_mnist = _types.ModuleType(__name__ + ".fashion_mnist", "keras.datasets.fashion_mnist")
fashion_mnist.load_data = _load_fashion_mnist
