"""keras.applications.nasnet: NASNetMobile and NASNetLarge (Zoph et al. 2017): NASNet-A normal and
reduction cells of separable convolution blocks, pooling and additions, preprocessed in "tf"
mode."""

import warnings as _warnings

from .. import layers
from . import _common
from . import imagenet_utils

_BN = dict(momentum=0.9997, epsilon=1e-3)


def _channel_dim():
    return 1 if _common.data_format() == "channels_first" else -1


def NASNet(input_shape=None, penultimate_filters=4032, num_blocks=6, stem_block_filters=96, skip_reduction=True,
           filter_multiplier=2, include_top=True, weights="imagenet", input_tensor=None, pooling=None, classes=1000,
           default_size=None, classifier_activation="softmax", name="NASNet"):
    """A NASNet-A of num_blocks normal cells per stage and penultimate_filters filters."""
    _common.check_weights(
        weights, include_top, classes,
        "The `weights` argument should be either `None` (random initialization), `imagenet` (pre-training on "
        "ImageNet), or the path to the weights file to be loaded.",
        'If using `weights` as `"imagenet"` with `include_top` as true, `classes` should be 1000')
    if isinstance(input_shape, tuple) and None in input_shape and weights == "imagenet":
        raise ValueError("When specifying the input shape of a NASNet and loading `ImageNet` weights, the input_shape "
                         "argument must be static (no None entries). Got: `input_shape=" + str(input_shape) + "`.")
    if default_size is None:
        default_size = 331
    input_shape = imagenet_utils.obtain_input_shape(input_shape, default_size=default_size, min_size=32,
                                                    data_format=_common.data_format(), require_flatten=include_top,
                                                    weights=weights)
    if _common.data_format() != "channels_last":
        _warnings.warn('The NASNet family of models is only available for the input data format "channels_last" '
                       "(width, height, channels).", stacklevel=2)
    if weights == "imagenet" and default_size not in (224, 331):
        raise ValueError("ImageNet weights can only be loaded with NASNetLarge or NASNetMobile")
    if penultimate_filters % (24 * (filter_multiplier**2)) != 0:
        raise ValueError("For NASNet-A models, the `penultimate_filters` must be a multiple of 24 * "
                         "(`filter_multiplier` ** 2). Current value: %d" % penultimate_filters)
    _common.refuse_imagenet(weights, name)
    img_input = _common.image_input(input_tensor, input_shape)
    filters = penultimate_filters // 24

    x = layers.Conv2D(stem_block_filters, (3, 3), strides=(2, 2), padding="valid", use_bias=False, name="stem_conv1",
                      kernel_initializer="he_normal")(img_input)
    x = layers.BatchNormalization(axis=_channel_dim(), name="stem_bn1", **_BN)(x)
    p = None
    x, p = _reduction_a_cell(x, p, filters // (filter_multiplier**2), block_id="stem_1")
    x, p = _reduction_a_cell(x, p, filters // filter_multiplier, block_id="stem_2")
    for stage in range(3):
        if stage:
            x, p0 = _reduction_a_cell(x, p, filters * filter_multiplier**stage,
                                      block_id="reduce_%d" % (stage * num_blocks))
            p = p0 if not skip_reduction else p
        for i in range(num_blocks):
            x, p = _normal_a_cell(x, p, filters * filter_multiplier**stage,
                                  block_id="%d" % (i if stage == 0 else stage * num_blocks + i + 1))
    x = layers.Activation("relu")(x)

    if include_top:
        x = layers.GlobalAveragePooling2D()(x)
        imagenet_utils.validate_activation(classifier_activation, weights)
        x = layers.Dense(classes, activation=classifier_activation, name="predictions")(x)
    elif pooling == "avg":
        x = layers.GlobalAveragePooling2D()(x)
    elif pooling == "max":
        x = layers.GlobalMaxPooling2D()(x)
    return _common.finish(_common.source_inputs(input_tensor, img_input), x, name, weights)


def NASNetMobile(input_shape=None, include_top=True, weights="imagenet", input_tensor=None, pooling=None,
                 classes=1000, classifier_activation="softmax", name="nasnet_mobile"):
    """Instantiates a Mobile NASNet model in ImageNet mode (224x224 by default)."""
    if not include_top and input_shape is None:
        input_shape = (224, 224, 3)
    return NASNet(input_shape, penultimate_filters=1056, num_blocks=4, stem_block_filters=32, skip_reduction=False,
                  filter_multiplier=2, include_top=include_top, weights=weights, input_tensor=input_tensor,
                  pooling=pooling, classes=classes, default_size=224, classifier_activation=classifier_activation,
                  name=name)


def NASNetLarge(input_shape=None, include_top=True, weights="imagenet", input_tensor=None, pooling=None,
                classes=1000, classifier_activation="softmax", name="nasnet_large"):
    """Instantiates a NASNet model in ImageNet mode (331x331 by default)."""
    return NASNet(input_shape, penultimate_filters=4032, num_blocks=6, stem_block_filters=96, skip_reduction=True,
                  filter_multiplier=2, include_top=include_top, weights=weights, input_tensor=input_tensor,
                  pooling=pooling, classes=classes, default_size=331, classifier_activation=classifier_activation,
                  name=name)


def _separable_conv_block(ip, filters, kernel_size=(3, 3), strides=(1, 1), block_id=None):
    """Twice relu, separable convolution, batch norm (the first one strided)."""
    x = layers.Activation("relu")(ip)
    if strides == (2, 2):
        x = layers.ZeroPadding2D(padding=imagenet_utils.correct_pad(x, kernel_size),
                                 name="separable_conv_1_pad_%s" % block_id)(x)
        conv_pad = "valid"
    else:
        conv_pad = "same"
    x = layers.SeparableConv2D(filters, kernel_size, strides=strides, name="separable_conv_1_%s" % block_id,
                               padding=conv_pad, use_bias=False)(x)
    x = layers.BatchNormalization(axis=_channel_dim(), name="separable_conv_1_bn_%s" % block_id, **_BN)(x)
    x = layers.Activation("relu")(x)
    x = layers.SeparableConv2D(filters, kernel_size, name="separable_conv_2_%s" % block_id, padding="same",
                               use_bias=False)(x)
    return layers.BatchNormalization(axis=_channel_dim(), name="separable_conv_2_bn_%s" % block_id, **_BN)(x)


def _adjust_block(p, ip, filters, block_id=None):
    """The previous path `p` brought to the shape of `ip`: halved spatially or projected."""
    channel_dim = _channel_dim()
    img_dim = 2 if _common.data_format() == "channels_first" else -2
    if p is None:
        return ip
    if p.shape[img_dim] != ip.shape[img_dim]:
        p = layers.Activation("relu", name="adjust_relu_1_%s" % block_id)(p)
        p1 = layers.AveragePooling2D((1, 1), strides=(2, 2), padding="valid", name="adjust_avg_pool_1_%s" % block_id)(p)
        p1 = layers.Conv2D(filters // 2, (1, 1), padding="same", use_bias=False, name="adjust_conv_1_%s" % block_id,
                           kernel_initializer="he_normal")(p1)
        p2 = layers.ZeroPadding2D(padding=((0, 1), (0, 1)))(p)
        p2 = layers.Cropping2D(cropping=((1, 0), (1, 0)))(p2)
        p2 = layers.AveragePooling2D((1, 1), strides=(2, 2), padding="valid",
                                     name="adjust_avg_pool_2_%s" % block_id)(p2)
        p2 = layers.Conv2D(filters // 2, (1, 1), padding="same", use_bias=False, name="adjust_conv_2_%s" % block_id,
                           kernel_initializer="he_normal")(p2)
        p = layers.concatenate([p1, p2], axis=channel_dim)
        return layers.BatchNormalization(axis=channel_dim, name="adjust_bn_%s" % block_id, **_BN)(p)
    if p.shape[channel_dim] != filters:
        p = layers.Activation("relu")(p)
        p = layers.Conv2D(filters, (1, 1), strides=(1, 1), padding="same", name="adjust_conv_projection_%s" % block_id,
                          use_bias=False, kernel_initializer="he_normal")(p)
        p = layers.BatchNormalization(axis=channel_dim, name="adjust_bn_%s" % block_id, **_BN)(p)
    return p


def _squeeze(ip, filters, kind, block_id):
    """relu, 1x1 convolution and batch norm of a cell's input (kind_conv_1_id, kind_bn_1_id)."""
    h = layers.Activation("relu")(ip)
    h = layers.Conv2D(filters, (1, 1), strides=(1, 1), padding="same", name="%s_conv_1_%s" % (kind, block_id),
                      use_bias=False, kernel_initializer="he_normal")(h)
    return layers.BatchNormalization(axis=_channel_dim(), name="%s_bn_1_%s" % (kind, block_id), **_BN)(h)


def _average_3x3(x, strides, padding, name):
    return layers.AveragePooling2D((3, 3), strides=strides, padding=padding, name=name)(x)


def _normal_a_cell(ip, p, filters, block_id=None):
    """A NASNet-A normal cell (Fig. 4 of the paper)."""
    p = _adjust_block(p, ip, filters, block_id)
    h = _squeeze(ip, filters, "normal", block_id)
    x1_1 = _separable_conv_block(h, filters, kernel_size=(5, 5), block_id="normal_left1_%s" % block_id)
    x1_2 = _separable_conv_block(p, filters, block_id="normal_right1_%s" % block_id)
    x1 = layers.add([x1_1, x1_2], name="normal_add_1_%s" % block_id)
    x2_1 = _separable_conv_block(p, filters, (5, 5), block_id="normal_left2_%s" % block_id)
    x2_2 = _separable_conv_block(p, filters, (3, 3), block_id="normal_right2_%s" % block_id)
    x2 = layers.add([x2_1, x2_2], name="normal_add_2_%s" % block_id)
    x3 = _average_3x3(h, (1, 1), "same", "normal_left3_%s" % block_id)
    x3 = layers.add([x3, p], name="normal_add_3_%s" % block_id)
    x4_1 = _average_3x3(p, (1, 1), "same", "normal_left4_%s" % block_id)
    x4_2 = _average_3x3(p, (1, 1), "same", "normal_right4_%s" % block_id)
    x4 = layers.add([x4_1, x4_2], name="normal_add_4_%s" % block_id)
    x5 = _separable_conv_block(h, filters, block_id="normal_left5_%s" % block_id)
    x5 = layers.add([x5, h], name="normal_add_5_%s" % block_id)
    x = layers.concatenate([p, x1, x2, x3, x4, x5], axis=_channel_dim(), name="normal_concat_%s" % block_id)
    return x, ip


def _reduction_a_cell(ip, p, filters, block_id=None):
    """A NASNet-A reduction cell (Fig. 4 of the paper): halves the spatial size."""
    p = _adjust_block(p, ip, filters, block_id)
    h = _squeeze(ip, filters, "reduction", block_id)
    h3 = layers.ZeroPadding2D(padding=imagenet_utils.correct_pad(h, 3), name="reduction_pad_1_%s" % block_id)(h)
    x1_1 = _separable_conv_block(h, filters, (5, 5), strides=(2, 2), block_id="reduction_left1_%s" % block_id)
    x1_2 = _separable_conv_block(p, filters, (7, 7), strides=(2, 2), block_id="reduction_right1_%s" % block_id)
    x1 = layers.add([x1_1, x1_2], name="reduction_add_1_%s" % block_id)
    x2_1 = layers.MaxPooling2D((3, 3), strides=(2, 2), padding="valid", name="reduction_left2_%s" % block_id)(h3)
    x2_2 = _separable_conv_block(p, filters, (7, 7), strides=(2, 2), block_id="reduction_right2_%s" % block_id)
    x2 = layers.add([x2_1, x2_2], name="reduction_add_2_%s" % block_id)
    x3_1 = _average_3x3(h3, (2, 2), "valid", "reduction_left3_%s" % block_id)
    x3_2 = _separable_conv_block(p, filters, (5, 5), strides=(2, 2), block_id="reduction_right3_%s" % block_id)
    x3 = layers.add([x3_1, x3_2], name="reduction_add3_%s" % block_id)
    x4 = _average_3x3(x1, (1, 1), "same", "reduction_left4_%s" % block_id)
    x4 = layers.add([x2, x4])
    x5_1 = _separable_conv_block(x1, filters, (3, 3), block_id="reduction_left4_%s" % block_id)
    x5_2 = layers.MaxPooling2D((3, 3), strides=(2, 2), padding="valid", name="reduction_right5_%s" % block_id)(h3)
    x5 = layers.add([x5_1, x5_2], name="reduction_add4_%s" % block_id)
    x = layers.concatenate([x2, x3, x4, x5], axis=_channel_dim(), name="reduction_concat_%s" % block_id)
    return x, ip


def preprocess_input(x, data_format=None):
    """ImageNet "tf" preprocessing: pixels scaled to [-1, 1]."""
    return imagenet_utils.preprocess_input(x, data_format=data_format, mode="tf")


def decode_predictions(preds, top=5):
    """The top ImageNet classes of each prediction (imagenet_utils.decode_predictions)."""
    return imagenet_utils.decode_predictions(preds, top=top)
