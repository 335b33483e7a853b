"""tf.raw_ops: tfpp's ops under TensorFlow's op names, called as TensorFlow calls them.

    tf.raw_ops.AddV2(x=1.0, y=2.0)
    tf.raw_ops.TopKV2(input=[3, 1, 2], k=2)      # TopKV2(values=..., indices=...)

One table row per op: its name, an implementation whose parameters are the op's arguments as
TensorFlow's OpDef names them (in order, with the attrs' defaults, then `name`) and which calls
tfpp's function for it, and the names of the outputs of ops with several. Arguments are keywords
only; attrs inferred from the inputs (T, N, Tidx, ...) are not arguments. The calls go through
tfpp's ordinary functions, so gradients and tf.function work as they do for those.
"""

import collections
import inspect
import numbers
import re

import tfpp as tf

from . import _tfpp, errors
from .linalg_composites import tensor_diag, tensor_diag_part

_math, _nn, _linalg, _strings, _random = tf.math, tf.nn, tf.linalg, tf.strings, tf.random


# Implementations of the ops that share an argument list, over the tfpp function `fn`.
def _x(fn):
    return lambda x, name=None: fn(x, name=name)


def _features(fn):
    return lambda features, name=None: fn(features, name=name)


def _xy(fn):
    return lambda x, y, name=None: fn(x, y, name=name)


def _reduction(fn):
    return lambda input, axis, keep_dims=False, name=None: fn(input, axis, keep_dims, name=name)


def _segment(fn):
    return lambda data, segment_ids, name=None: fn(data, segment_ids, name=name)


def _unsorted_segment(fn):
    return lambda data, segment_ids, num_segments, name=None: fn(data, segment_ids, num_segments, name=name)


def _tensor_scatter(fn):
    return lambda tensor, indices, updates, bad_indices_policy="", name=None: fn(tensor, indices, updates, name=name)


def _stateless(fn):
    return lambda shape, seed, dtype=tf.float32, name=None: fn(shape, seed, dtype=dtype, name=name)


def _equality(fn, when_incompatible):
    """Equal or NotEqual: with incompatible_shape_error=False, shapes that do not broadcast give
    one bool (unequal) instead of an error."""
    def op(x, y, incompatible_shape_error=True, name=None):
        if not incompatible_shape_error:
            try:
                tf.broadcast_static_shape(tf.convert_to_tensor(x).shape, tf.convert_to_tensor(y).shape)
            except ValueError:
                return tf.constant(when_incompatible)
        return fn(x, y, name=name)
    return op


def _of_dtype(result, Tout, op_name):  # noqa: N803 - TensorFlow's attr name
    """result, if it has the dtype `Tout` names: TensorFlow's kernels of complex-number ops require it."""
    if result.dtype != tf.as_dtype(Tout):
        raise errors.NotFoundError(None, None, "Could not find device for node: {{node %s}} = %s[Tout=DT_%s]"
                                   % (op_name, op_name, tf.as_dtype(Tout).name.upper()))
    return result


def _dtype_attr(value, key):
    """The DType an attr argument names, or TensorFlow's TypeError."""
    try:
        return tf.as_dtype(value)
    except (TypeError, ValueError):
        raise TypeError("Expected DataType for argument '%s' not %r." % (key, value)) from None


def _cast(x, DstT, Truncate=False, name=None):  # noqa: N803 - TensorFlow's attr names
    DstT = _dtype_attr(DstT, "DstT")
    if Truncate and DstT in (tf.float16, tf.bfloat16) and tf.convert_to_tensor(x).dtype in (tf.float32, tf.float64):
        raise errors.UnimplementedError(None, None, "[Cast] Truncate=True to %s is not supported: tfpp's casts "
                                        "round to nearest" % DstT.name)
    return _math.cast(x, DstT, name=name)


def _unpack(value, num, axis=0, name=None):
    parts = tf.unstack(value, num, axis, name=name)
    if len(parts) != num:
        raise errors.InvalidArgumentError(None, None, "[Unpack] input shape axis %d must equal num=%d, got %d"
                                          % (axis, num, len(parts)))
    return parts


def _select(condition, x, y, name=None):
    """TensorFlow's first Select: x and y of one shape, from which a vector condition picks rows."""
    x_shape, y_shape = tf.convert_to_tensor(x).shape, tf.convert_to_tensor(y).shape
    if not x_shape.is_compatible_with(y_shape):
        raise errors.InvalidArgumentError(None, None, "[Select] x and y must have the same shape, got %s and %s"
                                          % (x_shape, y_shape))
    condition = tf.convert_to_tensor(condition)
    if condition.shape.rank == 1 and x_shape.rank > 1:
        condition = tf.reshape(condition, [-1] + [1] * (x_shape.rank - 1))
    return tf.where(condition, x, y, name=name)


def _sparse_softmax_cross_entropy(features, labels, name=None):
    features = tf.convert_to_tensor(features)
    loss = _nn.sparse_softmax_cross_entropy_with_logits(labels, features, name=name)
    return loss, _nn.softmax(features) - tf.one_hot(labels, features.shape[-1], dtype=features.dtype)


def _softmax_cross_entropy(features, labels, name=None):
    loss = _nn.softmax_cross_entropy_with_logits(labels, features, name=name)
    return loss, _nn.softmax(features) - labels


def _conv_padding(padding, explicit_paddings):
    """A convolution op's padding and explicit_paddings attributes as tf.nn's padding argument:
    the name, or for EXPLICIT the (before, after) pairs."""
    if padding != "EXPLICIT":
        return padding
    flat = list(explicit_paddings)
    return [flat[i:i + 2] for i in range(0, len(flat), 2)]


def _conv2d(input, filter, strides, padding, use_cudnn_on_gpu=True, explicit_paddings=[], data_format="NHWC",  # noqa: A002, B006
            dilations=[1, 1, 1, 1], name=None):
    return _nn.conv2d(input, filter, strides, _conv_padding(padding, explicit_paddings), data_format=data_format,
                      dilations=dilations, name=name)


def _depthwise_conv2d(input, filter, strides, padding, explicit_paddings=[], data_format="NHWC",  # noqa: A002, B006
                      dilations=[1, 1, 1, 1], name=None):
    spatial = slice(2, 4) if data_format == "NCHW" else slice(1, 3)
    return _nn.depthwise_conv2d(input, filter, strides, _conv_padding(padding, explicit_paddings), data_format=data_format,
                                dilations=list(dilations)[spatial], name=name)


def _svd(input, compute_uv=True, full_matrices=False, name=None):  # noqa: A002
    if compute_uv:
        return _linalg.svd(input, full_matrices=full_matrices, compute_uv=True, name=name)
    s = _linalg.svd(input, full_matrices=full_matrices, compute_uv=False, name=name)
    return s, tf.zeros([], s.dtype), tf.zeros([], s.dtype)  # TensorFlow leaves u and v unset


def _self_adjoint_eig(input, compute_v=True, name=None):  # noqa: A002
    if compute_v:
        return _linalg.eigh(input, name=name)
    e = _linalg.eigvalsh(input, name=name)
    return e, tf.zeros([], e.dtype)  # TensorFlow leaves v unset


# (op name, implementation, output names of an op with several outputs)
_TABLE = (
    # Elementwise math of one input.
    ("Abs", _x(_math.abs)), ("Acos", _x(_math.acos)), ("Acosh", _x(_math.acosh)), ("Asin", _x(_math.asin)),
    ("Asinh", _x(_math.asinh)), ("Atan", _x(_math.atan)), ("Atanh", _x(_math.atanh)),
    ("BesselI0", _x(_math.bessel_i0)), ("BesselI0e", _x(_math.bessel_i0e)), ("BesselI1", _x(_math.bessel_i1)),
    ("BesselI1e", _x(_math.bessel_i1e)), ("Ceil", _x(_math.ceil)), ("Cos", _x(_math.cos)), ("Cosh", _x(_math.cosh)),
    ("Digamma", _x(_math.digamma)), ("Erf", _x(_math.erf)), ("Erfc", _x(_math.erfc)), ("Erfinv", _x(_math.erfinv)),
    ("Exp", _x(_math.exp)), ("Expm1", _x(_math.expm1)), ("Floor", _x(_math.floor)), ("Inv", _x(_math.reciprocal)),
    ("Invert", _x(tf.bitwise.invert)), ("IsFinite", _x(_math.is_finite)), ("IsInf", _x(_math.is_inf)),
    ("IsNan", _x(_math.is_nan)), ("Lgamma", _x(_math.lgamma)), ("Log", _x(_math.log)), ("Log1p", _x(_math.log1p)),
    ("LogicalNot", _x(_math.logical_not)), ("Ndtri", _x(_math.ndtri)), ("Neg", _x(_math.negative)),
    ("Reciprocal", _x(_math.reciprocal)), ("Rint", _x(_math.rint)), ("Round", _x(_math.round)),
    ("Rsqrt", _x(_math.rsqrt)), ("Sigmoid", _x(_math.sigmoid)), ("Sign", _x(_math.sign)), ("Sin", _x(_math.sin)),
    ("Sinh", _x(_math.sinh)), ("Sqrt", _x(_math.sqrt)), ("Square", _x(_math.square)), ("Tan", _x(_math.tan)),
    ("Tanh", _x(_math.tanh)),
    # Activations.
    ("Elu", _features(_nn.elu)), ("Relu", _features(_nn.relu)), ("Relu6", _features(_nn.relu6)),
    ("Selu", _features(_nn.selu)), ("Softplus", _features(_nn.softplus)), ("Softsign", _features(_nn.softsign)),
    ("LeakyRelu", lambda features, alpha=0.2, name=None: _nn.leaky_relu(features, alpha, name=name)),
    # Elementwise math, comparisons and logic of two inputs.
    ("Add", _xy(_math.add)), ("AddV2", _xy(_math.add)), ("BitwiseAnd", _xy(tf.bitwise.bitwise_and)),
    ("BitwiseOr", _xy(tf.bitwise.bitwise_or)), ("BitwiseXor", _xy(tf.bitwise.bitwise_xor)),
    ("DivNoNan", _xy(_math.divide_no_nan)), ("FloorDiv", _xy(_math.floordiv)), ("FloorMod", _xy(_math.floormod)),
    ("Greater", _xy(_math.greater)), ("GreaterEqual", _xy(_math.greater_equal)),
    ("LeftShift", _xy(tf.bitwise.left_shift)), ("Less", _xy(_math.less)), ("LessEqual", _xy(_math.less_equal)),
    ("LogicalAnd", _xy(_math.logical_and)), ("LogicalOr", _xy(_math.logical_or)), ("Maximum", _xy(_math.maximum)),
    ("Minimum", _xy(_math.minimum)), ("Mod", _xy(tf.truncatemod)), ("Mul", _xy(_math.multiply)),
    ("MulNoNan", _xy(_math.multiply_no_nan)), ("Pow", _xy(_math.pow)), ("RealDiv", _xy(tf.realdiv)),
    ("RightShift", _xy(tf.bitwise.right_shift)), ("SquaredDifference", _xy(_math.squared_difference)),
    ("Sub", _xy(_math.subtract)), ("TruncateDiv", _xy(tf.truncatediv)), ("TruncateMod", _xy(tf.truncatemod)),
    ("Xdivy", _xy(_math.xdivy)), ("Xlog1py", _xy(_math.xlog1py)), ("Xlogy", _xy(_math.xlogy)),
    ("Equal", _equality(_math.equal, False)), ("NotEqual", _equality(_math.not_equal, True)),
    ("Atan2", lambda y, x, name=None: _math.atan2(y, x, name=name)),
    ("Igamma", lambda a, x, name=None: _math.igamma(a, x, name=name)),
    ("Igammac", lambda a, x, name=None: _math.igammac(a, x, name=name)),
    ("NextAfter", lambda x1, x2, name=None: _math.nextafter(x1, x2, name=name)),
    ("Polygamma", lambda a, x, name=None: _math.polygamma(a, x, name=name)),
    ("Zeta", lambda x, q, name=None: _math.zeta(x, q, name=name)),
    ("Betainc", lambda a, b, x, name=None: _math.betainc(a, b, x, name=name)),
    ("AddN", lambda inputs, name=None: _math.add_n(inputs, name=name)),
    ("ApproximateEqual", lambda x, y, tolerance=1e-05, name=None: _math.less(
        _math.abs(_math.subtract(x, y)), tolerance, name=name)),
    ("ClipByValue", lambda t, clip_value_min, clip_value_max, name=None: _math.clip_by_value(
        t, clip_value_min, clip_value_max, name=name)),
    # Complex numbers.
    ("Complex", lambda real, imag, Tout=tf.complex64, name=None: _of_dtype(
        tf.complex(real, imag, name=name), Tout, "Complex")),
    ("Real", lambda input, Tout=tf.float32, name=None: _of_dtype(_math.real(input, name=name), Tout, "Real")),
    ("Imag", lambda input, Tout=tf.float32, name=None: _of_dtype(_math.imag(input, name=name), Tout, "Imag")),
    ("Angle", lambda input, Tout=tf.float32, name=None: _of_dtype(_math.angle(input, name=name), Tout, "Angle")),
    ("ComplexAbs", lambda x, Tout=tf.float32, name=None: _of_dtype(_math.abs(x, name=name), Tout, "ComplexAbs")),
    ("Conj", lambda input, name=None: _math.conj(input, name=name)),
    # Reductions, scans and arg-extrema.
    ("All", _reduction(_math.reduce_all)), ("Any", _reduction(_math.reduce_any)), ("Max", _reduction(_math.reduce_max)),
    ("Mean", _reduction(_math.reduce_mean)), ("Min", _reduction(_math.reduce_min)),
    ("Prod", _reduction(_math.reduce_prod)), ("Sum", _reduction(_math.reduce_sum)),
    ("ArgMax", lambda input, dimension, output_type=tf.int64, name=None: _math.argmax(
        input, dimension, output_type, name=name)),
    ("ArgMin", lambda input, dimension, output_type=tf.int64, name=None: _math.argmin(
        input, dimension, output_type, name=name)),
    ("Cumsum", lambda x, axis, exclusive=False, reverse=False, name=None: _math.cumsum(
        x, axis, exclusive, reverse, name=name)),
    ("Cumprod", lambda x, axis, exclusive=False, reverse=False, name=None: _math.cumprod(
        x, axis, exclusive, reverse, name=name)),
    ("CumulativeLogsumexp", lambda x, axis, exclusive=False, reverse=False, name=None: _math.cumulative_logsumexp(
        x, axis, exclusive, reverse, name=name)),
    ("SegmentMax", _segment(_math.segment_max)), ("SegmentMean", _segment(_math.segment_mean)),
    ("SegmentMin", _segment(_math.segment_min)), ("SegmentProd", _segment(_math.segment_prod)),
    ("SegmentSum", _segment(_math.segment_sum)),
    ("UnsortedSegmentMax", _unsorted_segment(_math.unsorted_segment_max)),
    ("UnsortedSegmentMin", _unsorted_segment(_math.unsorted_segment_min)),
    ("UnsortedSegmentProd", _unsorted_segment(_math.unsorted_segment_prod)),
    ("UnsortedSegmentSum", _unsorted_segment(_math.unsorted_segment_sum)),
    ("TopKV2", lambda input, k, sorted=True, index_type=tf.int32, name=None: _math.top_k(
        input, k, sorted, index_type, name=name), ("values", "indices")),
    ("InTopKV2", lambda predictions, targets, k, name=None: _math.in_top_k(targets, predictions, k, name=name)),
    # Matrices.
    ("MatMul", lambda a, b, transpose_a=False, transpose_b=False, grad_a=False, grad_b=False, name=None: _math.matmul(
        a, b, transpose_a=transpose_a, transpose_b=transpose_b, name=name)),
    ("BatchMatMulV2", lambda x, y, adj_x=False, adj_y=False, grad_x=False, grad_y=False, name=None: _math.matmul(
        x, y, adjoint_a=adj_x, adjoint_b=adj_y, name=name)),
    ("Einsum", lambda inputs, equation, name=None: tf.einsum(equation, *inputs, name=name)),
    ("Cholesky", lambda input, name=None: _linalg.cholesky(input, name=name)),
    ("Cross", lambda a, b, name=None: _linalg.cross(a, b, name=name)),
    ("LogMatrixDeterminant", lambda input, name=None: _linalg.slogdet(input, name=name),
     ("sign", "log_abs_determinant")),
    ("Lu", lambda input, output_idx_type=tf.int32, name=None: _linalg.lu(input, output_idx_type, name=name),
     ("lu", "p")),
    ("MatrixBandPart", lambda input, num_lower, num_upper, name=None: _linalg.band_part(
        input, num_lower, num_upper, name=name)),
    ("MatrixDeterminant", lambda input, name=None: _linalg.det(input, name=name)),
    ("MatrixDiag", lambda diagonal, name=None: _linalg.diag(diagonal, name=name)),
    ("MatrixDiagPart", lambda input, name=None: _linalg.diag_part(input, name=name)),
    ("MatrixInverse", lambda input, adjoint=False, name=None: _linalg.inv(input, adjoint, name=name)),
    ("MatrixSetDiag", lambda input, diagonal, name=None: _linalg.set_diag(input, diagonal, name=name)),
    ("MatrixSolve", lambda matrix, rhs, adjoint=False, name=None: _linalg.solve(matrix, rhs, adjoint, name=name)),
    ("MatrixSquareRoot", lambda input, name=None: _linalg.sqrtm(input, name=name)),
    ("MatrixTriangularSolve", lambda matrix, rhs, lower=True, adjoint=False, name=None: _linalg.triangular_solve(
        matrix, rhs, lower, adjoint, name=name)),
    ("Qr", lambda input, full_matrices=False, name=None: _linalg.qr(input, full_matrices, name=name), ("q", "r")),
    ("SelfAdjointEigV2", _self_adjoint_eig, ("e", "v")),
    ("Svd", _svd, ("s", "u", "v")),
    ("Diag", lambda diagonal, name=None: tensor_diag(diagonal, name=name)),
    ("DiagPart", lambda input, name=None: tensor_diag_part(input, name=name)),
    # Dtypes and shapes.
    ("Cast", _cast),
    ("Bitcast", lambda input, type, name=None: tf.bitcast(input, type, name=name)),
    ("Shape", lambda input, out_type=tf.int32, name=None: tf.shape(input, out_type, name=name)),
    ("ShapeN", lambda input, out_type=tf.int32, name=None: tf.shape_n(input, out_type, name=name)),
    ("Size", lambda input, out_type=tf.int32, name=None: tf.size(input, out_type, name=name)),
    ("Rank", lambda input, name=None: tf.rank(input, name=name)),
    ("Reshape", lambda tensor, shape, name=None: tf.reshape(tensor, shape, name=name)),
    ("ExpandDims", lambda input, axis, name=None: tf.expand_dims(input, axis, name=name)),
    ("Squeeze", lambda input, axis=[], name=None: tf.squeeze(input, list(axis) or None, name=name)),  # noqa: B006
    ("BroadcastTo", lambda input, shape, name=None: tf.broadcast_to(input, shape, name=name)),
    ("BroadcastArgs", lambda s0, s1, name=None: tf.broadcast_dynamic_shape(s0, s1)),
    ("EnsureShape", lambda input, shape, name=None: tf.ensure_shape(input, shape, name=name)),
    ("CheckNumerics", lambda tensor, message, name=None: tf.debugging.check_numerics(tensor, message, name=name)),
    # Creating, joining, splitting and rearranging arrays.
    ("Fill", lambda dims, value, name=None: tf.fill(dims, value, name=name)),
    ("ZerosLike", lambda x, name=None: tf.zeros_like(x, name=name)),
    ("OnesLike", lambda x, name=None: tf.ones_like(x, name=name)),
    ("Range", lambda start, limit, delta, name=None: tf.range(start, limit, delta, name=name)),
    ("LinSpace", lambda start, stop, num, name=None: _tfpp.linspace(start, stop, num, name=name)),  # no gradient
    ("OneHot", lambda indices, depth, on_value, off_value, axis=-1, name=None: tf.one_hot(
        indices, depth, on_value, off_value, axis, dtype=tf.convert_to_tensor(on_value).dtype, name=name)),
    ("Transpose", lambda x, perm, name=None: tf.transpose(x, perm, name=name)),
    ("ConcatV2", lambda values, axis, name=None: tf.concat(values, axis, name=name)),
    ("Concat", lambda concat_dim, values, name=None: tf.concat(values, concat_dim, name=name)),
    ("Pack", lambda values, axis=0, name=None: tf.stack(values, axis, name=name)),
    ("Unpack", _unpack),
    ("Split", lambda axis, value, num_split, name=None: tf.split(value, num_split, axis, name=name)),
    ("SplitV", lambda value, size_splits, axis, num_split, name=None: tf.split(value, size_splits, axis, name=name)),
    ("Tile", lambda input, multiples, name=None: tf.tile(input, multiples, name=name)),
    ("Pad", lambda input, paddings, name=None: tf.pad(input, paddings, name=name)),
    ("PadV2", lambda input, paddings, constant_values, name=None: tf.pad(
        input, paddings, constant_values=constant_values, name=name)),
    ("MirrorPad", lambda input, paddings, mode, name=None: tf.pad(input, paddings, mode, name=name)),
    ("ReverseV2", lambda tensor, axis, name=None: tf.reverse(tensor, axis, name=name)),
    ("ReverseSequence", lambda input, seq_lengths, seq_dim, batch_dim=0, name=None: tf.reverse_sequence(
        input, seq_lengths, seq_axis=seq_dim, batch_axis=batch_dim, name=name)),
    ("Roll", lambda input, shift, axis, name=None: tf.roll(input, shift, axis, name=name)),
    ("InvertPermutation", lambda x, name=None: _math.invert_permutation(x, name=name)),
    ("UnravelIndex", lambda indices, dims, name=None: tf.unravel_index(indices, dims, name=name)),
    ("BatchToSpaceND", lambda input, block_shape, crops, name=None: tf.batch_to_space(
        input, block_shape, crops, name=name)),
    ("SpaceToBatchND", lambda input, block_shape, paddings, name=None: tf.space_to_batch_nd(
        input, block_shape, paddings, name=name)),
    ("DepthToSpace", lambda input, block_size, data_format="NHWC", name=None: _nn.depth_to_space(
        input, block_size, data_format, name=name)),
    ("SpaceToDepth", lambda input, block_size, data_format="NHWC", name=None: _nn.space_to_depth(
        input, block_size, data_format, name=name)),
    # Indexing.
    ("Slice", lambda input, begin, size, name=None: tf.slice(input, begin, size, name=name)),
    ("StridedSlice", lambda input, begin, end, strides, begin_mask=0, end_mask=0, ellipsis_mask=0, new_axis_mask=0,
     shrink_axis_mask=0, name=None: tf.strided_slice(input, begin, end, strides, begin_mask, end_mask, ellipsis_mask,
                                                     new_axis_mask, shrink_axis_mask, name=name)),
    ("Gather", lambda params, indices, validate_indices=True, name=None: tf.gather(params, indices, name=name)),
    ("GatherV2", lambda params, indices, axis, batch_dims=0, name=None: tf.gather(
        params, indices, axis=axis, batch_dims=batch_dims, name=name)),
    ("GatherNd", lambda params, indices, bad_indices_policy="", name=None: tf.gather_nd(params, indices, name=name)),
    ("ScatterNd", lambda indices, updates, shape, bad_indices_policy="", name=None: tf.scatter_nd(
        indices, updates, shape, name=name)),
    ("TensorScatterAdd", _tensor_scatter(tf.tensor_scatter_nd_add)),
    ("TensorScatterMax", _tensor_scatter(tf.tensor_scatter_nd_max)),
    ("TensorScatterMin", _tensor_scatter(tf.tensor_scatter_nd_min)),
    ("TensorScatterSub", _tensor_scatter(tf.tensor_scatter_nd_sub)),
    ("TensorScatterUpdate", _tensor_scatter(tf.tensor_scatter_nd_update)),
    ("Where", lambda condition, name=None: tf.where(condition, name=name)),
    ("SelectV2", lambda condition, t, e, name=None: tf.where(condition, t, e, name=name)),
    ("Select", _select),
    ("DynamicPartition", lambda data, partitions, num_partitions, name=None: tf.dynamic_partition(
        data, partitions, num_partitions, name=name)),
    ("DynamicStitch", lambda indices, data, name=None: tf.dynamic_stitch(indices, data, name=name)),
    ("Unique", lambda x, out_idx=tf.int32, name=None: tf.unique(x, out_idx, name=name), ("y", "idx")),
    ("UniqueWithCounts", lambda x, out_idx=tf.int32, name=None: tf.unique_with_counts(x, out_idx, name=name),
     ("y", "idx", "count")),
    ("LowerBound", lambda sorted_inputs, values, out_type=tf.int32, name=None: tf.searchsorted(
        sorted_inputs, values, "left", out_type, name=name)),
    ("UpperBound", lambda sorted_inputs, values, out_type=tf.int32, name=None: tf.searchsorted(
        sorted_inputs, values, "right", out_type, name=name)),
    # Neural networks.
    ("Softmax", lambda logits, name=None: _nn.softmax(logits, name=name)),
    ("LogSoftmax", lambda logits, name=None: _nn.log_softmax(logits, name=name)),
    ("BiasAdd", lambda value, bias, data_format="NHWC", name=None: _nn.bias_add(value, bias, data_format, name=name)),
    ("L2Loss", lambda t, name=None: _nn.l2_loss(t, name=name)),
    ("LRN", lambda input, depth_radius=5, bias=1, alpha=1, beta=0.5, name=None: _nn.local_response_normalization(
        input, depth_radius, bias, alpha, beta, name=name)),
    ("Conv2D", _conv2d),
    ("Conv3D", lambda input, filter, strides, padding, data_format="NDHWC", dilations=[1, 1, 1, 1, 1], name=None:  # noqa: B006
     _nn.conv3d(input, filter, strides, padding, data_format, dilations, name=name)),
    ("DepthwiseConv2dNative", _depthwise_conv2d),
    ("MaxPool", lambda input, ksize, strides, padding, explicit_paddings=[], data_format="NHWC", name=None:  # noqa: B006
     _nn.max_pool2d(input, ksize, strides, padding, data_format, name=name)),
    ("AvgPool", lambda value, ksize, strides, padding, data_format="NHWC", name=None: _nn.avg_pool2d(
        value, ksize, strides, padding, data_format, name=name)),
    ("MaxPool3D", lambda input, ksize, strides, padding, data_format="NDHWC", name=None: _nn.max_pool3d(
        input, ksize, strides, padding, data_format, name=name)),
    ("AvgPool3D", lambda input, ksize, strides, padding, data_format="NDHWC", name=None: _nn.avg_pool3d(
        input, ksize, strides, padding, data_format, name=name)),
    ("MaxPoolWithArgmax", lambda input, ksize, strides, padding, Targmax=tf.int64, include_batch_in_index=False,
     name=None: _nn.max_pool_with_argmax(input, ksize, strides, padding, "NHWC", Targmax, include_batch_in_index,
                                         name=name), ("output", "argmax")),
    ("Dilation2D", lambda input, filter, strides, rates, padding, name=None: _nn.dilation2d(
        input, filter, strides, padding, "NHWC", rates, name=name)),
    ("Conv2DBackpropInput", lambda input_sizes, filter, out_backprop, strides, padding, use_cudnn_on_gpu=True,
     explicit_paddings=[], data_format="NHWC", dilations=[1, 1, 1, 1], name=None: _nn.conv2d_transpose(  # noqa: B006
        out_backprop, filter, input_sizes, strides, _conv_padding(padding, explicit_paddings), data_format, dilations,
        name=name)),
    ("DepthwiseConv2dNativeBackpropInput", lambda input_sizes, filter, out_backprop, strides, padding,
     explicit_paddings=[], data_format="NHWC", dilations=[1, 1, 1, 1], name=None:  # noqa: B006
     _nn.depthwise_conv2d_backprop_input(input_sizes, filter, out_backprop, strides,
                                         _conv_padding(padding, explicit_paddings), data_format, dilations, name=name)),
    ("DepthwiseConv2dNativeBackpropFilter", lambda input, filter_sizes, out_backprop, strides, padding,
     explicit_paddings=[], data_format="NHWC", dilations=[1, 1, 1, 1], name=None:  # noqa: B006
     _nn.depthwise_conv2d_backprop_filter(input, filter_sizes, out_backprop, strides,
                                          _conv_padding(padding, explicit_paddings), data_format, dilations, name=name)),
    ("SoftmaxCrossEntropyWithLogits", _softmax_cross_entropy, ("loss", "backprop")),
    ("SparseSoftmaxCrossEntropyWithLogits", _sparse_softmax_cross_entropy, ("loss", "backprop")),
    ("FakeQuantWithMinMaxArgs", lambda inputs, min=-6, max=6, num_bits=8, narrow_range=False, name=None:
     tf.quantization.fake_quant_with_min_max_args(inputs, min, max, num_bits, narrow_range, name=name)),
    # Identities and gradients.
    ("Identity", lambda input, name=None: tf.identity(input, name=name)),
    ("IdentityN", lambda input, name=None: tf.identity_n(input, name=name)),
    ("Snapshot", lambda input, name=None: tf.identity(input, name=name)),
    ("StopGradient", lambda input, name=None: tf.stop_gradient(input, name=name)),
    ("NoOp", lambda name=None: tf.no_op(name=name)),
    # Stateless random numbers (the same numbers as TensorFlow's for the same seed).
    ("StatelessRandomUniform", _stateless(_random.stateless_uniform)),
    ("StatelessRandomNormal", _stateless(_random.stateless_normal)),
    ("StatelessTruncatedNormal", _stateless(_random.stateless_truncated_normal)),
    ("StatelessRandomUniformInt", lambda shape, seed, minval, maxval, name=None: _random.stateless_uniform(
        shape, seed, minval, maxval, dtype=tf.convert_to_tensor(minval).dtype, name=name)),
    ("StatelessMultinomial", lambda logits, num_samples, seed, output_dtype=tf.int64, name=None:
     _random.stateless_categorical(logits, num_samples, seed, output_dtype, name=name)),
    ("StatelessRandomBinomial", lambda shape, seed, counts, probs, dtype=tf.int64, name=None:
     _random.stateless_binomial(shape, seed, counts, probs, dtype, name=name)),
    ("StatelessRandomGammaV2", lambda shape, seed, alpha, name=None: _random.stateless_gamma(
        shape, seed, alpha, dtype=tf.convert_to_tensor(alpha).dtype, name=name)),
    ("StatelessRandomPoisson", lambda shape, seed, lam, dtype, name=None: _random.stateless_poisson(
        shape, seed, lam, dtype, name=name)),
    # Strings.
    ("AsString", lambda input, precision=-1, scientific=False, shortest=False, width=-1, fill="", name=None:
     _strings.as_string(input, precision, scientific, shortest, width, fill, name=name)),
    ("ReduceJoin", lambda inputs, reduction_indices, keep_dims=False, separator="", name=None: _strings.reduce_join(
        inputs, reduction_indices, keep_dims, separator, name=name)),
    ("RegexFullMatch", lambda input, pattern, name=None: _strings.regex_full_match(input, pattern, name=name)),
    ("RegexReplace", lambda input, pattern, rewrite, replace_global=True, name=None: _strings.regex_replace(
        input, pattern, rewrite, replace_global, name=name)),
    ("StringFormat", lambda inputs, template="%s", placeholder="%s", summarize=3, name=None: _strings.format(
        template, inputs, placeholder, summarize, name=name)),
    ("StringJoin", lambda inputs, separator="", name=None: _strings.join(inputs, separator, name=name)),
    ("StringLength", lambda input, unit="BYTE", name=None: _strings.length(input, unit, name=name)),
    ("StringLower", lambda input, encoding="", name=None: _strings.lower(input, encoding, name=name)),
    ("StringUpper", lambda input, encoding="", name=None: _strings.upper(input, encoding, name=name)),
    ("StringSplitV2", lambda input, sep, maxsplit=-1, name=None: _strings._split_v2(input, sep, maxsplit),
     ("indices", "values", "shape")),
    ("StringStrip", lambda input, name=None: _strings.strip(input, name=name)),
    ("StringToHashBucket", lambda string_tensor, num_buckets, name=None: _strings.to_hash_bucket(
        string_tensor, num_buckets, name=name)),
    ("StringToHashBucketFast", lambda input, num_buckets, name=None: _strings.to_hash_bucket_fast(
        input, num_buckets, name=name)),
    ("StringToHashBucketStrong", lambda input, num_buckets, key, name=None: _strings.to_hash_bucket_strong(
        input, num_buckets, key, name=name)),
    ("StringToNumber", lambda string_tensor, out_type=tf.float32, name=None: _strings.to_number(
        string_tensor, out_type, name=name)),
    ("Substr", lambda input, pos, len, unit="BYTE", name=None: _strings.substr(input, pos, len, unit, name=name)),
    ("UnsortedSegmentJoin", lambda inputs, segment_ids, num_segments, separator="", name=None:
     _strings.unsorted_segment_join(inputs, segment_ids, num_segments, separator, name=name)),
    ("UnicodeScript", lambda input, name=None: _strings.unicode_script(input, name=name)),
    ("UnicodeTranscode", lambda input, input_encoding, output_encoding, errors="replace", replacement_char=65533,
     replace_control_characters=False, name=None: _strings.unicode_transcode(
        input, input_encoding, output_encoding, errors, replacement_char, replace_control_characters, name=name)),
    ("DecodeCSV", lambda records, record_defaults, field_delim=",", use_quote_delim=True, na_value="", select_cols=[],  # noqa: B006
     name=None: tf.io.decode_csv(records, record_defaults, field_delim, use_quote_delim, na_value, select_cols or None,
                                 name=name)),
    ("EncodeBase64", lambda input, pad=False, name=None: tf.io.encode_base64(input, pad, name=name)),
    ("DecodeBase64", lambda input, name=None: tf.io.decode_base64(input, name=name)),
    ("Fingerprint", lambda data, method, name=None: tf.fingerprint(data, method, name=name)),
    # Serialized tensors, raw bytes and images.
    ("SerializeTensor", lambda tensor, name=None: tf.io.serialize_tensor(tensor, name=name)),
    ("ParseTensor", lambda serialized, out_type, name=None: tf.io.parse_tensor(serialized, out_type, name=name)),
    ("DecodeRaw", lambda bytes, out_type, little_endian=True, name=None: tf.io.decode_raw(
        bytes, out_type, little_endian, name=name)),
    ("EncodePng", lambda image, compression=-1, name=None: tf.image.encode_png(image, compression, name=name)),
    ("DecodePng", lambda contents, channels=0, dtype=tf.uint8, name=None: tf.image.decode_png(
        contents, channels, dtype, name=name)),
    ("DecodeAndCropJpeg", lambda contents, crop_window, channels=0, ratio=1, fancy_upscaling=True,
     try_recover_truncated=False, acceptable_fraction=1, dct_method="", name=None: tf.io.decode_and_crop_jpeg(
        contents, crop_window, channels, ratio, fancy_upscaling, try_recover_truncated, acceptable_fraction, dct_method,
        name=name)),
    ("AdjustContrastv2", lambda images, contrast_factor, name=None: tf.image.adjust_contrast(images, contrast_factor)),
    ("AdjustHue", lambda images, delta, name=None: tf.image.adjust_hue(images, delta, name=name)),
    ("AdjustSaturation", lambda images, scale, name=None: tf.image.adjust_saturation(images, scale, name=name)),
    ("ExtractImagePatches", lambda images, ksizes, strides, rates, padding, name=None: tf.image.extract_patches(
        images, ksizes, strides, rates, padding, name=name)),
    ("CropAndResize", lambda image, boxes, box_ind, crop_size, method="bilinear", extrapolation_value=0, name=None:
     tf.image.crop_and_resize(image, boxes, box_ind, crop_size, method, extrapolation_value, name=name)),
    ("NonMaxSuppressionV3", lambda boxes, scores, max_output_size, iou_threshold, score_threshold, name=None:
     tf.image.non_max_suppression(boxes, scores, max_output_size, iou_threshold, score_threshold, name=name)),
    # Files.
    ("ReadFile", lambda filename, name=None: tf.io.read_file(filename, name=name)),
    ("WriteFile", lambda filename, contents, name=None: tf.io.write_file(filename, contents, name=name)),
    ("MatchingFiles", lambda pattern, name=None: tf.io.matching_files(pattern, name=name)),
    ("HistogramFixedWidth", lambda values, value_range, nbins, dtype=tf.int32, name=None: tf.histogram_fixed_width(
        values, value_range, nbins, dtype, name=name)),
)

# The ops whose generated Python functions TensorFlow makes private (`_sum`), a name its
# positional-argument error shows.
_PRIVATE = frozenset(("Abs", "All", "Any", "ClipByValue", "Complex", "HistogramFixedWidth", "Max", "Min", "Pow", "Range",
                      "Slice", "Sum"))


def _is_number(value):
    return isinstance(value, numbers.Real) or (hasattr(value, "__index__") and not isinstance(value, (str, bytes)))


# The word TensorFlow's TypeError uses for an attr whose default has each type, and what it accepts
# (an int default may stand for a float attr: LRN's bias=1).
_ATTR_KINDS = {
    bool: ("bool", lambda v: isinstance(v, bool)),
    int: ("int", _is_number),
    float: ("float", _is_number),
    str: ("string", lambda v: isinstance(v, (str, bytes))),
}


def _python_name(op_name):
    """TensorFlow's name of the op's generated Python function: AddV2 -> add_v2, Conv2D -> conv2d."""
    snake = re.sub(r"(?<=[a-z])(?=[A-Z])|(?<=[A-Z0-9])(?=[A-Z][a-z])", "_", op_name).lower()
    return "_" + snake if op_name in _PRIVATE else snake


def _check_attrs(parameters, kwargs):
    """TensorFlow's TypeError for an attr argument of the wrong kind (the kind of its default)."""
    for key, value in kwargs.items():
        default = parameters[key].default if key in parameters else None
        if isinstance(default, tf.DType):
            _dtype_attr(value, key)
        elif type(default) in _ATTR_KINDS:
            word, accepts = _ATTR_KINDS[type(default)]
            if not accepts(value):
                raise TypeError("Expected %s for argument '%s' not %r." % (word, key, value))


def _raw_op(op_name, impl, outputs=None):
    """The tf.raw_ops.<op_name> function: keyword arguments only, impl's signature, outputs as a named tuple."""
    signature = inspect.signature(impl)
    python_name = _python_name(op_name)
    impl.__qualname__ = python_name  # the name Python's errors for missing or unexpected arguments show
    result_type = collections.namedtuple(op_name, outputs) if outputs else None

    def raw_op(*args, **kwargs):
        if args:
            raise TypeError("%s only takes keyword args (possible keys: %s). Please pass these args as kwargs instead."
                            % (python_name, list(signature.parameters)))
        _check_attrs(signature.parameters, kwargs)
        if kwargs.get("name") is None:
            kwargs["name"] = op_name  # a traced op is named after its type, as TensorFlow names it
        result = impl(**kwargs)
        return result_type._make(result) if result_type else result

    raw_op.__name__ = raw_op.__qualname__ = python_name
    raw_op.__signature__ = signature
    raw_op.__doc__ = "TensorFlow's %s op over tfpp; keyword arguments only." % op_name
    return raw_op


for _row in _TABLE:
    globals()[_row[0]] = _raw_op(*_row)
del _row
