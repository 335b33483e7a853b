"""Helpers the keras.applications conformance programs share: a model's layers, parameter count
and summary as text, weights that keep a deep network's activations in range (the same values in
every library), and its predictions on fixed images, rounded."""

import numpy as np


def set_stable_weights(model):
    """Uniform random kernels (NumPy's legacy generator, the same stream everywhere) scaled by their
    fan-in as He initialization does, positive batch-norm variances and gammas, small offsets."""
    weights = []
    for i, w in enumerate(model.weights):
        shape = tuple(w.shape)
        name = w.path.split("/")[-1]
        noise = np.random.RandomState(i).uniform(-1.0, 1.0, shape)
        if name in ("moving_variance", "variance"):
            value = 1.0 + 0.5 * np.abs(noise)
        elif name == "gamma":
            value = 1.0 + 0.2 * noise
        elif len(shape) >= 2:
            fan_in = int(np.prod(shape[:-2])) if "depthwise" in name else int(np.prod(shape[:-1]))
            value = noise * np.sqrt(6.0 / fan_in)
        else:
            value = 0.1 * noise
        weights.append(value.astype(np.float32))
    model.set_weights(weights)


def images(shape, batch=4):
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


def predictions(model, x):
    """The class each image is given (exact values are compared by keras_applications_exchange.py,
    where one library computes and the other checks with a tolerance)."""
    out = np.asarray(model(x, training=False), dtype=np.float64)
    print("top classes", np.argmax(out.reshape(out.shape[0], -1), axis=-1).tolist())


def show_error(label, fn):
    try:
        fn()
        print(label, "-> no error")
    except Exception as e:  # the class and message must match Keras'
        message = str(e).splitlines()[0] if str(e) else ""
        print(label, "->", type(e).__name__, message.split(" at 0x")[0])  # no function addresses
