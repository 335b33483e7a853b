"""keras.applications InceptionV3, Xception and InceptionResNetV2 at their minimum sizes (75x75,
71x71): layer names and classes (automatic conv2d_N / batch_normalization_N names, Keras'
CustomScaleLayer), parameter counts, summaries, predictions with the same weights, the argument
errors."""
import importlib
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from applications_harness import describe, images, predictions, set_stable_weights, show_error, summary  # noqa: E402

tf = importlib.import_module(os.environ.get("TFPP_TEST_MODULE", "tensorflow"))
keras = tf.keras
apps = keras.applications

for constructor, shape, preprocess in ((apps.InceptionV3, (75, 75, 3), apps.inception_v3.preprocess_input),
                                       (apps.Xception, (71, 71, 3), apps.xception.preprocess_input),
                                       (apps.InceptionResNetV2, (75, 75, 3),
                                        apps.inception_resnet_v2.preprocess_input)):
    model = constructor(weights=None, input_shape=shape, classes=10)
    describe(model)
    set_stable_weights(model)
    predictions(model, preprocess(images(shape)))

summary(apps.Xception(weights=None, input_shape=(71, 71, 3), classes=10))
summary(apps.InceptionV3(weights=None, input_shape=(80, 90, 3), include_top=False, pooling="max"))
model = apps.InceptionResNetV2(weights=None, include_top=False, pooling="avg")
scales = [layer for layer in model.layers if type(layer).__name__ == "CustomScaleLayer"]
print(model.name, tuple(model.output.shape), len(scales), [layer.get_config()["scale"] for layer in scales[8:12]])
print(apps.Xception(weights=None, include_top=False, name="x").layers[-1].name)

show_error("inception unknown weights", lambda: apps.InceptionV3(weights="nowhere"))
show_error("inception imagenet classes", lambda: apps.InceptionV3(weights="imagenet", classes=3))
show_error("inception too small", lambda: apps.InceptionV3(weights=None, input_shape=(74, 80, 3)))
show_error("xception unknown weights", lambda: apps.Xception(weights="nowhere"))
show_error("xception imagenet classes", lambda: apps.Xception(weights="imagenet", classes=3))
show_error("xception too small", lambda: apps.Xception(weights=None, input_shape=(70, 71, 3)))
show_error("inception_resnet unknown weights", lambda: apps.InceptionResNetV2(weights="nowhere"))
show_error("inception_resnet imagenet classes", lambda: apps.InceptionResNetV2(weights="imagenet", classes=3))
