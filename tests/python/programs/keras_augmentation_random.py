"""keras.layers' random augmentations: RandomHue, RandomSaturation, RandomColorDegeneration,
RandomSharpness, RandomColorJitter, RandomShear, RandomPerspective, RandomElasticTransform,
RandomErasing, RandomGaussianBlur, MixUp, CutMix, RandAugment and Pipeline. Their random draws
differ from TensorFlow's (tfpp's generator), so this prints what the draws cannot change: values
at factors that pin the draw, inference, shapes, dtypes, ranges, configs, a model of them and
argument errors."""
import numpy as np

from harness import rounded, show_error, tf

layers = tf.keras.layers
x = tf.constant(((np.arange(4 * 5 * 6 * 3, dtype=np.float32).reshape(4, 5, 6, 3) * 37) % 251))
u8 = tf.cast(x, tf.uint8)


def config(layer):
    # Numbers as floats: Keras keeps some as the ints they were given as.
    def number(v):
        return float(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else v
    c = layer.get_config()
    return {k: ([number(n) for n in v] if isinstance(v, (tuple, list)) else number(v)) for k, v in sorted(c.items())
            if k not in ("dtype", "name")}


def show(label, y, decimals=2):
    print(label, rounded(y, decimals)[:240])


# ---- pinned factors ----
show("hue half turn", layers.RandomHue((1.0, 1.0))(x, training=True))
show("saturation", layers.RandomSaturation((0.6, 0.6))(x, training=True))
show("degeneration", layers.RandomColorDegeneration((0.3, 0.3))(u8, training=True))
show("sharpness", layers.RandomSharpness((0.2, 0.2))(x, training=True))
show("jitter", layers.RandomColorJitter(brightness_factor=(0.1, 0.1), contrast_factor=0.0, hue_factor=(1, 1))(x, training=True))
show("shear zero", layers.RandomShear()(x, training=True))
show("perspective still", layers.RandomPerspective((1, 1), 0.0)(x, training=True))
show("elastic still", layers.RandomElasticTransform((1, 1), 0.0, value_range=(50, 200))(x, training=True))
show("gaussian blur", layers.RandomGaussianBlur((1, 1), 5, (0.6, 0.6))(x, training=True))
show("erasing never", layers.RandomErasing(0.0)(x, training=True))
show("mixup one image", layers.MixUp()(x[:1], training=True))
show("cutmix one image", layers.CutMix()(x[0], training=True))
show("pipeline", layers.Pipeline([layers.AutoContrast(), layers.RandomInvert((1, 1))])(x, training=True))

# ---- inference, dtypes, ranges ----
for layer in (layers.RandomHue(0.3, seed=1), layers.RandomSaturation(0.5, seed=2), layers.RandomColorDegeneration(0.5, seed=3),
              layers.RandomSharpness(0.5, seed=4), layers.RandomColorJitter(brightness_factor=0.2, saturation_factor=0.3, seed=5),
              layers.RandomShear(0.2, 0.2, seed=6), layers.RandomErasing((1, 1), seed=7), layers.RandomGaussianBlur((1, 1), seed=13),
              layers.RandomPerspective((1, 1), 0.5, seed=14), layers.RandomElasticTransform((1, 1), seed=15), layers.MixUp(seed=8), layers.CutMix(seed=9),
              layers.RandAugment(seed=10)):
    name = type(layer).__name__
    inference = layer(x, training=False)
    y = layer(x, training=True)
    print(name, "inference", inference.dtype.name, np.allclose(np.asarray(inference), np.asarray(x)),
          "trained", y.dtype.name, y.shape, "changed", not np.allclose(np.asarray(y), np.asarray(x)))
y = layers.RandomSharpness(1.0, value_range=(50, 200), seed=11)(x, training=True)
print("sharpness range", float(np.min(y)) >= 50, float(np.max(y)) <= 200)
y = layers.RandomErasing(1.0, value_range=(0, 255), seed=12)(x, training=True)
print("erasing range", float(np.min(y)) >= 0, float(np.max(y)) <= 255)

# ---- configs ----
for layer in (layers.RandomHue(0.4, value_range=(0, 1), seed=2), layers.RandomSaturation((0.2, 0.6)),
              layers.RandomColorDegeneration(0.3, seed=1), layers.RandomSharpness(0.6),
              layers.RandomColorJitter(value_range=(0, 1), brightness_factor=0.2, contrast_factor=(0.1, 0.3), seed=5),
              layers.RandomShear(0.3, (0.1, 0.2), fill_mode="constant", seed=1), layers.RandomErasing(0.5, 0.2, fill_value=3),
              layers.RandomGaussianBlur(0.5, (3, 7), 0.8), layers.RandomPerspective(0.5, 0.3, fill_value=2.0),
              layers.RandomElasticTransform(0.5, (0.2, 0.4), fill_mode="constant"), layers.MixUp(0.4, seed=3), layers.CutMix((0.2, 0.7)),
              layers.RandAugment(num_ops=3, factor=0.3)):
    print(type(layer).__name__, config(layer))
pipeline = layers.Pipeline([layers.AutoContrast(), layers.RandomInvert(0.5)], name="augment")
print("Pipeline", [(c["class_name"], [float(f) for f in config_layer["factor"]] if "factor" in config_layer else None)
                   for c in pipeline.get_config()["layers"] for config_layer in [c["config"]]], pipeline.get_config()["name"])

# ---- in a model ----
model = tf.keras.Sequential([tf.keras.Input((5, 6, 3)), layers.RandomHue(0.2, seed=1), layers.RandomSharpness(0.3, seed=2),
                             layers.RandomShear(0.1, seed=3), layers.MixUp(seed=4)])
show("model predict", model.predict(x, verbose=0))

# ---- errors ----
show_error("hue factor 1.5", lambda: layers.RandomHue(1.5))
show_error("saturation factor -2", lambda: layers.RandomSaturation(-2))
show_error("sharpness factor 1.2", lambda: layers.RandomSharpness(1.2))
show_error("shear factor -0.1", lambda: layers.RandomShear(-0.1))
show_error("erasing scale 2", lambda: layers.RandomErasing(scale=2))
show_error("perspective scale 1.5", lambda: layers.RandomPerspective(scale=1.5))
show_error("elastic scale 2", lambda: layers.RandomElasticTransform(scale=2))
show_error("blur kernel 4", lambda: layers.RandomGaussianBlur(kernel_size=4))
show_error("cutmix factor 2", lambda: layers.CutMix(2))
show_error("rand augment factor 1.5", lambda: layers.RandAugment(factor=1.5))
