"""The VGG builder VGG16 and VGG19 share (Simonyan and Zisserman 2014): five blocks of 3x3
convolutions (block1_conv1, ...) and 2x2 max pooling, then fc1, fc2 and predictions."""

from .. import layers
from . import _common
from . import imagenet_utils

_FILTERS = (64, 128, 256, 512, 512)


def vgg(convolutions_per_block, include_top, weights, input_tensor, input_shape, pooling, classes,
        classifier_activation, name):
    """A VGG with convolutions_per_block[i] convolutions in block i + 1."""
    _common.check_weights(weights, include_top, classes)
    input_shape = imagenet_utils.obtain_input_shape(input_shape, default_size=224, min_size=32,
                                                    data_format=_common.data_format(), require_flatten=include_top,
                                                    weights=weights)
    _common.refuse_imagenet(weights, name)
    img_input = _common.image_input(input_tensor, input_shape)
    x = img_input
    for block, (filters, count) in enumerate(zip(_FILTERS, convolutions_per_block), start=1):
        for i in range(1, count + 1):
            x = layers.Conv2D(filters, (3, 3), activation="relu", padding="same",
                              name="block%d_conv%d" % (block, i))(x)
        x = layers.MaxPooling2D((2, 2), strides=(2, 2), name="block%d_pool" % block)(x)
    if include_top:
        x = layers.Flatten(name="flatten")(x)
        x = layers.Dense(4096, activation="relu", name="fc1")(x)
        x = layers.Dense(4096, activation="relu", name="fc2")(x)
        imagenet_utils.validate_activation(classifier_activation, weights)
        x = layers.Dense(classes, activation=classifier_activation, name="predictions")(x)
    elif pooling == "avg":
        x = layers.GlobalAveragePooling2D()(x)
    elif pooling == "max":
        x = layers.GlobalMaxPooling2D()(x)
    return _common.finish(_common.source_inputs(input_tensor, img_input), x, name, weights)


def preprocess_input(x, data_format=None):
    """ImageNet "caffe" preprocessing: RGB to BGR, minus the mean pixel."""
    return imagenet_utils.preprocess_input(x, data_format=data_format, mode="caffe")


def decode_predictions(preds, top=5):
    """The top ImageNet classes of each prediction (imagenet_utils.decode_predictions)."""
    return imagenet_utils.decode_predictions(preds, top=top)
