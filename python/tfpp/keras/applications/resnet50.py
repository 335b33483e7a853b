"""keras.applications.resnet50: ResNet50 and its preprocessing."""

from .resnet import ResNet50, decode_predictions, preprocess_input  # noqa: F401
