"""Keras' legacy per-image augmentations on NumPy arrays (keras.preprocessing.image's
apply_affine_transform, random_rotation/shift/shear/zoom, channel and brightness shifts). The
random ones draw from NumPy's global generator in Keras' order, so np.random.seed gives Keras'
transforms; the affine warp resamples as scipy.ndimage does (see _affine_warp)."""

import numpy as _np

from ..image_utils import array_to_img, img_to_array
from ._affine_warp import affine_transform_2d


def flip_axis(x, axis):
    """x reversed along `axis`."""
    return _np.flip(_np.asarray(x), axis)


def transform_matrix_offset_center(matrix, x, y):
    """A 3x3 homogeneous transform moved to act about the centre of an x-by-y image."""
    o_x, o_y = float(x) / 2 - 0.5, float(y) / 2 - 0.5
    offset = _np.array([[1, 0, o_x], [0, 1, o_y], [0, 0, 1]])
    reset = _np.array([[1, 0, -o_x], [0, 1, -o_y], [0, 0, 1]])
    return offset @ matrix @ reset


def _composed_transform(theta, tx, ty, shear, zx, zy):
    """rotation @ shift @ shear @ zoom over (row, col, 1), or None when all are the identity."""
    parts = []
    if theta != 0:
        angle = _np.deg2rad(theta)
        parts.append(_np.array([[_np.cos(angle), -_np.sin(angle), 0], [_np.sin(angle), _np.cos(angle), 0], [0, 0, 1]]))
    if tx != 0 or ty != 0:
        parts.append(_np.array([[1, 0, tx], [0, 1, ty], [0, 0, 1]]))
    if shear != 0:
        angle = _np.deg2rad(shear)
        parts.append(_np.array([[1, -_np.sin(angle), 0], [0, _np.cos(angle), 0], [0, 0, 1]]))
    if zx != 1 or zy != 1:
        parts.append(_np.array([[zx, 0, 0], [0, zy, 0], [0, 0, 1]]))
    if not parts:
        return None
    matrix = parts[0]
    for part in parts[1:]:
        matrix = _np.dot(matrix, part)
    return matrix


def apply_affine_transform(x, theta=0, tx=0, ty=0, shear=0, zx=1, zy=1, row_axis=1, col_axis=2, channel_axis=0,
                           fill_mode="nearest", cval=0.0, order=1):
    """A rank-3 image rotated by theta degrees, shifted by (tx, ty) pixels, sheared by `shear`
    degrees and zoomed by (zx, zy), each about the image centre, every channel resampled (order 0
    nearest, 1 bilinear) with fill_mode "constant" (cval), "nearest", "reflect" or "wrap"."""
    if _np.unique([row_axis, col_axis, channel_axis]).size != 3:
        raise ValueError("'row_axis', 'col_axis', and 'channel_axis' must be distinct")
    actual_indices = {row_axis, col_axis, channel_axis}
    if actual_indices != {0, 1, 2}:
        raise ValueError("Invalid axis' indices: %s" % (actual_indices - {0, 1, 2},))
    if x.ndim != 3:
        raise ValueError("Input arrays must be multi-channel 2D images.")
    if channel_axis not in (0, 2):
        raise ValueError("Channels are allowed and the first and last dimensions.")
    matrix = _composed_transform(theta, tx, ty, shear, zx, zy)
    if matrix is None:
        return x
    matrix = transform_matrix_offset_center(matrix, x.shape[row_axis], x.shape[col_axis])
    if col_axis > row_axis:  # the matrix reads (x, y); the channel planes are indexed (row, col)
        matrix[:, [0, 1]] = matrix[:, [1, 0]]
        matrix[[0, 1]] = matrix[[1, 0]]
    planes = _np.rollaxis(x, channel_axis, 0)
    warped = [affine_transform_2d(plane, matrix[:2, :2], matrix[:2, 2], order=order, mode=fill_mode, cval=cval)
              for plane in planes]
    return _np.rollaxis(_np.stack(warped, axis=0), 0, channel_axis + 1)


def random_rotation(x, rg, row_axis=1, col_axis=2, channel_axis=0, fill_mode="nearest", cval=0.0,
                    interpolation_order=1):
    """x rotated by a uniform angle in [-rg, rg] degrees."""
    theta = _np.random.uniform(-rg, rg)
    return apply_affine_transform(x, theta=theta, row_axis=row_axis, col_axis=col_axis, channel_axis=channel_axis,
                                  fill_mode=fill_mode, cval=cval, order=interpolation_order)


def random_shift(x, wrg, hrg, row_axis=1, col_axis=2, channel_axis=0, fill_mode="nearest", cval=0.0,
                 interpolation_order=1):
    """x shifted by uniform fractions in [-hrg, hrg] of its height and [-wrg, wrg] of its width."""
    tx = _np.random.uniform(-hrg, hrg) * x.shape[row_axis]
    ty = _np.random.uniform(-wrg, wrg) * x.shape[col_axis]
    return apply_affine_transform(x, tx=tx, ty=ty, row_axis=row_axis, col_axis=col_axis, channel_axis=channel_axis,
                                  fill_mode=fill_mode, cval=cval, order=interpolation_order)


def random_shear(x, intensity, row_axis=1, col_axis=2, channel_axis=0, fill_mode="nearest", cval=0.0,
                 interpolation_order=1):
    """x sheared by a uniform angle in [-intensity, intensity] degrees."""
    shear = _np.random.uniform(-intensity, intensity)
    return apply_affine_transform(x, shear=shear, row_axis=row_axis, col_axis=col_axis, channel_axis=channel_axis,
                                  fill_mode=fill_mode, cval=cval, order=interpolation_order)


def random_zoom(x, zoom_range, row_axis=1, col_axis=2, channel_axis=0, fill_mode="nearest", cval=0.0,
                interpolation_order=1):
    """x zoomed by two uniform factors (rows, columns) in zoom_range = (lower, upper)."""
    if len(zoom_range) != 2:
        raise ValueError("`zoom_range` should be a tuple or list of two floats. Received: %s" % (zoom_range,))
    if zoom_range[0] == 1 and zoom_range[1] == 1:
        zx, zy = 1, 1
    else:
        zx, zy = _np.random.uniform(zoom_range[0], zoom_range[1], 2)
    return apply_affine_transform(x, zx=zx, zy=zy, row_axis=row_axis, col_axis=col_axis, channel_axis=channel_axis,
                                  fill_mode=fill_mode, cval=cval, order=interpolation_order)


def apply_channel_shift(x, intensity, channel_axis=0):
    """x + intensity in every channel, clipped to x's overall minimum and maximum."""
    low, high = _np.min(x), _np.max(x)
    return _np.clip(x + intensity, low, high)


def random_channel_shift(x, intensity_range, channel_axis=0):
    """apply_channel_shift by a uniform intensity in [-intensity_range, intensity_range]."""
    intensity = _np.random.uniform(-intensity_range, intensity_range)
    return apply_channel_shift(x, intensity, channel_axis=channel_axis)


def apply_brightness_shift(x, brightness, scale=True):
    """x's brightness scaled by `brightness` through PIL's ImageEnhance, as 8-bit RGB; values
    outside [0, 255] are rescaled to it and back unless `scale` is False (then they stay in it)."""
    from PIL import ImageEnhance
    low, high = _np.min(x), _np.max(x)
    local_scale = (low < 0) or (high > 255)
    img = ImageEnhance.Brightness(array_to_img(x, scale=local_scale or scale)).enhance(brightness)
    x = img_to_array(img)
    if not scale and local_scale:
        x = x / 255 * (high - low) + low
    return x


def random_brightness(x, brightness_range, scale=True):
    """apply_brightness_shift by a uniform factor in brightness_range = (lower, upper)."""
    if len(brightness_range) != 2:
        raise ValueError("`brightness_range should be tuple or list of two floats. Received: %s" % (brightness_range,))
    brightness = _np.random.uniform(brightness_range[0], brightness_range[1])
    return apply_brightness_shift(x, brightness, scale)
