"""The resampling Keras' legacy image augmentation does with scipy.ndimage.affine_transform, in
NumPy: each output pixel (i, j) reads the input at matrix @ (i, j) + offset, by nearest neighbour
(order 0), bilinearly (order 1) or on the interpolating B-spline of order 2 to 5, with scipy's
boundary modes.

Note [scipy's boundary modes]: scipy.ndimage first folds a coordinate outside [0, n - 1] back in
("reflect" mirrors about the pixel edges, period 2n; "mirror" about the pixel centres, period
2n - 2, folding values above only from n on; "wrap" repeats with scipy's period n - 1), then reads
the samples floor(c) and floor(c) + 1 (order 1) or floor(c + 0.5) (order 0), folding those that
still fall off the image ("reflect" about the edges, the others about the pixel centres).
"nearest" clamps; "constant" gives cval for any coordinate outside [0, n - 1], with no blending
towards cval. Checked against scipy 1.17 on random matrices, offsets and sizes 1 to 8 in every
mode with orders 0 and 1: identical for float32 and integer images, within 1e-12 for float64
ones. Orders 2 to 5: see Note [scipy's spline orders]."""

import math as _math

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
    image = _np.asarray(image)
    out_shape = image.shape
    grid = _np.indices(out_shape, dtype=_np.float64).reshape(2, -1)
    row, col = _np.asarray(matrix, dtype=_np.float64) @ grid + _np.asarray(offset, dtype=_np.float64)[:, None]
    samples = image
    if order > 1:
        samples, row, col = _spline_coefficients(image, row, col, order, mode)
    rows, cols = samples.shape
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
    elif order > 1:
        (row_index, row_weights), (col_index, col_weights) = (_spline_window(c, n, order, mode) for c, n in
                                                              ((row, rows), (col, cols)))
        values = sum(row_weights[a] * col_weights[b] * samples[row_index[a], col_index[b]]
                     for a in range(order + 1) for b in range(order + 1))
    else:
        row0, col0 = _np.floor(row), _np.floor(col)
        row_t, col_t = row - row0, col - col0
        r0, c0 = row0.astype(_np.int64), col0.astype(_np.int64)
        r = [_fold_index(r0, rows, mode), _fold_index(r0 + 1, rows, mode)]
        c = [_fold_index(c0, cols, mode), _fold_index(c0 + 1, cols, mode)]
        top = image[r[0], c[0]] * (1 - col_t) + image[r[0], c[1]] * col_t
        bottom = image[r[1], c[0]] * (1 - col_t) + image[r[1], c[1]] * col_t
        values = top * (1 - row_t) + bottom * row_t
    values = _np.where(outside, cval, values).reshape(out_shape)
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


# Note [scipy's spline orders]: for orders 2 to 5 scipy interpolates the B-spline whose values at
# the pixels are the image: it first solves for the spline coefficients along each axis, the
# coefficients beyond the edges following the mode ("reflect" about the pixel edges, the others
# about the pixel centres; "nearest" pads 12 edge pixels first and then reflects), then sums
# order + 1 B-spline weights per axis. Solving the banded system exactly matches scipy's
# recursive filter to 1e-12 for "constant", "wrap" and "mirror". scipy starts its "reflect" filter
# differently at the edges: the results differ by up to 3e-2 of the value range on 3-pixel sides,
# under 2e-6 from 8 pixels, under 1e-11 from 16. "nearest" differs by up to 5e-5 of the range
# near the edges (orders 4 and 5; 1e-7 for orders 2 and 3).

def _bspline(x, order):
    """The centred B-spline of degree `order` at x."""
    total = _np.zeros_like(x)
    for j in range(order + 2):
        total += (-1) ** j * _math.comb(order + 1, j) * _np.maximum(x + (order + 1) / 2 - j, 0) ** order
    return total / _math.factorial(order)


def _spline_window(c, n, order, mode):
    """The order + 1 coefficient positions around coordinates c and their B-spline weights."""
    start = _np.floor(c if order % 2 else c + 0.5).astype(_np.int64) - order // 2
    positions = [start + i for i in range(order + 1)]
    fold_mode = "reflect" if mode in ("reflect", "nearest") else "mirror"
    return [_fold_index(p, n, fold_mode) for p in positions], [_bspline(c - p, order) for p in positions]


def _interpolating_coefficients(values, order, mode):
    """Spline coefficients along axis 0 whose spline passes through `values` (Note [scipy's
    spline orders])."""
    n = values.shape[0]
    system = _np.zeros((n, n))
    reach = order // 2 + 1
    fold_mode = "reflect" if mode in ("reflect", "nearest") else "mirror"
    for i in range(n):
        for j in range(i - reach, i + reach + 1):
            system[i, _fold_index(_np.array(j), n, fold_mode)] += _bspline(_np.array(float(i - j)), order)
    return _np.linalg.solve(system, values)


def _spline_coefficients(image, row, col, order, mode):
    """The coefficients of the image's spline and the coordinates to read them at ("nearest"
    reads a 12-pixel edge padding, clamped at its border)."""
    samples = image.astype(_np.float64)
    if mode == "nearest":
        pad = 12
        samples = _np.pad(samples, pad, mode="edge")
        row = _np.clip(row + pad, 0, samples.shape[0] - 1)
        col = _np.clip(col + pad, 0, samples.shape[1] - 1)
    coefficients = _interpolating_coefficients(samples, order, mode)
    coefficients = _interpolating_coefficients(coefficients.T, order, mode).T
    return coefficients, row, col
