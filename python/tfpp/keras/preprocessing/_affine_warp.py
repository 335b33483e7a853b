"""The resampling Keras' legacy image augmentation does with scipy.ndimage.affine_transform, in
NumPy: each output pixel (i, j) reads the input at matrix @ (i, j) + offset, by nearest neighbour
(order 0) or bilinearly (order 1), with scipy's boundary modes.

Note [scipy's boundary modes]: scipy.ndimage first folds a coordinate outside [0, n - 1] back in
("reflect" mirrors about the pixel edges, period 2n; "mirror" about the pixel centres, period
2n - 2, folding values above only from n on; "wrap" repeats with scipy's period n - 1), then reads
the samples floor(c) and floor(c) + 1 (order 1) or floor(c + 0.5) (order 0), folding those that
still fall off the image ("reflect" about the edges, the others about the pixel centres).
"nearest" clamps; "constant" gives cval for any coordinate outside [0, n - 1], with no blending
towards cval. Checked against scipy 1.17 on random matrices, offsets and sizes 1 to 8 in every
mode and order: identical for float32 and integer images, within 1e-12 for float64 ones."""

import numpy as _np

FILL_MODES = ("constant", "nearest", "reflect", "wrap", "mirror")


def _fold_coordinate(c, n, mode):
    """Coordinates outside [0, n - 1] brought back in as scipy's map_coordinate does for
    "reflect" (period 2n), "mirror" (period 2n - 2) and "wrap" (period n - 1)."""
    if n <= 1:
        return _np.zeros_like(c)
    if mode == "reflect":
        period = 2 * n
        below = _np.where(c < -period, c + period * _np.trunc(-c / period), c)
        below = _np.where(below < -n, below + period, -below - 1)
        above = c - period * _np.trunc(c / period)
        above = _np.where(above >= n, period - above - 1, above)
    elif mode == "mirror":  # scipy folds values above only from n on
        period = 2 * n - 2
        below = c + period * _np.trunc(-c / period)
        below = _np.where(below <= -(n - 1), below + period, -below)
        above = c - period * _np.trunc(c / period)
        above = _np.where(above >= n, period - above, above)
    else:
        period = n - 1
        below = c + period * (_np.trunc(-c / period) + 1)
        above = c - period * _np.trunc(c / period)
    return _np.where(c < 0, below, _np.where(c > n - 1, above, c))


def _fold_index(index, n, mode):
    """Integer sample positions off the image brought back in: "reflect" mirrors about the pixel
    edges (period 2n), anything else about the first and last pixel centres (period 2n - 2)."""
    if n <= 1:
        return _np.zeros_like(index)
    if mode == "nearest":
        return _np.clip(index, 0, n - 1)
    if mode == "reflect":
        period = 2 * n
        index = _np.where(index < 0, -index - 1, index) % period
        return _np.where(index >= n, period - index - 1, index)
    period = 2 * n - 2
    index = _np.abs(index) % period
    return _np.where(index >= n, period - index, index)


def affine_transform_2d(image, matrix, offset, order=1, mode="constant", cval=0.0):
    """One channel resampled as scipy.ndimage.affine_transform(image, matrix, offset, order, mode, cval)."""
    if order < 0 or order > 5:
        raise RuntimeError("spline order not supported")  # scipy's checks and messages
    if mode not in FILL_MODES:
        raise RuntimeError("boundary mode not supported")
    if order > 1:
        raise NotImplementedError("[apply_affine_transform] tfpp resamples with interpolation orders 0 and 1 only "
                                  "(scipy's spline orders 2 to 5 are not implemented), got order %s" % (order,))
    image = _np.asarray(image)
    rows, cols = image.shape
    grid = _np.indices((rows, cols), dtype=_np.float64).reshape(2, -1)
    coordinates = _np.asarray(matrix, dtype=_np.float64) @ grid + _np.asarray(offset, dtype=_np.float64)[:, None]
    row, col = coordinates
    outside = _np.zeros(row.shape, dtype=bool)
    if mode == "constant":
        outside = (row < 0) | (row > rows - 1) | (col < 0) | (col > cols - 1)
        row, col = _np.where(outside, 0.0, row), _np.where(outside, 0.0, col)
    elif mode != "nearest":
        row, col = _fold_coordinate(row, rows, mode), _fold_coordinate(col, cols, mode)
    if order == 0:
        row_index = _fold_index(_np.floor(row + 0.5).astype(_np.int64), rows, mode)
        col_index = _fold_index(_np.floor(col + 0.5).astype(_np.int64), cols, mode)
        values = image[row_index, col_index].astype(_np.float64)
    else:
        row0, col0 = _np.floor(row), _np.floor(col)
        row_t, col_t = row - row0, col - col0
        r0, c0 = row0.astype(_np.int64), col0.astype(_np.int64)
        r = [_fold_index(r0, rows, mode), _fold_index(r0 + 1, rows, mode)]
        c = [_fold_index(c0, cols, mode), _fold_index(c0 + 1, cols, mode)]
        top = image[r[0], c[0]] * (1 - col_t) + image[r[0], c[1]] * col_t
        bottom = image[r[1], c[0]] * (1 - col_t) + image[r[1], c[1]] * col_t
        values = top * (1 - row_t) + bottom * row_t
    values = _np.where(outside, cval, values).reshape(rows, cols)
    return _as_output(values, image.dtype)


def _as_output(values, dtype):
    """Float results in the image's dtype as scipy stores them: integers rounded half away from
    zero, unsigned ones clamped to their range first."""
    if _np.issubdtype(dtype, _np.unsignedinteger):
        values = _np.minimum(_np.where(values > 0, values + 0.5, 0.0), _np.iinfo(dtype).max)
        return _np.trunc(values).astype(dtype)
    if _np.issubdtype(dtype, _np.integer):
        return _np.trunc(_np.where(values > 0, values + 0.5, values - 0.5)).astype(dtype)
    return values.astype(dtype)
