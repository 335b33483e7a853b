"""What every application does around its layers: check the `weights` argument, make the input,
name the model after its source inputs, and load a local weights file.

Note [Pretrained weights]: Keras downloads its ImageNet weights (legacy HDF5 files keyed by layer
name). tfpp has no network access and its loader reads Keras 3 `.weights.h5` files (what
`model.save_weights` writes), so `weights="imagenet"` raises an error saying how to convert Keras'
files, and `weights=` a local `.weights.h5` path loads it."""

import os as _os

from .. import backend as _backend
from .. import config as _config
from .. import layers as _layers
from .. import models as _models


WEIGHTS_MESSAGE = ("The `weights` argument should be either `None` (random initialization), 'imagenet' "
                   "(pre-training on ImageNet), or the path to the weights file to be loaded.  Received: "
                   "weights=%s")
CLASSES_MESSAGE = ("If using `weights='imagenet'` with `include_top=True`, `classes` should be 1000.  "
                   "Received classes=%s")


def check_weights(weights, include_top, classes, weights_message=WEIGHTS_MESSAGE, classes_message=CLASSES_MESSAGE):
    """Keras' checks of `weights` and `classes` (each family words its messages a little differently)."""
    if not (weights in {"imagenet", None} or _os.path.exists(weights)):
        raise ValueError(_formatted(weights_message, weights))
    if weights == "imagenet" and include_top and classes != 1000:
        raise ValueError(_formatted(classes_message, classes))


def _formatted(message, value):
    return message % (value,) if "%s" in message else message


def refuse_imagenet(weights, model_name):
    """See Note [Pretrained weights]: called after the argument checks, where Keras would download."""
    if weights == "imagenet":
        raise ValueError(
            "%s: the pretrained 'imagenet' weights cannot be downloaded (tfpp does not fetch files from the "
            "network). Pass weights=None, or weights='/path/to/file.weights.h5', a Keras 3 weights file: in "
            "Keras, build the same model with weights='imagenet' and call model.save_weights('file.weights.h5'). "
            "Keras' legacy HDF5 weight files (*_tf_dim_ordering_tf_kernels.h5) cannot be read by tfpp."
            % (model_name,))


def named(name):
    """The `name` argument of a layer when there is one (tfpp's built-in layers reject name=None)."""
    return {} if name is None else {"name": name}


def data_format():
    return _config.image_data_format()


def channel_axis():
    return 1 if _config.image_data_format() == "channels_first" else 3


def image_input(input_tensor, input_shape):
    """The model's image input: `input_tensor` when it is a KerasTensor, else a new Input."""
    if input_tensor is None:
        return _layers.Input(shape=input_shape)
    if not _backend.is_keras_tensor(input_tensor):
        raise ValueError("tfpp's applications take `input_tensor` as a KerasTensor (the output of "
                         "keras.Input() or of layers called on it). Received: input_tensor=%r" % (input_tensor,))
    return input_tensor


def source_inputs(input_tensor, img_input):
    """The model's inputs: the Input layers `input_tensor` comes from (Keras' get_source_inputs),
    a list, found through each producing layer's input."""
    if input_tensor is None:
        return img_input
    sources, pending = [], [input_tensor]
    while pending:
        tensor = pending.pop()
        if tensor._layer.class_name == "InputLayer":
            if not any(tensor is s for s in sources):
                sources.append(tensor)
            continue
        parents = tensor._layer.input
        pending.extend(reversed(parents) if isinstance(parents, (list, tuple)) else [parents])
    return sources


def finish(inputs, outputs, name, weights):
    """The Functional model, with a local weights file loaded (Note [Pretrained weights])."""
    return load_weights(_models.Model(inputs, outputs, name=name), weights, name)


def load_weights(model, weights, name):
    """The model with the weights file `weights` loaded, if any (Note [Pretrained weights])."""
    if weights is not None:
        path = str(weights)
        if not path.endswith(".weights.h5"):
            raise ValueError("%s: tfpp loads Keras 3 weights files (`.weights.h5`, as model.save_weights writes); "
                             "Keras' legacy HDF5 weight files cannot be read. Received: weights=%s" % (name, path))
        model.load_weights(path)
    return model
