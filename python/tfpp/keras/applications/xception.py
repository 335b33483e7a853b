"""keras.applications.xception: Xception (Chollet 2016) at 71x71 and up: separable convolution
blocks block2_sepconv1 ... block14_sepconv2 with strided 1x1 residual convolutions, preprocessed
in "tf" mode."""

from .. import layers
from . import _common
from . import imagenet_utils


def _separable(x, filters, name, axis, activate_first=True):
    """relu (named name_act), separable 3x3 convolution (name), batch norm (name_bn)."""
    if activate_first:
        x = layers.Activation("relu", name=name + "_act")(x)
    x = layers.SeparableConv2D(filters, (3, 3), padding="same", use_bias=False, name=name)(x)
    return layers.BatchNormalization(axis=axis, name=name + "_bn")(x)


def _entry_block(x, filters, block, axis, first_filters=None, activate_first=True):
    """Two separable convolutions and strided max pooling, added to a strided 1x1 convolution."""
    residual = layers.Conv2D(filters, (1, 1), strides=(2, 2), padding="same", use_bias=False)(x)
    residual = layers.BatchNormalization(axis=axis)(residual)
    prefix = "block%d_sepconv" % block
    if activate_first:
        x = _separable(x, first_filters or filters, prefix + "1", axis)
    else:  # block 2 follows block 1's relu: its first separable convolution has none of its own
        x = layers.SeparableConv2D(filters, (3, 3), padding="same", use_bias=False, name=prefix + "1")(x)
        x = layers.BatchNormalization(axis=axis, name=prefix + "1_bn")(x)
    x = _separable(x, filters, prefix + "2", axis)
    x = layers.MaxPooling2D((3, 3), strides=(2, 2), padding="same", name="block%d_pool" % block)(x)
    return layers.add([x, residual])


def Xception(include_top=True, weights="imagenet", input_tensor=None, input_shape=None, pooling=None, classes=1000,
             classifier_activation="softmax", name="xception"):
    """Instantiates the Xception architecture."""
    _common.check_weights(
        weights, include_top, classes,
        "The `weights` argument should be either `None` (random initialization), 'imagenet' (pre-training on "
        "ImageNet), or the path to the weights file to be loaded.")
    input_shape = imagenet_utils.obtain_input_shape(input_shape, default_size=299, min_size=71,
                                                    data_format=_common.data_format(), require_flatten=include_top,
                                                    weights=weights)
    _common.refuse_imagenet(weights, name)
    img_input = _common.image_input(input_tensor, input_shape)
    axis = 1 if _common.data_format() == "channels_first" else -1

    x = layers.Conv2D(32, (3, 3), strides=(2, 2), use_bias=False, name="block1_conv1")(img_input)
    x = layers.BatchNormalization(axis=axis, name="block1_conv1_bn")(x)
    x = layers.Activation("relu", name="block1_conv1_act")(x)
    x = layers.Conv2D(64, (3, 3), use_bias=False, name="block1_conv2")(x)
    x = layers.BatchNormalization(axis=axis, name="block1_conv2_bn")(x)
    x = layers.Activation("relu", name="block1_conv2_act")(x)

    x = _entry_block(x, 128, 2, axis, activate_first=False)
    x = _entry_block(x, 256, 3, axis)
    x = _entry_block(x, 728, 4, axis)
    for i in range(8):  # the middle flow
        residual = x
        prefix = "block%d_sepconv" % (i + 5)
        for j in (1, 2, 3):
            x = _separable(x, 728, prefix + str(j), axis)
        x = layers.add([x, residual])
    x = _entry_block(x, 1024, 13, axis, first_filters=728)

    x = layers.SeparableConv2D(1536, (3, 3), padding="same", use_bias=False, name="block14_sepconv1")(x)
    x = layers.BatchNormalization(axis=axis, name="block14_sepconv1_bn")(x)
    x = layers.Activation("relu", name="block14_sepconv1_act")(x)
    x = layers.SeparableConv2D(2048, (3, 3), padding="same", use_bias=False, name="block14_sepconv2")(x)
    x = layers.BatchNormalization(axis=axis, name="block14_sepconv2_bn")(x)
    x = layers.Activation("relu", name="block14_sepconv2_act")(x)

    if include_top:
        x = layers.GlobalAveragePooling2D(name="avg_pool")(x)
        imagenet_utils.validate_activation(classifier_activation, weights)
        x = layers.Dense(classes, activation=classifier_activation, name="predictions")(x)
    elif pooling == "avg":
        x = layers.GlobalAveragePooling2D()(x)
    elif pooling == "max":
        x = layers.GlobalMaxPooling2D()(x)
    return _common.finish(_common.source_inputs(input_tensor, img_input), x, name, weights)


def preprocess_input(x, data_format=None):
    """ImageNet "tf" preprocessing: pixels scaled to [-1, 1]."""
    return imagenet_utils.preprocess_input(x, data_format=data_format, mode="tf")


def decode_predictions(preds, top=5):
    """The top ImageNet classes of each prediction (imagenet_utils.decode_predictions)."""
    return imagenet_utils.decode_predictions(preds, top=top)
