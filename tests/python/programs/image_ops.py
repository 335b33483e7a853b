"""tf.image's flips, rotations, crops and pads, convert_image_dtype, colour-space conversions and
adjustments, resize (every method) and resize_with_pad, total_variation, image_gradients,
sobel_edges, psnr and ssim, the random and stateless_random augmentations, non_max_suppression, extract_patches, crop_and_resize, with TensorFlow's argument names and defaults, eagerly, under a GradientTape and
inside tf.function."""
from harness import rounded, show_error, tf

img = tf.reshape(tf.range(24.0), [2, 4, 3])
batch = tf.stack([img, img + 100])
print(tf.image.flip_left_right(img), tf.image.flip_up_down(batch)[1])
print(tf.image.rot90(img), tf.image.rot90(batch, k=3).shape, tf.image.rot90(img, 2)[0], tf.image.transpose(image=img).shape)
print(tf.image.central_crop(batch, central_fraction=0.5), tf.image.central_crop(img, 1.0).shape)
print(tf.image.crop_to_bounding_box(img, 1, 1, 1, 2), tf.image.pad_to_bounding_box(img, offset_height=1, offset_width=0,
                                                                                   target_height=3, target_width=5)[:, :, 0])
print(tf.image.resize_with_crop_or_pad(batch, 3, 6)[0, :, :, 0], tf.image.resize_with_crop_or_pad(img, target_height=5, target_width=1)[:, :, 2])
show_error("flip rank 2", lambda: tf.image.flip_left_right(tf.ones([2, 3])))
show_error("transpose rank 5", lambda: tf.image.transpose(tf.ones([1, 1, 2, 3, 1])))
show_error("central_crop fraction", lambda: tf.image.central_crop(img, 0.0))
show_error("crop offset", lambda: tf.image.crop_to_bounding_box(img, -1, 0, 1, 1))
show_error("crop too big", lambda: tf.image.crop_to_bounding_box(img, 1, 0, 2, 4))
show_error("pad too small", lambda: tf.image.pad_to_bounding_box(img, 0, 0, 1, 5))
show_error("resize target", lambda: tf.image.resize_with_crop_or_pad(img, 0, 3))

pixels = tf.constant([[[0, 64, 128], [200, 255, 17]]], tf.uint8)
print(tf.image.convert_image_dtype(pixels, tf.float32), tf.image.convert_image_dtype(pixels, dtype=tf.int32))
print(tf.image.convert_image_dtype(tf.constant([-0.2, 0.5, 1.0, 1.3]), tf.uint8, saturate=True))
print(tf.image.convert_image_dtype(tf.constant([2**31 - 1, 2**24], tf.int32), tf.uint8), tf.image.convert_image_dtype(pixels, tf.uint8) is not None)
show_error("convert bool", lambda: tf.image.convert_image_dtype(tf.constant([True]), tf.float32))

colours = tf.constant([[[0.9, 0.2, 0.1], [0.1, 0.8, 0.3], [0.3, 0.2, 0.7], [0.4, 0.4, 0.4]]])
print(rounded(tf.image.rgb_to_hsv(colours)), rounded(tf.image.hsv_to_rgb(tf.image.rgb_to_hsv(colours))))
print(rounded(tf.image.rgb_to_grayscale(colours)), tf.image.rgb_to_grayscale(pixels), tf.image.grayscale_to_rgb(tf.ones([1, 2, 1])))
print(rounded(tf.image.rgb_to_yiq(colours)), rounded(tf.image.yiq_to_rgb(tf.image.rgb_to_yiq(colours))))
print(rounded(tf.image.rgb_to_yuv(colours)), rounded(tf.image.yuv_to_rgb(tf.image.rgb_to_yuv(colours))))
print(rounded(tf.image.adjust_brightness(colours, delta=0.2)), tf.image.adjust_brightness(pixels, 0.1))
print(rounded(tf.image.adjust_gamma(colours, gamma=2.0, gain=0.5)), tf.image.adjust_gamma(pixels, 0.5))
print(rounded(tf.image.adjust_saturation(colours, 0.5)), tf.image.adjust_saturation(pixels, saturation_factor=2.0))
print(rounded(tf.image.adjust_hue(colours, delta=0.25)), tf.image.adjust_hue(pixels, -0.5))
print(rounded(tf.image.per_image_standardization(colours)), rounded(tf.image.per_image_standardization(pixels)))
show_error("hue delta", lambda: tf.image.adjust_hue(colours, 1.5))
show_error("gamma negative", lambda: tf.image.adjust_gamma(colours, -1.0))
show_error("grayscale channels", lambda: tf.image.grayscale_to_rgb(tf.ones([2, 2, 2])))
show_error("saturation channels", lambda: tf.image.adjust_saturation(tf.ones([2, 2, 4]), 0.5))

small = tf.reshape(tf.range(12.0) / 12, [1, 3, 4, 1])
for method in [tf.image.ResizeMethod.BILINEAR, "nearest", tf.image.ResizeMethod.BICUBIC, "area", "lanczos3", "gaussian"]:
    print(method, rounded(tf.image.resize(small, [5, 3], method=method)))
print(rounded(tf.image.resize(small, (2, 2), antialias=True)), tf.image.resize(small[0], [6, 6], preserve_aspect_ratio=True).shape)
print(tf.image.resize(tf.cast(small * 255, tf.uint8), [2, 7], method="nearest"), tf.image.resize(pixels, [3, 3]).dtype)
print(rounded(tf.image.resize_with_pad(small, 4, 8)[0, :, :, 0]), tf.image.ResizeMethod.MITCHELLCUBIC)
show_error("resize method", lambda: tf.image.resize(small, [2, 2], method="cubic"))
show_error("resize size", lambda: tf.image.resize(small, [2, 2, 2]))
show_error("resize zero", lambda: tf.image.resize(small, [0, 2]))

pair = tf.reshape(tf.range(2 * 12 * 12 * 3, dtype=tf.float32) % 17 / 17, [2, 12, 12, 3])
other = tf.reverse(pair, [2])
# 3 decimals: the float32 sums of total_variation round in another order.
print(rounded(tf.image.total_variation(pair), 3), rounded(tf.image.total_variation(pair[0]), 3), rounded(tf.image.psnr(pair, other, max_val=1.0), 4))
print(rounded(tf.image.ssim(pair, other, 1.0), 4), rounded(tf.image.ssim(pair, other, max_val=2.0, filter_size=5, filter_sigma=1.0), 4))
dy, dx = tf.image.image_gradients(small)
print(dy[0, :, :, 0], dx[0, :, :, 0], rounded(tf.image.sobel_edges(small)[0, :, :, 0, 1]))
show_error("total_variation rank", lambda: tf.image.total_variation(tf.ones([2, 3])))
show_error("image_gradients rank", lambda: tf.image.image_gradients(tf.ones([2, 3, 1])))
show_error("psnr shapes", lambda: tf.image.psnr(tf.ones([2, 3, 1]), tf.ones([2, 4, 1]), 1.0))
show_error("psnr broadcast shapes", lambda: tf.image.psnr(tf.ones([2, 1, 1]), tf.ones([2, 4, 1]), 1.0))

print(tf.image.stateless_random_flip_left_right(pixels, seed=(1, 2)), tf.image.stateless_random_flip_up_down(batch, (3, 4))[:, :, 0, 0])
print(rounded(tf.image.stateless_random_brightness(colours, 0.3, seed=[5, 6])), tf.image.stateless_random_brightness(pixels, 0.3, (7, 8)))
print(rounded(tf.image.stateless_random_contrast(colours, 0.2, 1.8, (1, 2)), 4), rounded(tf.image.stateless_random_saturation(colours, lower=0.2, upper=1.8, seed=(1, 2))))
print(rounded(tf.image.stateless_random_hue(colours, max_delta=0.4, seed=(9, 9))), tf.image.stateless_random_crop(batch, [1, 2, 2, 3], seed=(1, 2))[..., 0])
tf.random.set_seed(4)
print(tf.image.random_flip_left_right(batch, seed=3)[:, 0, :, 0], rounded(tf.image.random_brightness(colours, 0.2, seed=7)))
print(tf.image.random_crop(img, [2, 2, 3], seed=1)[..., 0], rounded(tf.image.random_hue(colours, 0.2, seed=2)))
show_error("random_hue delta", lambda: tf.image.random_hue(colours, 0.6))
show_error("random_contrast range", lambda: tf.image.stateless_random_contrast(colours, 0.5, 0.5, (1, 2)))

boxes = tf.constant([[0, 0, 1, 1], [0, 0.1, 1, 1.1], [0, -0.1, 1, 0.9], [0, 10, 1, 11], [0, 10.1, 1, 11.1], [0, 100, 1, 101.0]])
box_scores = tf.constant([0.9, 0.75, 0.6, 0.95, 0.5, 0.3])
print(tf.image.non_max_suppression(boxes, box_scores, 3), tf.image.non_max_suppression(boxes, box_scores, max_output_size=6, iou_threshold=0.9))
print(tf.image.non_max_suppression(boxes, box_scores, 6, score_threshold=0.55))
print([rounded(t) for t in tf.image.non_max_suppression_with_scores(boxes, box_scores, 6, iou_threshold=1.0, soft_nms_sigma=0.5)])
show_error("nms iou", lambda: tf.image.non_max_suppression(boxes, box_scores, 3, iou_threshold=2.0))

print(tf.image.extract_patches(small, sizes=[1, 2, 2, 1], strides=[1, 1, 2, 1], rates=[1, 1, 1, 1], padding="SAME")[0, :, :, 0])
print(tf.image.extract_patches(batch, [1, 2, 3, 1], [1, 2, 1, 1], [1, 1, 1, 1], "VALID").shape)
crop_boxes = tf.constant([[0, 0, 1, 1], [0.5, 0.25, 1.0, 0.75], [1, 1, 0, 0], [-0.5, 0, 0.5, 1]])
print(tf.image.crop_and_resize(batch, crop_boxes, [0, 1, 1, 0], [2, 3])[..., 0], tf.image.crop_and_resize(batch, crop_boxes, tf.constant([1, 0, 0, 1]), crop_size=(3, 2), method="nearest", extrapolation_value=-1.0)[..., 1])

with tf.GradientTape(persistent=True) as tape:
    tape.watch([img, colours, small, pair, crop_boxes])
    g = tf.reduce_sum(tf.image.crop_and_resize(batch, crop_boxes, [0, 1, 1, 0], [3, 3]) * tf.range(3.0))
    e = tf.reduce_sum(tf.image.ssim(pair, other, 1.0)) + tf.reduce_sum(tf.image.total_variation(pair)) + tf.reduce_sum(tf.image.sobel_edges(pair))
    a = tf.reduce_sum(tf.image.rot90(tf.image.central_crop(img, 0.5)) * tf.range(3.0))
    b = tf.reduce_sum(tf.image.rgb_to_hsv(colours) * tf.constant([1.0, 2.0, 3.0]))
    c = tf.reduce_sum(tf.image.per_image_standardization(colours) ** 2 * colours)
    f = tf.reduce_sum(tf.image.extract_patches(small, [1, 3, 2, 1], [1, 1, 1, 1], [1, 1, 2, 1], "SAME") ** 2)
    d = [tf.reduce_sum(tf.image.resize(small, [5, 7], method=m) * tf.reshape(tf.range(35.0), [1, 5, 7, 1]) / 35) for m in ["bilinear", "bicubic", "nearest", "lanczos3"]]
print(tape.gradient(a, img)[:, :, 1], rounded(tape.gradient(b, colours)), rounded(tape.gradient(c, colours), 4))
print(rounded(tape.gradient(g, crop_boxes)), rounded(tape.gradient(f, small)[0, :, :, 0]), [rounded(tape.gradient(v, small)[0, :, :, 0], 4) for v in d], rounded(tape.gradient(e, pair)[0, :3, :3, 0], 3))


# rot90 is left out: TensorFlow traces it through a case on k and forgets height and width.
@tf.function
def traced(x):
    outputs = (tf.image.flip_left_right(x), tf.image.transpose(x), tf.image.crop_to_bounding_box(x, 0, 1, 2, 2),
               tf.image.rgb_to_hsv(x), tf.image.adjust_hue(x, 0.1), tf.image.rgb_to_grayscale(x))
    print("traced shapes", [tuple(o.shape) for o in outputs])
    return outputs


traced.get_concrete_function(tf.TensorSpec([None, 4, 3, 3]))
print([rounded(o) for o in traced(tf.reshape(tf.range(72.0) / 72, [2, 4, 3, 3]))][1:4])
