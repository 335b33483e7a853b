"""keras.layers.AugMix: its draws differ from TensorFlow's (tfpp's generators), so this prints what
they cannot change: chain depth 0 (the images back), inference, shapes, dtypes, the value range,
configs, serialize / deserialize, and argument errors."""
import numpy as np

from harness import rounded, show_error, tf

layers = tf.keras.layers
x = tf.constant(((np.arange(3 * 6 * 5 * 3, dtype=np.float32).reshape(3, 6, 5, 3) * 37) % 251))


def config(layer):
    # Numbers as floats: Keras keeps some as the ints they were given as.
    def number(v):
        return float(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else v
    c = layer.get_config()
    return {k: ([number(n) for n in v] if isinstance(v, (tuple, list)) else number(v)) for k, v in sorted(c.items())
            if k not in ("dtype", "name")}


print("depth 0", rounded(layers.AugMix(chain_depth=0, seed=1)(x), 2)[:200])
print("inference", rounded(layers.AugMix(seed=2)(x, training=False), 2)[:200])
for kwargs in ({"seed": 3}, {"value_range": (0, 1), "factor": 0.8, "all_ops": False, "seed": 4},
               {"num_chains": 1, "chain_depth": 5, "alpha": 0.3, "interpolation": "nearest", "seed": 5}):
    low, high = kwargs.get("value_range", (0, 255))
    images = x / 255.0 if high == 1 else x
    y = layers.AugMix(**kwargs)(images)
    print(sorted(kwargs), y.dtype.name, y.shape, "in range", float(np.min(y)) >= low, float(np.max(y)) <= high)
y = layers.AugMix(seed=6)(tf.cast(x[0], tf.uint8))
print("uint8 image", y.dtype.name, y.shape)

layer = layers.AugMix(value_range=(0, 1), num_chains=2, chain_depth=4, factor=(0.1, 0.4), alpha=0.5, all_ops=False,
                      interpolation="nearest", seed=7, name="augmix")
print("config", config(layer))
print("default config", config(layers.AugMix()))
copy = layers.deserialize(layers.serialize(layer))
print("deserialize", type(copy).__name__, copy.name, config(copy) == config(layer))

show_error("factor 1.5", lambda: layers.AugMix(factor=1.5))
# Rank 5: TensorFlow's error class for rank 2 depends on which augmentation it draws first.
show_error("rank 5", lambda: layers.AugMix()(tf.ones((2, 4, 4, 3, 1))))
