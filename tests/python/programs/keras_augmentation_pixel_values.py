"""keras.layers' pixel-value layers: AutoContrast, Equalization,
ContrastLimitedAdaptiveHistogramEqualization and MaxNumBoundingBoxes (deterministic), and
Solarization, RandomGrayscale, RandomInvert and RandomPosterization at factors that pin their
random draws; output dtypes, inference behaviour, configs, a model of them, and argument errors.
The random draws themselves differ from TensorFlow's (tfpp's generator), so only what they
cannot change is printed for them."""
import numpy as np

from harness import rounded, show_error, tf

layers = tf.keras.layers
x = tf.constant(((np.arange(2 * 5 * 6 * 3, dtype=np.float32).reshape(2, 5, 6, 3) * 37) % 251))
u8 = tf.cast(x, tf.uint8)
unit = x / 250.0


def config(layer):
    # Numbers as floats: Keras keeps some as the ints they were given as.
    def number(v):
        return float(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else v
    c = layer.get_config()
    return {k: ([number(n) for n in v] if isinstance(v, (tuple, list)) else number(v)) for k, v in sorted(c.items())
            if k not in ("dtype", "name")}


def show(label, y, decimals=3):
    print(label, rounded(y, decimals)[:300])


CLAHE = layers.ContrastLimitedAdaptiveHistogramEqualization
show("auto_contrast", layers.AutoContrast()(x))
show("auto_contrast uint8", layers.AutoContrast()(u8, training=False))
show("auto_contrast unit", layers.AutoContrast(value_range=(0, 1))(unit))
show("equalization", layers.Equalization()(x, training=True))
show("equalization bins", layers.Equalization(value_range=(0, 1), bins=16)(unit, training=True))
print("equalization inference", layers.Equalization()(u8, training=False).dtype.name)
show("clahe", CLAHE(tile_grid_size=(2, 2))(x))
show("clahe uint8", CLAHE(tile_grid_size=(2, 3), clip_limit=1.0)(u8))
show("solarization", layers.Solarization()(x, training=True))
show("solarization unit", layers.Solarization(value_range=(0, 1))(unit, training=True))
show("grayscale", layers.RandomGrayscale(1.0)(u8, training=True))
show("grayscale never", layers.RandomGrayscale(0.0)(x, training=True))
show("invert", layers.RandomInvert((1, 1))(x, training=True))
show("invert never", layers.RandomInvert(0.0)(u8, training=True))
show("posterize", layers.RandomPosterization((3, 3))(u8, training=True))
show("posterize unit", layers.RandomPosterization((2, 2), value_range=(0, 1))(unit, training=True))
show("max boxes images", layers.MaxNumBoundingBoxes(4)(u8))
for layer in (layers.RandomGrayscale(0.5, seed=1), layers.RandomInvert(0.5, seed=2), layers.RandomPosterization(4, seed=3),
              layers.Solarization(0.2, 0.5, seed=4)):
    name = type(layer).__name__
    same = np.array_equal(np.asarray(layer(x, training=False)), np.asarray(x))
    y = layer(x, training=True)
    print(name, "inference is the identity", same, "trained", y.dtype.name, y.shape,
          bool(np.all(np.asarray(y) >= 0)), bool(np.all(np.asarray(y) <= 255)))

# ---- configs ----
for layer in (layers.AutoContrast(value_range=(0.0, 1.0)), layers.Equalization(bins=64, data_format="channels_first"),
              CLAHE(value_range=(0, 1), clip_limit=2.0, tile_grid_size=(3, 4)), layers.MaxNumBoundingBoxes(7),
              layers.Solarization(0.5, (0.2, 0.4), value_range=(0, 1), seed=3), layers.RandomGrayscale(0.25, seed=2),
              layers.RandomInvert(0.5, value_range=(1, 0), seed=5), layers.RandomPosterization((6, 2), seed=1)):
    print(type(layer).__name__, config(layer))
    copy = type(layer).from_config(layer.get_config())
    print("  from_config", config(copy) == config(layer))

# ---- in a model ----
model = tf.keras.Sequential([tf.keras.Input((5, 6, 3)), layers.AutoContrast(), CLAHE(tile_grid_size=(2, 2)),
                             layers.Solarization(seed=1), layers.RandomGrayscale(seed=2), layers.RandomInvert(seed=3)])
show("model predict", model.predict(x, verbose=0))
print("model layers", [type(layer).__name__ for layer in model.layers])

# ---- errors ----
show_error("posterization factor 9", lambda: layers.RandomPosterization(9))
show_error("invert factor 1.5", lambda: layers.RandomInvert(1.5))
show_error("grayscale factor 2", lambda: layers.RandomGrayscale(2.0))
show_error("solarization addition 1.5", lambda: layers.Solarization(1.5))
show_error("auto_contrast rank 2", lambda: layers.AutoContrast()(tf.ones((4, 4))))
show_error("grayscale two channels", lambda: layers.RandomGrayscale(1.0)(tf.ones((1, 4, 4, 2)), training=True))
