"""keras.ops.image over tfpp.image: resize (with crop / pad to the aspect ratio), color conversions,
pad_images / crop_images and extract_patches, channels_last or channels_first, one image or a batch."""

import tfpp as tf

from . import _ops_dtypes as _dtypes
from ._ops_convert import convert_to_tensor, dtype_name as _name
from ._ops_nn_conv import _data_format

_INTERPOLATIONS = ("bilinear", "nearest", "lanczos3", "lanczos5", "bicubic", "area")


def _check_rank(images):
    if len(images.shape) not in (3, 4):
        raise ValueError("Invalid images rank: expected rank 3 (single image) or rank 4 (batch of images). Received "
                         "input with shape: images.shape=%s" % (tuple(images.shape),))


def _channels_last(images, data_format):
    if data_format == "channels_first":
        return tf.transpose(images, (0, 2, 3, 1) if len(images.shape) == 4 else (1, 2, 0))
    return images


def _restore(images, data_format):
    if data_format == "channels_first":
        return tf.transpose(images, (0, 3, 1, 2) if len(images.shape) == 4 else (2, 0, 1))
    return images


def _fit_aspect(images, size, crop, fill_value):
    """Crops (or pads with fill_value) a channels_last image centrally to size's aspect ratio."""
    height, width = images.shape[-3], images.shape[-2]
    target_height, target_width = size
    wanted_height = int(float(width * target_height) / target_width)
    wanted_width = int(float(height * target_width) / target_height)
    if crop:
        new_height, new_width = max(min(height, wanted_height), 1), max(min(width, wanted_width), 1)
        top, left = int((height - new_height) / 2), int((width - new_width) / 2)
        return images[..., top:top + new_height, left:left + new_width, :]
    new_height, new_width = max(height, wanted_height), max(width, wanted_width)
    top, left = int((new_height - height) / 2), int((new_width - width) / 2)
    pads = [[top, top], [left, left], [0, 0]]
    if len(images.shape) == 4:
        pads = [[0, 0]] + pads
    return tf.pad(images, pads, constant_values=fill_value)


def resize(images, size, interpolation="bilinear", antialias=False, crop_to_aspect_ratio=False,
           pad_to_aspect_ratio=False, fill_mode="constant", fill_value=0.0, data_format=None):
    """keras.ops.image.resize: to size (height, width), float32 results as tf.image.resize gives."""
    data_format = _data_format(data_format)
    if interpolation not in _INTERPOLATIONS:
        raise ValueError("Invalid value for argument `interpolation`. Expected of one %s. Received: interpolation=%s"
                         % (_INTERPOLATIONS, interpolation))
    if fill_mode != "constant":
        raise ValueError("Invalid value for argument `fill_mode`. Only `'constant'` is supported. Received: "
                         "fill_mode=%s" % fill_mode)
    if pad_to_aspect_ratio and crop_to_aspect_ratio:
        raise ValueError("Only one of `pad_to_aspect_ratio` & `crop_to_aspect_ratio` can be `True`.")
    if len(size) != 2:
        raise ValueError("Argument `size` must be a tuple of two elements (height, width). Received: size=%s"
                         % (size,))
    images = convert_to_tensor(images)
    _check_rank(images)
    images = _channels_last(images, data_format)
    if crop_to_aspect_ratio or pad_to_aspect_ratio:
        images = _fit_aspect(images, size, crop_to_aspect_ratio, fill_value)
    resized = tf.image.resize(images, list(size), method=interpolation, antialias=antialias)
    if _dtypes.is_int(_name(images)):  # Keras gives integer images back in their dtype, rounded
        from ._ops_core import saturate_cast

        resized = saturate_cast(tf.math.round(resized), _name(images))
    return _restore(resized, data_format)


def rgb_to_grayscale(images, data_format=None):
    """keras.ops.image.rgb_to_grayscale: ITU-R 601 weights, keeping the channel axis and dtype."""
    data_format = _data_format(data_format)
    images = convert_to_tensor(images)
    _check_rank(images)
    channels_axis = -1 if data_format == "channels_last" else -3
    if images.shape[channels_axis] not in (1, 3):
        raise ValueError("Invalid channel size: expected 3 (RGB) or 1 (Grayscale). Received input with shape: "
                         "images.shape=%s" % (tuple(images.shape),))
    if images.shape[channels_axis] == 1:
        return tf.identity(images)
    original = _name(images)
    images = tf.cast(images, _dtypes.result_type(original, float))
    weights = tf.constant([0.2989, 0.5870, 0.1140], images.dtype)
    moved = images if channels_axis == -1 else tf.transpose(images, _to_last(len(images.shape)))
    gray = tf.expand_dims(tf.math.reduce_sum(moved * weights, axis=-1), channels_axis)
    return tf.cast(gray, original)


def _to_last(rank):
    return [a for a in range(rank) if a != rank - 3] + [rank - 3]


def _color(tf_fn, doc):
    def fn(images, data_format=None):
        data_format = _data_format(data_format)
        images = convert_to_tensor(images)
        _check_rank(images)
        if not _dtypes.is_float(_name(images)):
            raise ValueError("Invalid images dtype: expected float dtype. Received: images.dtype=%s" % _name(images))
        return _restore(tf_fn(_channels_last(images, data_format)), data_format)

    fn.__doc__ = doc
    return fn


rgb_to_hsv = _color(tf.image.rgb_to_hsv, "keras.ops.image.rgb_to_hsv: float images.")
hsv_to_rgb = _color(tf.image.hsv_to_rgb, "keras.ops.image.hsv_to_rgb: float images.")


def _box(images, data_format, first, second, size_first, size_second, name):
    """The two (before, after) amounts of pad_images / crop_images from the given sides or sizes."""
    shape = images.shape
    height, width = (shape[-3], shape[-2]) if data_format == "channels_last" else (shape[-2], shape[-1])
    top, bottom = first
    left, right = second
    if top is None:
        top = size_first - bottom - height if name == "pad" else height - bottom - size_first
    if bottom is None:
        bottom = size_first - top - height if name == "pad" else height - top - size_first
    if left is None:
        left = size_second - right - width if name == "pad" else width - right - size_second
    if right is None:
        right = size_second - left - width if name == "pad" else width - left - size_second
    for label, value in (("top", top), ("left", left), ("right", right), ("bottom", bottom)):
        if value < 0:
            word = "padding" if name == "pad" else "cropping"
            raise ValueError("%s_%s must be >= 0. Received: %s_%s=%s" % (label, word, label, word, value))
    return (top, bottom), (left, right)


def _check_sides(first, second, size_first, size_second, word):
    for (a, b), size, what in ((first, size_first, "height"), (second, size_second, "width")):
        given = [v is not None for v in (a, b, size)]
        if sum(given) != 2:
            raise ValueError("Must specify exactly two of %s. Received: %s"
                             % (("top_%s, bottom_%s, target_height" if what == "height" else
                                 "left_%s, right_%s, target_width") % (word, word), (a, b, size)))


def pad_images(images, top_padding=None, left_padding=None, bottom_padding=None, right_padding=None,
               target_height=None, target_width=None, data_format=None):
    """keras.ops.image.pad_images: zero padding given by two of (top, bottom, target_height) and of
    (left, right, target_width)."""
    data_format = _data_format(data_format)
    images = convert_to_tensor(images)
    _check_rank(images)
    _check_sides((top_padding, bottom_padding), (left_padding, right_padding), target_height, target_width, "padding")
    rows, cols = _box(images, data_format, (top_padding, bottom_padding), (left_padding, right_padding),
                      target_height, target_width, "pad")
    pads = [list(rows), list(cols)]
    pads = pads + [[0, 0]] if data_format == "channels_last" else [[0, 0]] + pads
    if len(images.shape) == 4:
        pads = [[0, 0]] + pads
    return tf.pad(images, pads)


def crop_images(images, top_cropping=None, left_cropping=None, bottom_cropping=None, right_cropping=None,
                target_height=None, target_width=None, data_format=None):
    """keras.ops.image.crop_images: cropping given by two of (top, bottom, target_height) and of
    (left, right, target_width)."""
    data_format = _data_format(data_format)
    images = convert_to_tensor(images)
    _check_rank(images)
    _check_sides((top_cropping, bottom_cropping), (left_cropping, right_cropping), target_height, target_width,
                 "cropping")
    (top, bottom), (left, right) = _box(images, data_format, (top_cropping, bottom_cropping),
                                        (left_cropping, right_cropping), target_height, target_width, "crop")
    rank = len(images.shape)
    height_axis = rank - 3 if data_format == "channels_last" else rank - 2
    begin, size = [0] * rank, list(images.shape)
    begin[height_axis], begin[height_axis + 1] = top, left
    size[height_axis] -= top + bottom
    size[height_axis + 1] -= left + right
    return tf.slice(images, begin, size)


def extract_patches(images, size, strides=None, dilation_rate=1, padding="valid", data_format=None):
    """keras.ops.image.extract_patches: size x size patches flattened into the channel axis."""
    data_format = _data_format(data_format)
    images = convert_to_tensor(images)
    size = (size, size) if isinstance(size, int) else tuple(size)
    strides = size if strides is None else ((strides, strides) if isinstance(strides, int) else tuple(strides))
    single = len(images.shape) == 3
    if single:
        images = tf.expand_dims(images, 0)
    images = _channels_last(images, data_format)
    patches = tf.image.extract_patches(images, sizes=[1, *size, 1], strides=[1, *strides, 1],
                                       rates=[1, dilation_rate, dilation_rate, 1], padding=padding.upper())
    patches = _restore(patches, data_format)
    return patches[0] if single else patches
