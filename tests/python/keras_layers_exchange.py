"""The layers PReLU, ELU, Identity, ActivityRegularization, GaussianNoise, GaussianDropout and
AlphaDropout (and the alias names Keras exports), the image preprocessing layers, the 3-D
convolution, pooling, padding, cropping and upsampling layers, the 1-D transposed convolution,
padding, cropping and upsampling and GroupNormalization, in .keras files saved by one library and
loaded by the other (exchange.sh runs the steps in order):

    keras_layers_exchange.py save DIR    writer: saves DIR/*.keras, records the predictions
    keras_layers_exchange.py check DIR   reader: loads the other library's files, compares them

Under TensorFlow the reader also compares the groups of the writer's weights with Keras' own."""
import importlib
import json
import os
import sys

import numpy as np

tf = importlib.import_module(os.environ.get("TFPP_TEST_MODULE", "tensorflow"))
keras = tf.keras
layers = keras.layers
LIBRARY = tf.__name__
X = ((np.arange(32, dtype=np.float32).reshape(8, 4) % 7) - 3.0) / 2.0
SEQUENCES = ((np.arange(60, dtype=np.float32).reshape(4, 5, 3) % 9) - 4.0) / 3.0


def fixed_weights(model):
    model.set_weights([(np.cos(np.arange(int(np.prod(w.shape))) * 0.9 + i) * 0.4).reshape(w.shape).astype(np.float32)
                       for i, w in enumerate(model.get_weights())])


def dense_stack():
    model = keras.Sequential([keras.Input((4,)), layers.Dense(6), layers.PReLU(alpha_initializer="ones"),
                              layers.ELU(0.5), layers.Identity(), layers.ActivityRegularization(0.01, 0.02),
                              layers.GaussianNoise(0.1, seed=1), layers.GaussianDropout(0.2), layers.AlphaDropout(0.1),
                              layers.Dense(2)])
    fixed_weights(model)
    return model


def sequence_model():
    inputs = keras.Input((5, 3))
    x = layers.Convolution1D(4, 2)(inputs)
    x = layers.PReLU(shared_axes=[1])(x)
    x = layers.MaxPool1D(2)(x)
    x = layers.GlobalAvgPool1D()(x)
    model = keras.Model(inputs, layers.Dense(1)(x))
    fixed_weights(model)
    return model


IMAGES = (np.arange(4 * 6 * 8 * 3, dtype=np.float32).reshape(4, 6, 8, 3) * 7) % 255


def image_pipeline():
    # The random layers are the identity in predict; their configs must survive the exchange.
    model = keras.Sequential([keras.Input((6, 8, 3)), layers.Resizing(5, 5, interpolation="bicubic"),
                              layers.RandomFlip("horizontal", seed=3), layers.RandomRotation((-0.1, 0.2), fill_mode="constant"),
                              layers.RandomZoom(0.1, (0.0, 0.2)), layers.RandomTranslation(0.1, 0.2, seed=2),
                              layers.RandomContrast(0.2), layers.RandomBrightness(0.1, value_range=(0, 1)),
                              layers.CenterCrop(3, 4), layers.Flatten(), layers.Dense(2)])
    fixed_weights(model)
    return model


VOLUMES = ((np.arange(2 * 4 * 6 * 6 * 2, dtype=np.float32).reshape(2, 4, 6, 6, 2) % 11) - 5.0) / 4.0


def volume_model():
    model = keras.Sequential([keras.Input((4, 6, 6, 2)), layers.Conv3D(4, 3, padding="same"),
                              layers.GroupNormalization(groups=2), layers.ZeroPadding3D((1, 0, 1)),
                              layers.MaxPooling3D((1, 2, 2)),
                              layers.Conv3DTranspose(3, 2, strides=(1, 2, 2)), layers.Cropping3D(1),
                              layers.AveragePooling3D(2), layers.UpSampling3D((1, 2, 1)), layers.GlobalMaxPooling3D(),
                              layers.Dense(2)])
    fixed_weights(model)
    return model


def sequence_transpose_model():
    inputs = keras.Input((5, 3))
    x = layers.ZeroPadding1D(2)(inputs)
    x = layers.Conv1DTranspose(4, 3, strides=2, padding="same")(x)
    x = layers.Cropping1D((1, 2))(x)
    x = layers.UpSampling1D(2)(x)
    x = layers.GroupNormalization(groups=4, center=False)(x)
    model = keras.Model(inputs, layers.GlobalAveragePooling1D()(x))
    fixed_weights(model)
    return model


MODELS = {"dense_stack": (dense_stack, X), "sequence": (sequence_model, SEQUENCES), "image_pipeline": (image_pipeline, IMAGES),
          "volume": (volume_model, VOLUMES), "sequence_transpose": (sequence_transpose_model, SEQUENCES)}


def predict(model, x):
    return np.asarray(model.predict(x, verbose=0)).tolist()


def save(directory):
    expected = {}
    for name, (make, x) in MODELS.items():
        model = make()
        model.save(os.path.join(directory, name + ".keras"))
        expected[name] = predict(model, x)
    with open(os.path.join(directory, "expected.json"), "w") as f:
        json.dump(expected, f)


def weight_groups(path):
    import io
    import zipfile

    import h5py
    with zipfile.ZipFile(path) as archive:
        data = io.BytesIO(archive.read("model.weights.h5"))
    names = []
    with h5py.File(data, "r") as f:
        f.visit(names.append)
    return sorted(names)


def check(directory):
    with open(os.path.join(directory, "expected.json")) as f:
        expected = json.load(f)
    own = os.path.join(directory, "own")
    os.makedirs(own, exist_ok=True)
    for name, (make, x) in MODELS.items():
        path = os.path.join(directory, name + ".keras")
        model = keras.models.load_model(path)
        got = predict(model, x)
        if not np.allclose(np.asarray(got), np.asarray(expected[name]), atol=1e-4):
            raise AssertionError("%s: the loaded model predicts %s, the writer %s" % (name, got, expected[name]))
        if LIBRARY == "tensorflow":
            own_path = os.path.join(own, name + ".keras")
            make().save(own_path)
            if weight_groups(path) != weight_groups(own_path):
                raise AssertionError("%s's groups %s are not Keras' %s" % (name, weight_groups(path), weight_groups(own_path)))
    print("%s loaded %s's .keras files of the new layers and got its outputs" % (
        LIBRARY, "tfpp" if LIBRARY == "tensorflow" else "Keras 3"))


if __name__ == "__main__":
    {"save": save, "check": check}[sys.argv[1]](sys.argv[2])
