"""keras.applications models moved between Keras 3 and tfpp (exchange.sh runs the steps in order):

    keras_applications_exchange.py save DIR    writer: one model of each family with fixed weights,
                                               saved as DIR/NAME.keras, its weights as NAME.npz
                                               (get_weights) and NAME.weights.h5, its predictions
    keras_applications_exchange.py check DIR   reader: loads the .keras file; builds the same
                                               application with weights=None and set_weights from
                                               the NumPy arrays; builds it with weights=NAME.weights.h5;
                                               each must predict what the writer predicted

Under tfpp the reader also checks that weights="imagenet" raises a clear error."""
import importlib
import json
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from applications_harness import images, set_stable_weights  # noqa: E402

tf = importlib.import_module(os.environ.get("TFPP_TEST_MODULE", "tensorflow"))
keras = tf.keras
apps = keras.applications
LIBRARY = tf.__name__

# (file name, constructor, arguments, preprocessing): one model per family, small inputs.
MODELS = [
    ("resnet50", apps.ResNet50, dict(input_shape=(32, 32, 3), classes=10), apps.resnet50.preprocess_input),
    ("resnet50v2", apps.ResNet50V2, dict(input_shape=(32, 32, 3), include_top=False, pooling="avg"),
     apps.resnet_v2.preprocess_input),
    ("vgg16", apps.VGG16, dict(input_shape=(32, 32, 3), classes=5), apps.vgg16.preprocess_input),
    ("vgg19", apps.VGG19, dict(input_shape=(32, 32, 3), include_top=False), apps.vgg19.preprocess_input),
    ("mobilenet", apps.MobileNet, dict(input_shape=(32, 32, 3), classes=10, alpha=0.5),
     apps.mobilenet.preprocess_input),
    ("mobilenetv2", apps.MobileNetV2, dict(input_shape=(32, 32, 3), classes=10), apps.mobilenet_v2.preprocess_input),
    ("densenet121", apps.DenseNet121, dict(input_shape=(32, 32, 3), classes=10), apps.densenet.preprocess_input),
    ("inception_v3", apps.InceptionV3, dict(input_shape=(75, 75, 3), classes=10), apps.inception_v3.preprocess_input),
    ("xception", apps.Xception, dict(input_shape=(71, 71, 3), include_top=False, pooling="avg"),
     apps.xception.preprocess_input),
    ("inception_resnet_v2", apps.InceptionResNetV2, dict(input_shape=(75, 75, 3), classes=10),
     apps.inception_resnet_v2.preprocess_input),
    ("convnext_tiny", apps.ConvNeXtTiny, dict(input_shape=(32, 32, 3), classes=10), apps.convnext.preprocess_input),
    ("nasnet_mobile", apps.NASNetMobile, dict(input_shape=(32, 32, 3), classes=10), apps.nasnet.preprocess_input),
]


def build(constructor, arguments, weights=None):
    return constructor(weights=weights, **arguments)


def predict(model, preprocess, shape):
    x = preprocess(images(shape))
    return np.asarray(model(x, training=False))


def save(directory):
    for name, constructor, arguments, preprocess in MODELS:
        model = build(constructor, arguments)
        set_stable_weights(model)
        model.save(os.path.join(directory, name + ".keras"))
        model.save_weights(os.path.join(directory, name + ".weights.h5"))
        np.savez(os.path.join(directory, name + ".npz"), *model.get_weights())
        predictions = predict(model, preprocess, arguments["input_shape"])
        np.save(os.path.join(directory, name + ".predictions.npy"), predictions)


def compare(label, expected, actual):
    scale = float(np.max(np.abs(expected))) or 1.0
    if actual.shape != expected.shape or not np.allclose(actual, expected, rtol=1e-3, atol=1e-4 * scale):
        worst = float(np.max(np.abs(actual - expected))) if actual.shape == expected.shape else None
        raise SystemExit("%s (%s): predictions differ from the writer's: shape %s vs %s, largest difference %s "
                         "(scale %s)" % (label, LIBRARY, actual.shape, expected.shape, worst, scale))


def check(directory):
    for name, constructor, arguments, preprocess in MODELS:
        expected = np.load(os.path.join(directory, name + ".predictions.npy"))
        shape = arguments["input_shape"]
        loaded = keras.models.load_model(os.path.join(directory, name + ".keras"))
        reference = build(constructor, arguments)
        # (Unnamed layers take the next free automatic name, so the classes are compared.)
        if [type(layer).__name__ for layer in loaded.layers] != [type(layer).__name__ for layer in reference.layers]:
            raise SystemExit("%s: the loaded model's layers differ from the application's" % name)
        compare(name + ".keras", expected, predict(loaded, preprocess, shape))
        with np.load(os.path.join(directory, name + ".npz")) as arrays:
            reference.set_weights([arrays["arr_%d" % i] for i in range(len(arrays.files))])
        compare(name + " set_weights", expected, predict(reference, preprocess, shape))
        from_file = build(constructor, arguments, weights=os.path.join(directory, name + ".weights.h5"))
        compare(name + " weights file", expected, predict(from_file, preprocess, shape))
        print(name, "ok")
    if LIBRARY == "tfpp":
        check_tfpp_only(directory)


def expect_error(label, fn, error_class, *fragments):
    try:
        fn()
    except error_class as e:
        if not all(fragment in str(e) for fragment in fragments):
            raise SystemExit("%s: unclear error: %s" % (label, e))
        return
    raise SystemExit("%s: no %s" % (label, error_class.__name__))


def check_tfpp_only(directory):
    """What Keras downloads and tfpp cannot: pretrained weights and the ImageNet class index."""
    expect_error("imagenet weights", lambda: apps.ResNet50(weights="imagenet"), ValueError,
                 "cannot be downloaded", ".weights.h5")
    legacy = os.path.join(directory, "legacy.h5")
    open(legacy, "wb").close()
    expect_error("legacy weights file", lambda: apps.VGG16(weights=legacy, include_top=False), ValueError,
                 "legacy HDF5", legacy)
    os.environ["KERAS_HOME"] = os.path.join(directory, "keras_home")
    predictions = np.zeros((2, 1000), dtype=np.float32)
    predictions[0, [3, 7]] = [0.9, 0.1]
    predictions[1, [999, 500]] = [1.0, 0.5]
    expect_error("missing class index", lambda: apps.resnet50.decode_predictions(predictions), FileNotFoundError,
                 "imagenet_class_index.json", os.environ["KERAS_HOME"])
    os.makedirs(os.path.join(os.environ["KERAS_HOME"], "models"))
    with open(os.path.join(os.environ["KERAS_HOME"], "models", "imagenet_class_index.json"), "w") as f:
        json.dump({str(i): ["n%08d" % i, "class_%d" % i] for i in range(1000)}, f)
    decoded = apps.vgg16.decode_predictions(predictions, top=2)
    if [[entry[:2] for entry in row] for row in decoded] != [[("n00000003", "class_3"), ("n00000007", "class_7")],
                                                             [("n00000999", "class_999"), ("n00000500", "class_500")]]:
        raise SystemExit("decode_predictions: %s" % decoded)


if __name__ == "__main__":
    {"save": save, "check": check}[sys.argv[1]](sys.argv[2])
