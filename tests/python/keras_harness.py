"""Helpers the Keras conformance programs share: deterministic weights and rounded histories, so
Keras 3 and tfpp print the same text."""

import numpy as np


def rounded(values, decimals=4):
    return np.round(np.asarray(values, dtype=np.float64), decimals).tolist()


def history_text(history):
    return {name: rounded(values) for name, values in sorted(history.history.items())}


def fixed_weights(layer_or_model):
    """Sets every weight to a fixed cosine pattern (independent of initializers and seeds)."""
    weights = []
    for i, w in enumerate(layer_or_model.get_weights()):
        size = int(np.prod(w.shape))
        weights.append((np.cos(np.arange(size) * 0.9 + i) * 0.4).reshape(w.shape).astype(np.float32))
    layer_or_model.set_weights(weights)
