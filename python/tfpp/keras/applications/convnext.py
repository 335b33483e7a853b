"""keras.applications.convnext: ConvNeXt Tiny to XLarge (Liu et al. 2022) with Keras' LayerScale and
StochasticDepth layers; the preprocessing is part of the model (preprocess_input returns its input).
The residual additions are Keras operation nodes (`inputs + x`), as in Keras."""

import numpy as _np

from ... import _tfpp
from .. import backend
from .. import initializers
from .. import layers
from .. import models
from . import _common
from . import imagenet_utils

MODEL_CONFIGS = {
    "tiny": {"depths": [3, 3, 9, 3], "projection_dims": [96, 192, 384, 768], "default_size": 224},
    "small": {"depths": [3, 3, 27, 3], "projection_dims": [96, 192, 384, 768], "default_size": 224},
    "base": {"depths": [3, 3, 27, 3], "projection_dims": [128, 256, 512, 1024], "default_size": 224},
    "large": {"depths": [3, 3, 27, 3], "projection_dims": [192, 384, 768, 1536], "default_size": 224},
    "xlarge": {"depths": [3, 3, 27, 3], "projection_dims": [256, 512, 1024, 2048], "default_size": 224},
}
_KERAS_MODULE = "keras.src.applications.convnext"  # where Keras finds these layers when loading


class StochasticDepth(layers.Layer):
    """Drops the whole residual path of a sample with probability drop_path_rate while training."""

    def __init__(self, drop_path_rate, **kwargs):
        super().__init__(**kwargs)
        self.drop_path_rate = drop_path_rate

    def call(self, x, training=None):
        if training:
            import tfpp as tf

            keep_prob = 1 - self.drop_path_rate
            shape = [tf.shape(x)[0]] + [1] * (len(x.shape) - 1)
            random_tensor = tf.floor(keep_prob + tf.random.uniform(tf.stack(shape), 0, 1))
            return (x / keep_prob) * random_tensor
        return x

    def get_config(self):
        config = super().get_config()
        config.update({"drop_path_rate": self.drop_path_rate})
        return config

    def _keras_module(self):
        return _KERAS_MODULE


class LayerScale(layers.Layer):
    """x times a learned per-channel scale `gamma` that starts at init_values."""

    def __init__(self, init_values, projection_dim, **kwargs):
        super().__init__(**kwargs)
        self.init_values = init_values
        self.projection_dim = projection_dim

    def build(self, _):
        self.gamma = self.add_weight(shape=(self.projection_dim,), initializer=initializers.Constant(self.init_values),
                                     trainable=True)

    def call(self, x):
        return x * self.gamma

    def get_config(self):
        config = super().get_config()
        config.update({"init_values": self.init_values, "projection_dim": self.projection_dim})
        return config

    def _keras_module(self):
        return _KERAS_MODULE


_tfpp.keras.register_layer_class("StochasticDepth", StochasticDepth)
_tfpp.keras.register_layer_class("LayerScale", LayerScale)


def ConvNeXtBlock(projection_dim, drop_path_rate=0.0, layer_scale_init_value=1e-6, name=None):
    """A depthwise 7x7 convolution, layer norm, an inverted bottleneck of Dense layers, layer scale
    and stochastic depth, added to the input."""
    if name is None:
        name = "prestem" + str(backend.get_uid("prestem"))

    def apply(inputs):
        x = layers.Conv2D(filters=projection_dim, kernel_size=7, padding="same", groups=projection_dim,
                          name=name + "_depthwise_conv")(inputs)
        x = layers.LayerNormalization(epsilon=1e-6, name=name + "_layernorm")(x)
        x = layers.Dense(4 * projection_dim, name=name + "_pointwise_conv_1")(x)
        x = layers.Activation("gelu", name=name + "_gelu")(x)
        x = layers.Dense(projection_dim, name=name + "_pointwise_conv_2")(x)
        if layer_scale_init_value is not None:
            x = LayerScale(layer_scale_init_value, projection_dim, name=name + "_layer_scale")(x)
        if drop_path_rate:
            layer = StochasticDepth(drop_path_rate, name=name + "_stochastic_depth")
        else:
            layer = layers.Activation("linear", name=name + "_identity")
        return inputs + layer(x)

    return apply


def PreStem(name=None):
    """Normalizes the images with ImageNet's mean and standard deviation (pixels in [0, 255])."""
    if name is None:
        name = "prestem" + str(backend.get_uid("prestem"))

    def apply(x):
        return layers.Normalization(mean=[0.485 * 255, 0.456 * 255, 0.406 * 255],
                                    variance=[(0.229 * 255) ** 2, (0.224 * 255) ** 2, (0.225 * 255) ** 2],
                                    name=name + "_prestem_normalization")(x)

    return apply


def Head(num_classes=1000, classifier_activation=None, name=None):
    """Global average pooling, layer norm and the Dense classifier."""
    if name is None:
        name = str(backend.get_uid("head"))

    def apply(x):
        x = layers.GlobalAveragePooling2D(name=name + "_head_gap")(x)
        x = layers.LayerNormalization(epsilon=1e-6, name=name + "_head_layernorm")(x)
        return layers.Dense(num_classes, activation=classifier_activation, name=name + "_head_dense")(x)

    return apply


def ConvNeXt(depths, projection_dims, drop_path_rate=0.0, layer_scale_init_value=1e-6, default_size=224,
             name="convnext", include_preprocessing=True, include_top=True, weights=None, input_tensor=None,
             input_shape=None, pooling=None, classes=1000, classifier_activation="softmax", weights_name=None):
    """A ConvNeXt of the given stage depths and widths."""
    _common.check_weights(
        weights, include_top, classes,
        "The `weights` argument should be either `None` (random initialization), `imagenet` (pre-training on "
        "ImageNet), or the path to the weights file to be loaded.",
        'If using `weights="imagenet"` with `include_top=True`, `classes` should be 1000. Received classes=%s')
    input_shape = imagenet_utils.obtain_input_shape(input_shape, default_size=default_size, min_size=32,
                                                    data_format=_common.data_format(), require_flatten=include_top,
                                                    weights=weights)
    _common.refuse_imagenet(weights, name)
    img_input = _common.image_input(input_tensor, input_shape)
    x = img_input
    if include_preprocessing and input_shape[_common.channel_axis() - 1] == 3:
        x = PreStem(name=name)(x)

    stem = models.Sequential([layers.Conv2D(projection_dims[0], kernel_size=4, strides=4, name=name + "_stem_conv"),
                              layers.LayerNormalization(epsilon=1e-6, name=name + "_stem_layernorm")],
                             name=name + "_stem")
    downsample_layers = [stem]
    for i in range(3):
        downsample_layers.append(models.Sequential(
            [layers.LayerNormalization(epsilon=1e-6, name="%s_downsampling_layernorm_%d" % (name, i)),
             layers.Conv2D(projection_dims[i + 1], kernel_size=2, strides=2,
                           name="%s_downsampling_conv_%d" % (name, i))],
            name="%s_downsampling_block_%d" % (name, i)))
    depth_drop_rates = [float(rate) for rate in _np.linspace(0.0, drop_path_rate, sum(depths))]
    cur = 0
    for i in range(4):
        x = downsample_layers[i](x)
        for j in range(depths[i]):
            x = ConvNeXtBlock(projection_dim=projection_dims[i], drop_path_rate=depth_drop_rates[cur + j],
                              layer_scale_init_value=layer_scale_init_value,
                              name="%s_stage_%d_block_%d" % (name, i, j))(x)
        cur += depths[i]

    if include_top:
        imagenet_utils.validate_activation(classifier_activation, weights)
        x = Head(num_classes=classes, classifier_activation=classifier_activation, name=name)(x)
    else:
        if pooling == "avg":
            x = layers.GlobalAveragePooling2D()(x)
        elif pooling == "max":
            x = layers.GlobalMaxPooling2D()(x)
        x = layers.LayerNormalization(epsilon=1e-6)(x)
    inputs = _common.source_inputs(input_tensor, img_input)
    return _common.load_weights(models.Model(inputs, x, name=name), weights, name)


def _convnext(variant, default_name):
    def application(include_top=True, include_preprocessing=True, weights="imagenet", input_tensor=None,
                    input_shape=None, pooling=None, classes=1000, classifier_activation="softmax", name=default_name):
        config = MODEL_CONFIGS[variant]
        return ConvNeXt(weights_name=default_name, depths=config["depths"], projection_dims=config["projection_dims"],
                        drop_path_rate=0.0, layer_scale_init_value=1e-6, default_size=config["default_size"],
                        name=name, include_top=include_top, include_preprocessing=include_preprocessing,
                        weights=weights, input_tensor=input_tensor, input_shape=input_shape, pooling=pooling,
                        classes=classes, classifier_activation=classifier_activation)

    application.__name__ = application.__qualname__ = "ConvNeXt" + variant.capitalize().replace("Xl", "XL")
    application.__doc__ = "Instantiates the %s architecture." % application.__name__
    return application


ConvNeXtTiny = _convnext("tiny", "convnext_tiny")
ConvNeXtSmall = _convnext("small", "convnext_small")
ConvNeXtBase = _convnext("base", "convnext_base")
ConvNeXtLarge = _convnext("large", "convnext_large")
ConvNeXtXLarge = _convnext("xlarge", "convnext_xlarge")


def preprocess_input(x, data_format=None):
    """A pass-through: ConvNeXt's preprocessing is part of the model."""
    return x


def decode_predictions(preds, top=5):
    """The top ImageNet classes of each prediction (imagenet_utils.decode_predictions)."""
    return imagenet_utils.decode_predictions(preds, top=top)
