"""Helpers the keras.applications conformance programs share: a model's layers, parameter count
and summary as text, weights that keep a deep network's activations in range (the same values in
every library), and its predictions on fixed images, rounded."""

import numpy as np


def _pattern(shape, offset, scale, base=0.0):
    size = int(np.prod(shape))
    return (base + scale * np.sin(np.arange(size) * 0.7 + offset)).reshape(shape).astype(np.float32)


def set_stable_weights(model):
    """Kernels scaled by their fan-in, batch-norm variances positive, everything else small."""
    weights = []
    for i, w in enumerate(model.weights):
        shape = tuple(w.shape)
        name = w.path.split("/")[-1]
        if name in ("moving_variance", "variance"):
            weights.append(_pattern(shape, i, 0.2, base=1.0) ** 2)
        elif name == "gamma":
            weights.append(_pattern(shape, i, 0.1, base=1.0))
        elif len(shape) >= 2:
            fan_in = int(np.prod(shape[:-2])) if "depthwise" in name else int(np.prod(shape[:-1]))
            weights.append(_pattern(shape, i, 1.7 / np.sqrt(fan_in)))
        else:
            weights.append(_pattern(shape, i, 0.1))
    model.set_weights(weights)


def images(shape, batch=2):
    """A fixed batch of images with pixel values in [0, 255]."""
    size = batch * int(np.prod(shape))
    return ((np.arange(size) * 37 % 251).reshape((batch,) + tuple(shape))).astype(np.float32)


def describe(model):
    """The model's name, parameter count, layer names and classes, and output shape."""
    print("model", model.name, "params", model.count_params(), "layers", len(model.layers),
          "output", tuple(model.output.shape))
    print(" ".join("%s:%s" % (layer.name, type(layer).__name__) for layer in model.layers))


def summary(model):
    lines = []
    model.summary(print_fn=lambda line, *args, **kwargs: lines.append(line))
    print("\n".join(lines).rstrip("\n"))


def predictions(model, x, decimals=3):
    """The model's outputs on x, divided by their largest magnitude and rounded."""
    out = np.asarray(model(x, training=False), dtype=np.float64)
    scale = np.max(np.abs(out)) or 1.0
    print("predictions", np.round(out / scale, decimals).reshape(out.shape[0], -1)[:, :12].tolist())


def show_error(label, fn):
    try:
        fn()
        print(label, "-> no error")
    except Exception as e:  # the class and message must match Keras'
        message = str(e).splitlines()[0] if str(e) else ""
        print(label, "->", type(e).__name__, message.split(" at 0x")[0])  # no function addresses
