"""keras.layers PReLU, ELU, Identity, ActivityRegularization, GaussianNoise, GaussianDropout and
AlphaDropout, and the alias names (Convolution1D/2D, MaxPool1D/2D, AvgPool1D/2D, GlobalAvgPool*,
GlobalMaxPool*, ...): outputs, weights, configs, losses, training-mode noise statistics and errors."""
import numpy as np

from harness import rounded, show_error, tf

layers = tf.keras.layers
x = tf.constant(((np.arange(24, dtype=np.float32).reshape(2, 3, 4) % 7) - 3.0) / 2.0)


def describe(layer, out):
    # Initializers by class name (tfpp's layer configs leave out their module and registered_name).
    config = {k: v["class_name"] if isinstance(v, dict) else v for k, v in sorted(layer.get_config().items())
              if k != "dtype"}
    print(type(layer).__name__, rounded(out), config, [(w.name.split("/")[-1].split(":")[0], tuple(w.shape))
                                                       for w in layer.weights])


prelu = layers.PReLU()
describe(prelu, prelu(x))
prelu.set_weights([np.full((3, 4), 0.25, np.float32)])
print("PReLU with slopes", rounded(prelu(x)))
shared = layers.PReLU(alpha_initializer=tf.keras.initializers.Constant(0.3), shared_axes=[1])
describe(shared, shared(x))
shared_both = layers.PReLU(alpha_initializer="ones", shared_axes=[1, 2], name="all_shared")
describe(shared_both, shared_both(x))
for layer in (layers.ELU(), layers.ELU(alpha=0.4), layers.Identity(), layers.GaussianNoise(0.3, seed=2),
              layers.GaussianDropout(0.25), layers.AlphaDropout(0.2, seed=5)):
    describe(layer, layer(x))
    print("  training", tuple(layer(x, training=True).shape))

regularization = layers.ActivityRegularization(l1=0.1, l2=0.05)
describe(regularization, regularization(x))
print("  losses", [round(float(v), 4) for v in regularization.losses])
model = tf.keras.Sequential([tf.keras.Input((4,)), layers.Dense(3, kernel_initializer="ones"),
                             layers.ActivityRegularization(0.01, 0.02)])
model.compile("sgd", "mse")
print("loss with the penalty", round(float(model.evaluate(np.ones((2, 4), np.float32), np.zeros((2, 3), np.float32),
                                                         verbose=0)), 4))

big = tf.constant(np.linspace(-1.0, 1.0, 20000, dtype=np.float32).reshape(100, 200))
noisy = layers.GaussianNoise(0.5)(big, training=True) - big
print("GaussianNoise std", round(float(np.std(noisy.numpy())), 1))
dropped = layers.GaussianDropout(0.5)(tf.ones((100, 200)), training=True).numpy()
print("GaussianDropout mean, std", round(float(np.mean(dropped)), 1), round(float(np.std(dropped)), 1))
alpha = layers.AlphaDropout(0.3)(big, training=True).numpy()
print("AlphaDropout values", len(np.unique(np.round(alpha - big.numpy(), 3))) > 2)
print("no noise at rate 0", bool(np.array_equal(layers.GaussianDropout(0.0)(x, training=True).numpy(), x.numpy())))

for alias, name in (("Convolution1D", "Conv1D"), ("Convolution2D", "Conv2D"), ("Convolution2DTranspose", "Conv2DTranspose"),
                    ("SeparableConvolution2D", "SeparableConv2D"), ("MaxPool1D", "MaxPooling1D"),
                    ("MaxPool2D", "MaxPooling2D"), ("AvgPool1D", "AveragePooling1D"), ("AvgPool2D", "AveragePooling2D"),
                    ("GlobalAvgPool1D", "GlobalAveragePooling1D"), ("GlobalAvgPool2D", "GlobalAveragePooling2D"),
                    ("GlobalMaxPool1D", "GlobalMaxPooling1D"), ("GlobalMaxPool2D", "GlobalMaxPooling2D")):
    print(alias, getattr(layers, alias) is getattr(layers, name))
pool = layers.MaxPool1D(2)
print("MaxPool1D", rounded(pool(x)), pool.get_config()["name"], type(pool).__name__)

restored = layers.deserialize(layers.serialize(layers.PReLU(shared_axes=[1], name="p")))
print("deserialize", type(restored).__name__, restored.get_config()["shared_axes"])
show_error("GaussianDropout rate 2", lambda: layers.GaussianDropout(2.0))
show_error("GaussianNoise stddev -1", lambda: layers.GaussianNoise(-1.0))
show_error("Dropout rate 2", lambda: layers.Dropout(2.0))
for name in ("MaxPooling1D", "MaxPooling2D", "MaxPooling3D"):
    config = getattr(layers, name)().get_config()
    print(name, "defaults", config["pool_size"], config["strides"], config["padding"])

# Constructors called without their required arguments: Python's TypeError, with its message.
for label, make in [("Dense()", lambda: layers.Dense()), ("Resizing()", lambda: layers.Resizing()),
                    ("Resizing(2)", lambda: layers.Resizing(2)),
                    ("Conv2D(kernel_size=3)", lambda: layers.Conv2D(kernel_size=3)),
                    ("Embedding(output_dim=3)", lambda: layers.Embedding(output_dim=3)),
                    ("IoU()", lambda: tf.keras.metrics.IoU()), ("MeanIoU()", lambda: tf.keras.metrics.MeanIoU())]:
    try:
        make()
    except TypeError as e:
        print(label, "->", e)
