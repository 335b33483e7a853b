"""tf.experimental.numpy's shape manipulation: reshape, transposes, joining and splitting, tiling,
flips and rolls, broadcasting, atleast_*d, and indexing by position (take, where, nonzero, select)."""

import builtins

import numpy as np

import tfpp as tf

from ._dtype_rules import asarray, promote


def shape(a):
    """tnp.shape: the static TensorShape."""
    return asarray(a).shape


def ndim(a):
    """tnp.ndim"""
    return asarray(a).shape.rank


def isscalar(num):
    """tnp.isscalar: whether num has no dimensions."""
    return ndim(num) == 0


def size(x, axis=None):
    """tnp.size: the number of elements (axis is not supported)."""
    if axis is not None:
        raise NotImplementedError("axis argument is not supported in the current `np.size` implementation")
    if isinstance(x, (int, float, np.int32, np.int64, np.float32, np.float64)):
        return 1
    x = asarray(x)
    if x.shape.is_fully_defined():
        return np.prod(x.shape.as_list(), dtype=int)
    return tf.size(x)


def reshape(a, newshape, order="C"):
    """tnp.reshape: row-major ("C") or column-major ("F") order."""
    if order not in {"C", "F"}:
        raise ValueError("Unsupported order argument {}".format(order))
    a = asarray(a)
    if isinstance(newshape, int):
        newshape = [newshape]
    if order == "F":
        return tf.transpose(tf.reshape(tf.transpose(a), newshape[::-1]))
    return tf.reshape(a, newshape)


def ravel(a):
    """tnp.ravel"""
    return tf.reshape(asarray(a), [-1])


def flatten(a, order="C"):
    """tnp.flatten"""
    a = asarray(a)
    if order in ("C", "A", "K"):
        return tf.reshape(a, [-1])
    if order == "F":
        return tf.reshape(tf.transpose(a), [-1])
    raise ValueError("order can only be C, A, K (all row major) or F (column major).")


def transpose(a, axes=None):
    """tnp.transpose"""
    a = asarray(a)
    return tf.transpose(a, None if axes is None else asarray(axes))


def _positive_axis(axis, rank):
    return axis + rank if axis < 0 else axis


def swapaxes(a, axis1, axis2):
    """tnp.swapaxes"""
    a = asarray(a)
    rank = a.shape.rank
    axis1, axis2 = _positive_axis(axis1, rank), _positive_axis(axis2, rank)
    perm = list(range(rank))
    perm[axis1], perm[axis2] = axis2, axis1
    return tf.transpose(a, perm)


def moveaxis(a, source, destination):
    """tnp.moveaxis"""
    if not source and not destination:
        return a
    a = asarray(a)
    if isinstance(source, int):
        source = (source,)
    if isinstance(destination, int):
        destination = (destination,)
    if len(source) != len(destination):
        raise ValueError("The lengths of source and destination must equal")
    rank = a.shape.rank
    source = tuple(_positive_axis(axis, rank) for axis in source)
    destination = tuple(_positive_axis(axis, rank) for axis in destination)
    perm = [i for i in range(rank) if i not in source]
    for dest, src in sorted(zip(destination, source)):
        perm.insert(dest, src)
    return tf.transpose(a, perm)


def expand_dims(a, axis):
    """tnp.expand_dims"""
    return tf.expand_dims(asarray(a), axis=axis)


def squeeze(a, axis=None):
    """tnp.squeeze"""
    return tf.squeeze(asarray(a), axis)


def _at_least(n, pad, arys):
    def reshaped(x):
        x = asarray(x)
        return tf.reshape(x, pad(x.shape.as_list())) if n > x.shape.rank else x

    arys = [reshaped(x) for x in arys]
    return arys[0] if len(arys) == 1 else arys


def atleast_1d(*arys):
    """tnp.atleast_1d"""
    return _at_least(1, lambda shape: [1] * (1 - len(shape)) + shape, arys)


def atleast_2d(*arys):
    """tnp.atleast_2d"""
    return _at_least(2, lambda shape: [1] * (2 - len(shape)) + shape, arys)


def atleast_3d(*arys):
    """tnp.atleast_3d: a vector becomes [1, n, 1], a matrix [m, n, 1]."""
    return _at_least(3, lambda shape: [1, 1, 1] if not shape else [1] + shape + [1] if len(shape) == 1 else shape + [1],
                     arys)


def concatenate(arys, axis=0):
    """tnp.concatenate: in the arrays' promoted dtype."""
    if not isinstance(arys, (list, tuple)):
        arys = [arys]
    if not arys:
        raise ValueError(f"Need at least one array to concatenate. Received empty input: arys={arys}")
    return tf.concat(promote(*arys), axis)


def append(arr, values, axis=None):
    """tnp.append: flattened when axis is None."""
    if axis is None:
        return concatenate([ravel(arr), ravel(values)], 0)
    return concatenate([arr, values], axis=axis)


def stack(arrays, axis=0):
    """tnp.stack: a single array stacks its first axis."""
    if isinstance(arrays, tf.Tensor):
        return arrays if axis == 0 else swapaxes(arrays, 0, axis)
    return tf.stack(promote(*arrays), axis)


def hstack(tup):
    """tnp.hstack"""
    arrays = promote(*[atleast_1d(a) for a in tup])
    return tf.concat(arrays, axis=0 if arrays[0].shape.rank == 1 else 1)


def vstack(tup):
    """tnp.vstack"""
    return tf.concat(promote(*[atleast_2d(a) for a in tup]), axis=0)


def dstack(tup):
    """tnp.dstack"""
    return tf.concat(promote(*[atleast_3d(a) for a in tup]), axis=2)


def _boundaries_to_sizes(a, boundaries, axis):
    # np.split's boundaries as tf.split's sizes.
    if axis >= len(a.shape):
        raise ValueError("axis %s is out of bound for shape %s" % (axis, a.shape))
    total_size = a.shape[axis]
    sizes, sizes_sum, prev = [], 0, 0
    for i, b in enumerate(boundaries):
        part = b - prev
        if part < 0:
            raise ValueError("The %s-th boundary %s is smaller than the previous boundary %s" % (i, b, prev))
        part = builtins.min(part, builtins.max(0, total_size - sizes_sum))
        sizes.append(part)
        sizes_sum += part
        prev = b
    sizes.append(builtins.max(0, total_size - sizes_sum))
    return sizes


def split(ary, indices_or_sections, axis=0):
    """tnp.split: into equal sections or at boundaries."""
    ary = asarray(ary)
    if not isinstance(indices_or_sections, int):
        indices_or_sections = _boundaries_to_sizes(ary, indices_or_sections, axis)
    return tf.split(ary, indices_or_sections, axis=axis)


def _split_on_axis(name, axis):
    def split_on_axis(ary, indices_or_sections):
        new_axis = 0 if axis == 1 and ary.shape.rank == 1 else axis
        if isinstance(indices_or_sections, int):
            length = ary.shape[new_axis]
            if length is not None and length % indices_or_sections:
                raise ValueError("array split does not result in an equal division")
        return split(ary, indices_or_sections, axis=new_axis)

    split_on_axis.__name__ = split_on_axis.__qualname__ = name
    split_on_axis.__doc__ = "tnp.%s" % name
    return split_on_axis


vsplit = _split_on_axis("vsplit", 0)
hsplit = _split_on_axis("hsplit", 1)
dsplit = _split_on_axis("dsplit", 2)


def tile(a, reps):
    """tnp.tile: reps and a's shape padded on the left to one length."""
    a = asarray(a)
    reps = [int(r) for r in np.ravel(reps)]
    a_shape = a.shape.as_list()
    reps = [1] * (len(a_shape) - len(reps)) + reps
    a = tf.reshape(a, [1] * (len(reps) - len(a_shape)) + a_shape)
    return tf.tile(a, reps)


def repeat(a, repeats, axis=None):
    """tnp.repeat"""
    return tf.repeat(asarray(a), asarray(repeats), axis)


def flip(m, axis=None):
    """tnp.flip"""
    m = asarray(m)
    if axis is None:
        return tf.reverse(m, list(range(m.shape.rank)))
    return tf.reverse(m, [_positive_axis(axis, m.shape.rank)])


def flipud(m):
    """tnp.flipud"""
    return flip(m, 0)


def fliplr(m):
    """tnp.fliplr"""
    return flip(m, 1)


def roll(a, shift, axis=None):
    """tnp.roll: of the flattened array when axis is None."""
    a = asarray(a)
    if axis is not None:
        return tf.roll(a, shift, axis)
    return tf.reshape(tf.roll(tf.reshape(a, [-1]), shift, 0), tf.shape(a))


def rot90(m, k=1, axes=(0, 1)):
    """tnp.rot90"""
    rank = asarray(m).shape.rank
    ax1, ax2 = (_positive_axis(axis, rank) for axis in axes)
    k = k % 4
    if k == 0:
        return m
    if k == 2:
        return flip(flip(m, ax1), ax2)
    perm = list(range(rank))
    perm[ax1], perm[ax2] = ax2, ax1
    return transpose(flip(m, ax2), perm) if k == 1 else flip(transpose(m, perm), ax2)


def broadcast_to(array, shape):
    """tnp.broadcast_to"""
    if not isinstance(shape, tf.Tensor):
        shape = tf.constant(shape, tf.int32)
    return tf.broadcast_to(asarray(array), tf.reshape(shape, [-1]))


def broadcast_arrays(*args, **kwargs):
    """tnp.broadcast_arrays: subok=False only."""
    if kwargs.pop("subok", False):
        raise ValueError("subok=True is not supported.")
    if kwargs:
        raise ValueError("Received unsupported arguments {}".format(kwargs.keys()))
    args = [asarray(arg) for arg in args]
    if len(args) <= 1:
        return args
    common = tf.shape(args[0])
    for arg in args[1:]:
        common = tf.broadcast_dynamic_shape(common, tf.shape(arg))
    return [tf.broadcast_to(arg, common) for arg in args]


def take(a, indices, axis=None, out=None, mode="clip"):
    """tnp.take: out-of-range indices clipped or wrapped ("raise" is not supported)."""
    if out is not None:
        raise ValueError("out argument is not supported in take.")
    if mode not in {"raise", "clip", "wrap"}:
        raise ValueError("Invalid mode '{}' for take".format(mode))
    a, indices = asarray(a), asarray(indices)
    if axis is None:
        a, axis = tf.reshape(a, [-1]), 0
    axis_size = tf.shape(a, out_type=indices.dtype)[axis]
    if mode == "clip":
        indices = tf.clip_by_value(indices, 0, axis_size - 1)
    elif mode == "wrap":
        indices = tf.math.floormod(indices, axis_size)
    else:
        raise ValueError("The 'raise' mode to take is not supported.")
    return tf.gather(a, indices, axis=axis)


def take_along_axis(arr, indices, axis):
    """tnp.take_along_axis: arr and indices broadcast against each other except along axis."""
    arr, indices = asarray(arr), asarray(indices)
    if axis is None:
        return take_along_axis(tf.reshape(arr, [-1]), indices, 0)
    rank = arr.shape.rank
    axis = _positive_axis(axis, rank)
    arr_shape, indices_shape = arr.shape.as_list(), indices.shape.as_list()
    common = list(np.broadcast_shapes(tuple(arr_shape[:axis] + [1] + arr_shape[axis + 1:]),
                                      tuple(indices_shape[:axis] + [1] + indices_shape[axis + 1:])))
    arr = tf.broadcast_to(arr, common[:axis] + [arr_shape[axis]] + common[axis + 1:])
    indices = tf.broadcast_to(indices, common[:axis] + [indices_shape[axis]] + common[axis + 1:])
    indices = tf.where(indices < 0, indices + arr_shape[axis], indices)
    arr, indices = moveaxis(arr, axis, -1), moveaxis(indices, axis, -1)
    moved_shape = indices.shape.as_list()
    result = tf.gather(tf.reshape(arr, [-1, arr.shape[-1]]), tf.reshape(indices, [-1, moved_shape[-1]]), batch_dims=1)
    return moveaxis(tf.reshape(result, moved_shape), -1, axis)


def nonzero(a):
    """tnp.nonzero: one int64 index vector per dimension."""
    a = atleast_1d(a)
    return tf.unstack(tf.where(tf.cast(a, tf.bool)), a.shape.rank, axis=1)


def where(condition, x=None, y=None):
    """tnp.where: x or y by condition in their promoted dtype, or nonzero(condition)."""
    condition = asarray(condition, dtype=np.bool_)
    if x is None and y is None:
        return nonzero(condition)
    if x is not None and y is not None:
        x, y = promote(x, y)
        return tf.where(condition, x, y)
    raise ValueError("Both x and y must be ndarrays, or both must be None.")


def select(condlist, choicelist, default=0):
    """tnp.select: the choice of the first true condition, else default."""
    if len(condlist) != len(choicelist):
        raise ValueError("condlist must have length equal to choicelist ({} vs {})".format(len(condlist),
                                                                                             len(choicelist)))
    if not condlist:
        raise ValueError("condlist must be non-empty")
    output, *choices = promote(default, *choicelist)
    for cond, choice in zip(condlist[::-1], choices[::-1]):
        output = where(cond, choice, output)
    return output


def compress(condition, a, axis=None):
    """tnp.compress: the slices along axis where condition is true."""
    condition, a = asarray(condition, dtype=bool), asarray(a)
    if condition.shape.rank != 1:
        raise ValueError("condition must be a 1-d array.")
    if a.shape.rank == 0 or axis is None:
        a, axis = ravel(a), 0
    axis = _positive_axis(axis, a.shape.rank)
    if condition.shape[0] < a.shape[axis]:
        condition = tf.concat([condition, tf.fill([a.shape[axis] - condition.shape[0]], False)], axis=0)
    return tf.boolean_mask(a, condition, axis=axis)


def pad(array, pad_width, mode, **kwargs):
    """tnp.pad: "constant", "reflect" or "symmetric" mode."""
    if mode not in ("constant", "reflect", "symmetric"):
        raise ValueError("Unsupported padding mode: " + mode)
    return tf.pad(asarray(array), asarray(pad_width, dtype=tf.int32), mode=mode.upper(),
                  constant_values=kwargs.get("constant_values", 0))


def ix_(*args):
    """tnp.ix_: the 1-D integer or boolean (as its nonzero positions) arrays shaped to index an open mesh."""
    output = []
    for i, a in enumerate(args):
        a = asarray(a)
        if a.shape.rank != 1:
            raise ValueError("Arguments must be 1-d, got arg {} of rank {}".format(i, a.shape.rank))
        new_shape = [1] * len(args)
        new_shape[i] = -1
        if a.dtype == tf.bool:
            output.append(tf.reshape(nonzero(a)[0], new_shape))
        elif a.dtype.is_integer:
            output.append(tf.reshape(a, new_shape))
        else:
            raise ValueError("Only integer and bool dtypes are supported, got {}".format(a.dtype))
    return output
