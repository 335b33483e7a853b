"""keras.applications MobileNet, MobileNetV2 and DenseNet121/169/201 at 32x32: layer names and
classes, parameter counts, summaries, predictions with the same weights, alpha / depth_multiplier
variants, default names, the argument errors and "tf" / "torch" preprocessing."""
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

for constructor, kwargs, preprocess in (
        (apps.MobileNet, {}, apps.mobilenet.preprocess_input),
        (apps.MobileNet, {"alpha": 0.5, "depth_multiplier": 2}, apps.mobilenet.preprocess_input),
        (apps.MobileNetV2, {}, apps.mobilenet_v2.preprocess_input),
        (apps.MobileNetV2, {"alpha": 0.35}, apps.mobilenet_v2.preprocess_input),
        (apps.MobileNetV2, {"alpha": 1.4}, apps.mobilenet_v2.preprocess_input),
        (apps.DenseNet121, {}, apps.densenet.preprocess_input),
        (apps.DenseNet169, {}, apps.densenet.preprocess_input),
        (apps.DenseNet201, {}, apps.densenet.preprocess_input)):
    model = constructor(weights=None, input_shape=(32, 32, 3), classes=10, **kwargs)
    describe(model)
    set_stable_weights(model)
    predictions(model, preprocess(X.copy()))

summary(apps.MobileNet(weights=None, input_shape=(32, 32, 3), classes=10))
summary(apps.MobileNetV2(weights=None, input_shape=(33, 35, 3), include_top=False, pooling="avg"))
summary(apps.DenseNet121(weights=None, input_shape=(32, 32, 3), include_top=False))

for pooling in (None, "avg", "max"):
    for constructor in (apps.MobileNet, apps.MobileNetV2, apps.DenseNet169):
        model = constructor(weights=None, include_top=False, pooling=pooling)
        print(model.name, pooling, model.layers[-1].name, tuple(model.output.shape))
print(apps.MobileNet(weights=None, input_shape=(128, 128, 3), alpha=0.25).name)
print(apps.MobileNetV2(weights=None, input_shape=(96, 96, 3), alpha=0.75, name="small").name)
inputs = keras.Input((64, 64, 3))
model = apps.MobileNetV2(weights=None, input_tensor=inputs, include_top=False)
print(model.name, tuple(model.inputs[0].shape), tuple(model.output.shape))

show_error("mobilenet unknown weights", lambda: apps.MobileNet(weights="nowhere"))
show_error("mobilenet imagenet classes", lambda: apps.MobileNet(weights="imagenet", classes=3))
show_error("mobilenet imagenet depth", lambda: apps.MobileNet(weights="imagenet", depth_multiplier=2))
show_error("mobilenet imagenet alpha", lambda: apps.MobileNet(weights="imagenet", alpha=0.3))
show_error("mobilenet too small", lambda: apps.MobileNet(weights=None, input_shape=(31, 32, 3)))
show_error("mobilenetv2 unknown weights", lambda: apps.MobileNetV2(weights="nowhere"))
show_error("mobilenetv2 imagenet classes", lambda: apps.MobileNetV2(weights="imagenet", classes=3))
show_error("mobilenetv2 imagenet alpha", lambda: apps.MobileNetV2(weights="imagenet", alpha=0.3))
show_error("mobilenetv2 tensor and shape", lambda: apps.MobileNetV2(weights=None, input_tensor=inputs,
                                                                    input_shape=(64, 32, 3)))
show_error("densenet unknown weights", lambda: apps.DenseNet121(weights="nowhere"))
show_error("densenet imagenet classes", lambda: apps.DenseNet201(weights="imagenet", classes=3))
show_error("densenet dynamic shape with top", lambda: apps.DenseNet121(weights=None, input_shape=(None, 32, 3)))

pixels = images((2, 2, 3), batch=1)
print(np.round(apps.mobilenet.preprocess_input(pixels.copy()), 4).tolist())
print(np.round(apps.densenet.preprocess_input(pixels.copy()), 4).tolist())
print(np.round(np.asarray(apps.densenet.preprocess_input(tf.constant(pixels))), 4).tolist())
