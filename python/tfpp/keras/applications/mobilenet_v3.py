"""keras.applications.mobilenet_v3: MobileNetV3Small and MobileNetV3Large (Howard et al. 2019):
inverted residual blocks expanded_conv_i_... with squeeze-and-excitation and hard-swish, the
preprocessing inside the model (preprocess_input returns its input). Keras' hard sigmoid,
relu6(x + 3) * (1 / 6), is made of operation nodes, as in Keras."""

import warnings as _warnings

from .. import backend
from .. import layers
from .. import models
from . import _common
from . import imagenet_utils

# (expansion, filters, kernel size ("kernel": the variant's), stride, squeeze-excite, activation
# ("relu" or the variant's), block_id) of each block.
_SMALL = ((1, 16, 3, 2, True, "relu"), (72.0 / 16, 24, 3, 2, False, "relu"), (88.0 / 24, 24, 3, 1, False, "relu"),
          (4, 40, "kernel", 2, True, "act"), (6, 40, "kernel", 1, True, "act"), (6, 40, "kernel", 1, True, "act"),
          (3, 48, "kernel", 1, True, "act"), (3, 48, "kernel", 1, True, "act"), (6, 96, "kernel", 2, True, "act"),
          (6, 96, "kernel", 1, True, "act"), (6, 96, "kernel", 1, True, "act"))
_LARGE = ((1, 16, 3, 1, False, "relu"), (4, 24, 3, 2, False, "relu"), (3, 24, 3, 1, False, "relu"),
          (3, 40, "kernel", 2, True, "relu"), (3, 40, "kernel", 1, True, "relu"), (3, 40, "kernel", 1, True, "relu"),
          (6, 80, 3, 2, False, "act"), (2.5, 80, 3, 1, False, "act"), (2.3, 80, 3, 1, False, "act"),
          (2.3, 80, 3, 1, False, "act"), (6, 112, 3, 1, True, "act"), (6, 112, 3, 1, True, "act"),
          (6, 160, "kernel", 2, True, "act"), (6, 160, "kernel", 1, True, "act"), (6, 160, "kernel", 1, True, "act"))


def relu(x):
    return layers.ReLU()(x)


def hard_sigmoid(x):
    return layers.ReLU(6.0)(x + 3.0) * (1.0 / 6.0)


def hard_swish(x):
    return layers.Activation("hard_swish")(x)


def _depth(v, divisor=8, min_value=None):
    """v rounded to a multiple of divisor, never more than 10% below v."""
    if min_value is None:
        min_value = divisor
    new_v = max(min_value, int(v + divisor / 2) // divisor * divisor)
    if new_v < 0.9 * v:
        new_v += divisor
    return new_v


def _se_block(inputs, filters, se_ratio, prefix):
    x = layers.GlobalAveragePooling2D(keepdims=True, name=prefix + "squeeze_excite_avg_pool")(inputs)
    x = layers.Conv2D(_depth(filters * se_ratio), kernel_size=1, padding="same", name=prefix + "squeeze_excite_conv")(x)
    x = layers.ReLU(name=prefix + "squeeze_excite_relu")(x)
    x = layers.Conv2D(filters, kernel_size=1, padding="same", name=prefix + "squeeze_excite_conv_1")(x)
    x = hard_sigmoid(x)
    return layers.Multiply(name=prefix + "squeeze_excite_mul")([inputs, x])


def _inverted_res_block(x, expansion, filters, kernel_size, stride, se_ratio, activation, block_id):
    channel_axis = 1 if _common.data_format() == "channels_first" else -1
    shortcut = x
    prefix = "expanded_conv_"
    infilters = x.shape[channel_axis]
    if block_id:
        prefix = "expanded_conv_%d_" % block_id
        x = layers.Conv2D(_depth(infilters * expansion), kernel_size=1, padding="same", use_bias=False,
                          name=prefix + "expand")(x)
        x = layers.BatchNormalization(axis=channel_axis, epsilon=1e-3, momentum=0.999, name=prefix + "expand_bn")(x)
        x = activation(x)
    if stride == 2:
        x = layers.ZeroPadding2D(padding=imagenet_utils.correct_pad(x, kernel_size), name=prefix + "depthwise_pad")(x)
    x = layers.DepthwiseConv2D(kernel_size, strides=stride, padding="same" if stride == 1 else "valid", use_bias=False,
                               name=prefix + "depthwise")(x)
    x = layers.BatchNormalization(axis=channel_axis, epsilon=1e-3, momentum=0.999, name=prefix + "depthwise_bn")(x)
    x = activation(x)
    if se_ratio:
        x = _se_block(x, _depth(infilters * expansion), se_ratio, prefix)
    x = layers.Conv2D(filters, kernel_size=1, padding="same", use_bias=False, name=prefix + "project")(x)
    x = layers.BatchNormalization(axis=channel_axis, epsilon=1e-3, momentum=0.999, name=prefix + "project_bn")(x)
    if stride == 1 and infilters == filters:
        x = layers.Add(name=prefix + "add")([shortcut, x])
    return x


def MobileNetV3(blocks, last_point_ch, input_shape=None, alpha=1.0, model_type="large", minimalistic=False,
                include_top=True, weights="imagenet", input_tensor=None, classes=1000, pooling=None, dropout_rate=0.2,
                classifier_activation="softmax", include_preprocessing=True, name=None):
    """A MobileNetV3 of the given blocks (_SMALL or _LARGE)."""
    _common.check_weights(
        weights, include_top, classes,
        "The `weights` argument should be either `None` (random initialization), `imagenet` (pre-training on "
        "ImageNet), or the path to the weights file to be loaded.  Received weights=%s",
        'If using `weights="imagenet"` with `include_top` as true, `classes` should be 1000.  Received classes=%s')
    channels_first = _common.data_format() == "channels_first"
    if input_tensor is not None:
        if not backend.is_keras_tensor(input_tensor):
            raise ValueError("input_tensor specified: %s is not a keras tensor" % (input_tensor,))
        if input_shape is not None and not channels_first and input_tensor.shape[2] != input_shape[1]:
            raise ValueError("input_shape[1] must equal input_tensor.shape[2].  Received input_shape=%s, "
                             "input_tensor.shape=%s" % (input_shape, input_tensor.shape))
        if input_shape is None:
            rows, cols = input_tensor.shape[2:4] if channels_first else input_tensor.shape[1:3]
            input_shape = (3, cols, rows) if channels_first else (cols, rows, 3)
    if input_shape is None:
        input_shape = (3, None, None) if channels_first else (None, None, 3)
    rows, cols = input_shape[1:3] if channels_first else input_shape[0:2]
    if rows and cols and (rows < 32 or cols < 32):
        raise ValueError("Input size must be at least 32x32; Received `input_shape=%s`" % (input_shape,))
    if weights == "imagenet":
        if not minimalistic and alpha not in [0.75, 1.0] or minimalistic and alpha != 1.0:
            raise ValueError("If imagenet weights are being loaded, alpha can be one of `0.75`, `1.0` for non "
                             "minimalistic or `1.0` for minimalistic only.")
        if rows != cols or rows != 224:
            _warnings.warn("`input_shape` is undefined or non-square, or `rows` is not 224. Weights for input shape "
                           "(224, 224) will be loaded as the default.", stacklevel=2)
    _common.refuse_imagenet(weights, name)
    img_input = _common.image_input(input_tensor, input_shape)
    channel_axis = 1 if channels_first else -1
    kernel, activation, se_ratio = (3, relu, None) if minimalistic else (5, hard_swish, 0.25)

    x = img_input
    if include_preprocessing:
        x = layers.Rescaling(scale=1.0 / 127.5, offset=-1.0)(x)
    x = layers.Conv2D(16, kernel_size=3, strides=(2, 2), padding="same", use_bias=False, name="conv")(x)
    x = layers.BatchNormalization(axis=channel_axis, epsilon=1e-3, momentum=0.999, name="conv_bn")(x)
    x = activation(x)
    for block_id, (expansion, filters, kernel_size, stride, squeeze, block_activation) in enumerate(blocks):
        x = _inverted_res_block(x, expansion, _depth(filters * alpha),
                                kernel if kernel_size == "kernel" else kernel_size, stride,
                                se_ratio if squeeze else None, relu if block_activation == "relu" else activation,
                                block_id)
    last_conv_ch = _depth(x.shape[channel_axis] * 6)
    if alpha > 1.0:
        last_point_ch = _depth(last_point_ch * alpha)
    x = layers.Conv2D(last_conv_ch, kernel_size=1, padding="same", use_bias=False, name="conv_1")(x)
    x = layers.BatchNormalization(axis=channel_axis, epsilon=1e-3, momentum=0.999, name="conv_1_bn")(x)
    x = activation(x)
    if include_top:
        x = layers.GlobalAveragePooling2D(keepdims=True)(x)
        x = layers.Conv2D(last_point_ch, kernel_size=1, padding="same", use_bias=True, name="conv_2")(x)
        x = activation(x)
        if dropout_rate > 0:
            x = layers.Dropout(dropout_rate)(x)
        x = layers.Conv2D(classes, kernel_size=1, padding="same", name="logits")(x)
        x = layers.Flatten()(x)
        imagenet_utils.validate_activation(classifier_activation, weights)
        x = layers.Activation(activation=classifier_activation, name="predictions")(x)
    elif pooling == "avg":
        x = layers.GlobalAveragePooling2D(name="avg_pool")(x)
    elif pooling == "max":
        x = layers.GlobalMaxPooling2D(name="max_pool")(x)
    inputs = _common.source_inputs(input_tensor, img_input)
    return _common.load_weights(models.Model(inputs, x, name=name), weights, name)


def _variant(blocks, last_point_ch, model_type, default_name):
    def application(input_shape=None, alpha=1.0, minimalistic=False, include_top=True, weights="imagenet",
                    input_tensor=None, classes=1000, pooling=None, dropout_rate=0.2, classifier_activation="softmax",
                    include_preprocessing=True, name=default_name):
        return MobileNetV3(blocks, last_point_ch, input_shape, alpha, model_type, minimalistic, include_top, weights,
                           input_tensor, classes, pooling, dropout_rate, classifier_activation, include_preprocessing,
                           name=name)

    application.__name__ = application.__qualname__ = default_name
    application.__doc__ = "Instantiates the %s architecture." % default_name
    return application


MobileNetV3Small = _variant(_SMALL, 1024, "small", "MobileNetV3Small")
MobileNetV3Large = _variant(_LARGE, 1280, "large", "MobileNetV3Large")


def preprocess_input(x, data_format=None):
    """A pass-through: MobileNetV3's preprocessing is part of the model."""
    return x


def decode_predictions(preds, top=5):
    """The top ImageNet classes of each prediction (imagenet_utils.decode_predictions)."""
    return imagenet_utils.decode_predictions(preds, top=top)
