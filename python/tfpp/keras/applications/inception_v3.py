"""keras.applications.inception_v3: InceptionV3 (Szegedy et al. 2015) at 75x75 and up: unnamed
conv + batch norm + relu units (conv2d_N, batch_normalization_N, activation_N) joined by the named
concatenations mixed0 ... mixed10, preprocessed in "tf" mode."""

from .. import layers
from . import _common
from . import imagenet_utils


def conv2d_bn(x, filters, num_row, num_col, padding="same", strides=(1, 1), name=None):
    """A convolution without bias, a batch norm without scale and a relu (name_conv, name_bn, name)."""
    x = layers.Conv2D(filters, (num_row, num_col), strides=strides, padding=padding, use_bias=False,
                      **_common.named(None if name is None else name + "_conv"))(x)
    x = layers.BatchNormalization(axis=_common.channel_axis(), scale=False,
                                  **_common.named(None if name is None else name + "_bn"))(x)
    return layers.Activation("relu", **_common.named(name))(x)


def _average_branch(x, filters):
    branch = layers.AveragePooling2D((3, 3), strides=(1, 1), padding="same")(x)
    return conv2d_bn(branch, filters, 1, 1)


def _mixed_35(x, pool_filters, name, axis):
    """A 35x35 module: 1x1, 5x5, double 3x3 and pooled branches."""
    branch1x1 = conv2d_bn(x, 64, 1, 1)
    branch5x5 = conv2d_bn(x, 48, 1, 1)
    branch5x5 = conv2d_bn(branch5x5, 64, 5, 5)
    branch3x3dbl = conv2d_bn(x, 64, 1, 1)
    branch3x3dbl = conv2d_bn(branch3x3dbl, 96, 3, 3)
    branch3x3dbl = conv2d_bn(branch3x3dbl, 96, 3, 3)
    branch_pool = _average_branch(x, pool_filters)
    return layers.concatenate([branch1x1, branch5x5, branch3x3dbl, branch_pool], axis=axis, name=name)


def _mixed_17(x, filters, name, axis):
    """A 17x17 module with factorized 7x7 convolutions of `filters` inner channels."""
    branch1x1 = conv2d_bn(x, 192, 1, 1)
    branch7x7 = conv2d_bn(x, filters, 1, 1)
    branch7x7 = conv2d_bn(branch7x7, filters, 1, 7)
    branch7x7 = conv2d_bn(branch7x7, 192, 7, 1)
    branch7x7dbl = conv2d_bn(x, filters, 1, 1)
    branch7x7dbl = conv2d_bn(branch7x7dbl, filters, 7, 1)
    branch7x7dbl = conv2d_bn(branch7x7dbl, filters, 1, 7)
    branch7x7dbl = conv2d_bn(branch7x7dbl, filters, 7, 1)
    branch7x7dbl = conv2d_bn(branch7x7dbl, 192, 1, 7)
    branch_pool = _average_branch(x, 192)
    return layers.concatenate([branch1x1, branch7x7, branch7x7dbl, branch_pool], axis=axis, name=name)


def _mixed_8(x, i, axis):
    """An 8x8 module with expanded 1x3 / 3x1 branches."""
    branch1x1 = conv2d_bn(x, 320, 1, 1)
    branch3x3 = conv2d_bn(x, 384, 1, 1)
    branch3x3_1 = conv2d_bn(branch3x3, 384, 1, 3)
    branch3x3_2 = conv2d_bn(branch3x3, 384, 3, 1)
    branch3x3 = layers.concatenate([branch3x3_1, branch3x3_2], axis=axis, name="mixed9_" + str(i))
    branch3x3dbl = conv2d_bn(x, 448, 1, 1)
    branch3x3dbl = conv2d_bn(branch3x3dbl, 384, 3, 3)
    branch3x3dbl_1 = conv2d_bn(branch3x3dbl, 384, 1, 3)
    branch3x3dbl_2 = conv2d_bn(branch3x3dbl, 384, 3, 1)
    branch3x3dbl = layers.concatenate([branch3x3dbl_1, branch3x3dbl_2], axis=axis)
    branch_pool = _average_branch(x, 192)
    return layers.concatenate([branch1x1, branch3x3, branch3x3dbl, branch_pool], axis=axis, name="mixed" + str(9 + i))


def InceptionV3(include_top=True, weights="imagenet", input_tensor=None, input_shape=None, pooling=None,
                classes=1000, classifier_activation="softmax", name="inception_v3"):
    """Instantiates the Inception v3 architecture."""
    _common.check_weights(
        weights, include_top, classes,
        "The `weights` argument should be either `None` (random initialization), `imagenet` (pre-training on "
        "ImageNet), or the path to the weights file to be loaded; Received: weights=%s",
        'If using `weights="imagenet"` with `include_top=True`, `classes` should be 1000. Received classes=%s')
    input_shape = imagenet_utils.obtain_input_shape(input_shape, default_size=299, min_size=75,
                                                    data_format=_common.data_format(), require_flatten=include_top,
                                                    weights=weights)
    _common.refuse_imagenet(weights, name)
    img_input = _common.image_input(input_tensor, input_shape)
    axis = _common.channel_axis()

    x = conv2d_bn(img_input, 32, 3, 3, strides=(2, 2), padding="valid")
    x = conv2d_bn(x, 32, 3, 3, padding="valid")
    x = conv2d_bn(x, 64, 3, 3)
    x = layers.MaxPooling2D((3, 3), strides=(2, 2))(x)
    x = conv2d_bn(x, 80, 1, 1, padding="valid")
    x = conv2d_bn(x, 192, 3, 3, padding="valid")
    x = layers.MaxPooling2D((3, 3), strides=(2, 2))(x)

    x = _mixed_35(x, 32, "mixed0", axis)
    x = _mixed_35(x, 64, "mixed1", axis)
    x = _mixed_35(x, 64, "mixed2", axis)

    branch3x3 = conv2d_bn(x, 384, 3, 3, strides=(2, 2), padding="valid")
    branch3x3dbl = conv2d_bn(x, 64, 1, 1)
    branch3x3dbl = conv2d_bn(branch3x3dbl, 96, 3, 3)
    branch3x3dbl = conv2d_bn(branch3x3dbl, 96, 3, 3, strides=(2, 2), padding="valid")
    branch_pool = layers.MaxPooling2D((3, 3), strides=(2, 2))(x)
    x = layers.concatenate([branch3x3, branch3x3dbl, branch_pool], axis=axis, name="mixed3")

    x = _mixed_17(x, 128, "mixed4", axis)
    x = _mixed_17(x, 160, "mixed5", axis)
    x = _mixed_17(x, 160, "mixed6", axis)
    x = _mixed_17(x, 192, "mixed7", axis)

    branch3x3 = conv2d_bn(x, 192, 1, 1)
    branch3x3 = conv2d_bn(branch3x3, 320, 3, 3, strides=(2, 2), padding="valid")
    branch7x7x3 = conv2d_bn(x, 192, 1, 1)
    branch7x7x3 = conv2d_bn(branch7x7x3, 192, 1, 7)
    branch7x7x3 = conv2d_bn(branch7x7x3, 192, 7, 1)
    branch7x7x3 = conv2d_bn(branch7x7x3, 192, 3, 3, strides=(2, 2), padding="valid")
    branch_pool = layers.MaxPooling2D((3, 3), strides=(2, 2))(x)
    x = layers.concatenate([branch3x3, branch7x7x3, branch_pool], axis=axis, name="mixed8")

    x = _mixed_8(x, 0, axis)
    x = _mixed_8(x, 1, axis)

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
