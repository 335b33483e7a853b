"""keras.applications.vgg16: VGG16 and its "caffe" preprocessing."""

from ._vgg import decode_predictions, preprocess_input, vgg  # noqa: F401


def VGG16(include_top=True, weights="imagenet", input_tensor=None, input_shape=None, pooling=None, classes=1000,
          classifier_activation="softmax", name="vgg16"):
    """Instantiates the VGG16 architecture."""
    return vgg((2, 2, 3, 3, 3), include_top, weights, input_tensor, input_shape, pooling, classes,
               classifier_activation, name)
