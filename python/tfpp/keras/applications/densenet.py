"""keras.applications.densenet: DenseNet121, DenseNet169 and DenseNet201 (Huang et al. 2016): dense
blocks of conv blocks concatenated to their input, transition blocks between them, "torch" mode
preprocessing."""

from .. import layers
from . import _common
from . import imagenet_utils
from .resnet import top


def dense_block(x, blocks, name):
    """`blocks` conv blocks, each concatenating 32 new channels."""
    for i in range(blocks):
        x = conv_block(x, 32, name=name + "_block" + str(i + 1))
    return x


def transition_block(x, reduction, name):
    """Batch norm, relu, a 1x1 convolution keeping `reduction` of the channels, 2x2 average pooling."""
    bn_axis = _common.channel_axis()
    x = layers.BatchNormalization(axis=bn_axis, epsilon=1.001e-5, name=name + "_bn")(x)
    x = layers.Activation("relu", name=name + "_relu")(x)
    x = layers.Conv2D(int(x.shape[bn_axis] * reduction), 1, use_bias=False, name=name + "_conv")(x)
    return layers.AveragePooling2D(2, strides=2, name=name + "_pool")(x)


def conv_block(x, growth_rate, name):
    """A bottleneck (1x1 then 3x3 convolution) whose `growth_rate` channels join the input's."""
    bn_axis = _common.channel_axis()
    x1 = layers.BatchNormalization(axis=bn_axis, epsilon=1.001e-5, name=name + "_0_bn")(x)
    x1 = layers.Activation("relu", name=name + "_0_relu")(x1)
    x1 = layers.Conv2D(4 * growth_rate, 1, use_bias=False, name=name + "_1_conv")(x1)
    x1 = layers.BatchNormalization(axis=bn_axis, epsilon=1.001e-5, name=name + "_1_bn")(x1)
    x1 = layers.Activation("relu", name=name + "_1_relu")(x1)
    x1 = layers.Conv2D(growth_rate, 3, padding="same", use_bias=False, name=name + "_2_conv")(x1)
    return layers.Concatenate(axis=bn_axis, name=name + "_concat")([x, x1])


def DenseNet(blocks, include_top=True, weights="imagenet", input_tensor=None, input_shape=None, pooling=None,
             classes=1000, classifier_activation="softmax", name="densenet"):
    """A DenseNet with blocks[i] conv blocks in dense block i + 1."""
    _common.check_weights(
        weights, include_top, classes,
        "The `weights` argument should be either `None` (random initialization), `imagenet` (pre-training on "
        "ImageNet), or the path to the weights file to be loaded.",
        'If using `weights` as `"imagenet"` with `include_top` as true, `classes` should be 1000')
    input_shape = imagenet_utils.obtain_input_shape(input_shape, default_size=224, min_size=32,
                                                    data_format=_common.data_format(), require_flatten=include_top,
                                                    weights=weights)
    _common.refuse_imagenet(weights, name)
    img_input = _common.image_input(input_tensor, input_shape)
    bn_axis = _common.channel_axis()

    x = layers.ZeroPadding2D(padding=((3, 3), (3, 3)))(img_input)
    x = layers.Conv2D(64, 7, strides=2, use_bias=False, name="conv1_conv")(x)
    x = layers.BatchNormalization(axis=bn_axis, epsilon=1.001e-5, name="conv1_bn")(x)
    x = layers.Activation("relu", name="conv1_relu")(x)
    x = layers.ZeroPadding2D(padding=((1, 1), (1, 1)))(x)
    x = layers.MaxPooling2D(3, strides=2, name="pool1")(x)
    for i, count in enumerate(blocks):
        x = dense_block(x, count, name="conv%d" % (i + 2))
        if i < len(blocks) - 1:
            x = transition_block(x, 0.5, name="pool%d" % (i + 2))
    x = layers.BatchNormalization(axis=bn_axis, epsilon=1.001e-5, name="bn")(x)
    x = layers.Activation("relu", name="relu")(x)

    x = top(x, include_top, pooling, classes, classifier_activation, weights)
    return _common.finish(_common.source_inputs(input_tensor, img_input), x, name, weights)


def _densenet(blocks, default_name):
    def application(include_top=True, weights="imagenet", input_tensor=None, input_shape=None, pooling=None,
                    classes=1000, classifier_activation="softmax", name=default_name):
        return DenseNet(blocks, include_top, weights, input_tensor, input_shape, pooling, classes,
                        classifier_activation, name)

    application.__name__ = application.__qualname__ = default_name.replace("densenet", "DenseNet")
    application.__doc__ = "Instantiates the %s architecture." % application.__name__
    return application


DenseNet121 = _densenet((6, 12, 24, 16), "densenet121")
DenseNet169 = _densenet((6, 12, 32, 32), "densenet169")
DenseNet201 = _densenet((6, 12, 48, 32), "densenet201")


def preprocess_input(x, data_format=None):
    """ImageNet "torch" preprocessing: pixels scaled to [0, 1], normalized per channel."""
    return imagenet_utils.preprocess_input(x, data_format=data_format, mode="torch")


def decode_predictions(preds, top=5):
    """The top ImageNet classes of each prediction (imagenet_utils.decode_predictions)."""
    return imagenet_utils.decode_predictions(preds, top=top)
