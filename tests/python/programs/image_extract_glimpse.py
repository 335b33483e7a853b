"""tf.image.extract_glimpse: windows inside the image for every combination of centered and
normalized offsets, windows over the edges filled with zeros, uniform and Gaussian noise inside
the image's range, traced shapes, and TensorFlow's errors."""
import numpy as np

from harness import show_error, tf

x = tf.constant(np.arange(2 * 5 * 6 * 2, dtype=np.float32).reshape(2, 5, 6, 2))


def show(label, t):
    print(label, t.dtype.name, tuple(t.shape), np.asarray(t).ravel().tolist())


show("docs example", tf.image.extract_glimpse(tf.constant([[[[0.0], [1.0], [2.0]], [[3.0], [4.0], [5.0]], [[6.0], [7.0], [8.0]]]]),
                                              size=(2, 2), offsets=[[1, 1]], centered=False, normalized=False))
for centered in [False, True]:
    for normalized in [False, True]:
        for offsets in [[[1.0, 2.0], [0.5, 0.25]], [[-0.3, 0.2], [0.9, -0.7]], [[4.0, 5.0], [-2, -3]], [[-7.0, 0.0], [0.0, 9.0]]]:
            show("centered=%s normalized=%s %s" % (centered, normalized, offsets),
                 tf.image.extract_glimpse(x, size=(3, 4), offsets=offsets, centered=centered, normalized=normalized, noise="zero"))
show("larger than the image", tf.image.extract_glimpse(x, size=(7, 8), offsets=[[-1.0, -1.0], [0.0, 0.0]], centered=False,
                                                       normalized=False, noise="zero"))
show("inside, uniform noise unused", tf.image.extract_glimpse(x, size=(2, 2), offsets=[[0.0, 0.0], [1.0, 1.0]], centered=False,
                                                              normalized=False))
for noise in ["uniform", "gaussian"]:
    g = tf.image.extract_glimpse(x, size=(3, 4), offsets=[[4.0, 5.0], [-2, -3]], centered=False, normalized=False, noise=noise).numpy()
    lo = x.numpy().reshape(2, -1, 2).min(axis=1)
    hi = x.numpy().reshape(2, -1, 2).max(axis=1)
    inside = all((g[b, :, :, c] >= lo[b].min() - 1e-4).all() and (g[b, :, :, c] <= hi[b].max() + 1e-4).all()
                 for b in range(2) for c in range(2))
    print(noise, g.shape, "within the image's range", inside, "copied pixels", g[0, 0, 0].tolist(), g[1, 2, 3].tolist())

show_error("rank 3", lambda: tf.image.extract_glimpse(x[0], (3, 4), [[1.0, 2.0]]))
show_error("size of 3", lambda: tf.image.extract_glimpse(x, (3, 4, 5), [[1.0, 2.0], [1, 2]]))
show_error("offsets batch", lambda: tf.image.extract_glimpse(x, (3, 4), [[1.0, 2.0]]))
show_error("offsets of 3", lambda: tf.image.extract_glimpse(x, (3, 4), [[1.0, 2.0, 3], [1, 2, 3]]))
show_error("noise pink", lambda: tf.image.extract_glimpse(x, (3, 4), [[1.0, 2.0], [1, 2]], noise="pink"))


@tf.function
def traced(images, offsets):
    g = tf.image.extract_glimpse(images, (3, 4), offsets, noise="zero")
    print("traced", g.shape.as_list())
    return g


show("traced", traced(x, tf.constant([[0.1, -0.2], [0.3, 0.4]])))
