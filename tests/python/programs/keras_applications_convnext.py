"""keras.applications ConvNeXtTiny and ConvNeXtSmall at 32x32: layers (LayerScale, the residual
`add` op nodes, nested Sequential stems), parameter counts, a summary, predictions with the same
weights, the argument errors. tfpp's model.layers also lists the `add` op nodes (Keras lists
layers only), so the layer listing leaves them out."""
import importlib
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from applications_harness import images, predictions, set_stable_weights, show_error, summary  # noqa: E402

tf = importlib.import_module(os.environ.get("TFPP_TEST_MODULE", "tensorflow"))
keras = tf.keras
apps = keras.applications

X = images((32, 32, 3))
for constructor, kwargs in ((apps.ConvNeXtTiny, {"classes": 10}),
                            (apps.ConvNeXtSmall, {"include_top": False, "pooling": "avg"}),
                            (apps.ConvNeXtTiny, {"include_top": False, "include_preprocessing": False})):
    model = constructor(weights=None, input_shape=(32, 32, 3), **kwargs)
    named_layers = [layer for layer in model.layers if type(layer).__name__ != "Add"]
    print("model", model.name, "params", model.count_params(), "output", tuple(model.output.shape))
    print(" ".join("%s:%s" % (layer.name, type(layer).__name__) for layer in named_layers))
    set_stable_weights(model)
    predictions(model, X)

summary(apps.ConvNeXtTiny(weights=None, input_shape=(32, 32, 3), classes=10))
print(apps.convnext.preprocess_input(X) is X)

show_error("convnext unknown weights", lambda: apps.ConvNeXtTiny(weights="nowhere"))
show_error("convnext imagenet classes", lambda: apps.ConvNeXtBase(weights="imagenet", classes=3))
show_error("convnext too small", lambda: apps.ConvNeXtTiny(weights=None, input_shape=(16, 16, 3)))
