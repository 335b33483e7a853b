"""keras.applications.resnet: ResNet50, ResNet101 and ResNet152 (He et al. 2015), with Keras 3's
layer names (conv1_conv, conv2_block1_1_conv, ...); ResNetV2 shares the builder."""

from .. import layers
from . import _common
from . import imagenet_utils


def ResNet(stack_fn, preact, use_bias, include_top=True, weights="imagenet", input_tensor=None, input_shape=None,
           pooling=None, classes=1000, classifier_activation="softmax", name="resnet"):
    """A ResNet (v1, or v2 with `preact`) whose residual stacks `stack_fn` adds."""
    _common.check_weights(weights, include_top, classes)
    input_shape = imagenet_utils.obtain_input_shape(input_shape, default_size=224, min_size=32,
                                                    data_format=_common.data_format(), require_flatten=include_top,
                                                    weights=weights)
    _common.refuse_imagenet(weights, name)
    img_input = _common.image_input(input_tensor, input_shape)
    bn_axis = _common.channel_axis()

    x = layers.ZeroPadding2D(padding=((3, 3), (3, 3)), name="conv1_pad")(img_input)
    x = layers.Conv2D(64, 7, strides=2, use_bias=use_bias, name="conv1_conv")(x)
    if not preact:
        x = layers.BatchNormalization(axis=bn_axis, epsilon=1.001e-5, name="conv1_bn")(x)
        x = layers.Activation("relu", name="conv1_relu")(x)
    x = layers.ZeroPadding2D(padding=((1, 1), (1, 1)), name="pool1_pad")(x)
    x = layers.MaxPooling2D(3, strides=2, name="pool1_pool")(x)
    x = stack_fn(x)
    if preact:
        x = layers.BatchNormalization(axis=bn_axis, epsilon=1.001e-5, name="post_bn")(x)
        x = layers.Activation("relu", name="post_relu")(x)

    x = top(x, include_top, pooling, classes, classifier_activation, weights)
    return _common.finish(_common.source_inputs(input_tensor, img_input), x, name, weights)


def top(x, include_top, pooling, classes, classifier_activation, weights, pool_names=("avg_pool", "max_pool")):
    """The classifier (global average pooling and a Dense `predictions`) or the optional pooling."""
    if include_top:
        x = layers.GlobalAveragePooling2D(name=pool_names[0])(x)
        imagenet_utils.validate_activation(classifier_activation, weights)
        return layers.Dense(classes, activation=classifier_activation, name="predictions")(x)
    if pooling == "avg":
        return layers.GlobalAveragePooling2D(name=pool_names[0])(x)
    if pooling == "max":
        return layers.GlobalMaxPooling2D(name=pool_names[1])(x)
    return x


def residual_block_v1(x, filters, kernel_size=3, stride=1, conv_shortcut=True, name=None):
    """A bottleneck block: 1x1, kxk, 1x1 (4 * filters) convolutions added to the shortcut."""
    bn_axis = _common.channel_axis()
    if conv_shortcut:
        shortcut = layers.Conv2D(4 * filters, 1, strides=stride, name=name + "_0_conv")(x)
        shortcut = layers.BatchNormalization(axis=bn_axis, epsilon=1.001e-5, name=name + "_0_bn")(shortcut)
    else:
        shortcut = x
    x = layers.Conv2D(filters, 1, strides=stride, name=name + "_1_conv")(x)
    x = layers.BatchNormalization(axis=bn_axis, epsilon=1.001e-5, name=name + "_1_bn")(x)
    x = layers.Activation("relu", name=name + "_1_relu")(x)
    x = layers.Conv2D(filters, kernel_size, padding="SAME", name=name + "_2_conv")(x)
    x = layers.BatchNormalization(axis=bn_axis, epsilon=1.001e-5, name=name + "_2_bn")(x)
    x = layers.Activation("relu", name=name + "_2_relu")(x)
    x = layers.Conv2D(4 * filters, 1, name=name + "_3_conv")(x)
    x = layers.BatchNormalization(axis=bn_axis, epsilon=1.001e-5, name=name + "_3_bn")(x)
    x = layers.Add(name=name + "_add")([shortcut, x])
    return layers.Activation("relu", name=name + "_out")(x)


def stack_residual_blocks_v1(x, filters, blocks, stride1=2, name=None):
    """`blocks` v1 blocks, the first with a convolution shortcut and stride `stride1`."""
    x = residual_block_v1(x, filters, stride=stride1, name=name + "_block1")
    for i in range(2, blocks + 1):
        x = residual_block_v1(x, filters, conv_shortcut=False, name=name + "_block" + str(i))
    return x


def residual_block_v2(x, filters, kernel_size=3, stride=1, conv_shortcut=False, name=None):
    """A pre-activation bottleneck block (batch norm and relu before the convolutions)."""
    bn_axis = _common.channel_axis()
    preact = layers.BatchNormalization(axis=bn_axis, epsilon=1.001e-5, name=name + "_preact_bn")(x)
    preact = layers.Activation("relu", name=name + "_preact_relu")(preact)
    if conv_shortcut:
        shortcut = layers.Conv2D(4 * filters, 1, strides=stride, name=name + "_0_conv")(preact)
    else:
        shortcut = layers.MaxPooling2D(1, strides=stride)(x) if stride > 1 else x
    x = layers.Conv2D(filters, 1, strides=1, use_bias=False, name=name + "_1_conv")(preact)
    x = layers.BatchNormalization(axis=bn_axis, epsilon=1.001e-5, name=name + "_1_bn")(x)
    x = layers.Activation("relu", name=name + "_1_relu")(x)
    x = layers.ZeroPadding2D(padding=((1, 1), (1, 1)), name=name + "_2_pad")(x)
    x = layers.Conv2D(filters, kernel_size, strides=stride, use_bias=False, name=name + "_2_conv")(x)
    x = layers.BatchNormalization(axis=bn_axis, epsilon=1.001e-5, name=name + "_2_bn")(x)
    x = layers.Activation("relu", name=name + "_2_relu")(x)
    x = layers.Conv2D(4 * filters, 1, name=name + "_3_conv")(x)
    return layers.Add(name=name + "_out")([shortcut, x])


def stack_residual_blocks_v2(x, filters, blocks, stride1=2, name=None):
    """`blocks` v2 blocks: the first with a convolution shortcut, the last with stride `stride1`."""
    x = residual_block_v2(x, filters, conv_shortcut=True, name=name + "_block1")
    for i in range(2, blocks):
        x = residual_block_v2(x, filters, name=name + "_block" + str(i))
    return residual_block_v2(x, filters, stride=stride1, name=name + "_block" + str(blocks))


def _v1(depths, default_name):
    def stack_fn(x):
        x = stack_residual_blocks_v1(x, 64, depths[0], stride1=1, name="conv2")
        x = stack_residual_blocks_v1(x, 128, depths[1], name="conv3")
        x = stack_residual_blocks_v1(x, 256, depths[2], name="conv4")
        return stack_residual_blocks_v1(x, 512, depths[3], name="conv5")

    def application(include_top=True, weights="imagenet", input_tensor=None, input_shape=None, pooling=None,
                    classes=1000, classifier_activation="softmax", name=default_name):
        return ResNet(stack_fn, False, True, include_top, weights, input_tensor, input_shape, pooling, classes,
                      classifier_activation, name)

    application.__name__ = application.__qualname__ = default_name.replace("resnet", "ResNet")
    application.__doc__ = "Instantiates the %s architecture." % application.__name__
    return application


ResNet50 = _v1((3, 4, 6, 3), "resnet50")
ResNet101 = _v1((3, 4, 23, 3), "resnet101")
ResNet152 = _v1((3, 8, 36, 3), "resnet152")


def preprocess_input(x, data_format=None):
    """ImageNet "caffe" preprocessing: RGB to BGR, minus the mean pixel."""
    return imagenet_utils.preprocess_input(x, data_format=data_format, mode="caffe")


def decode_predictions(preds, top=5):
    """The top ImageNet classes of each prediction (imagenet_utils.decode_predictions)."""
    return imagenet_utils.decode_predictions(preds, top=top)
