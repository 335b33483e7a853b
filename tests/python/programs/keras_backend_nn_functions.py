"""tf.keras.backend's Keras 2 convolutions, pooling, padding, resizing, batch normalization, dropout
and in_top_k, in both data formats, with Keras' errors for bad data formats, paddings and sizes."""
import numpy as np

from harness import show_error_message, tf

K = tf.keras.backend
rng = np.random.default_rng(0)


def const(*shape):
    """Small integers as float32, so that sums in any order are exact and print alike."""
    return tf.constant(rng.integers(-3, 4, shape).astype(np.float32))


def show(label, t):
    t = tf.convert_to_tensor(t)
    values = np.asarray(t)
    print(label, t.dtype.name, tuple(t.shape), (values if values.dtype == bool else np.round(values, 4)).tolist())


def to_first(t):
    return tf.transpose(t, [0, t.shape.rank - 1] + list(range(1, t.shape.rank - 1)))


x1 = const(2, 7, 3)
k1 = const(3, 3, 2)
for padding in ("valid", "same", "causal"):
    show("conv1d " + padding, K.conv1d(x1, k1, padding=padding))
show("conv1d strides 2 dilation", K.conv1d(x1, k1, strides=1, padding="causal", dilation_rate=2))
show("conv1d channels_first", K.conv1d(to_first(x1), k1, data_format="channels_first"))

x2 = const(2, 5, 6, 3)
k2 = const(3, 3, 3, 4)
show("conv2d", K.conv2d(x2, k2))
show("conv2d same strides", K.conv2d(x2, k2, strides=(2, 2), padding="same"))
show("conv2d dilation", K.conv2d(x2, k2, dilation_rate=(2, 1)))
show("conv2d channels_first", K.conv2d(to_first(x2), k2, data_format="channels_first"))

kt = const(3, 3, 4, 3)  # [h, w, out, in]
show("conv2d_transpose", K.conv2d_transpose(x2, kt, (2, 7, 8, 4)))
show("conv2d_transpose strides same", K.conv2d_transpose(x2, kt, (2, 10, 12, 4), strides=(2, 2), padding="same"))
show("conv2d_transpose batch None", K.conv2d_transpose(x2, kt, (None, 7, 8, 4)))
show("conv2d_transpose channels_first", K.conv2d_transpose(to_first(x2), kt, (2, 4, 7, 8),
                                                           data_format="channels_first"))
show("conv2d_transpose dilation", K.conv2d_transpose(x2, kt, (2, 9, 10, 4), dilation_rate=(2, 2)))
show("conv2d_transpose dilation channels_first", K.conv2d_transpose(to_first(x2), kt, (2, 4, 9, 10),
                                                                    data_format="channels_first",
                                                                    dilation_rate=(2, 2)))

x3 = const(1, 4, 5, 4, 2)
k3 = const(2, 2, 2, 2, 3)
show("conv3d", K.conv3d(x3, k3))
show("conv3d same strides", K.conv3d(x3, k3, strides=(2, 2, 2), padding="same"))

dk = const(3, 3, 3, 2)
show("depthwise_conv2d", K.depthwise_conv2d(x2, dk))
show("depthwise_conv2d same strides", K.depthwise_conv2d(x2, dk, strides=(2, 2), padding="same"))
pk = const(1, 1, 6, 5)
show("separable_conv2d", K.separable_conv2d(x2, dk, pk))
show("separable_conv2d same dilation", K.separable_conv2d(x2, dk, pk, padding="same", dilation_rate=(2, 2)))

for mode in ("max", "avg"):
    show("pool2d " + mode, K.pool2d(x2, (2, 2), strides=(2, 2), pool_mode=mode))
    show("pool2d same " + mode, K.pool2d(x2, (3, 3), padding="same", pool_mode=mode))
    show("pool3d " + mode, K.pool3d(x3, (2, 2, 2), strides=(2, 2, 2), pool_mode=mode))
    show("pool3d same " + mode, K.pool3d(x3, (2, 2, 2), padding="same", pool_mode=mode))

show("spatial_2d_padding", K.spatial_2d_padding(tf.ones((1, 2, 2, 1))))
show("spatial_2d_padding channels_first", K.spatial_2d_padding(tf.ones((1, 1, 2, 2)), ((0, 1), (2, 0)),
                                                               data_format="channels_first"))
print("spatial_3d_padding", K.spatial_3d_padding(tf.ones((1, 2, 2, 2, 1))).shape,
      K.spatial_3d_padding(tf.ones((1, 1, 2, 2, 2)), ((0, 1), (1, 0), (2, 2)), "channels_first").shape)

img = tf.reshape(tf.range(8, dtype="float32"), (1, 2, 2, 2))
show("resize_images nearest", K.resize_images(img, 2, 3, "channels_last"))
show("resize_images bilinear", K.resize_images(img, 2, 2, "channels_last", interpolation="bilinear"))
show("resize_images channels_first", K.resize_images(img, 2, 1, "channels_first"))
show("resize_volumes", K.resize_volumes(tf.reshape(tf.range(8.0), (1, 2, 2, 2, 1)), 2, 1, 2, "channels_last"))
show("resize_volumes channels_first", K.resize_volumes(tf.reshape(tf.range(8.0), (1, 1, 2, 2, 2)), 1, 2, 1,
                                                       "channels_first"))

xb = const(4, 3)
show("batch_normalization", K.batch_normalization(xb, tf.constant([0.5, -1.0, 0.0]), tf.constant([1.0, 2.0, 0.5]),
                                                  tf.constant([0.1, 0.2, 0.3]), tf.constant([1.0, 0.5, 2.0])))
show("batch_normalization epsilon", K.batch_normalization(xb, 0.0, 1.0, 0.0, 1.0, axis=1, epsilon=0.5))

dropped = K.dropout(tf.ones((100, 10)), 0.3, seed=5)
kept = np.asarray(dropped) != 0
print("dropout", dropped.dtype.name, tuple(dropped.shape), sorted(set(np.round(np.asarray(dropped), 4).ravel())),
      "kept fraction near 0.7", abs(kept.mean() - 0.7) < 0.05)
dropped = K.dropout(tf.ones((50, 4)), 0.5, noise_shape=(50, 1))
print("dropout noise_shape rows constant", bool(np.all(np.asarray(dropped) == np.asarray(dropped)[:, :1])))

predictions = tf.constant([[0.1, 0.7, 0.2], [0.5, 0.3, 0.2], [0.3, 0.3, 0.4]])
for k in (1, 2):
    show("in_top_k k=%d" % k, K.in_top_k(predictions, tf.constant([1, 2, 0]), k))

show_error_message("conv2d bad data_format", lambda: K.conv2d(x2, k2, data_format="nhwc"))
show_error_message("conv1d bad padding", lambda: K.conv1d(x1, k1, padding="full"))
show_error_message("conv3d bad padding", lambda: K.conv3d(x3, k3, padding="SAME"))
show_error_message("conv2d_transpose bad data_format", lambda: K.conv2d_transpose(x2, kt, (2, 7, 8, 4),
                                                                                  data_format="x"))
show_error_message("conv2d_transpose unequal dilation", lambda: K.conv2d_transpose(x2, kt, (2, 9, 10, 4),
                                                                                   dilation_rate=(2, 1)))
show_error_message("depthwise_conv2d bad padding", lambda: K.depthwise_conv2d(x2, dk, padding="causal"))
show_error_message("separable_conv2d bad strides", lambda: K.separable_conv2d(x2, dk, pk, strides=(1, 1, 1)))
show_error_message("pool2d bad pool_size", lambda: K.pool2d(x2, (2,)))
show_error_message("pool2d bad strides", lambda: K.pool2d(x2, (2, 2), strides=(1,)))
show_error_message("pool2d bad mode", lambda: K.pool2d(x2, (2, 2), pool_mode="min"))
show_error_message("pool3d bad mode", lambda: K.pool3d(x3, (2, 2, 2), pool_mode="sum"))
show_error_message("pool3d bad data_format", lambda: K.pool3d(x3, (2, 2, 2), data_format="channels"))
show_error_message("spatial_2d_padding bad padding", lambda: K.spatial_2d_padding(img, ((1, 1),)))
show_error_message("spatial_3d_padding bad padding", lambda: K.spatial_3d_padding(x3, ((1, 1), (1, 1), (1,))))
show_error_message("spatial_2d_padding bad data_format", lambda: K.spatial_2d_padding(img, data_format="x"))
show_error_message("resize_images bad data_format", lambda: K.resize_images(img, 2, 2, None))
show_error_message("resize_images bad interpolation", lambda: K.resize_images(img, 2, 2, "channels_last", "cubic"))
show_error_message("resize_volumes bad data_format", lambda: K.resize_volumes(x3, 1, 1, 1, "x"))
