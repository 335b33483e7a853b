"""keras.utils' image helpers (also keras.preprocessing.image): load_img, img_to_array,
array_to_img, save_img on PIL images, as Keras 3 has them, and smart_resize on tensors."""

import io as _io_module
import pathlib as _pathlib
import warnings as _warnings

import numpy as _np

try:
    from PIL import Image as _pil_image
except ImportError:  # Keras too takes PIL images only when PIL is there
    _pil_image = None

_DATA_FORMATS = ("channels_first", "channels_last")
_PIL_RESAMPLING = ("nearest", "bilinear", "bicubic", "hamming", "box", "lanczos")


def _data_format(data_format):
    data_format = "channels_last" if data_format is None else str(data_format).lower()
    if data_format not in _DATA_FORMATS:
        raise ValueError("The `data_format` argument must be one of {'channels_first', 'channels_last'}. "
                         "Received: data_format=%s" % (data_format,))
    return data_format


def _require_pil(function):
    if _pil_image is None:
        raise ImportError("Could not import PIL.Image. The use of `%s` requires PIL." % function)


def array_to_img(x, data_format=None, scale=True, dtype=None):
    """A rank-3 array as a PIL image: RGBA, RGB or grayscale ("L", or "I" above 255) by its
    channels; `scale` maps its minimum to 0 and maximum to 255 first."""
    data_format = _data_format(data_format)
    _require_pil("array_to_img")
    pixels = _np.asarray(x, dtype=dtype or "float32")
    if pixels.ndim != 3:
        raise ValueError("Expected image array to have rank 3 (single image). Got array with shape: %s" % (pixels.shape,))
    if data_format == "channels_first":
        pixels = pixels.transpose(1, 2, 0)
    if scale:
        pixels = pixels - _np.min(pixels)
        largest = _np.max(pixels)
        if largest != 0:
            pixels /= largest
        pixels *= 255
    channels = pixels.shape[2]
    if channels in (3, 4):
        return _pil_image.fromarray(pixels.astype("uint8"), "RGBA" if channels == 4 else "RGB")
    if channels == 1:
        if _np.max(pixels) > 255:
            return _pil_image.fromarray(pixels[:, :, 0].astype("int32"), "I")
        return _pil_image.fromarray(pixels[:, :, 0].astype("uint8"), "L")
    raise ValueError("Unsupported channel number: %d" % channels)


def img_to_array(img, data_format=None, dtype=None):
    """A PIL image (or anything NumPy reads as one) as a rank-3 array, channels last or first."""
    data_format = _data_format(data_format)
    pixels = _np.asarray(img, dtype=dtype or "float32")
    if pixels.ndim == 2:
        shape = (1,) + pixels.shape if data_format == "channels_first" else pixels.shape + (1,)
        return pixels.reshape(shape)
    if pixels.ndim != 3:
        raise ValueError("Unsupported image shape: %s" % (pixels.shape,))
    return pixels.transpose(2, 0, 1) if data_format == "channels_first" else pixels


def save_img(path, x, data_format=None, file_format=None, scale=True, **kwargs):
    """Writes an image array to `path` through array_to_img and PIL; the format defaults to the
    file's extension, and RGBA images saved as JPEG lose their alpha channel with a warning."""
    data_format = _data_format(data_format)
    if file_format is None and isinstance(path, (str, _pathlib.Path)):
        file_format = _pathlib.Path(path).suffix[1:].lower()
    if file_format and file_format.lower() == "jpg":
        file_format = "jpeg"
    img = array_to_img(x, data_format=data_format, scale=scale)
    if img.mode == "RGBA" and file_format == "jpeg":
        _warnings.warn("The JPEG format does not support RGBA images, converting to RGB.")
        img = img.convert("RGB")
    img.save(path, format=file_format, **kwargs)


def _color_converted(img, color_mode):
    wanted = {"grayscale": ("L", "I;16", "I"), "rgba": ("RGBA",), "rgb": ("RGB",)}
    if color_mode not in wanted:
        raise ValueError('color_mode must be "grayscale", "rgb", or "rgba"')
    return img if img.mode in wanted[color_mode] else img.convert(wanted[color_mode][0])


def _centered_window(width, height, target_width, target_height):
    """The largest central (left, top, right, bottom) box of the target's aspect ratio."""
    crop_height = min(height, (width * target_height) // target_width)
    crop_width = min(width, (height * target_width) // target_height)
    left, top = (width - crop_width) // 2, (height - crop_height) // 2
    return [left, top, left + crop_width, top + crop_height]


def load_img(path, color_mode="rgb", target_size=None, interpolation="nearest", keep_aspect_ratio=False):
    """An image file (a path or io.BytesIO) as a PIL image in `color_mode`, resized with PIL to
    target_size (height, width) if given; keep_aspect_ratio resizes the central window of the
    target's aspect ratio instead of the whole image."""
    _require_pil("load_img")
    if isinstance(path, _io_module.BytesIO):
        img = _pil_image.open(path)
    elif isinstance(path, (_pathlib.Path, bytes, str)):
        if isinstance(path, _pathlib.Path):
            path = str(path.resolve())
        with open(path, "rb") as f:
            img = _pil_image.open(_io_module.BytesIO(f.read()))
    else:
        raise TypeError("path should be path-like or io.BytesIO, not %s" % (type(path),))
    img = _color_converted(img, color_mode)
    if target_size is None or img.size == (target_size[1], target_size[0]):
        return img
    if interpolation not in _PIL_RESAMPLING:
        raise ValueError("Invalid interpolation method %s specified. Supported methods are %s"
                         % (interpolation, ", ".join(_PIL_RESAMPLING)))
    resample = getattr(_pil_image.Resampling, interpolation.upper())
    size = (target_size[1], target_size[0])
    if keep_aspect_ratio:
        return img.resize(size, resample, box=_centered_window(img.size[0], img.size[1], *size))
    return img.resize(size, resample)


def smart_resize(x, size, interpolation="bilinear", data_format="channels_last", **kwargs):
    """Images (one [height, width, channels] or a batch) resized to `size` without distorting them:
    the largest central window of the target's aspect ratio, resized (Keras' smart_resize). NumPy in,
    NumPy out; sizes known only when a traced function runs are computed in the graph."""
    import tfpp as tf
    if kwargs:
        raise ValueError("Unrecognized keyword arguments: %s" % (list(kwargs.keys()),))
    if len(size) != 2:
        raise ValueError("Expected `size` to be a tuple of 2 integers, but got: %s." % (size,))
    img = tf.convert_to_tensor(x)
    rank = img.shape.rank
    if rank is not None and (rank < 3 or rank > 4):
        raise ValueError("Expected an image array with shape `(height, width, channels)`, or `(batch_size, height, "
                         "width, channels)`, but got input with incorrect rank, of shape %s." % (img.shape,))
    height_axis = rank - 3 if data_format == "channels_last" else rank - 2
    height, width = img.shape[height_axis], img.shape[height_axis + 1]
    target_height, target_width = size
    if height is None or width is None:
        dynamic = tf.shape(img)
        height, width = dynamic[height_axis], dynamic[height_axis + 1]

    def whole(value, divisor):  # int(float(value) / divisor), in the graph when value is a tensor
        if isinstance(value, int):
            return int(float(value) / divisor)
        return tf.cast(tf.cast(value, tf.float32) / divisor, tf.int32)

    if isinstance(height, int) and isinstance(width, int):
        def clamp(value, limit):
            return max(min(limit, value), 1)
    else:
        def clamp(value, limit):
            return tf.maximum(tf.minimum(limit, value), 1)
    crop_height = clamp(whole(width * target_height, target_width), height)
    crop_width = clamp(whole(height * target_width, target_height), width)
    top, left = whole(height - crop_height, 2), whole(width - crop_width, 2)
    begin = [0] * rank
    extent = [-1] * rank
    begin[height_axis], begin[height_axis + 1] = top, left
    extent[height_axis], extent[height_axis + 1] = crop_height, crop_width
    window = tf.slice(img, tf.stack(begin), tf.stack(extent)) if tf.is_tensor(crop_height) else tf.slice(img, begin, extent)
    if data_format == "channels_first":
        window = tf.transpose(window, (0, 2, 3, 1) if rank == 4 else (1, 2, 0))
    resized = tf.image.resize(window, size, method=interpolation)
    if data_format == "channels_first":
        resized = tf.transpose(resized, (0, 3, 1, 2) if rank == 4 else (2, 0, 1))
    return resized.numpy() if isinstance(x, _np.ndarray) else resized
