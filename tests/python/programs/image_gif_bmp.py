"""tf.io.decode_gif, decode_bmp and decode_image on GIF and BMP files written byte by byte: frames
drawn over the previous ones at their offsets, clipping, transparency, local color tables,
interlacing, BMP bit depths and row orders, channel conversions, dtypes, which op decodes which
format, errors with TensorFlow's messages, and the shapes traced in tf.function."""
import numpy as np

from harness import tf
from image_files import bmp, gif

COLORS = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (9, 8, 7)]
FULL = [[0, 1, 2], [3, 0, 1]]


def show(label, fn):
    try:
        t = fn()
        print(label, t.dtype.name, tuple(t.shape), np.asarray(t).ravel().tolist())
    except Exception as e:  # noqa: BLE001 - the class and TensorFlow's own message are compared
        text = str(e)
        for marker in ["Invalid GIF", "Got ", "channels", "Trying", "Incomplete", "Input size", "Number of", "Width",
                       "Height", "Unknown image", "JPEG does"]:
            if marker in text:
                text = text[text.index(marker):].split(" [Op:")[0].splitlines()[0]
                break
        print(label, "raises", type(e).__name__, text)


two = gif(3, 2, [{"pixels": FULL}, {"pixels": [[1, 1, 1], [2, 2, 2]]}], COLORS)
one = gif(3, 2, [{"pixels": FULL}], COLORS)
show("one", lambda: tf.io.decode_gif(one))
show("two", lambda: tf.io.decode_gif(two))
show("partial", lambda: tf.io.decode_gif(gif(3, 2, [{"pixels": FULL}, {"pixels": [[3]], "left": 1, "top": 1}], COLORS)))
show("partial first", lambda: tf.io.decode_gif(gif(3, 2, [{"pixels": [[3]], "left": 1, "top": 1}], COLORS)))
show("canvas of largest", lambda: tf.io.decode_gif(gif(5, 5, [{"pixels": [[1, 2]]}, {"pixels": [[3], [0]], "left": 1}], COLORS)))
show("transparent first", lambda: tf.io.decode_gif(gif(3, 2, [{"pixels": FULL, "transparent": 1}], COLORS)))
show("transparent second", lambda: tf.io.decode_gif(gif(3, 2, [{"pixels": FULL}, {"pixels": [[1, 1, 1], [2, 2, 2]], "transparent": 1}], COLORS)))
show("disposal ignored", lambda: tf.io.decode_gif(gif(3, 2, [{"pixels": FULL, "disposal": 2}, {"pixels": [[1]], "disposal": 3}, {"pixels": [[2]], "left": 2}], COLORS)))
show("local colors", lambda: tf.io.decode_gif(gif(3, 2, [{"pixels": FULL, "colors": [(1, 2, 3), (4, 5, 6), (7, 8, 9), (10, 11, 12)]}])))
show("interlaced", lambda: tf.io.decode_gif(gif(2, 11, [{"pixels": [[r % 4, (r + 1) % 4] for r in range(11)], "interlaced": True}], COLORS)))
big = [[(x * 7 + y * 13) % 256 for x in range(40)] for y in range(30)]
show("large", lambda: tf.reduce_sum(tf.cast(tf.io.decode_gif(gif(40, 30, [{"pixels": big}], [(i, 255 - i, i // 2) for i in range(256)])), tf.int64)))
show("no color map", lambda: tf.io.decode_gif(gif(3, 2, [{"pixels": FULL}])))
show("index outside", lambda: tf.io.decode_gif(gif(3, 2, [{"pixels": [[0, 5, 1], [1, 1, 1]]}], COLORS, size_bits=1)))
show("truncated", lambda: tf.io.decode_gif(one[:-8]))
for cut in [len(two) - 1, len(two) - 2, len(two) - 10, len(two) - 20, len(one) - 1, len(one) - 2]:
    show("cut at %d" % cut, lambda: tf.io.decode_gif((two if cut > len(one) else one)[:cut]))
show("wrong record after a frame", lambda: tf.io.decode_gif(one[:-1] + b"x"))
show("short header", lambda: tf.io.decode_gif(one[:10]))
show("no image", lambda: tf.io.decode_gif(one[:13 + 768] + b";"))
show("wrong record", lambda: tf.io.decode_gif(one[:13 + 768] + b"x"))
show("image first frame", lambda: tf.io.decode_image(two, expand_animations=False))
show("image frames", lambda: tf.io.decode_image(two))
show("image gif float", lambda: tf.io.decode_image(one, dtype=tf.float32))
show("image gif uint16", lambda: tf.io.decode_image(one, dtype=tf.uint16))
show("image gif channels 3", lambda: tf.io.decode_image(one, channels=3))
show("image gif channels 1", lambda: tf.io.decode_image(one, channels=1))
show("png of still gif", lambda: tf.io.decode_png(one))
show("jpeg of still gif", lambda: tf.io.decode_jpeg(one))
show("png of animated gif", lambda: tf.io.decode_png(two))
show("gif of png", lambda: tf.io.decode_gif(tf.io.encode_png(tf.constant([[[1, 2, 3]]], tf.uint8))))
show("gif of gray png", lambda: tf.io.decode_gif(tf.io.encode_png(tf.constant([[[1], [2]]], tf.uint8))))
show("gif of gray jpeg", lambda: tf.io.decode_gif(tf.io.encode_jpeg(tf.constant([[[100], [100]]], tf.uint8))))

rgb = [[(10, 20, 30), (40, 50, 60), (70, 80, 90)], [(1, 2, 3), (4, 5, 6), (7, 8, 9)]]
rgba = [[p + (128 + i,) for i, p in enumerate(row)] for row in rgb]
gray = [[(v,) for v in (5, 6, 7)], [(8, 9, 10)]]
gray = [[(5,), (6,), (7,)], [(8,), (9,), (10,)]]
for bits, rows in [(24, rgb), (32, rgba), (8, gray)]:
    for top_down in [False, True]:
        for channels in [0, 3, 4]:
            data = bmp(rows, bits, top_down)
            show("bmp %d %s %d" % (bits, top_down, channels), lambda: tf.io.decode_bmp(data, channels=channels))
show("bmp offset", lambda: tf.io.decode_bmp(bmp(rgb, pixel_offset=70)))
show("bmp image", lambda: tf.io.decode_image(bmp(rgb)))
show("bmp image float", lambda: tf.io.decode_image(bmp(rgb), dtype=tf.float32))
show("bmp image uint16", lambda: tf.io.decode_image(bmp(rgb), dtype=tf.uint16))
show("bmp image animations", lambda: tf.io.decode_image(bmp(rgb), expand_animations=False))
show("bmp channels 1", lambda: tf.io.decode_bmp(bmp(rgb), channels=1))
show("bmp short", lambda: tf.io.decode_bmp(bmp(rgb)[:20]))
show("bmp trailing", lambda: tf.io.decode_bmp(bmp(rgb) + b"\0\0"))
show("bmp 16 bits", lambda: tf.io.decode_bmp(bmp(rgb)[:28] + b"\x10\x00" + bmp(rgb)[30:]))
show("bmp zero height", lambda: tf.io.decode_bmp(bmp(rgb)[:22] + b"\0\0\0\0" + bmp(rgb)[26:]))
show("png of bmp", lambda: tf.io.decode_png(bmp(rgb)))
show("bmp of png", lambda: tf.io.decode_bmp(tf.io.encode_png(tf.constant([[[1, 2, 3]]], tf.uint8))))
show("bmp of jpeg", lambda: tf.io.decode_bmp(tf.io.encode_jpeg(tf.constant([[[1, 2, 3]]], tf.uint8))))
show("bmp of gif", lambda: tf.io.decode_bmp(one))
show("image of jpeg uint16", lambda: tf.io.decode_image(tf.io.encode_jpeg(tf.constant([[[100, 2, 3]]], tf.uint8)), dtype=tf.uint16))
show("image of jpeg float", lambda: tf.io.decode_image(tf.io.encode_jpeg(tf.constant([[[100, 2, 3]]], tf.uint8)), dtype=tf.float32))
show("image of jpeg 4 channels", lambda: tf.io.decode_image(tf.io.encode_jpeg(tf.constant([[[100, 2, 3]]], tf.uint8)), channels=4))


@tf.function
def traced(contents):
    outputs = (tf.io.decode_gif(contents), tf.io.decode_bmp(contents), tf.io.decode_bmp(contents, channels=4),
               tf.io.decode_image(contents, expand_animations=False))
    print("traced", [o.shape.as_list() if o.shape.rank is not None else None for o in outputs], tf.io.decode_image(contents).shape.rank)
    return outputs[2]


show("traced bmp", lambda: traced(tf.constant(bmp(rgb))))

# Real LZW compression: runs that grow the code width to 12 bits and fill the table (clear codes).
runs = [[(x // 3 + y) % 7 for x in range(300)] for y in range(40)]
noise = [[(x * 7919 + y * 104729) % 251 for x in range(200)] for y in range(120)]
for label, rows in [("runs", runs), ("noise", noise)]:
    decoded = tf.io.decode_gif(gif(len(rows[0]), len(rows), [{"pixels": rows}], [(i, 255 - i, i // 2) for i in range(256)]))
    print(label, tuple(decoded.shape), bool(np.array_equal(np.asarray(decoded)[0, :, :, 0], np.array(rows))))

# keras.utils.image_dataset_from_directory reads .gif (first frame) and .bmp files as Keras does.
import os  # noqa: E402
import tempfile  # noqa: E402

root = tempfile.mkdtemp()
for label, files in {"a": {"x.gif": two, "y.bmp": bmp(rgb)}, "b": {"z.bmp": bmp(rgba, 32, True), "w.gif": one}}.items():
    os.makedirs(os.path.join(root, label))
    for name, data in files.items():
        with open(os.path.join(root, label, name), "wb") as f:
            f.write(data)
for x, y in tf.keras.utils.image_dataset_from_directory(root, image_size=(2, 3), shuffle=False, verbose=False):
    print("dataset", tuple(x.shape), x.dtype.name, np.asarray(x).ravel().tolist(), y.numpy().tolist())

# An image whose codes end (end-of-information) before its pixels do: an error even after a
# complete frame. Its descriptor claims 3 rows of the 2 coded.
early = bytearray(two)
early[two.index(b",", len(one) - 2) + 7] = 3
show("early end", lambda: tf.io.decode_gif(bytes(early)))
show("early end first", lambda: tf.io.decode_gif(one[:787] + b"\x03" + one[788:]))
