"""keras.applications.imagenet_utils: ImageNet preprocessing (caffe, tf and torch modes), the
decoding of 1000-class predictions, and the argument checks every application shares."""

import json as _json
import os as _os
import warnings as _warnings

import numpy as _np

from .. import activations as _activations
from .. import config as _config

CLASS_INDEX = None
CLASS_INDEX_PATH = "https://storage.googleapis.com/download.tensorflow.org/data/imagenet_class_index.json"

_CAFFE_MEAN = (103.939, 116.779, 123.68)  # BGR
_TORCH_MEAN = (0.485, 0.456, 0.406)
_TORCH_STD = (0.229, 0.224, 0.225)


def preprocess_input(x, data_format=None, mode="caffe"):
    """Preprocesses a batch of images (values in [0, 255]) for an ImageNet model: mode "caffe"
    (RGB to BGR, minus the mean pixel), "tf" (scaled to [-1, 1]) or "torch" (scaled to [0, 1],
    normalized per channel). A NumPy array is changed in place when its dtype allows."""
    if mode not in {"caffe", "tf", "torch"}:
        raise ValueError("Expected mode to be one of `caffe`, `tf` or `torch`. Received: mode=%s" % (mode,))
    if data_format is None:
        data_format = _config.image_data_format()
    elif data_format not in {"channels_first", "channels_last"}:
        raise ValueError("Expected data_format to be one of `channels_first` or `channels_last`. "
                         "Received: data_format=%s" % (data_format,))
    if isinstance(x, _np.ndarray):
        return _preprocess_numpy(x, data_format, mode)
    return _preprocess_tensor(x, data_format, mode)


def _preprocess_numpy(x, data_format, mode):
    if not issubclass(x.dtype.type, _np.floating):
        x = x.astype(_config.floatx(), copy=False)
    if mode == "tf":
        x /= 127.5
        x -= 1.0
        return x
    channels_first = data_format == "channels_first"
    if mode == "torch":
        x /= 255.0
        mean, std = _TORCH_MEAN, _TORCH_STD
    else:
        if channels_first:
            x = x[::-1, ...] if x.ndim == 3 else x[:, ::-1, ...]
        else:
            x = x[..., ::-1]
        mean, std = _CAFFE_MEAN, None
    for c in range(3):
        channel = (c, Ellipsis) if channels_first and x.ndim == 3 else \
            ((slice(None), c, Ellipsis) if channels_first else (Ellipsis, c))
        x[channel] -= mean[c]
        if std is not None:
            x[channel] /= std[c]
    return x


def _preprocess_tensor(x, data_format, mode):
    import tfpp as tf

    x = tf.convert_to_tensor(x)
    ndim = len(x.shape)
    if mode == "tf":
        return x / 127.5 - 1.0
    channels_first = data_format == "channels_first"
    if mode == "torch":
        x = x / 255.0
        mean, std = _TORCH_MEAN, _TORCH_STD
    else:
        axis = (0 if ndim == 3 else 1) if channels_first else ndim - 1
        x = tf.reverse(x, [axis])  # RGB to BGR
        mean, std = _CAFFE_MEAN, None
    if channels_first:
        shape = (3,) + (1,) * (ndim - 1) if ndim == 3 else (1, 3) + (1,) * (ndim - 2)
    else:
        shape = (1,) * (ndim - 1) + (3,)
    x = x + tf.reshape(tf.constant(-_np.array(mean), dtype=x.dtype), shape)
    if std is not None:
        x = x / tf.reshape(tf.constant(_np.array(std), dtype=x.dtype), shape if channels_first else (3,))
    return x


def _class_index_file():
    """Where Keras caches the class index: $KERAS_HOME/models (default ~/.keras/models)."""
    home = _os.environ.get("KERAS_HOME") or _os.path.join(_os.path.expanduser("~"), ".keras")
    return _os.path.join(home, "models", "imagenet_class_index.json")


def decode_predictions(preds, top=5):
    """For each row of a (samples, 1000) batch of predictions, the `top` classes as
    (class_name, class_description, score), best first. The class names come from Keras'
    imagenet_class_index.json in $KERAS_HOME/models (~/.keras/models); tfpp does not download it."""
    global CLASS_INDEX
    if len(preds.shape) != 2 or preds.shape[1] != 1000:
        raise ValueError("`decode_predictions` expects a batch of predictions (i.e. a 2D array of shape "
                         "(samples, 1000)). Received array with shape: %s" % (tuple(preds.shape),))
    if CLASS_INDEX is None:
        path = _class_index_file()
        if not _os.path.exists(path):
            raise FileNotFoundError(
                "decode_predictions needs ImageNet's class index, imagenet_class_index.json, which tfpp cannot "
                "download (%s). Place that file at %s (Keras' cache; set KERAS_HOME to use another folder)."
                % (CLASS_INDEX_PATH, path))
        with open(path) as f:
            CLASS_INDEX = _json.load(f)
    results = []
    for pred in _np.asarray(preds):
        top_indices = pred.argsort()[-top:][::-1]
        result = [tuple(CLASS_INDEX[str(i)]) + (pred[i],) for i in top_indices]
        result.sort(key=lambda entry: entry[2], reverse=True)
        results.append(result)
    return results


def obtain_input_shape(input_shape, default_size, min_size, data_format, require_flatten, weights=None):
    """The model's input shape: the default one, or `input_shape` checked against the model's
    minimum size (and against the pretrained weights' expectations)."""
    channels_first = data_format == "channels_first"
    if weights != "imagenet" and input_shape and len(input_shape) == 3:
        channels = input_shape[0] if channels_first else input_shape[-1]
        if channels not in {1, 3}:
            _warnings.warn("This model usually expects 1 or 3 input channels. However, it was passed an "
                           "input_shape with %s input channels." % (channels,), stacklevel=2)
        default_shape = (channels, default_size, default_size) if channels_first else \
            (default_size, default_size, channels)
    else:
        default_shape = (3, default_size, default_size) if channels_first else (default_size, default_size, 3)
    if weights == "imagenet" and require_flatten:
        if input_shape is not None and input_shape != default_shape:
            raise ValueError("When setting `include_top=True` and loading `imagenet` weights, `input_shape` should "
                             "be %s.  Received: input_shape=%s" % (default_shape, input_shape))
        return default_shape
    if input_shape:
        if len(input_shape) != 3:
            raise ValueError("`input_shape` must be a tuple of three integers.")
        channels = input_shape[0] if channels_first else input_shape[-1]
        if channels != 3 and weights == "imagenet":
            raise ValueError("The input must have 3 channels; Received `input_shape=%s`" % (input_shape,))
        spatial = input_shape[1:] if channels_first else input_shape[:2]
        if any(size is not None and size < min_size for size in spatial):
            raise ValueError("Input size must be at least %sx%s; Received: input_shape=%s"
                             % (min_size, min_size, input_shape))
    elif require_flatten:
        input_shape = default_shape
    else:
        input_shape = (3, None, None) if channels_first else (None, None, 3)
    if require_flatten and None in input_shape:
        raise ValueError("If `include_top` is True, you should specify a static `input_shape`. "
                         "Received: input_shape=%s" % (input_shape,))
    return input_shape


def correct_pad(inputs, kernel_size):
    """The ((top, bottom), (left, right)) zero padding before a strided "valid" convolution of
    `kernel_size` that makes it match TensorFlow's "same" padding."""
    first = 2 if _config.image_data_format() == "channels_first" else 1
    input_size = inputs.shape[first:first + 2]
    if isinstance(kernel_size, int):
        kernel_size = (kernel_size, kernel_size)
    adjust = (1, 1) if input_size[0] is None else (1 - input_size[0] % 2, 1 - input_size[1] % 2)
    correct = (kernel_size[0] // 2, kernel_size[1] // 2)
    return ((correct[0] - adjust[0], correct[0]), (correct[1] - adjust[1], correct[1]))


def validate_activation(classifier_activation, weights):
    """Pretrained weights allow only a softmax or linear classifier."""
    if weights is None:
        return
    activation = _activations.get(classifier_activation)
    if activation not in {_activations.get("softmax"), _activations.get(None)}:
        raise ValueError("Only `None` and `softmax` activations are allowed for the `classifier_activation` "
                         "argument when using pretrained weights, with `include_top=True`; Received: "
                         "classifier_activation=%s" % (_function_repr(activation),))


def _function_repr(fn):
    """How Python shows a function (Keras' message shows the resolved activation function)."""
    name = getattr(fn, "__name__", None)
    return "<function %s at 0x%x>" % (name, id(fn)) if name else repr(fn)
