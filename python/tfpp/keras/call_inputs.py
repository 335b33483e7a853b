"""The positional inputs of a layer call as Keras 3's Layer.__call__ takes them: Keras' data
layers (the preprocessing layers) take a list of Python values (strings, numbers) as one tensor;
other layers refuse Python numbers and strings as inputs (ValueError) and cast floating inputs,
tensors and NumPy arrays alike, to their compute dtype (autocast; Embedding keeps its inputs)."""

import numpy as np

from .. import _tfpp
from .. import _nest as nest

# Keras 3's DataLayer classes and its lookup and encoding layers: their own call converts inputs.
DATA_LAYERS = frozenset((
    "AugMix", "AutoContrast", "CategoryEncoding", "CenterCrop", "ContrastLimitedAdaptiveHistogramEqualization",
    "CutMix", "Discretization", "Equalization", "HashedCrossing", "Hashing", "IntegerLookup", "MaxNumBoundingBoxes",
    "MelSpectrogram", "MixUp", "Normalization", "Pipeline", "RandAugment", "RandomBrightness",
    "RandomColorDegeneration", "RandomColorJitter", "RandomContrast", "RandomCrop", "RandomElasticTransform",
    "RandomErasing", "RandomFlip", "RandomGaussianBlur", "RandomGrayscale", "RandomHue", "RandomInvert",
    "RandomPerspective", "RandomPosterization", "RandomRotation", "RandomSaturation", "RandomSharpness",
    "RandomShear", "RandomTranslation", "RandomZoom", "Rescaling", "Resizing", "Solarization", "StringLookup",
    "TextVectorization"))
_NOT_AUTOCAST = frozenset(("Embedding",))
_PYTHON_VALUES = (bool, int, float, complex, str, bytes)


def _autocast(x, dtype):
    if isinstance(x, (list, tuple)):
        return type(x)(_autocast(v, dtype) for v in x)
    if isinstance(x, (np.ndarray, np.generic)) and x.dtype.kind == "f" and x.dtype != np.dtype(dtype):
        return _tfpp.math.cast(_tfpp.constant(x), dtype)
    if isinstance(x, _tfpp.Tensor) and x.dtype.is_floating and x.dtype.name != dtype:
        return _tfpp.math.cast(x, dtype)
    return x


def prepare(layer, inputs):
    """The inputs `layer` (a Python keras.layers.Layer, not a model) calls on, as Keras takes them."""
    class_name = getattr(layer, "_class_name", None)
    if class_name in DATA_LAYERS:
        if isinstance(inputs, (list, tuple)) and any(isinstance(x, _PYTHON_VALUES) for x in nest.flatten(inputs)):
            from .. import convert_to_tensor
            return convert_to_tensor(inputs)
        return inputs
    for x in nest.flatten(inputs):
        if isinstance(x, _PYTHON_VALUES):
            raise ValueError("Only input tensors may be passed as positional arguments. The following argument value "
                             "should be passed as a keyword argument: %s (of type %s)" % (x, type(x)))
    dtype = layer.compute_dtype
    if class_name in _NOT_AUTOCAST or not layer.autocast or dtype not in ("float16", "bfloat16", "float32", "float64"):
        return inputs
    return _autocast(inputs, dtype)
