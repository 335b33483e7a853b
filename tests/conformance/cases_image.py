"""tf.image's geometric and colour functions: flips, rot90 (all k), transpose, central_crop,
crop / pad to a bounding box and resize_with_crop_or_pad on 3-D images and 4-D batches, with
TensorFlow's argument errors; convert_image_dtype between uint8, int32, int64, float32 and
float64 (with and without saturate), grayscale, HSV (RGBToHSV with its gradient, HSVToRGB),
YIQ and YUV conversions, adjust_brightness / gamma / saturation / hue on float and uint8 images,
and per_image_standardization; tf.image.resize with every method (antialias, preserve_aspect_ratio,
uint8 and float64 images, gradients) and resize_with_pad; PNG files byte-identical at each
compression level and JPEG files byte-identical with TensorFlow's encoder settings; total_variation, image_gradients,
sobel_edges, psnr and ssim (with gradients).

Tolerance: 4 ulps at the scale of the inputs (SCALED); the linear colour conversions and
grayscale are a 3-term dot product (TensorFlow's goes through oneDNN's matmul, which may sum in
another order), and per_image_standardization's mean and standard deviation are reductions.
Gradients 16 ulps."""

import os
import sys

import numpy as np

from case import DT, Case, T, ramp

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))
from image_files import bmp, gif  # noqa: E402  (GIF and BMP files written byte by byte)

ULPS = 4
GRAD_ULPS = 16
SCALED = True
# SSIM's covariances are differences of Gaussian-weighted sums (oneDNN depthwise convolutions on
# both sides, summed in different orders): E[xy] - E[x]E[y] cancels most of their digits.
SSIM_ULPS = 64
# float64 images that TensorFlow converts to float32 first: a few float32 ulps, in float64 units.
FLOAT32_IN_FLOAT64 = 4 * 2**29


def rgb(shape, dtype="float32", offset=0):
    """Colours in [0, 1] whose channels rarely tie: ((k * 37 + offset) mod 101) / 100."""
    n = int(np.prod(shape))
    return T(((np.arange(n) * 37 + offset) % 101) / 100.0, dtype, shape)


def pixels(shape):
    n = int(np.prod(shape))
    return T((np.arange(n) * 23 + 5) % 256, "uint8", shape)


def geometry():
    out = []
    img, batch = ramp((3, 4, 2)), ramp((2, 3, 5, 1), "float64")
    for x in [img, batch, pixels((2, 3, 3))]:
        for fn in ["flip_left_right", "flip_up_down", "transpose"]:
            out.append(Case(f"tf.image.{fn}", [x], grad=x.dtype.kind == "f"))
        for k in [0, 1, 2, 3, -1, 5]:
            out.append(Case("tf.image.rot90", [x], {"k": k}, grad=x.dtype.kind == "f"))
    for fn in ["flip_left_right", "flip_up_down", "transpose", "rot90"]:
        out += [Case(f"tf.image.{fn}", [ramp((2, 3))], note="rank 2"),
                Case(f"tf.image.{fn}", [ramp((1, 1, 2, 3, 1))], note="rank 5"),
                Case(f"tf.image.{fn}", [ramp((0, 2, 3))], note="empty height")]
    big = ramp((5, 7, 2))
    for fraction in [1.0, 0.5, 0.3, 0.75, 0.01]:
        out.append(Case("tf.image.central_crop", [big], {"central_fraction": fraction}, grad=True))
        out.append(Case("tf.image.central_crop", [ramp((2, 6, 5, 1))], {"central_fraction": fraction}))
    out += [Case("tf.image.central_crop", [big], {"central_fraction": 0.0}, note="fraction 0"),
            Case("tf.image.central_crop", [big], {"central_fraction": 1.5}, note="fraction > 1"),
            Case("tf.image.central_crop", [ramp((1, 1, 2, 3, 1))], {"central_fraction": 0.5}, note="rank 5")]
    box = lambda oh, ow, th, tw: {"offset_height": oh, "offset_width": ow, "target_height": th, "target_width": tw}
    for attrs in [box(0, 0, 5, 7), box(1, 2, 3, 4), box(4, 6, 1, 1)]:
        out.append(Case("tf.image.crop_to_bounding_box", [big], attrs, grad=True))
        out.append(Case("tf.image.crop_to_bounding_box", [pixels((2, 5, 7, 3))], attrs))
    for attrs, note in [(box(-1, 0, 1, 1), "negative offset"), (box(0, -1, 1, 1), "negative offset"),
                        (box(0, 0, 0, 1), "empty target"), (box(3, 0, 3, 1), "past the bottom"),
                        (box(0, 5, 1, 3), "past the right")]:
        out.append(Case("tf.image.crop_to_bounding_box", [big], attrs, note=note))
    out.append(Case("tf.image.crop_to_bounding_box", [ramp((2, 3))], box(0, 0, 1, 1), note="rank 2"))
    out.append(Case("tf.image.crop_to_bounding_box", [ramp((0, 4, 1))], box(0, 0, 1, 1), note="empty height"))
    for attrs in [box(0, 0, 5, 7), box(1, 2, 8, 10), box(0, 3, 5, 10)]:
        out.append(Case("tf.image.pad_to_bounding_box", [big], attrs, grad=True))
        out.append(Case("tf.image.pad_to_bounding_box", [pixels((2, 5, 7, 3))], attrs))
    for attrs, note in [(box(-1, 0, 6, 8), "negative offset"), (box(0, 0, 4, 8), "target too small"),
                        (box(0, 2, 5, 8), "target too small")]:
        out.append(Case("tf.image.pad_to_bounding_box", [big], attrs, note=note))
    for th, tw in [(5, 7), (3, 3), (8, 10), (2, 12), (9, 4), (6, 6)]:
        out.append(Case("tf.image.resize_with_crop_or_pad", [big], {"target_height": th, "target_width": tw}, grad=True))
        out.append(Case("tf.image.resize_with_crop_or_pad", [pixels((2, 5, 7, 1))], {"target_height": th, "target_width": tw}))
    out += [Case("tf.image.resize_with_crop_or_pad", [big], {"target_height": 0, "target_width": 3}, note="empty target"),
            Case("tf.image.resize_with_crop_or_pad", [ramp((2, 3))], {"target_height": 3, "target_width": 3}, note="rank 2")]
    return out


def conversions():
    out = []
    ints = {"uint8": pixels((2, 2, 3)),
            "int32": T([0, 1, 2**23, 2**30, 2**31 - 1, 12345678], "int32", (1, 2, 3)),
            "int64": T([0, 5, 2**40, 2**62, 2**63 - 1, 77], "int64", (1, 2, 3))}
    floats = {"float32": T([0.0, 0.2, 0.5, 0.999, 1.0, 0.0039], "float32", (1, 2, 3)),
              "float64": T([0.0, 0.25, 0.5, 0.9999, 1.0, 0.1], "float64", (1, 2, 3))}
    for src in list(ints.values()) + list(floats.values()):
        for dtype in ["uint8", "int32", "int64", "float32", "float64"]:
            for saturate in [False, True]:
                if src.dtype.kind == "f" and dtype == "int64":
                    continue  # float -> int64 overflows at 1.0 (TensorFlow's cast is then platform-defined)
                out.append(Case("tf.image.convert_image_dtype", [src], {"dtype": DT(dtype), "saturate": saturate}))
    out_of_range = T([-0.5, -0.001, 0.3, 1.0, 1.2, 7.0], "float32", (1, 2, 3))
    for dtype in ["uint8", "int32"]:
        out.append(Case("tf.image.convert_image_dtype", [out_of_range], {"dtype": DT(dtype), "saturate": True}))
    out.append(Case("tf.image.convert_image_dtype", [T([-7, -1, 0, 300], "int32", (4,))], {"dtype": DT("uint8"), "saturate": True}))
    out.append(Case("tf.image.convert_image_dtype", [T([-2**63, -5, 2**40, 2**63 - 1], "int64", (4,))], {"dtype": DT("int32")}))

    img, batch = rgb((3, 4, 3)), rgb((2, 2, 3, 3), "float64", 11)
    for x in [img, batch, rgb((3,)), rgb((0, 2, 3))]:
        out.append(Case("tf.image.rgb_to_hsv", [x], grad=x.size > 0))
        out.append(Case("tf.image.hsv_to_rgb", [x], grad=x.size > 0))
        for fn in ["rgb_to_yiq", "yiq_to_rgb", "rgb_to_yuv", "yuv_to_rgb"]:
            out.append(Case(f"tf.image.{fn}", [x], grad=x.size > 0))
    # Ties between channels and greys take each branch of RGBToHSV (and of its gradient's masks).
    ties = T([[0.5, 0.5, 0.2], [0.2, 0.5, 0.5], [0.5, 0.2, 0.5], [0.3, 0.3, 0.3], [0, 0, 0], [1, 0, 0],
              [0.1, 0.9, 0.4], [0.4, 0.1, 0.9], [0.9, 0.4, 0.1]], "float32", (3, 3, 3))
    out += [Case("tf.image.rgb_to_hsv", [ties], grad=True), Case("tf.image.hsv_to_rgb", [ties]),
            Case("tf.image.hsv_to_rgb", [T([1.2, 0.5, 0.5, -0.3, 0.5, 0.5], "float32", (2, 3))], note="hue out of [0, 1]"),
            Case("tf.image.rgb_to_hsv", [rgb((2, 2, 4))], note="4 channels"),
            Case("tf.image.rgb_to_hsv", [T([1, 2, 3], "int32", (1, 3))], note="int32"),
            Case("tf.image.rgb_to_yiq", [rgb((2, 2, 4))], note="4 channels")]
    for x in [img, batch, pixels((2, 3, 3)), rgb((2, 3, 3), "float64")]:
        out.append(Case("tf.image.rgb_to_grayscale", [x], grad=x.dtype == np.float32,
                        ulps=FLOAT32_IN_FLOAT64 if x.dtype == np.float64 else None))
    out += [Case("tf.image.grayscale_to_rgb", [rgb((3, 4, 1))], grad=True),
            Case("tf.image.grayscale_to_rgb", [pixels((2, 2, 2, 1))]),
            Case("tf.image.grayscale_to_rgb", [rgb((2, 1))]),
            Case("tf.image.grayscale_to_rgb", [rgb((2, 2, 2))], note="2 channels"),
            Case("tf.image.grayscale_to_rgb", [rgb((3,))], note="rank 1")]
    return out


def adjustments():
    out = []
    img, batch, u8 = rgb((3, 4, 3)), rgb((2, 2, 3, 3), "float64", 5), pixels((2, 3, 3))
    for x in [img, batch, u8]:
        for delta in [0.0, 0.1, -0.35, 0.9]:
            out.append(Case("tf.image.adjust_brightness", [x], {"delta": delta}, grad=x.dtype == np.float32))
        for gamma, gain in [(1.0, 1.0), (2.2, 1.0), (0.45, 0.8), (0.0, 1.0)]:
            out.append(Case("tf.image.adjust_gamma", [x], {"gamma": gamma, "gain": gain}, grad=x.dtype == np.float32 and gamma >= 1,
                            ulps=FLOAT32_IN_FLOAT64 if x.dtype == np.float64 else None))
        for factor in [0.0, 0.5, 1.0, 1.7, 4.0]:
            out.append(Case("tf.image.adjust_saturation", [x], {"saturation_factor": factor}))
        for delta in [0.0, 0.2, -0.2, 0.5, 1.0, -1.0, 0.73]:
            out.append(Case("tf.image.adjust_hue", [x], {"delta": delta}))
        out.append(Case("tf.image.per_image_standardization", [x], grad=x.dtype == np.float32))
    ties = T([[0.5, 0.5, 0.2], [0.2, 0.5, 0.5], [0.5, 0.2, 0.5], [0.3, 0.3, 0.3], [0, 0, 0], [1, 0, 0]], "float32", (2, 3, 3))
    out += [Case("tf.image.adjust_saturation", [ties], {"saturation_factor": 0.3}),
            Case("tf.image.adjust_hue", [ties], {"delta": 0.4}),
            Case("tf.image.adjust_hue", [img], {"delta": 1.5}, note="delta out of range"),
            Case("tf.image.adjust_hue", [rgb((2, 2, 4))], {"delta": 0.1}, note="4 channels"),
            Case("tf.image.adjust_saturation", [rgb((2, 2, 4))], {"saturation_factor": 0.1}, note="4 channels"),
            Case("tf.image.adjust_gamma", [img], {"gamma": -1.0}, note="negative gamma"),
            Case("tf.image.adjust_gamma", [T([1, 2, 3], "int32", (1, 1, 3))], {"gamma": 2.0}),
            Case("tf.image.per_image_standardization", [T(np.full((2, 2, 3), 0.5), "float32")], note="uniform image"),
            Case("tf.image.per_image_standardization", [ramp((1, 2, 3, 2, 2))], note="rank 5"),
            Case("tf.image.per_image_standardization", [ramp((2, 3))], note="rank 2")]
    return out


METHODS = ["bilinear", "nearest", "bicubic", "area", "lanczos3", "lanczos5", "gaussian", "mitchellcubic"]
# ResizeArea has no gradient in TensorFlow; ScaleAndTranslateGrad has a float32 kernel only.
DIFFERENTIABLE = {"bilinear", "nearest", "bicubic", "lanczos3", "lanczos5", "gaussian", "mitchellcubic"}


def resizing():
    out = []
    img = rgb((5, 7, 3))
    batch = rgb((2, 4, 6, 1), offset=3)
    for method in METHODS:
        for size in [[10, 14], [3, 4], [5, 7], [8, 3], [1, 1]]:
            out.append(Case("tf.image.resize", [img], {"size": size, "method": method}, grad=method in DIFFERENTIABLE))
        out.append(Case("tf.image.resize", [batch], {"size": [3, 9], "method": method}, grad=method in DIFFERENTIABLE))
        out.append(Case("tf.image.resize", [img], {"size": [3, 4], "method": method, "antialias": True},
                        grad=method in DIFFERENTIABLE))
        out.append(Case("tf.image.resize", [img], {"size": [4, 4], "method": method, "preserve_aspect_ratio": True}))
        out.append(Case("tf.image.resize", [pixels((2, 5, 7, 2))], {"size": [4, 9], "method": method}))
        out.append(Case("tf.image.resize", [rgb((2, 3, 4, 3), "float64")], {"size": [5, 2], "method": method},
                        grad=method in {"bilinear", "nearest", "bicubic"}))
    out += [Case("tf.image.resize", [img], {"size": [3, 4], "method": "cubic"}, note="unknown method"),
            Case("tf.image.resize", [img], {"size": [3, 4, 5]}, note="three sizes"),
            Case("tf.image.resize", [img], {"size": [0, 4]}, note="zero size"),
            Case("tf.image.resize", [rgb((3, 4))], {"size": [3, 4]}, note="rank 2"),
            Case("tf.image.resize", [rgb((1, 2, 3, 4, 3))], {"size": [3, 4]}, note="rank 5")]
    for method in ["bilinear", "nearest", "area", "lanczos3"]:
        for th, tw in [(8, 8), (4, 10), (10, 4), (5, 7)]:
            out.append(Case("tf.image.resize_with_pad", [img], {"target_height": th, "target_width": tw, "method": method},
                            grad=method != "area"))
    out += [Case("tf.image.resize_with_pad", [batch], {"target_height": 6, "target_width": 6, "antialias": True}),
            Case("tf.image.resize_with_pad", [img], {"target_height": 0, "target_width": 6}, note="empty target")]
    return out


def codecs():
    out = []
    for shape in [(7, 9, 1), (7, 9, 2), (7, 9, 3), (7, 9, 4), (1, 1, 3), (33, 17, 3)]:
        for compression in [-1, 0, 1, 6, 9]:
            out.append(Case("tf.io.encode_png", [pixels(shape)], {"compression": compression}))
    for shape in [(7, 9, 1), (16, 24, 3), (1, 1, 3), (33, 17, 3)]:
        for attrs in [{}, {"quality": 10}, {"quality": 100}, {"progressive": True}, {"optimize_size": True},
                      {"chroma_downsampling": False}]:
            out.append(Case("tf.io.encode_jpeg", [pixels(shape)], attrs))
    out += [Case("tf.io.encode_png", [pixels((2, 3))], note="rank 2"),
            Case("tf.io.encode_png", [pixels((2, 3, 5))], note="5 channels"),
            Case("tf.io.encode_png", [ramp((2, 3, 3))], note="float32"),
            Case("tf.io.encode_jpeg", [pixels((2, 3, 2))], note="2 channels"),
            Case("tf.io.encode_jpeg", [pixels((2, 3, 3))], {"quality": 101}, note="quality"),
            Case("tf.io.encode_jpeg", [pixels((2, 3, 3))], {"format": "grayscale"}, note="format")]
    return out + gif_bmp()


def gif_bmp():
    """GIF and BMP files through decode_gif, decode_bmp and decode_image."""
    colors = [(i * 9 % 256, 255 - i, i // 2) for i in range(256)]
    rows = [[(x * 5 + y * 3) % 256 for x in range(11)] for y in range(9)]
    animated = gif(11, 9, [{"pixels": rows}, {"pixels": [[1, 2, 3], [4, 5, 6]], "left": 3, "top": 4, "transparent": 5},
                           {"pixels": rows[:4], "colors": colors[::-1], "interlaced": True}], colors)
    rgba = [[((x * 40) % 256, (y * 70) % 256, (x * y) % 256, 200) for x in range(5)] for y in range(3)]
    files = {"gif": animated, "bmp24": bmp([[px[:3] for px in row] for row in rgba]),
             "bmp32": bmp(rgba, 32, top_down=True), "bmp8": bmp([[px[:1] for px in row] for row in rgba], 8)}
    out = [Case("tf.io.decode_gif", [T(files["gif"], "string")], note="3 frames"),
           Case("tf.io.decode_gif", [T(files["gif"][:-20], "string")], note="truncated")]
    for name in ["bmp24", "bmp32", "bmp8"]:
        for channels in [0, 3, 4]:
            out.append(Case("tf.io.decode_bmp", [T(files[name], "string")], {"channels": channels}, note=name))
    for name, contents in files.items():
        for attrs in [{}, {"expand_animations": False}, {"dtype": DT("float32")}, {"dtype": DT("uint16")}, {"channels": 3}]:
            # TensorFlow crashes converting a top-down BMP (negative height) to another dtype.
            if name != "bmp32" or "dtype" not in attrs:
                out.append(Case("tf.io.decode_image", [T(contents, "string")], attrs, note=name))
    return out


def metrics():
    out = []
    for x in [rgb((5, 6, 3)), rgb((2, 4, 5, 2), "float64"), pixels((3, 4, 1))]:
        out.append(Case("tf.image.total_variation", [x], grad=x.dtype.kind == "f"))
    out.append(Case("tf.image.total_variation", [rgb((2, 3))], note="rank 2"))
    for x in [rgb((2, 4, 5, 3)), rgb((1, 3, 3, 1), "float64")]:
        out += [Case("tf.image.image_gradients", [x], grad=True), Case("tf.image.sobel_edges", [x], grad=True)]
    out.append(Case("tf.image.image_gradients", [rgb((4, 5, 3))], note="rank 3"))
    a, b = rgb((2, 12, 13, 3)), rgb((2, 12, 13, 3), offset=9)
    out += [Case("tf.image.psnr", [a, b], {"max_val": 1.0}, grad=True),
            Case("tf.image.psnr", [pixels((2, 4, 4, 3)), pixels((4, 4, 3)) // 2], {"max_val": 255.0}),
            Case("tf.image.psnr", [a, rgb((2, 12, 12, 3))], {"max_val": 1.0}, note="incompatible shapes"),
            Case("tf.image.ssim", [a, b], {"max_val": 1.0}, grad=True),
            Case("tf.image.ssim", [a, b], {"max_val": 2.0, "filter_size": 5, "filter_sigma": 0.8, "k1": 0.02, "k2": 0.05}, grad=True),
            Case("tf.image.ssim", [a, b], {"max_val": 1.0, "filter_size": 3, "return_index_map": True}),
            Case("tf.image.ssim", [pixels((12, 12, 3)), pixels((12, 12, 3)) // 3], {"max_val": 255.0}),
            Case("tf.image.ssim", [rgb((3, 2, 11, 11, 1)), rgb((3, 2, 11, 11, 1), offset=4)], {"max_val": 1.0})]
    # Five scales: 3-pixel filters need 48 pixels; odd sizes are padded before pooling.
    c, d = rgb((2, 49, 50, 2)), rgb((2, 49, 50, 2)) * 0.7 + 0.1
    out += [Case("tf.image.ssim_multiscale", [c, d], {"max_val": 1.0, "filter_size": 3}, grad=True),
            Case("tf.image.ssim_multiscale", [c, d], {"max_val": 2.0, "filter_size": 3, "filter_sigma": 0.8, "k1": 0.02, "k2": 0.05}),
            Case("tf.image.ssim_multiscale", [pixels((177, 180, 1)), pixels((177, 180, 1)) // 2 + 60], {"max_val": 255.0}),
            Case("tf.image.ssim_multiscale", [c[:, :40], d[:, :40]], {"max_val": 1.0, "filter_size": 3}, note="40 rows: 3 at scale 4"),
            Case("tf.image.ssim_multiscale", [c[:, :32], d[:, :32]], {"max_val": 1.0, "filter_size": 3}, note="too small")]
    for c in out:
        if c.fn in ("tf.image.ssim", "tf.image.ssim_multiscale"):
            c.ulps = SSIM_ULPS
    return out


def drawing():
    images = rgb((2, 6, 7, 3))
    boxes = T([[[0.0, 0.0, 1.0, 1.0], [0.2, 0.3, 0.6, 0.9], [0.5, -0.5, 1.5, 0.5]],
               [[-1.0, -1.0, -0.5, -0.5], [0.25, 0.1, 0.26, 0.99], [-0.2, 0.4, 1.2, 2.0]]], "float32")
    colors = T([[0.1, 0.2, 0.3, 0.4], [0.9, 0.8, 0.7, 0.6]], "float32")
    return [Case("tf.image.draw_bounding_boxes", [images, boxes, colors]),
            Case("tf.image.draw_bounding_boxes", [rgb((2, 6, 7, 1)), boxes, T(np.zeros((0, 1)), "float32")], note="default gray"),
            Case("tf.image.draw_bounding_boxes", [images, boxes, T([[1.0, 0.0]], "float32")], note="narrow colors")]


def suppression():
    rng = np.random.RandomState(3)
    corners = rng.uniform(0, 10, (30, 2)).astype(np.float32)
    sizes = rng.uniform(0.5, 4, (30, 2)).astype(np.float32)
    boxes = np.concatenate([corners, corners + sizes], 1)
    boxes[5] = boxes[5][[2, 3, 0, 1]]  # corners given the other way round
    boxes[7] = boxes[6]                 # a duplicate, with the same score: the lower index wins
    scores = rng.uniform(0, 1, 30).astype(np.float32)
    scores[7] = scores[6]
    out = []
    for attrs in [{"max_output_size": 10}, {"max_output_size": 30, "iou_threshold": 0.2}, {"max_output_size": 5, "iou_threshold": 0.0},
                  {"max_output_size": 30, "iou_threshold": 1.0}, {"max_output_size": 30, "score_threshold": 0.5},
                  {"max_output_size": 0}]:
        out.append(Case("tf.image.non_max_suppression", [boxes, scores], attrs))
        out.append(Case("tf.image.non_max_suppression_with_scores", [boxes, scores], attrs))
    for sigma in [0.5, 1.0]:
        out.append(Case("tf.image.non_max_suppression_with_scores", [boxes, scores],
                        {"max_output_size": 20, "iou_threshold": 1.0, "soft_nms_sigma": sigma, "score_threshold": 0.1}))
    out += [Case("tf.image.non_max_suppression", [boxes[:, :3], scores], {"max_output_size": 3}, note="3 columns"),
            Case("tf.image.non_max_suppression", [boxes, scores[:5]], {"max_output_size": 3}, note="scores shape"),
            Case("tf.image.non_max_suppression", [boxes, scores], {"max_output_size": 3, "iou_threshold": 1.5}, note="iou > 1"),
            Case("tf.image.non_max_suppression_with_scores", [boxes, scores], {"max_output_size": 3, "soft_nms_sigma": -1.0},
                 note="negative sigma"),
            Case("tf.image.non_max_suppression", [boxes[:0], scores[:0]], {"max_output_size": 3}, note="no boxes")]
    return out


def patches():
    out = []
    x = ramp((2, 6, 7, 3))
    for sizes, strides, rates in [([1, 3, 3, 1], [1, 1, 1, 1], [1, 1, 1, 1]), ([1, 2, 3, 1], [1, 2, 3, 1], [1, 1, 1, 1]),
                                  ([1, 2, 2, 1], [1, 1, 2, 1], [1, 2, 2, 1]), ([1, 1, 1, 1], [1, 3, 3, 1], [1, 1, 1, 1])]:
        for padding in ["SAME", "VALID"]:
            out.append(Case("tf.image.extract_patches", [x],
                            {"sizes": sizes, "strides": strides, "rates": rates, "padding": padding}, grad=True))
    attrs = {"sizes": [1, 2, 2, 1], "strides": [1, 1, 1, 1], "rates": [1, 1, 1, 1], "padding": "SAME"}
    out += [Case("tf.image.extract_patches", [pixels((1, 4, 4, 2))], attrs),
            Case("tf.image.extract_patches", [ramp((1, 4, 4, 2), "float64")], attrs, grad=True),
            Case("tf.image.extract_patches", [x], dict(attrs, sizes=[2, 2, 2, 1]), note="batch size"),
            Case("tf.image.extract_patches", [x], dict(attrs, padding="FULL"), note="bad padding"),
            Case("tf.image.extract_patches", [ramp((6, 7, 3))], attrs, note="rank 3")]
    images = rgb((2, 5, 6, 2))
    boxes = T([[0.1, 0.2, 0.8, 0.9], [0.0, 0.0, 1.0, 1.0], [0.9, 0.1, 0.2, 0.7], [-0.2, 0.3, 0.5, 1.3]], "float32")
    indices = T([0, 1, 1, 0], "int32")
    for method in ["bilinear", "nearest"]:
        for size in [[3, 4], [1, 1], [7, 2]]:
            out.append(Case("tf.image.crop_and_resize", [images, boxes, indices],
                            {"crop_size": size, "method": method, "extrapolation_value": 0.5}, grad=True))
    out += [Case("tf.image.crop_and_resize", [rgb((2, 5, 6, 2), "float64"), boxes, indices], {"crop_size": [3, 3]}, grad=True),
            Case("tf.image.crop_and_resize", [pixels((2, 5, 6, 2)), boxes, indices], {"crop_size": [3, 3]}, grad=True),
            Case("tf.image.crop_and_resize", [images, boxes, T([0, 2, 1, 0], "int32")], {"crop_size": [3, 3]}, note="index out of range"),
            Case("tf.image.crop_and_resize", [images, boxes[:, :3], indices], {"crop_size": [3, 3]}, note="3 columns"),
            Case("tf.image.crop_and_resize", [images, boxes, indices], {"crop_size": [0, 3]}, note="empty crop"),
            Case("tf.image.crop_and_resize", [images, boxes, indices], {"crop_size": [3, 3], "method": "cubic"}, note="method")]
    return out


def cases():
    return geometry() + conversions() + adjustments() + resizing() + codecs() + metrics() + drawing() + suppression() + patches()
