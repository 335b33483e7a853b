"""keras.applications ResNet50, ResNet50V2, VGG16 and VGG19 at 32x32: layer names and classes,
parameter counts, summaries, predictions with the same weights, the include_top / pooling /
input_tensor variants, the argument errors and the preprocessing (the deeper ResNets:
keras_applications_resnet_deep.py)."""
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

for constructor in (apps.ResNet50, apps.ResNet50V2, apps.VGG16, apps.VGG19):
    model = constructor(weights=None, input_shape=(32, 32, 3), classes=10)
    describe(model)
    set_stable_weights(model)
    predictions(model, apps.resnet.preprocess_input(X.copy()))

summary(apps.ResNet50(weights=None, input_shape=(32, 32, 3), classes=10))
summary(apps.VGG16(weights=None, include_top=False, input_shape=(32, 32, 3)))

# Feature extractors: no top, optional pooling, any image size, an input tensor, logits.
for pooling in (None, "avg", "max"):
    model = apps.ResNet50V2(weights=None, include_top=False, pooling=pooling, input_shape=(40, 48, 3))
    print(pooling, model.layers[-1].name, tuple(model.output.shape))
for pooling in (None, "avg", "max"):
    model = apps.VGG19(weights=None, include_top=False, pooling=pooling)
    print(pooling, model.layers[-1].name, tuple(model.output.shape), tuple(model.input.shape))
inputs = keras.Input((36, 36, 3))
model = apps.ResNet50(weights=None, input_tensor=inputs, include_top=False, pooling="avg", name="backbone")
print(model.name, tuple(model.inputs[0].shape), tuple(model.output.shape))
rescaled = keras.layers.Rescaling(1 / 255.0)(inputs)  # an input tensor made by a layer: the model starts at its Input
model = apps.VGG19(weights=None, input_tensor=rescaled, include_top=False)
print(model.name, len(model.inputs), model.layers[1].name, tuple(model.output.shape))
model = apps.VGG16(weights=None, input_shape=(32, 32, 1), classes=3, classifier_activation=None)
print(model.layers[-1].get_config()["activation"], model.count_params())

show_error("unknown weights", lambda: apps.ResNet50(weights="no_such_file.h5"))
show_error("imagenet with 10 classes", lambda: apps.ResNet50(weights="imagenet", classes=10))
show_error("too small", lambda: apps.ResNet50(weights=None, input_shape=(16, 16, 3)))
show_error("rank 2 input shape", lambda: apps.VGG16(weights=None, input_shape=(32, 32)))
show_error("top without static shape", lambda: apps.VGG16(weights=None, input_shape=(None, None, 3)))
show_error("imagenet shape with top", lambda: apps.ResNet50V2(weights="imagenet", input_shape=(64, 64, 3)))
show_error("imagenet channels", lambda: apps.VGG19(weights="imagenet", include_top=False,
                                                   input_shape=(64, 64, 4)))
show_error("relu classifier with weights", lambda: apps.ResNet50(weights=__file__, input_shape=(32, 32, 3),
                                                                 classifier_activation="relu"))

# Preprocessing: caffe (BGR minus the mean), tf ([-1, 1]) and torch modes, arrays and tensors.
pixels = images((2, 2, 3), batch=1)
print(np.round(apps.resnet50.preprocess_input(pixels.copy()), 3).tolist())
channels_first = pixels.transpose(0, 3, 1, 2).copy()
print(np.round(apps.vgg16.preprocess_input(channels_first, data_format="channels_first"), 3).tolist())
print(np.round(apps.resnet_v2.preprocess_input(pixels.copy()), 4).tolist())
print(np.round(apps.imagenet_utils.preprocess_input(pixels.copy(), mode="torch"), 4).tolist())
print(np.round(apps.imagenet_utils.preprocess_input(pixels[0].transpose(2, 0, 1).copy(), "channels_first", "torch"),
               4).tolist())
print(np.round(apps.imagenet_utils.preprocess_input(pixels.astype(np.uint8), mode="tf"), 4).tolist())
for mode in ("caffe", "tf", "torch"):
    out = apps.imagenet_utils.preprocess_input(tf.constant(pixels), mode=mode)
    print(mode, out.dtype.name, np.round(np.asarray(out), 4).tolist())
out = apps.vgg19.preprocess_input(tf.constant(pixels.transpose(0, 3, 1, 2)), data_format="channels_first")
print(np.round(np.asarray(out), 3).tolist())
show_error("unknown mode", lambda: apps.imagenet_utils.preprocess_input(pixels, mode="nope"))
show_error("unknown data format", lambda: apps.imagenet_utils.preprocess_input(pixels, data_format="nchw"))
show_error("decode wrong shape", lambda: apps.resnet50.decode_predictions(np.zeros((2, 10))))
