"""Helpers the Keras conformance programs share: deterministic weights, rounded histories and
progress bars with their times masked, so Keras 3 and tfpp print the same text."""

import contextlib
import io
import re

import numpy as np


def rounded(values, decimals=4):
    return np.round(np.asarray(values, dtype=np.float64), decimals).tolist()


def masked_bar(fn):
    """What fn() prints, with the progress bar's times masked and only its final bars kept."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        result = fn()
    text = re.sub(r"\d+(\.\d+)?(ms|us|s)(/step)?", "<time>", out.getvalue())
    final = [line.split("\r")[-1].rstrip("\x08 ") for line in text.split("\n")]
    return "\n".join(line for line in final if line), result


def history_text(history):
    return {name: rounded(values) for name, values in sorted(history.history.items())}


def patterned_weights(layer_or_model, wave, step, scale):
    """Sets weight i to scale * wave(k * step + i) over its flat index k: the same values in every
    library, whatever its initializers and seeds."""
    weights = []
    for i, w in enumerate(layer_or_model.get_weights()):
        size = int(np.prod(w.shape))
        weights.append((wave(np.arange(size) * step + i) * scale).reshape(w.shape).astype(np.float32))
    layer_or_model.set_weights(weights)


def fixed_weights(layer_or_model):
    """A cosine pattern of weights."""
    patterned_weights(layer_or_model, np.cos, 0.9, 0.4)


def deterministic_weights(model):
    """A sine pattern of weights."""
    patterned_weights(model, np.sin, 0.7, 0.5)
