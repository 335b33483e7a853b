"""keras.applications EfficientNetB0-B3 and EfficientNetV2 B0-B3 / S at 32x32: layer names and
classes (Rescaling and Normalization stems, squeeze-and-excitation, stochastic-depth dropouts),
parameter counts, summaries, predictions with the same weights, preprocessing inside the model."""
import importlib
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from applications_harness import describe, images, predictions, set_stable_weights, show_error, summary  # noqa: E402

tf = importlib.import_module(os.environ.get("TFPP_TEST_MODULE", "tensorflow"))
keras = tf.keras
apps = keras.applications

X = images((32, 32, 3))

for constructor, kwargs in ((apps.EfficientNetB0, {}), (apps.EfficientNetB1, {"include_top": False}),
                            (apps.EfficientNetB3, {"include_top": False, "pooling": "max"}),
                            (apps.EfficientNetV2B0, {}), (apps.EfficientNetV2B2, {"include_top": False}),
                            (apps.EfficientNetV2B3, {"include_preprocessing": False, "include_top": False,
                                                     "pooling": "avg"}),
                            (apps.EfficientNetV2S, {"include_top": False, "pooling": "avg"})):
    model = constructor(weights=None, input_shape=(32, 32, 3), classes=10, **kwargs)
    describe(model)
    set_stable_weights(model)
    predictions(model, X)

summary(apps.EfficientNetB0(weights=None, input_shape=(32, 32, 3), classes=10))
summary(apps.EfficientNetV2B0(weights=None, input_shape=(32, 32, 1), include_top=False))
model = apps.EfficientNetV2B1(weights=None, input_shape=(40, 40, 3), include_top=False)
print(model.name, [layer.name for layer in model.layers[:4]], tuple(model.output.shape))
show_error("efficientnetv2 renamed", lambda: apps.EfficientNetV2B1(weights=None, include_top=False, name="v2"))
print(np.array_equal(apps.efficientnet.preprocess_input(X), X), apps.efficientnet_v2.preprocess_input(X) is X)

show_error("efficientnet unknown weights", lambda: apps.EfficientNetB0(weights="nowhere"))
show_error("efficientnet imagenet classes", lambda: apps.EfficientNetB2(weights="imagenet", classes=3))
show_error("efficientnet too small", lambda: apps.EfficientNetB0(weights=None, input_shape=(30, 30, 3)))
show_error("efficientnetv2 unknown weights", lambda: apps.EfficientNetV2S(weights="nowhere"))
show_error("efficientnetv2 imagenet classes", lambda: apps.EfficientNetV2M(weights="imagenet", classes=3))
