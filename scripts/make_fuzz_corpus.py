"""Writes the seed corpora of the fuzz targets (fuzz/) with TensorFlow 2.21, Keras 3 and NumPy:
OUT_DIR/<target>/<seed>. Targets reading several files take them packed as fuzz/fuzz_util.h's
split() reads them (every file but the last preceded by its length, 4 bytes little-endian).
Usage: python make_fuzz_corpus.py OUT_DIR"""
import io
import os
import struct
import sys
import tempfile

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
import numpy as np
import tensorflow as tf
import keras

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "saving"))
import make_saved_models  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "python"))
import image_files  # noqa: E402


def pack(*files):
    out = b""
    for data in files[:-1]:
        out += struct.pack("<I", len(data)) + data
    return out + files[-1]


def read(path):
    with open(path, "rb") as f:
        return f.read()


def seed(out, target, name, data):
    os.makedirs(os.path.join(out, target), exist_ok=True)
    with open(os.path.join(out, target, name), "wb") as f:
        f.write(data)


def checkpoints(out, tmp):
    model = tf.Module()
    model.w = tf.Variable(np.arange(6, dtype=np.float32).reshape(2, 3) * 0.5)
    model.step = tf.Variable(np.int64(7))
    model.inner = tf.Module()
    model.inner.k = tf.Variable([1.0, -2.0, 3.0])
    prefix = tf.train.Checkpoint(model=model).write(os.path.join(tmp, "module"))
    seed(out, "checkpoint", "module", pack(read(prefix + ".index"), read(prefix + ".data-00000-of-00001")))
    mixed = tf.train.Checkpoint(text=tf.Variable("hello"), wide=tf.Variable([1.5, 2.5], dtype=tf.float64),
                                flags=tf.Variable([True, False]), ints=tf.Variable([[1, 2], [3, 4]]))
    prefix = mixed.save(os.path.join(tmp, "mixed"))
    seed(out, "checkpoint", "mixed", pack(read(prefix + ".index"), read(prefix + ".data-00000-of-00001")))


def saved_models(out, tmp):
    for name in ("mlp", "control", "keras_dense"):
        path = os.path.join(tmp, name)
        make_saved_models.MODELS[name](path)
        variables = os.path.join(path, "variables", "variables")
        seed(out, "saved_model", name, pack(read(os.path.join(path, "saved_model.pb")), read(variables + ".index"),
                                             read(variables + ".data-00000-of-00001")))


def keras_files(out, tmp):
    keras.utils.set_random_seed(4)
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8, activation="relu"),
                              keras.layers.BatchNormalization(), keras.layers.Dense(3)])
    path = os.path.join(tmp, "model.weights.h5")
    model.save_weights(path)
    seed(out, "keras_weights", "dense_bn", read(path))
    model.compile(optimizer="adam", loss="mse")
    model.fit(np.ones((4, 4), np.float32), np.zeros((4, 3), np.float32), epochs=1, verbose=0)
    path = os.path.join(tmp, "sequential.keras")
    model.save(path)
    seed(out, "keras_model", "sequential", read(path))
    inputs = keras.Input((5, 2))
    x = keras.layers.LSTM(3)(inputs)
    functional = keras.Model(inputs, keras.layers.Dense(2, activation="softmax")(x))
    path = os.path.join(tmp, "functional.keras")
    functional.save(path)
    seed(out, "keras_model", "functional_lstm", read(path))


def records(out, tmp):
    examples = []
    for i in range(3):
        feature = {"x": tf.train.Feature(float_list=tf.train.FloatList(value=[0.5 * i, -1.0])),
                   "label": tf.train.Feature(int64_list=tf.train.Int64List(value=[i])),
                   "name": tf.train.Feature(bytes_list=tf.train.BytesList(value=[b"row%d" % i])),
                   "pair": tf.train.Feature(float_list=tf.train.FloatList(value=[1.0, 2.0]))}
        examples.append(tf.train.Example(features=tf.train.Features(feature=feature)).SerializeToString())
    for byte, compression in enumerate(["", "ZLIB", "GZIP"]):
        path = os.path.join(tmp, "examples" + compression)
        with tf.io.TFRecordWriter(path, options=compression or None) as writer:
            for e in examples:
                writer.write(e)
        seed(out, "tfrecord", "examples_" + (compression or "plain").lower(), bytes([byte]) + read(path))
    logdir = os.path.join(tmp, "events")
    with tf.summary.create_file_writer(logdir).as_default():
        tf.summary.scalar("loss", 0.25, step=1)
        tf.summary.histogram("w", [1.0, 2.0, 2.5], step=1)
    (events,) = os.listdir(logdir)
    seed(out, "tfrecord", "events", bytes([0]) + read(os.path.join(logdir, events)))


def npy(out):
    arrays = {"float32_matrix": np.arange(6, dtype=np.float32).reshape(2, 3),
              "int64_vector": np.array([1, -2, 3], np.int64), "bool_scalar": np.array(True),
              "float64_fortran": np.asfortranarray(np.arange(6, dtype=np.float64).reshape(3, 2)),
              "big_endian_int32": np.array([1, 2, 3], ">i4"), "empty": np.zeros((0, 4), np.float32)}
    for name, a in arrays.items():
        buffer = io.BytesIO()
        np.save(buffer, a)
        seed(out, "npy", name, buffer.getvalue())
    buffer = io.BytesIO()
    np.lib.format.write_array(buffer, np.ones((2, 2), np.float32), version=(2, 0))
    seed(out, "npy", "version_2", buffer.getvalue())


def images(out):
    """PNG (gray, gray + alpha, RGB, RGBA), JPEG (gray, RGB, progressive, truncated), GIF and BMP files; the
    first byte picks the decoders' options (fuzz/readers.cc)."""
    ramp = np.arange(7 * 5 * 4, dtype=np.uint8).reshape(7, 5, 4) * 3
    for channels in (1, 2, 3, 4):
        seed(out, "image", "png_%d" % channels, bytes([0]) + tf.io.encode_png(ramp[:, :, :channels]).numpy())
    seed(out, "image", "png_as_rgb", bytes([2]) + tf.io.encode_png(ramp[:, :, :2], compression=9).numpy())
    for channels in (1, 3):
        seed(out, "image", "jpeg_%d" % channels, bytes([0]) + tf.io.encode_jpeg(ramp[:, :, :channels]).numpy())
    progressive = tf.io.encode_jpeg(ramp[:, :, :3], progressive=True, quality=60).numpy()
    seed(out, "image", "jpeg_progressive_ratio_2", bytes([0b1001]) + progressive)
    seed(out, "image", "jpeg_truncated", bytes([0b100]) + progressive[: len(progressive) * 3 // 4])
    # GIF and BMP files written byte by byte (TensorFlow encodes neither): animated, partial and
    # transparent frames, local colors, interlacing; 8-, 24- and 32-bit BMPs both row orders.
    colors = [(i * 9 % 256, 255 - i, i // 2) for i in range(256)]
    pixels = ramp[:, :, 0].tolist()
    frames = [{"pixels": pixels}, {"pixels": [[1, 2], [3, 4]], "left": 1, "top": 2, "transparent": 2},
              {"pixels": pixels[:3], "colors": colors[::-1], "interlaced": True}]
    seed(out, "image", "gif_animated", bytes([0]) + image_files.gif(5, 7, frames, colors))
    seed(out, "image", "gif_still_small_table", bytes([2]) + image_files.gif(5, 7, [{"pixels": (ramp[:, :, 0] % 4).tolist()}], colors, size_bits=1))
    rgba = [[tuple(int(v) for v in px) for px in row] for row in ramp]
    for bits, top_down in [(8, False), (24, True), (32, False)]:
        rows = [[px[: bits // 8] for px in row] for row in rgba]
        seed(out, "image", "bmp_%d_%s" % (bits, "top_down" if top_down else "bottom_up"), bytes([3]) + image_files.bmp(rows, bits, top_down))


if __name__ == "__main__":
    out = sys.argv[1]
    with tempfile.TemporaryDirectory() as tmp:
        checkpoints(out, tmp)
        saved_models(out, tmp)
        keras_files(out, tmp)
        records(out, tmp)
        npy(out)
        images(out)
