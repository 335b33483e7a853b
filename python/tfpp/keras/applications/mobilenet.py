"""keras.applications.mobilenet: MobileNet (Howard et al. 2017), depthwise separable blocks
conv_dw_i / conv_pw_i scaled by `alpha`, preprocessed in "tf" mode."""

import warnings as _warnings

from .. import layers
from . import _common
from . import imagenet_utils

_SIZES = (128, 160, 192, 224)


def _rows_and_cols(input_shape):
    return input_shape[1:3] if _common.data_format() == "channels_first" else input_shape[0:2]


def MobileNet(input_shape=None, alpha=1.0, depth_multiplier=1, dropout=1e-3, include_top=True, weights="imagenet",
              input_tensor=None, pooling=None, classes=1000, classifier_activation="softmax", name=None):
    """Instantiates the MobileNet architecture."""
    _common.check_weights(
        weights, include_top, classes,
        "The `weights` argument should be either `None` (random initialization), 'imagenet' (pre-training on "
        "ImageNet), or the path to the weights file to be loaded. Received weights=%s")
    default_size = 224
    if input_shape is not None:
        rows, cols = _rows_and_cols(input_shape)
        if rows == cols and rows in _SIZES:
            default_size = rows
    input_shape = imagenet_utils.obtain_input_shape(input_shape, default_size=default_size, min_size=32,
                                                    data_format=_common.data_format(), require_flatten=include_top,
                                                    weights=weights)
    rows, cols = _rows_and_cols(input_shape)
    if weights == "imagenet":
        if depth_multiplier != 1:
            raise ValueError("If imagenet weights are being loaded, depth multiplier must be 1.  "
                             "Received depth_multiplier=%s" % (depth_multiplier,))
        if alpha not in [0.25, 0.50, 0.75, 1.0]:
            raise ValueError("If imagenet weights are being loaded, alpha can be one of`0.25`, `0.50`, `0.75` or "
                             "`1.0` only.  Received alpha=%s" % (alpha,))
        if rows != cols or rows not in _SIZES:
            rows = 224
            _warnings.warn("`input_shape` is undefined or non-square, or `rows` is not in [128, 160, 192, 224]. "
                           "Weights for input shape (224, 224) will be loaded as the default.", stacklevel=2)
    _common.refuse_imagenet(weights, "MobileNet")
    img_input = _common.image_input(input_tensor, input_shape)

    x = _conv_block(img_input, 32, alpha, strides=(2, 2))
    # (pointwise filters, stride) of blocks 1 to 13.
    for block_id, (filters, stride) in enumerate(
            ((64, 1), (128, 2), (128, 1), (256, 2), (256, 1), (512, 2), (512, 1), (512, 1), (512, 1), (512, 1),
             (512, 1), (1024, 2), (1024, 1)), start=1):
        x = _depthwise_conv_block(x, filters, alpha, depth_multiplier, strides=(stride, stride), block_id=block_id)

    if include_top:
        x = layers.GlobalAveragePooling2D(keepdims=True)(x)
        x = layers.Dropout(dropout, name="dropout")(x)
        x = layers.Conv2D(classes, (1, 1), padding="same", name="conv_preds")(x)
        x = layers.Reshape((classes,), name="reshape_2")(x)
        imagenet_utils.validate_activation(classifier_activation, weights)
        x = layers.Activation(activation=classifier_activation, name="predictions")(x)
    elif pooling == "avg":
        x = layers.GlobalAveragePooling2D()(x)
    elif pooling == "max":
        x = layers.GlobalMaxPooling2D()(x)
    if name is None:
        name = "mobilenet_%0.2f_%s" % (alpha, rows)
    return _common.finish(_common.source_inputs(input_tensor, img_input), x, name, weights)


def _conv_block(inputs, filters, alpha, kernel=(3, 3), strides=(1, 1)):
    """The first convolution, batch norm and relu6 (conv1, conv1_bn, conv1_relu)."""
    channel_axis = 1 if _common.data_format() == "channels_first" else -1
    x = layers.Conv2D(int(filters * alpha), kernel, padding="same", use_bias=False, strides=strides,
                      name="conv1")(inputs)
    x = layers.BatchNormalization(axis=channel_axis, name="conv1_bn")(x)
    return layers.ReLU(6.0, name="conv1_relu")(x)


def _depthwise_conv_block(inputs, pointwise_conv_filters, alpha, depth_multiplier=1, strides=(1, 1), block_id=1):
    """A 3x3 depthwise convolution and a 1x1 pointwise one, each with batch norm and relu6."""
    channel_axis = 1 if _common.data_format() == "channels_first" else -1
    x = inputs
    if strides != (1, 1):
        x = layers.ZeroPadding2D(((0, 1), (0, 1)), name="conv_pad_%d" % block_id)(x)
    x = layers.DepthwiseConv2D((3, 3), padding="same" if strides == (1, 1) else "valid",
                               depth_multiplier=depth_multiplier, strides=strides, use_bias=False,
                               name="conv_dw_%d" % block_id)(x)
    x = layers.BatchNormalization(axis=channel_axis, name="conv_dw_%d_bn" % block_id)(x)
    x = layers.ReLU(6.0, name="conv_dw_%d_relu" % block_id)(x)
    x = layers.Conv2D(int(pointwise_conv_filters * alpha), (1, 1), padding="same", use_bias=False, strides=(1, 1),
                      name="conv_pw_%d" % block_id)(x)
    x = layers.BatchNormalization(axis=channel_axis, name="conv_pw_%d_bn" % block_id)(x)
    return layers.ReLU(6.0, name="conv_pw_%d_relu" % block_id)(x)


def preprocess_input(x, data_format=None):
    """ImageNet "tf" preprocessing: pixels scaled to [-1, 1]."""
    return imagenet_utils.preprocess_input(x, data_format=data_format, mode="tf")


def decode_predictions(preds, top=5):
    """The top ImageNet classes of each prediction (imagenet_utils.decode_predictions)."""
    return imagenet_utils.decode_predictions(preds, top=top)
