"""keras.applications.efficientnet_v2: EfficientNetV2 B0-B3, S, M and L (Tan and Le 2021): Fused-MBConv
stages then MBConv stages with squeeze-and-excitation, with the preprocessing inside the model
(preprocess_input returns its input)."""

import copy as _copy
import math as _math

from .. import initializers
from .. import layers
from . import _common
from . import imagenet_utils
from .efficientnet import CONV_KERNEL_INITIALIZER, DENSE_KERNEL_INITIALIZER

_KEYS = ("kernel_size", "num_repeat", "input_filters", "output_filters", "expand_ratio", "se_ratio", "strides",
         "conv_type")
# Per model, the stages as (kernel_size, num_repeat, input_filters, output_filters, expand_ratio,
# se_ratio, strides, conv_type); conv_type 1 is Fused-MBConv, 0 MBConv.
_B_STAGES = ((3, 1, 32, 16, 1, 0, 1, 1), (3, 2, 16, 32, 4, 0, 2, 1), (3, 2, 32, 48, 4, 0, 2, 1),
             (3, 3, 48, 96, 4, 0.25, 2, 0), (3, 5, 96, 112, 6, 0.25, 1, 0), (3, 8, 112, 192, 6, 0.25, 2, 0))
_STAGES = {
    "efficientnetv2-s": ((3, 2, 24, 24, 1, 0.0, 1, 1), (3, 4, 24, 48, 4, 0.0, 2, 1), (3, 4, 48, 64, 4, 0, 2, 1),
                         (3, 6, 64, 128, 4, 0.25, 2, 0), (3, 9, 128, 160, 6, 0.25, 1, 0),
                         (3, 15, 160, 256, 6, 0.25, 2, 0)),
    "efficientnetv2-m": ((3, 3, 24, 24, 1, 0, 1, 1), (3, 5, 24, 48, 4, 0, 2, 1), (3, 5, 48, 80, 4, 0, 2, 1),
                         (3, 7, 80, 160, 4, 0.25, 2, 0), (3, 14, 160, 176, 6, 0.25, 1, 0),
                         (3, 18, 176, 304, 6, 0.25, 2, 0), (3, 5, 304, 512, 6, 0.25, 1, 0)),
    "efficientnetv2-l": ((3, 4, 32, 32, 1, 0, 1, 1), (3, 7, 32, 64, 4, 0, 2, 1), (3, 7, 64, 96, 4, 0, 2, 1),
                         (3, 10, 96, 192, 4, 0.25, 2, 0), (3, 19, 192, 224, 6, 0.25, 1, 0),
                         (3, 25, 224, 384, 6, 0.25, 2, 0), (3, 7, 384, 640, 6, 0.25, 1, 0)),
    "efficientnetv2-b0": _B_STAGES, "efficientnetv2-b1": _B_STAGES, "efficientnetv2-b2": _B_STAGES,
    "efficientnetv2-b3": _B_STAGES,
}
DEFAULT_BLOCKS_ARGS = {name: [dict(zip(_KEYS, stage)) for stage in stages] for name, stages in _STAGES.items()}


def round_filters(filters, width_coefficient, min_depth, depth_divisor):
    """filters times width_coefficient, rounded to a multiple of depth_divisor."""
    filters *= width_coefficient
    minimum_depth = min_depth or depth_divisor
    return int(max(minimum_depth, int(filters + depth_divisor / 2) // depth_divisor * depth_divisor))


def round_repeats(repeats, depth_coefficient):
    return int(_math.ceil(depth_coefficient * repeats))


def _squeeze_excite(x, name, input_filters, filters, se_ratio, activation, bn_axis):
    filters_se = max(1, int(input_filters * se_ratio))
    se = layers.GlobalAveragePooling2D(name=name + "se_squeeze")(x)
    se = layers.Reshape((filters, 1, 1) if bn_axis == 1 else (1, 1, filters), name=name + "se_reshape")(se)
    se = layers.Conv2D(filters_se, 1, padding="same", activation=activation,
                       kernel_initializer=CONV_KERNEL_INITIALIZER, name=name + "se_reduce")(se)
    se = layers.Conv2D(filters, 1, padding="same", activation="sigmoid", kernel_initializer=CONV_KERNEL_INITIALIZER,
                       name=name + "se_expand")(se)
    return layers.multiply([x, se], name=name + "se_excite")


def _residual(x, inputs, name, strides, input_filters, output_filters, survival_probability):
    if strides == 1 and input_filters == output_filters:
        if survival_probability:  # Keras drops with rate survival_probability
            x = layers.Dropout(survival_probability, noise_shape=(None, 1, 1, 1), name=name + "drop")(x)
        x = layers.add([x, inputs], name=name + "add")
    return x


def MBConvBlock(input_filters, output_filters, expand_ratio=1, kernel_size=3, strides=1, se_ratio=0.0,
                bn_momentum=0.9, activation="swish", survival_probability=0.8, name=None):
    """Mobile inverted residual bottleneck: expand (1x1), depthwise, squeeze-excite, project."""
    bn_axis = _common.channel_axis()
    data_format = _common.data_format()

    def apply(inputs):
        filters = input_filters * expand_ratio
        x = inputs
        if expand_ratio != 1:
            x = layers.Conv2D(filters=filters, kernel_size=1, strides=1, kernel_initializer=CONV_KERNEL_INITIALIZER,
                              padding="same", data_format=data_format, use_bias=False, name=name + "expand_conv")(x)
            x = layers.BatchNormalization(axis=bn_axis, momentum=bn_momentum, name=name + "expand_bn")(x)
            x = layers.Activation(activation, name=name + "expand_activation")(x)
        x = layers.DepthwiseConv2D(kernel_size=kernel_size, strides=strides,
                                   depthwise_initializer=CONV_KERNEL_INITIALIZER, padding="same",
                                   data_format=data_format, use_bias=False, name=name + "dwconv2")(x)
        x = layers.BatchNormalization(axis=bn_axis, momentum=bn_momentum, name=name + "bn")(x)
        x = layers.Activation(activation, name=name + "activation")(x)
        if 0 < se_ratio <= 1:
            x = _squeeze_excite(x, name, input_filters, filters, se_ratio, activation, bn_axis)
        x = layers.Conv2D(filters=output_filters, kernel_size=1, strides=1, kernel_initializer=CONV_KERNEL_INITIALIZER,
                          padding="same", data_format=data_format, use_bias=False, name=name + "project_conv")(x)
        x = layers.BatchNormalization(axis=bn_axis, momentum=bn_momentum, name=name + "project_bn")(x)
        return _residual(x, inputs, name, strides, input_filters, output_filters, survival_probability)

    return apply


def FusedMBConvBlock(input_filters, output_filters, expand_ratio=1, kernel_size=3, strides=1, se_ratio=0.0,
                     bn_momentum=0.9, activation="swish", survival_probability=0.8, name=None):
    """The expansion and depthwise convolutions fused into one full convolution."""
    bn_axis = _common.channel_axis()
    data_format = _common.data_format()

    def apply(inputs):
        filters = input_filters * expand_ratio
        x = inputs
        if expand_ratio != 1:
            x = layers.Conv2D(filters, kernel_size=kernel_size, strides=strides,
                              kernel_initializer=CONV_KERNEL_INITIALIZER, data_format=data_format, padding="same",
                              use_bias=False, name=name + "expand_conv")(x)
            x = layers.BatchNormalization(axis=bn_axis, momentum=bn_momentum, name=name + "expand_bn")(x)
            x = layers.Activation(activation=activation, name=name + "expand_activation")(x)
        if 0 < se_ratio <= 1:
            x = _squeeze_excite(x, name, input_filters, filters, se_ratio, activation, bn_axis)
        x = layers.Conv2D(output_filters, kernel_size=1 if expand_ratio != 1 else kernel_size,
                          strides=1 if expand_ratio != 1 else strides, kernel_initializer=CONV_KERNEL_INITIALIZER,
                          padding="same", use_bias=False, name=name + "project_conv")(x)
        x = layers.BatchNormalization(axis=bn_axis, momentum=bn_momentum, name=name + "project_bn")(x)
        if expand_ratio == 1:
            x = layers.Activation(activation=activation, name=name + "project_activation")(x)
        return _residual(x, inputs, name, strides, input_filters, output_filters, survival_probability)

    return apply


def EfficientNetV2(width_coefficient, depth_coefficient, default_size, dropout_rate=0.2, drop_connect_rate=0.2,
                   depth_divisor=8, min_depth=8, bn_momentum=0.9, activation="swish", blocks_args="default",
                   name="efficientnetv2", include_top=True, weights="imagenet", input_tensor=None, input_shape=None,
                   pooling=None, classes=1000, classifier_activation="softmax", include_preprocessing=True,
                   weights_name=None):
    """An EfficientNetV2 of the given scaling (weights_name "b0", "-s", ... names its weights)."""
    if blocks_args == "default":
        blocks_args = DEFAULT_BLOCKS_ARGS[name]  # as Keras 3.15 does: a model given another name needs blocks_args
    _common.check_weights(
        weights, include_top, classes,
        "The `weights` argument should be either `None` (random initialization), `imagenet` (pre-training on "
        "ImageNet), or the path to the weights file to be loaded.Received: weights=%s",
        'If using `weights="imagenet"` with `include_top` as true, `classes` should be 1000')
    input_shape = imagenet_utils.obtain_input_shape(input_shape, default_size=default_size, min_size=32,
                                                    data_format=_common.data_format(), require_flatten=include_top,
                                                    weights=weights)
    _common.refuse_imagenet(weights, name)
    img_input = _common.image_input(input_tensor, input_shape)
    bn_axis = _common.channel_axis()

    x = img_input
    if include_preprocessing:
        # The B variants keep EfficientNet's ImageNet normalization when the images have 3 channels.
        if weights_name.startswith("b") and input_shape[bn_axis - 1] == 3:
            x = layers.Rescaling(scale=1.0 / 255)(x)
            if _common.data_format() == "channels_first":
                mean = [[[[0.485]], [[0.456]], [[0.406]]]]
                variance = [[[[0.229**2]], [[0.224**2]], [[0.225**2]]]]
            else:
                mean = [0.485, 0.456, 0.406]
                variance = [0.229**2, 0.224**2, 0.225**2]
            x = layers.Normalization(mean=mean, variance=variance, axis=bn_axis)(x)
        else:
            x = layers.Rescaling(scale=1.0 / 128.0, offset=-1)(x)

    def rounded(filters):
        return round_filters(filters=filters, width_coefficient=width_coefficient, min_depth=min_depth,
                             depth_divisor=depth_divisor)

    x = layers.Conv2D(filters=rounded(blocks_args[0]["input_filters"]), kernel_size=3, strides=2,
                      kernel_initializer=CONV_KERNEL_INITIALIZER, padding="same", use_bias=False,
                      name="stem_conv")(x)
    x = layers.BatchNormalization(axis=bn_axis, momentum=bn_momentum, name="stem_bn")(x)
    x = layers.Activation(activation, name="stem_activation")(x)

    blocks_args = _copy.deepcopy(blocks_args)
    b = 0
    blocks = float(sum(args["num_repeat"] for args in blocks_args))
    for i, args in enumerate(blocks_args):
        args["input_filters"] = rounded(args["input_filters"])
        args["output_filters"] = rounded(args["output_filters"])
        block = {0: MBConvBlock, 1: FusedMBConvBlock}[args.pop("conv_type")]
        for j in range(round_repeats(repeats=args.pop("num_repeat"), depth_coefficient=depth_coefficient)):
            if j > 0:  # only the first block of a stage strides and changes the width
                args["strides"] = 1
                args["input_filters"] = args["output_filters"]
            x = block(activation=activation, bn_momentum=bn_momentum,
                      survival_probability=drop_connect_rate * b / blocks, name="block%d%s_" % (i + 1, chr(j + 97)),
                      **args)(x)
            b += 1

    x = layers.Conv2D(filters=rounded(1280), kernel_size=1, strides=1, kernel_initializer=CONV_KERNEL_INITIALIZER,
                      padding="same", data_format=_common.data_format(), use_bias=False, name="top_conv")(x)
    x = layers.BatchNormalization(axis=bn_axis, momentum=bn_momentum, name="top_bn")(x)
    x = layers.Activation(activation=activation, name="top_activation")(x)
    if include_top:
        x = layers.GlobalAveragePooling2D(name="avg_pool")(x)
        if dropout_rate > 0:
            x = layers.Dropout(dropout_rate, name="top_dropout")(x)
        imagenet_utils.validate_activation(classifier_activation, weights)
        x = layers.Dense(classes, activation=classifier_activation, kernel_initializer=DENSE_KERNEL_INITIALIZER,
                         bias_initializer=initializers.Constant(0.0), name="predictions")(x)
    elif pooling == "avg":
        x = layers.GlobalAveragePooling2D(name="avg_pool")(x)
    elif pooling == "max":
        x = layers.GlobalMaxPooling2D(name="max_pool")(x)
    return _common.finish(_common.source_inputs(input_tensor, img_input), x, name, weights)


def _efficientnet_v2(width, depth, size, weights_name):
    default_name = "efficientnetv2" + ("" if weights_name.startswith("-") else "-") + weights_name

    def application(include_top=True, weights="imagenet", input_tensor=None, input_shape=None, pooling=None,
                    classes=1000, classifier_activation="softmax", include_preprocessing=True, name=default_name):
        return EfficientNetV2(width_coefficient=width, depth_coefficient=depth, default_size=size, name=name,
                              include_top=include_top, weights=weights, input_tensor=input_tensor,
                              input_shape=input_shape, pooling=pooling, classes=classes,
                              classifier_activation=classifier_activation,
                              include_preprocessing=include_preprocessing, weights_name=weights_name)

    application.__name__ = application.__qualname__ = "EfficientNetV2" + weights_name.strip("-").upper()
    application.__doc__ = "Instantiates the %s architecture." % application.__name__
    return application


EfficientNetV2B0 = _efficientnet_v2(1.0, 1.0, 224, "b0")
EfficientNetV2B1 = _efficientnet_v2(1.0, 1.1, 240, "b1")
EfficientNetV2B2 = _efficientnet_v2(1.1, 1.2, 260, "b2")
EfficientNetV2B3 = _efficientnet_v2(1.2, 1.4, 300, "b3")
EfficientNetV2S = _efficientnet_v2(1.0, 1.0, 384, "-s")
EfficientNetV2M = _efficientnet_v2(1.0, 1.0, 480, "-m")
EfficientNetV2L = _efficientnet_v2(1.0, 1.0, 480, "-l")


def preprocess_input(x, data_format=None):
    """A pass-through: EfficientNetV2's preprocessing is part of the model."""
    return x


def decode_predictions(preds, top=5):
    """The top ImageNet classes of each prediction (imagenet_utils.decode_predictions)."""
    return imagenet_utils.decode_predictions(preds, top=top)
