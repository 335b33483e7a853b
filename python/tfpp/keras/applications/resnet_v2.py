"""keras.applications.resnet_v2: ResNet50V2, ResNet101V2 and ResNet152V2 (pre-activation ResNets,
He et al. 2016), preprocessed in "tf" mode."""

from . import imagenet_utils
from .resnet import ResNet, stack_residual_blocks_v2


def _v2(depths, default_name):
    def stack_fn(x):
        x = stack_residual_blocks_v2(x, 64, depths[0], name="conv2")
        x = stack_residual_blocks_v2(x, 128, depths[1], name="conv3")
        x = stack_residual_blocks_v2(x, 256, depths[2], name="conv4")
        return stack_residual_blocks_v2(x, 512, depths[3], stride1=1, name="conv5")

    def application(include_top=True, weights="imagenet", input_tensor=None, input_shape=None, pooling=None,
                    classes=1000, classifier_activation="softmax", name=default_name):
        return ResNet(stack_fn, True, True, include_top, weights, input_tensor, input_shape, pooling, classes,
                      classifier_activation, name)

    application.__name__ = application.__qualname__ = default_name.replace("resnet", "ResNet").replace("v2", "V2")
    application.__doc__ = "Instantiates the %s architecture." % application.__name__
    return application


ResNet50V2 = _v2((3, 4, 6, 3), "resnet50v2")
ResNet101V2 = _v2((3, 4, 23, 3), "resnet101v2")
ResNet152V2 = _v2((3, 8, 36, 3), "resnet152v2")


def preprocess_input(x, data_format=None):
    """ImageNet "tf" preprocessing: pixels scaled to [-1, 1]."""
    return imagenet_utils.preprocess_input(x, data_format=data_format, mode="tf")


def decode_predictions(preds, top=5):
    """The top ImageNet classes of each prediction (imagenet_utils.decode_predictions)."""
    return imagenet_utils.decode_predictions(preds, top=top)
