"""keras.applications.efficientnet: EfficientNetB0 to B7 (Tan and Le 2019): a Rescaling and
Normalization stem, MBConv blocks block1a_... with squeeze-and-excitation, scaled in width and
depth. Preprocessing is part of the model, so preprocess_input returns its input."""

import copy as _copy
import math as _math

from .. import layers
from . import _common
from . import imagenet_utils

DEFAULT_BLOCKS_ARGS = [
    dict(kernel_size=3, repeats=1, filters_in=32, filters_out=16, expand_ratio=1, id_skip=True, strides=1,
         se_ratio=0.25),
    dict(kernel_size=3, repeats=2, filters_in=16, filters_out=24, expand_ratio=6, id_skip=True, strides=2,
         se_ratio=0.25),
    dict(kernel_size=5, repeats=2, filters_in=24, filters_out=40, expand_ratio=6, id_skip=True, strides=2,
         se_ratio=0.25),
    dict(kernel_size=3, repeats=3, filters_in=40, filters_out=80, expand_ratio=6, id_skip=True, strides=2,
         se_ratio=0.25),
    dict(kernel_size=5, repeats=3, filters_in=80, filters_out=112, expand_ratio=6, id_skip=True, strides=1,
         se_ratio=0.25),
    dict(kernel_size=5, repeats=4, filters_in=112, filters_out=192, expand_ratio=6, id_skip=True, strides=2,
         se_ratio=0.25),
    dict(kernel_size=3, repeats=1, filters_in=192, filters_out=320, expand_ratio=6, id_skip=True, strides=1,
         se_ratio=0.25),
]

CONV_KERNEL_INITIALIZER = {"class_name": "VarianceScaling",
                           "config": {"scale": 2.0, "mode": "fan_out", "distribution": "truncated_normal"}}
DENSE_KERNEL_INITIALIZER = {"class_name": "VarianceScaling",
                            "config": {"scale": 1.0 / 3.0, "mode": "fan_out", "distribution": "uniform"}}
IMAGENET_STDDEV_RGB = [0.229, 0.224, 0.225]


def EfficientNet(width_coefficient, depth_coefficient, default_size, dropout_rate=0.2, drop_connect_rate=0.2,
                 depth_divisor=8, activation="swish", blocks_args="default", name="efficientnet", include_top=True,
                 weights="imagenet", input_tensor=None, input_shape=None, pooling=None, classes=1000,
                 classifier_activation="softmax"):
    """An EfficientNet whose filters scale by width_coefficient and repeats by depth_coefficient."""
    if blocks_args == "default":
        blocks_args = DEFAULT_BLOCKS_ARGS
    _common.check_weights(
        weights, include_top, classes,
        "The `weights` argument should be either `None` (random initialization), `imagenet` (pre-training on "
        "ImageNet), or the path to the weights file to be loaded.",
        'If using `weights="imagenet"` with `include_top` as true, `classes` should be 1000')
    input_shape = imagenet_utils.obtain_input_shape(input_shape, default_size=default_size, min_size=32,
                                                    data_format=_common.data_format(), require_flatten=include_top,
                                                    weights=weights)
    _common.refuse_imagenet(weights, name)
    img_input = _common.image_input(input_tensor, input_shape)
    bn_axis = _common.channel_axis()

    def round_filters(filters, divisor=depth_divisor):
        filters *= width_coefficient
        new_filters = max(divisor, int(filters + divisor / 2) // divisor * divisor)
        if new_filters < 0.9 * filters:  # never round down by more than 10%
            new_filters += divisor
        return int(new_filters)

    def round_repeats(repeats):
        return int(_math.ceil(depth_coefficient * repeats))

    x = layers.Rescaling(1.0 / 255.0)(img_input)
    x = layers.Normalization(axis=bn_axis)(x)
    x = layers.ZeroPadding2D(padding=imagenet_utils.correct_pad(x, 3), name="stem_conv_pad")(x)
    x = layers.Conv2D(round_filters(32), 3, strides=2, padding="valid", use_bias=False,
                      kernel_initializer=CONV_KERNEL_INITIALIZER, name="stem_conv")(x)
    x = layers.BatchNormalization(axis=bn_axis, name="stem_bn")(x)
    x = layers.Activation(activation, name="stem_activation")(x)

    blocks_args = _copy.deepcopy(blocks_args)
    b = 0
    blocks = float(sum(round_repeats(args["repeats"]) for args in blocks_args))
    for i, args in enumerate(blocks_args):
        args["filters_in"] = round_filters(args["filters_in"])
        args["filters_out"] = round_filters(args["filters_out"])
        for j in range(round_repeats(args.pop("repeats"))):
            if j > 0:  # only the first block of a stage strides and changes the width
                args["strides"] = 1
                args["filters_in"] = args["filters_out"]
            x = block(x, activation, drop_connect_rate * b / blocks, name="block%d%s_" % (i + 1, chr(j + 97)), **args)
            b += 1

    x = layers.Conv2D(round_filters(1280), 1, padding="same", use_bias=False,
                      kernel_initializer=CONV_KERNEL_INITIALIZER, name="top_conv")(x)
    x = layers.BatchNormalization(axis=bn_axis, name="top_bn")(x)
    x = layers.Activation(activation, name="top_activation")(x)
    if include_top:
        x = layers.GlobalAveragePooling2D(name="avg_pool")(x)
        if dropout_rate > 0:
            x = layers.Dropout(dropout_rate, name="top_dropout")(x)
        imagenet_utils.validate_activation(classifier_activation, weights)
        x = layers.Dense(classes, activation=classifier_activation, kernel_initializer=DENSE_KERNEL_INITIALIZER,
                         name="predictions")(x)
    elif pooling == "avg":
        x = layers.GlobalAveragePooling2D(name="avg_pool")(x)
    elif pooling == "max":
        x = layers.GlobalMaxPooling2D(name="max_pool")(x)
    return _common.finish(_common.source_inputs(input_tensor, img_input), x, name, weights)


def block(inputs, activation="swish", drop_rate=0.0, name="", filters_in=32, filters_out=16, kernel_size=3,
          strides=1, expand_ratio=1, se_ratio=0.0, id_skip=True):
    """An inverted residual (MBConv) block with squeeze-and-excitation."""
    bn_axis = _common.channel_axis()
    filters = filters_in * expand_ratio
    if expand_ratio != 1:
        x = layers.Conv2D(filters, 1, padding="same", use_bias=False, kernel_initializer=CONV_KERNEL_INITIALIZER,
                          name=name + "expand_conv")(inputs)
        x = layers.BatchNormalization(axis=bn_axis, name=name + "expand_bn")(x)
        x = layers.Activation(activation, name=name + "expand_activation")(x)
    else:
        x = inputs
    if strides == 2:
        x = layers.ZeroPadding2D(padding=imagenet_utils.correct_pad(x, kernel_size), name=name + "dwconv_pad")(x)
        conv_pad = "valid"
    else:
        conv_pad = "same"
    x = layers.DepthwiseConv2D(kernel_size, strides=strides, padding=conv_pad, use_bias=False,
                               depthwise_initializer=CONV_KERNEL_INITIALIZER, name=name + "dwconv")(x)
    x = layers.BatchNormalization(axis=bn_axis, name=name + "bn")(x)
    x = layers.Activation(activation, name=name + "activation")(x)
    if 0 < se_ratio <= 1:
        filters_se = max(1, int(filters_in * se_ratio))
        se = layers.GlobalAveragePooling2D(name=name + "se_squeeze")(x)
        se_shape = (filters, 1, 1) if bn_axis == 1 else (1, 1, filters)
        se = layers.Reshape(se_shape, name=name + "se_reshape")(se)
        se = layers.Conv2D(filters_se, 1, padding="same", activation=activation,
                           kernel_initializer=CONV_KERNEL_INITIALIZER, name=name + "se_reduce")(se)
        se = layers.Conv2D(filters, 1, padding="same", activation="sigmoid",
                           kernel_initializer=CONV_KERNEL_INITIALIZER, name=name + "se_expand")(se)
        x = layers.multiply([x, se], name=name + "se_excite")
    x = layers.Conv2D(filters_out, 1, padding="same", use_bias=False, kernel_initializer=CONV_KERNEL_INITIALIZER,
                      name=name + "project_conv")(x)
    x = layers.BatchNormalization(axis=bn_axis, name=name + "project_bn")(x)
    if id_skip and strides == 1 and filters_in == filters_out:
        if drop_rate > 0:
            x = layers.Dropout(drop_rate, noise_shape=(None, 1, 1, 1), name=name + "drop")(x)
        x = layers.add([x, inputs], name=name + "add")
    return x


def _efficientnet(width, depth, size, dropout, default_name):
    def application(include_top=True, weights="imagenet", input_tensor=None, input_shape=None, pooling=None,
                    classes=1000, classifier_activation="softmax", name=default_name):
        return EfficientNet(width, depth, size, dropout, name=name, include_top=include_top, weights=weights,
                            input_tensor=input_tensor, input_shape=input_shape, pooling=pooling, classes=classes,
                            classifier_activation=classifier_activation)

    application.__name__ = application.__qualname__ = default_name.replace("efficientnetb", "EfficientNetB")
    application.__doc__ = "Instantiates the %s architecture." % application.__name__
    return application


EfficientNetB0 = _efficientnet(1.0, 1.0, 224, 0.2, "efficientnetb0")
EfficientNetB1 = _efficientnet(1.0, 1.1, 240, 0.2, "efficientnetb1")
EfficientNetB2 = _efficientnet(1.1, 1.2, 260, 0.3, "efficientnetb2")
EfficientNetB3 = _efficientnet(1.2, 1.4, 300, 0.3, "efficientnetb3")
EfficientNetB4 = _efficientnet(1.4, 1.8, 380, 0.4, "efficientnetb4")
EfficientNetB5 = _efficientnet(1.6, 2.2, 456, 0.4, "efficientnetb5")
EfficientNetB6 = _efficientnet(1.8, 2.6, 528, 0.5, "efficientnetb6")
EfficientNetB7 = _efficientnet(2.0, 3.1, 600, 0.5, "efficientnetb7")


def preprocess_input(x, data_format=None):
    """A pass-through: EfficientNet's preprocessing is part of the model."""
    return x


def decode_predictions(preds, top=5):
    """The top ImageNet classes of each prediction (imagenet_utils.decode_predictions)."""
    return imagenet_utils.decode_predictions(preds, top=top)
