"""keras.applications MobileNetV3Small and MobileNetV3Large at 32x32: layers (squeeze-and-excite,
hard-swish, the hard sigmoid's `add` / `multiply` op nodes), parameter counts, a summary,
predictions with the same weights, the argument errors. tfpp's model.layers also lists the op
nodes (Keras lists layers only), so the layer listing leaves them out."""
import importlib
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from applications_harness import images, predictions, set_stable_weights, show_error, summary  # noqa: E402

tf = importlib.import_module(os.environ.get("TFPP_TEST_MODULE", "tensorflow"))
keras = tf.keras
apps = keras.applications

X = images((32, 32, 3))
for constructor, kwargs in ((apps.MobileNetV3Small, {"classes": 10}),
                            (apps.MobileNetV3Large, {"include_top": False, "pooling": "avg"}),
                            (apps.MobileNetV3Small, {"minimalistic": True, "alpha": 0.75, "classes": 5}),
                            (apps.MobileNetV3Large, {"alpha": 1.25, "include_preprocessing": False, "classes": 3})):
    model = constructor(weights=None, input_shape=(32, 32, 3), **kwargs)
    named_layers = [layer for layer in model.layers if layer.name.split("_")[0] not in ("add", "multiply")]
    print("model", model.name, "params", model.count_params(), "output", tuple(model.output.shape))
    print(" ".join("%s:%s" % (layer.name, type(layer).__name__) for layer in named_layers))
    set_stable_weights(model)
    predictions(model, X)

summary(apps.MobileNetV3Small(weights=None, input_shape=(32, 32, 3), classes=10))
print(apps.mobilenet_v3.preprocess_input(X) is X)

show_error("mobilenetv3 unknown weights", lambda: apps.MobileNetV3Small(weights="nowhere"))
show_error("mobilenetv3 imagenet classes", lambda: apps.MobileNetV3Large(weights="imagenet", classes=3))
show_error("mobilenetv3 imagenet alpha", lambda: apps.MobileNetV3Large(weights="imagenet", alpha=0.5))
show_error("mobilenetv3 too small", lambda: apps.MobileNetV3Small(weights=None, input_shape=(16, 32, 3)))
