"""keras.applications.mobilenet_v2: MobileNetV2 (Sandler et al. 2018), inverted residual blocks
block_i_expand / _depthwise / _project scaled by `alpha`, preprocessed in "tf" mode."""

import warnings as _warnings

from .. import backend
from .. import layers
from . import _common
from . import imagenet_utils

_SIZES = (96, 128, 160, 192, 224)
# (filters, stride, expansion) of blocks 0 to 16.
_BLOCKS = ((16, 1, 1), (24, 2, 6), (24, 1, 6), (32, 2, 6), (32, 1, 6), (32, 1, 6), (64, 2, 6), (64, 1, 6),
           (64, 1, 6), (64, 1, 6), (96, 1, 6), (96, 1, 6), (96, 1, 6), (160, 2, 6), (160, 1, 6), (160, 1, 6),
           (320, 1, 6))


def _square_size(rows, cols):
    return rows if rows == cols and rows in _SIZES else 224


def _spatial(shape):
    """(rows, cols) of an image shape without the batch dimension."""
    return tuple(shape[1:3]) if _common.data_format() == "channels_first" else tuple(shape[0:2])


def MobileNetV2(input_shape=None, alpha=1.0, include_top=True, weights="imagenet", input_tensor=None, pooling=None,
                classes=1000, classifier_activation="softmax", name=None):
    """Instantiates the MobileNetV2 architecture."""
    _common.check_weights(
        weights, include_top, classes,
        "The `weights` argument should be either `None` (random initialization), `imagenet` (pre-training on "
        "ImageNet), or the path to the weights file to be loaded.  Received `weights=%s`",
        'If using `weights="imagenet"` with `include_top` as true, `classes` should be 1000. Received `classes=%s`')
    channels_first = _common.data_format() == "channels_first"
    if input_shape is not None and input_tensor is not None:
        if not backend.is_keras_tensor(input_tensor):
            raise ValueError("input_tensor is not a Keras tensor; Received `input_tensor=%s`" % (input_tensor,))
        if channels_first and input_tensor.shape[1] != input_shape[1]:
            raise ValueError("input_shape[1] must equal shape(input_tensor)[1] when `image_data_format` is "
                             "`channels_first`; Received `input_tensor.shape=%s`, `input_shape=%s`"
                             % (input_tensor.shape, input_shape))
        if not channels_first and input_tensor.shape[2] != input_shape[1]:
            raise ValueError("input_tensor.shape[2] must equal input_shape[1]; Received `input_tensor.shape=%s`, "
                             "`input_shape=%s`" % (input_tensor.shape, input_shape))
    if input_shape is None and input_tensor is not None:
        default_size = _square_size(*_spatial(input_tensor.shape[1:])) if backend.is_keras_tensor(input_tensor) \
            else 224
    elif input_shape is None:
        default_size = 224
    else:
        default_size = _square_size(*_spatial(input_shape))
    input_shape = imagenet_utils.obtain_input_shape(input_shape, default_size=default_size, min_size=32,
                                                    data_format=_common.data_format(), require_flatten=include_top,
                                                    weights=weights)
    rows, cols = _spatial(input_shape)
    if weights == "imagenet":
        if alpha not in [0.35, 0.50, 0.75, 1.0, 1.3, 1.4]:
            raise ValueError("If imagenet weights are being loaded, alpha must be one of `0.35`, `0.50`, `0.75`, "
                             "`1.0`, `1.3` or `1.4` only; Received `alpha=%s`" % (alpha,))
        if rows != cols or rows not in _SIZES:
            rows = 224
            _warnings.warn("`input_shape` is undefined or non-square, or `rows` is not in [96, 128, 160, 192, 224]. "
                           "Weights for input shape (224, 224) will be loaded as the default.", stacklevel=2)
    _common.refuse_imagenet(weights, "MobileNetV2")
    img_input = _common.image_input(input_tensor, input_shape)
    channel_axis = 1 if channels_first else -1

    x = layers.Conv2D(_make_divisible(32 * alpha, 8), kernel_size=3, strides=(2, 2), padding="same",
                      use_bias=False, name="Conv1")(img_input)
    x = layers.BatchNormalization(axis=channel_axis, epsilon=1e-3, momentum=0.999, name="bn_Conv1")(x)
    x = layers.ReLU(6.0, name="Conv1_relu")(x)
    for block_id, (filters, stride, expansion) in enumerate(_BLOCKS):
        x = _inverted_res_block(x, filters=filters, alpha=alpha, stride=stride, expansion=expansion,
                                block_id=block_id)
    # The last convolution widens with alpha > 1 only (as the paper says).
    last_block_filters = _make_divisible(1280 * alpha, 8) if alpha > 1.0 else 1280
    x = layers.Conv2D(last_block_filters, kernel_size=1, use_bias=False, name="Conv_1")(x)
    x = layers.BatchNormalization(axis=channel_axis, epsilon=1e-3, momentum=0.999, name="Conv_1_bn")(x)
    x = layers.ReLU(6.0, name="out_relu")(x)

    if include_top:
        x = layers.GlobalAveragePooling2D()(x)
        imagenet_utils.validate_activation(classifier_activation, weights)
        x = layers.Dense(classes, activation=classifier_activation, name="predictions")(x)
    elif pooling == "avg":
        x = layers.GlobalAveragePooling2D()(x)
    elif pooling == "max":
        x = layers.GlobalMaxPooling2D()(x)
    if name is None:
        name = "mobilenetv2_%0.2f_%s" % (alpha, rows)
    return _common.finish(_common.source_inputs(input_tensor, img_input), x, name, weights)


def _inverted_res_block(inputs, expansion, stride, alpha, filters, block_id):
    """Expand (1x1), depthwise 3x3, project (1x1); added to the input when the shapes allow."""
    channel_axis = 1 if _common.data_format() == "channels_first" else -1
    in_channels = inputs.shape[channel_axis]
    pointwise_filters = _make_divisible(int(filters * alpha), 8)
    x = inputs
    prefix = "block_%d_" % block_id
    if block_id:
        x = layers.Conv2D(expansion * in_channels, kernel_size=1, padding="same", use_bias=False, activation=None,
                          name=prefix + "expand")(x)
        x = layers.BatchNormalization(axis=channel_axis, epsilon=1e-3, momentum=0.999, name=prefix + "expand_BN")(x)
        x = layers.ReLU(6.0, name=prefix + "expand_relu")(x)
    else:
        prefix = "expanded_conv_"
    if stride == 2:
        x = layers.ZeroPadding2D(padding=imagenet_utils.correct_pad(x, 3), name=prefix + "pad")(x)
    x = layers.DepthwiseConv2D(kernel_size=3, strides=stride, activation=None, use_bias=False,
                               padding="same" if stride == 1 else "valid", name=prefix + "depthwise")(x)
    x = layers.BatchNormalization(axis=channel_axis, epsilon=1e-3, momentum=0.999, name=prefix + "depthwise_BN")(x)
    x = layers.ReLU(6.0, name=prefix + "depthwise_relu")(x)
    x = layers.Conv2D(pointwise_filters, kernel_size=1, padding="same", use_bias=False, activation=None,
                      name=prefix + "project")(x)
    x = layers.BatchNormalization(axis=channel_axis, epsilon=1e-3, momentum=0.999, name=prefix + "project_BN")(x)
    if in_channels == pointwise_filters and stride == 1:
        return layers.Add(name=prefix + "add")([inputs, x])
    return x


def _make_divisible(v, divisor, min_value=None):
    """v rounded to a multiple of divisor, never more than 10% below v."""
    if min_value is None:
        min_value = divisor
    new_v = max(min_value, int(v + divisor / 2) // divisor * divisor)
    if new_v < 0.9 * v:
        new_v += divisor
    return new_v


def preprocess_input(x, data_format=None):
    """ImageNet "tf" preprocessing: pixels scaled to [-1, 1]."""
    return imagenet_utils.preprocess_input(x, data_format=data_format, mode="tf")


def decode_predictions(preds, top=5):
    """The top ImageNet classes of each prediction (imagenet_utils.decode_predictions)."""
    return imagenet_utils.decode_predictions(preds, top=top)
