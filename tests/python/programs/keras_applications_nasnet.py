"""keras.applications NASNetMobile and NASNetLarge at 32x32: normal and reduction cells (layer
names and classes, automatic activation / add names), parameter counts, a summary, predictions
with the same weights, the argument errors."""
import importlib
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from applications_harness import describe, images, predictions, set_stable_weights, show_error, summary  # noqa: E402

tf = importlib.import_module(os.environ.get("TFPP_TEST_MODULE", "tensorflow"))
keras = tf.keras
apps = keras.applications

X = apps.nasnet.preprocess_input(images((32, 32, 3)))
for constructor, kwargs in ((apps.NASNetMobile, {"classes": 10}),
                            (apps.NASNetLarge, {"include_top": False, "pooling": "avg"})):
    model = constructor(weights=None, input_shape=(32, 32, 3), **kwargs)
    describe(model)
    set_stable_weights(model)
    predictions(model, X)

summary(apps.NASNetMobile(weights=None, input_shape=(32, 32, 3), include_top=False))
model = apps.NASNetMobile(weights=None, include_top=False, pooling="max")
print(model.name, tuple(model.inputs[0].shape), tuple(model.output.shape))

show_error("nasnet unknown weights", lambda: apps.NASNetMobile(weights="nowhere"))
show_error("nasnet imagenet classes", lambda: apps.NASNetLarge(weights="imagenet", classes=3))
show_error("nasnet imagenet dynamic shape", lambda: apps.NASNetMobile(weights="imagenet", include_top=False,
                                                                      input_shape=(None, None, 3)))
show_error("nasnet too small", lambda: apps.NASNetMobile(weights=None, input_shape=(31, 32, 3), include_top=False))
