"""tf.keras.ops.image: resize (methods, crop / pad to the aspect ratio, channels_first), color
conversions, pad_images / crop_images and extract_patches, with error cases."""
import numpy as np

from harness import show_error, tf
from keras_ops_harness import ops, show

rng = np.random.RandomState(3)
batch = tf.constant(rng.uniform(0, 1, (2, 4, 6, 3)).astype(np.float32))
image = batch[0]
I = ops.image

for method in ("bilinear", "nearest", "bicubic", "area"):
    show("resize " + method, I.resize(batch, (3, 4), interpolation=method))
show("resize up", I.resize(image, (6, 8)))
show("resize antialias", I.resize(batch, (2, 3), antialias=True))
show("resize crop_to_aspect_ratio", I.resize(batch, (4, 4), crop_to_aspect_ratio=True))
show("resize pad_to_aspect_ratio", I.resize(image, (6, 6), pad_to_aspect_ratio=True, fill_value=0.5))
show("resize channels_first", I.resize(tf.transpose(batch, [0, 3, 1, 2]), (2, 3), data_format="channels_first"))
show("resize uint8", I.resize(tf.cast(batch * 255, tf.uint8), (2, 3)))
show("rgb_to_grayscale", I.rgb_to_grayscale(batch))
show("rgb_to_grayscale channels_first", I.rgb_to_grayscale(tf.transpose(image, [2, 0, 1]),
                                                           data_format="channels_first"))
show("rgb_to_grayscale uint8", I.rgb_to_grayscale(tf.cast(image * 255, tf.uint8)))
show("rgb_to_hsv", I.rgb_to_hsv(image))
show("hsv_to_rgb", I.hsv_to_rgb(I.rgb_to_hsv(batch)))
show("pad_images", I.pad_images(image, 1, 2, 0, 1))
show("pad_images target", I.pad_images(batch, top_padding=1, left_padding=1, target_height=7, target_width=8))
show("pad_images channels_first", I.pad_images(tf.transpose(image, [2, 0, 1]), 1, 1, 1, 1,
                                               data_format="channels_first"))
show("crop_images", I.crop_images(image, 1, 2, 1, 1))
show("crop_images target", I.crop_images(batch, top_cropping=1, left_cropping=2, target_height=2, target_width=3))
show("extract_patches", I.extract_patches(batch, 2))
show("extract_patches strides same", I.extract_patches(image, (2, 3), strides=1, padding="same"))

show_error("resize of a bad interpolation", lambda: I.resize(batch, (2, 2), interpolation="cubic"))
show_error("resize of a bad size", lambda: I.resize(batch, (2,)))
show_error("resize with crop and pad", lambda: I.resize(batch, (2, 2), crop_to_aspect_ratio=True,
                                                        pad_to_aspect_ratio=True))
show_error("resize of a 2-D image", lambda: I.resize(tf.ones([4, 4]), (2, 2)))
show_error("rgb_to_grayscale of 2 channels", lambda: I.rgb_to_grayscale(tf.ones([2, 2, 2])))
show_error("pad_images of a negative amount", lambda: I.pad_images(image, top_padding=1, bottom_padding=0,
                                                                   left_padding=0, target_width=3))
show_error("crop_images of too many sides", lambda: I.crop_images(image, 1, 1, 1, 1, target_height=2))
