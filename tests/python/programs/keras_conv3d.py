"""3-D convolution and pooling: tf.nn.conv3d, conv3d_transpose, max_pool3d, avg_pool3d, pool and the
rank-generic functions on volumes, with gradients; then a small Sequential model of the Keras 3
layers Conv3D, Conv3DTranspose, Conv1DTranspose, MaxPooling3D, AveragePooling3D, the global 3-D
pools, ZeroPadding1D/3D, Cropping1D/3D, UpSampling1D/3D, GroupNormalization with fixed
weights: summary shapes, outputs, a training step, configs and errors."""
import numpy as np

from harness import rounded, show_error, tf
from keras_harness import fixed_weights

layers = tf.keras.layers


def ramp(shape, scale=0.25):
    n = int(np.prod(shape))
    return tf.constant((((np.arange(n) * 37) % 23 - 11) * scale).reshape(shape).astype(np.float32))


volumes = ramp([2, 4, 5, 4, 3], 0.125)
filters = ramp([2, 3, 2, 3, 2], 0.0625)
print(rounded(tf.nn.conv3d(volumes, filters, strides=[1, 1, 1, 1, 1], padding="SAME"), 4))
print(rounded(tf.nn.conv3d(volumes, filters, [1, 2, 1, 2, 1], "VALID", dilations=[1, 1, 1, 1, 1]), 4))
print(rounded(tf.nn.conv3d_transpose(ramp([1, 2, 3, 2, 2]), ramp([3, 3, 3, 4, 2], 0.125), [1, 4, 6, 4, 4],
                                     strides=[1, 2, 2, 2, 1]), 4))
print(rounded(tf.nn.max_pool3d(volumes, ksize=2, strides=2, padding="VALID")))
print(rounded(tf.nn.avg_pool3d(volumes, [2, 3, 2], [1, 2, 2], "SAME"), 4))
print(rounded(tf.nn.pool(volumes, [2, 2, 2], "MAX", strides=[1, 2, 2], padding="SAME")))
print(rounded(tf.nn.pool(volumes, window_shape=[3, 2, 2], pooling_type="AVG"), 4))
print(rounded(tf.nn.pool(volumes, [2, 2, 2], "AVG", dilations=[1, 2, 2]), 4), rounded(tf.nn.pool(volumes, [2, 1, 2], "MAX", dilations=[2, 1, 2])))
print(rounded(tf.nn.max_pool(volumes, 2, 2, "SAME")), rounded(tf.nn.avg_pool(volumes, 3, 1, "VALID"), 4))
print(rounded(tf.nn.convolution(volumes, filters, strides=[2, 1, 1], padding="SAME"), 4))

with tf.GradientTape(persistent=True) as tape:
    tape.watch(volumes)
    tape.watch(filters)
    loss = (tf.reduce_sum(tf.nn.conv3d(volumes, filters, [1, 1, 1, 1, 1], "SAME") ** 2) +
            tf.reduce_sum(tf.nn.max_pool3d(volumes, 2, 1, "SAME") * 3.0) + tf.reduce_sum(tf.nn.avg_pool3d(volumes, 2, 2, "VALID")))
print("gradients", rounded(tape.gradient(loss, volumes), 3), rounded(tape.gradient(loss, filters), 3))


@tf.function
def traced(x):
    return tf.nn.conv3d(x, filters, [1, 1, 2, 1, 1], "SAME"), tf.nn.max_pool3d(x, 2, 2, "VALID")


print("traced", [rounded(t, 4) for t in traced(volumes)])
show_error("conv3d channel mismatch", lambda: tf.nn.conv3d(volumes, ramp([2, 2, 2, 2, 2]), [1, 1, 1, 1, 1], "SAME"))
show_error("max_pool3d window larger than input", lambda: tf.nn.max_pool3d(volumes, 6, 1, "VALID"))

model = tf.keras.Sequential([
    tf.keras.Input((4, 6, 6, 2)),
    layers.Conv3D(4, 3, padding="same", activation="tanh", name="conv"),
    layers.GroupNormalization(groups=2),
    layers.MaxPooling3D((1, 2, 2)),
    layers.ZeroPadding3D(((1, 0), (1, 1), (0, 1))),
    layers.Conv3DTranspose(3, 2, strides=(1, 2, 2), name="deconv"),
    layers.Cropping3D(((0, 1), (1, 1), (1, 1))),
    layers.AveragePooling3D(2, padding="same"),
    layers.UpSampling3D((1, 2, 1)),
    layers.GlobalAveragePooling3D(keepdims=True),
    layers.GlobalMaxPooling3D(),
    layers.Dense(2),
])
fixed_weights(model)
for layer in model.layers:
    print(type(layer).__name__, layer.name, tuple(layer.output.shape),
          [(w.name.split("/")[-1].split(":")[0], tuple(w.shape)) for w in layer.weights])
x = ramp([2, 4, 6, 6, 2], 0.125)
print("outputs", rounded(model(x), 4))
model.compile(optimizer=tf.keras.optimizers.SGD(0.05), loss="mse")
history = model.fit(x, tf.constant([[0.5, -0.5], [1.0, 0.0]]), epochs=2, batch_size=2, verbose=0, shuffle=False)
print("losses", np.round(history.history["loss"], 4).tolist())
print("after training", rounded(model(x), 4))

sequence = tf.keras.Sequential([
    tf.keras.Input((5, 3)), layers.ZeroPadding1D((2, 1)), layers.Conv1DTranspose(4, 3, strides=2, padding="same"),
    layers.Cropping1D((1, 2)), layers.UpSampling1D(2), layers.GroupNormalization(groups=-1, center=False),
])
fixed_weights(sequence)
print("sequence", [tuple(layer.output.shape) for layer in sequence.layers], rounded(sequence(ramp([2, 5, 3])), 4))

for layer in (model.get_layer("conv"), model.get_layer("deconv"), model.layers[1], model.layers[2], model.layers[3], model.layers[5]):
    config = {k: v for k, v in sorted(layer.get_config().items()) if not isinstance(v, dict) and k not in ("name", "dtype")}
    print(type(layer).__name__, config)
print(layers.Convolution3D is layers.Conv3D, layers.MaxPool3D is layers.MaxPooling3D,
      layers.AvgPool3D is layers.AveragePooling3D, layers.GlobalAvgPool3D is layers.GlobalAveragePooling3D,
      layers.Convolution3DTranspose is layers.Conv3DTranspose)
show_error("Conv1DTranspose output_padding not below strides", lambda: layers.Conv1DTranspose(2, 3, strides=2, output_padding=2))
show_error("UpSampling3D size 0", lambda: layers.UpSampling3D((2, 0, 1)))


def fails(label, fn):
    """Whether fn() raises (the class a layer's call raises differs: Keras' ValueError, tfpp's InvalidArgumentError)."""
    try:
        fn()
    except Exception:  # noqa: BLE001
        print(label, "raises")
    else:
        print(label, "no error")


fails("GroupNormalization groups", lambda: layers.GroupNormalization(groups=3)(ramp([1, 2, 4])))
fails("Cropping1D too much", lambda: layers.Cropping1D(3)(ramp([1, 5, 2])))
fails("Conv3D on images", lambda: layers.Conv3D(2, 2)(ramp([1, 4, 4, 2])))
