"""keras.applications.vgg19: VGG19 and its "caffe" preprocessing."""

from ._vgg import decode_predictions, preprocess_input, vgg  # noqa: F401


def VGG19(include_top=True, weights="imagenet", input_tensor=None, input_shape=None, pooling=None, classes=1000,
          classifier_activation="softmax", name="vgg19"):
    """Instantiates the VGG19 architecture."""
    return vgg((2, 2, 4, 4, 4), include_top, weights, input_tensor, input_shape, pooling, classes,
               classifier_activation, name)
