"""tf.raw_ops: every op tfpp exports there, with TensorFlow's argument names, order and defaults
(taken from inspect.signature), keyword-only calls (TensorFlow's TypeError for positional ones),
the names of the functions in its messages, values, dtypes and shapes, named-tuple outputs, the
TypeError of a bad attr, gradients through raw ops, and raw ops inside tf.function (their node
names, static shapes and gradients)."""
import inspect
import os
import tempfile

import numpy as np

from harness import show_error, show_error_message, tf

OPS = """
Abs Acos Acosh Add AddN AddV2 AdjustContrastv2 AdjustHue AdjustSaturation All Angle Any ApproximateEqual ArgMax
ArgMin AsString Asin Asinh Atan Atan2 Atanh AvgPool AvgPool3D BatchMatMulV2 BatchToSpaceND BesselI0 BesselI0e
BesselI1 BesselI1e Betainc BiasAdd Bitcast BitwiseAnd BitwiseOr BitwiseXor BroadcastArgs BroadcastTo Cast Ceil
CheckNumerics Cholesky ClipByValue Complex ComplexAbs Concat ConcatV2 Conj Conv2D Conv2DBackpropInput Conv3D Cos Cosh
CropAndResize Cross Cumprod Cumsum CumulativeLogsumexp DecodeAndCropJpeg DecodeBase64 DecodeCSV DecodePng DecodeRaw
DepthToSpace
DepthwiseConv2dNative DepthwiseConv2dNativeBackpropFilter DepthwiseConv2dNativeBackpropInput Diag DiagPart Digamma
Dilation2D DivNoNan DynamicPartition DynamicStitch Einsum Elu EncodeBase64 EncodePng EnsureShape Equal Erf Erfc
Erfinv Exp ExpandDims Expm1 ExtractImagePatches FakeQuantWithMinMaxArgs Fill Fingerprint Floor FloorDiv FloorMod
Gather GatherNd GatherV2 Greater GreaterEqual HistogramFixedWidth Identity IdentityN Igamma Igammac Imag InTopKV2 Inv
Invert InvertPermutation IsFinite IsInf IsNan L2Loss LRN LeakyRelu LeftShift Less LessEqual Lgamma LinSpace Log Log1p
LogMatrixDeterminant LogSoftmax LogicalAnd LogicalNot LogicalOr LowerBound Lu MatMul MatchingFiles MatrixBandPart
MatrixDeterminant MatrixDiag MatrixDiagPart MatrixInverse MatrixSetDiag MatrixSolve MatrixSquareRoot
MatrixTriangularSolve Max MaxPool MaxPool3D MaxPoolWithArgmax Maximum Mean Min Minimum MirrorPad Mod Mul MulNoNan
Ndtri Neg NextAfter NoOp NonMaxSuppressionV3 NotEqual OneHot OnesLike Pack Pad PadV2 ParseTensor Polygamma Pow Prod
Qr Range Rank ReadFile Real RealDiv Reciprocal ReduceJoin RegexFullMatch RegexReplace Relu Relu6 Reshape
ReverseSequence ReverseV2 RightShift Rint Roll Round Rsqrt ScatterNd SegmentMax SegmentMean SegmentMin SegmentProd
SegmentSum Select SelectV2 SelfAdjointEigV2 Selu SerializeTensor Shape ShapeN Sigmoid Sign Sin Sinh Size Slice
Snapshot Softmax SoftmaxCrossEntropyWithLogits Softplus Softsign SpaceToBatchND SpaceToDepth
SparseSoftmaxCrossEntropyWithLogits Split SplitV Sqrt Square SquaredDifference Squeeze StatelessMultinomial
StatelessRandomBinomial StatelessRandomGammaV2 StatelessRandomNormal StatelessRandomPoisson StatelessRandomUniform
StatelessRandomUniformInt StatelessTruncatedNormal StopGradient StridedSlice StringFormat StringJoin StringLength
StringLower StringSplitV2 StringStrip StringToHashBucket StringToHashBucketFast StringToHashBucketStrong
StringToNumber StringUpper Sub Substr Sum Svd Tan Tanh TensorScatterAdd TensorScatterMax TensorScatterMin
TensorScatterSub TensorScatterUpdate Tile TopKV2 Transpose TruncateDiv TruncateMod UnicodeScript UnicodeTranscode
Unique
UniqueWithCounts Unpack UnravelIndex UnsortedSegmentJoin UnsortedSegmentMax UnsortedSegmentMin UnsortedSegmentProd
UnsortedSegmentSum UpperBound Where WriteFile Xdivy Xlog1py Xlogy ZerosLike Zeta
""".split()


def text(value):
    """A result as text: tensors as dtype, shape and values (floats to 4 decimals), lists and
    named tuples element by element."""
    if value is None or isinstance(value, (bool, int)):
        return repr(value)
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        return "%s(%s)" % (type(value).__name__, ", ".join("%s=%s" % (f, text(v)) for f, v in zip(value._fields, value)))
    if isinstance(value, (list, tuple)):
        return "[%s]" % ", ".join(text(v) for v in value)
    array = np.asarray(value)
    if value.dtype.is_floating or value.dtype.is_complex:
        array = np.round(array.astype(np.complex128 if value.dtype.is_complex else np.float64), 4) + 0.0
    return "%s%s %s" % (value.dtype.name, tuple(value.shape), array.tolist())


print(len(OPS), "ops, all present:", all(hasattr(tf.raw_ops, op) for op in OPS))
# tfpp's tf.raw_ops holds these and no others (TensorFlow's holds all of its own ops).
print("ops not listed here:", [n for n in dir(tf.raw_ops) if n[:1].isupper() and n not in OPS] if tf.__name__ == "tfpp"
      else [])
for op in OPS:
    print(op, inspect.signature(getattr(tf.raw_ops, op)))
for op in OPS:
    show_error_message(op + " positional", lambda: getattr(tf.raw_ops, op)(1))

x = tf.constant([[1.0, -2.0, 3.0], [-4.0, 5.0, -6.0]])
unit = tf.constant([0.1, 0.5, 0.9])
ints = tf.constant([[1, 2, 3], [4, 5, 6]])
spd = tf.constant([[4.0, 1.0], [1.0, 3.0]])
image = tf.reshape(tf.range(32.0), [1, 4, 4, 2])
volume = tf.reshape(tf.range(16.0), [1, 2, 2, 2, 2])
words = tf.constant(["Hello World", " tf pp ", "raw ops"])
cplx = tf.complex(tf.constant([1.0, -3.0]), tf.constant([2.0, 4.0]))

UNARY_INPUTS = {"Acosh": unit + 1.0, "Invert": ints, "LogicalNot": tf.constant([True, False])}
for op in ("Abs", "Acos", "Acosh", "Asin", "Asinh", "Atan", "Atanh", "BesselI0", "BesselI0e", "BesselI1", "BesselI1e",
           "Ceil", "Cos", "Cosh", "Digamma", "Erf", "Erfc", "Erfinv", "Exp", "Expm1", "Floor", "Inv", "Invert",
           "IsFinite", "IsInf", "IsNan", "Lgamma", "Log", "Log1p", "LogicalNot", "Ndtri", "Neg", "Reciprocal", "Rint",
           "Round", "Rsqrt", "Sigmoid", "Sign", "Sin", "Sinh", "Sqrt", "Square", "Tan", "Tanh"):
    print(op, text(getattr(tf.raw_ops, op)(x=UNARY_INPUTS.get(op, unit))))
for op in ("Elu", "Relu", "Relu6", "Selu", "Softplus", "Softsign", "LeakyRelu"):
    print(op, text(getattr(tf.raw_ops, op)(features=x)))
print("LeakyRelu alpha", text(tf.raw_ops.LeakyRelu(features=x, alpha=0.5)))

a, b = tf.constant([7.0, -7.5, 0.5]), tf.constant([2.0, 2.0, 0.0])
ia, ib = tf.constant([7, -7, 12]), tf.constant([2, 3, 5])
for op in ("Add", "AddV2", "DivNoNan", "FloorDiv", "FloorMod", "Greater", "GreaterEqual", "Less", "LessEqual",
           "Maximum", "Minimum", "Mod", "Mul", "MulNoNan", "Pow", "RealDiv", "SquaredDifference", "Sub", "TruncateDiv",
           "TruncateMod", "Xdivy", "Xlog1py", "Xlogy", "Equal", "NotEqual"):
    print(op, text(getattr(tf.raw_ops, op)(x=a, y=b)))
for op in ("FloorDiv", "FloorMod", "Mod", "TruncateDiv", "TruncateMod", "BitwiseAnd", "BitwiseOr", "BitwiseXor",
           "LeftShift", "RightShift"):
    print(op, "int32", text(getattr(tf.raw_ops, op)(x=ia, y=ib)))
print("AddV2 python y", text(tf.raw_ops.AddV2(x=a, y=1)))
print("LogicalAnd", text(tf.raw_ops.LogicalAnd(x=[True, False], y=[True, True])),
      text(tf.raw_ops.LogicalOr(x=[True, False], y=[False, False])))
print("Equal incompatible", text(tf.raw_ops.Equal(x=[1, 2], y=[1, 2, 3], incompatible_shape_error=False)),
      text(tf.raw_ops.NotEqual(x=[1, 2], y=[1, 2, 3], incompatible_shape_error=False)))
print("Atan2", text(tf.raw_ops.Atan2(y=a, x=b)))
print("NextAfter", text(tf.raw_ops.NextAfter(x1=[1.0, 2.0], x2=[1.0, 2.0])))
print("Polygamma", text(tf.raw_ops.Polygamma(a=[1.0, 2.0], x=[1.5, 2.5])))
print("Igamma", text(tf.raw_ops.Igamma(a=[1.0, 2.0], x=[1.5, 2.5])), text(tf.raw_ops.Igammac(a=[1.0, 2.0], x=[1.5, 2.5])))
print("Zeta", text(tf.raw_ops.Zeta(x=[2.0, 3.0], q=[1.0, 2.0])))
print("Betainc", text(tf.raw_ops.Betainc(a=[1.0, 2.0], b=[2.0, 3.0], x=[0.5, 0.25])))
print("AddN", text(tf.raw_ops.AddN(inputs=[a, b, a])))
print("ClipByValue", text(tf.raw_ops.ClipByValue(t=x, clip_value_min=-1.0, clip_value_max=2.0)))

print("Complex", text(tf.raw_ops.Complex(real=[1.0, 2.0], imag=[3.0, -4.0])))
for op in ("Real", "Imag", "Angle", "Conj"):
    print(op, text(getattr(tf.raw_ops, op)(input=cplx)))
print("ComplexAbs", text(tf.raw_ops.ComplexAbs(x=cplx)))

for op in ("All", "Any"):
    print(op, text(getattr(tf.raw_ops, op)(input=[[True, False], [True, True]], axis=1)))
for op in ("Max", "Mean", "Min", "Prod", "Sum"):
    print(op, text(getattr(tf.raw_ops, op)(input=x, axis=0)), text(getattr(tf.raw_ops, op)(input=x, axis=[0, 1])),
          text(getattr(tf.raw_ops, op)(input=ints, axis=-1, keep_dims=True)))
print("ArgMax", text(tf.raw_ops.ArgMax(input=x, dimension=1)), text(tf.raw_ops.ArgMin(input=x, dimension=0,
                                                                                      output_type=tf.int32)))
for op in ("Cumsum", "Cumprod", "CumulativeLogsumexp"):
    print(op, text(getattr(tf.raw_ops, op)(x=x, axis=1)), text(getattr(tf.raw_ops, op)(x=x, axis=0, exclusive=True,
                                                                                       reverse=True)))
data, segments = tf.constant([1.0, 2.0, 3.0, 4.0]), tf.constant([0, 0, 1, 1])
for op in ("SegmentMax", "SegmentMean", "SegmentMin", "SegmentProd", "SegmentSum"):
    print(op, text(getattr(tf.raw_ops, op)(data=data, segment_ids=segments)))
for op in ("UnsortedSegmentMax", "UnsortedSegmentMin", "UnsortedSegmentProd", "UnsortedSegmentSum"):
    print(op, text(getattr(tf.raw_ops, op)(data=data, segment_ids=[1, 0, 1, 2], num_segments=3)))
top = tf.raw_ops.TopKV2(input=[1.0, 5.0, 3.0, 4.0], k=2)
print("TopKV2", text(top), type(top).__name__, top._fields, text(top.values))
print("TopKV2 int64", text(tf.raw_ops.TopKV2(input=x, k=1, sorted=False, index_type=tf.int64)))
print("InTopKV2", text(tf.raw_ops.InTopKV2(predictions=x, targets=[2, 1], k=1)))

m = tf.constant([[1.0, 2.0], [3.0, 4.0]])
print("MatMul", text(tf.raw_ops.MatMul(a=m, b=spd)), text(tf.raw_ops.MatMul(a=m, b=spd, transpose_a=True,
                                                                            transpose_b=True)))
batch = tf.reshape(tf.range(12.0), [3, 2, 2])
print("BatchMatMulV2", text(tf.raw_ops.BatchMatMulV2(x=batch, y=m)), text(tf.raw_ops.BatchMatMulV2(x=batch, y=m,
                                                                                                    adj_x=True)))
print("Einsum", text(tf.raw_ops.Einsum(inputs=[m, spd], equation="ij,jk->ik")))
print("Cholesky", text(tf.raw_ops.Cholesky(input=spd)))
print("Cross", text(tf.raw_ops.Cross(a=[1.0, 0.0, 0.0], b=[0.0, 1.0, 0.0])))
print("LogMatrixDeterminant", text(tf.raw_ops.LogMatrixDeterminant(input=m)))
print("Lu", text(tf.raw_ops.Lu(input=m)))
print("MatrixBandPart", text(tf.raw_ops.MatrixBandPart(input=batch, num_lower=0, num_upper=0)))
print("MatrixDeterminant", text(tf.raw_ops.MatrixDeterminant(input=m)))
print("MatrixDiag", text(tf.raw_ops.MatrixDiag(diagonal=[1, 2])), text(tf.raw_ops.MatrixDiagPart(input=m)))
print("MatrixInverse", text(tf.raw_ops.MatrixInverse(input=spd)), text(tf.raw_ops.MatrixInverse(input=m, adjoint=True)))
print("MatrixSetDiag", text(tf.raw_ops.MatrixSetDiag(input=m, diagonal=[9.0, 8.0])))
print("MatrixSolve", text(tf.raw_ops.MatrixSolve(matrix=spd, rhs=[[1.0], [2.0]])))
print("MatrixSquareRoot", text(tf.raw_ops.MatrixSquareRoot(input=tf.constant([[4.0, 0.0], [0.0, 9.0]]))))
print("MatrixTriangularSolve", text(tf.raw_ops.MatrixTriangularSolve(matrix=spd, rhs=[[1.0], [2.0]])),
      text(tf.raw_ops.MatrixTriangularSolve(matrix=spd, rhs=[[1.0], [2.0]], lower=False, adjoint=True)))
q, r = tf.raw_ops.Qr(input=m)
print("Qr", type(tf.raw_ops.Qr(input=m)).__name__, text(tf.abs(q)), text(tf.abs(r)))
eig = tf.raw_ops.SelfAdjointEigV2(input=spd)
print("SelfAdjointEigV2", type(eig).__name__, eig._fields, text(eig.e), text(tf.abs(eig.v)))
print("SelfAdjointEigV2 no v", text(tf.raw_ops.SelfAdjointEigV2(input=spd, compute_v=False).e))
svd = tf.raw_ops.Svd(input=m)
print("Svd", type(svd).__name__, svd._fields, text(svd.s), text(tf.abs(svd.u)), text(tf.abs(svd.v)))
print("Diag", text(tf.raw_ops.Diag(diagonal=[1, 2])), text(tf.raw_ops.DiagPart(input=[[1, 0], [0, 2]])))

print("Cast", text(tf.raw_ops.Cast(x=x, DstT=tf.int32)), text(tf.raw_ops.Cast(x=ints, DstT="float64")),
      text(tf.raw_ops.Cast(x=x, DstT=tf.bfloat16, Truncate=False)))
print("Bitcast", text(tf.raw_ops.Bitcast(input=tf.constant([1.0]), type=tf.int32)))
print("Shape", text(tf.raw_ops.Shape(input=x)), text(tf.raw_ops.Shape(input=x, out_type=tf.int64)),
      text(tf.raw_ops.ShapeN(input=[x, a])))
print("Size", text(tf.raw_ops.Size(input=x)), text(tf.raw_ops.Rank(input=x)))
print("Reshape", text(tf.raw_ops.Reshape(tensor=x, shape=[3, -1])))
print("ExpandDims", text(tf.raw_ops.ExpandDims(input=a, axis=-1)))
print("Squeeze", text(tf.raw_ops.Squeeze(input=[[[1], [2]]])), text(tf.raw_ops.Squeeze(input=[[[1], [2]]], axis=[2])))
print("BroadcastTo", text(tf.raw_ops.BroadcastTo(input=[1, 2], shape=[2, 2])),
      text(tf.raw_ops.BroadcastArgs(s0=[2, 1], s1=[3])))
print("EnsureShape", text(tf.raw_ops.EnsureShape(input=x, shape=[2, 3])))
print("CheckNumerics", text(tf.raw_ops.CheckNumerics(tensor=x, message="bad")))
show_error("CheckNumerics nan", lambda: tf.raw_ops.CheckNumerics(tensor=[np.nan], message="bad"))

print("Fill", text(tf.raw_ops.Fill(dims=[2, 2], value=7)), text(tf.raw_ops.ZerosLike(x=ints)),
      text(tf.raw_ops.OnesLike(x=x)))
print("Range", text(tf.raw_ops.Range(start=1, limit=10, delta=3)),
      text(tf.raw_ops.Range(start=tf.constant(0.0), limit=1.0, delta=0.25)))
print("LinSpace", text(tf.raw_ops.LinSpace(start=0.0, stop=1.0, num=5)))
print("OneHot", text(tf.raw_ops.OneHot(indices=[0, 2], depth=3, on_value=5, off_value=-1)),
      text(tf.raw_ops.OneHot(indices=[0, 2], depth=3, on_value=1.0, off_value=0.0, axis=0)))
print("Transpose", text(tf.raw_ops.Transpose(x=x, perm=[1, 0])))
print("ConcatV2", text(tf.raw_ops.ConcatV2(values=[x, x], axis=1)), text(tf.raw_ops.Concat(concat_dim=0, values=[a, b])))
print("Pack", text(tf.raw_ops.Pack(values=[a, b])), text(tf.raw_ops.Pack(values=[a, b], axis=1)))
print("Unpack", text(tf.raw_ops.Unpack(value=x, num=2)), text(tf.raw_ops.Unpack(value=x, num=3, axis=1)))
print("Split", text(tf.raw_ops.Split(axis=1, value=tf.reshape(tf.range(8), [2, 4]), num_split=2)))
print("SplitV", text(tf.raw_ops.SplitV(value=tf.range(6), size_splits=[1, 2, 3], axis=0, num_split=3)))
print("Tile", text(tf.raw_ops.Tile(input=[[1, 2]], multiples=[2, 2])))
print("Pad", text(tf.raw_ops.Pad(input=[[1, 2]], paddings=[[1, 0], [0, 2]])),
      text(tf.raw_ops.PadV2(input=[1, 2], paddings=[[1, 1]], constant_values=7)),
      text(tf.raw_ops.MirrorPad(input=[1, 2, 3], paddings=[[2, 1]], mode="REFLECT")),
      text(tf.raw_ops.MirrorPad(input=[1, 2, 3], paddings=[[2, 1]], mode="SYMMETRIC")))
print("ReverseV2", text(tf.raw_ops.ReverseV2(tensor=x, axis=[1])))
print("ReverseSequence", text(tf.raw_ops.ReverseSequence(input=ints, seq_lengths=[2, 3], seq_dim=1)))
print("Roll", text(tf.raw_ops.Roll(input=[1, 2, 3, 4], shift=1, axis=0)))
print("InvertPermutation", text(tf.raw_ops.InvertPermutation(x=[2, 0, 1])))
print("UnravelIndex", text(tf.raw_ops.UnravelIndex(indices=[5, 7], dims=[3, 4])))
square = tf.reshape(tf.range(16.0), [1, 4, 4, 1])
to_batch = tf.raw_ops.SpaceToBatchND(input=square, block_shape=[2, 2], paddings=[[0, 0], [0, 0]])
print("SpaceToBatchND", text(tf.shape(to_batch)), text(tf.raw_ops.BatchToSpaceND(input=to_batch, block_shape=[2, 2],
                                                                                  crops=[[0, 0], [0, 0]])))
to_depth = tf.raw_ops.SpaceToDepth(input=square, block_size=2)
print("SpaceToDepth", text(to_depth), text(tf.raw_ops.DepthToSpace(input=to_depth, block_size=2)))

print("Slice", text(tf.raw_ops.Slice(input=x, begin=[0, 1], size=[2, 2])))
cube = tf.reshape(tf.range(24), [2, 3, 4])
for masks in ({}, {"begin_mask": 1}, {"end_mask": 2}, {"ellipsis_mask": 1}, {"new_axis_mask": 2},
              {"shrink_axis_mask": 1}, {"begin_mask": 6, "end_mask": 6, "shrink_axis_mask": 1}):
    print("StridedSlice", masks, text(tf.raw_ops.StridedSlice(input=cube, begin=[1, 0, 1], end=[2, 2, 4],
                                                              strides=[1, 1, 2], **masks)))
print("Gather", text(tf.raw_ops.Gather(params=x, indices=[1, 0, 1])))
print("GatherV2", text(tf.raw_ops.GatherV2(params=x, indices=[2, 0], axis=1)),
      text(tf.raw_ops.GatherV2(params=x, indices=[[1], [0]], axis=1, batch_dims=1)))
print("GatherNd", text(tf.raw_ops.GatherNd(params=x, indices=[[0, 1], [1, 2]])))
print("ScatterNd", text(tf.raw_ops.ScatterNd(indices=[[1], [3], [1]], updates=[1.0, 2.0, 3.0], shape=[5])))
for op in ("TensorScatterAdd", "TensorScatterMax", "TensorScatterMin", "TensorScatterSub", "TensorScatterUpdate"):
    print(op, text(getattr(tf.raw_ops, op)(tensor=a, indices=[[0], [2]], updates=[10.0, -10.0])))
print("Where", text(tf.raw_ops.Where(condition=[[True, False], [False, True]])))
print("SelectV2", text(tf.raw_ops.SelectV2(condition=[True, False, True], t=a, e=b)))
print("Select", text(tf.raw_ops.Select(condition=[True, False], x=[[1, 2], [3, 4]], y=[[5, 6], [7, 8]])),
      text(tf.raw_ops.Select(condition=[[True, False], [False, True]], x=[[1, 2], [3, 4]], y=[[5, 6], [7, 8]])))
show_error("Select shapes differ", lambda: tf.raw_ops.Select(condition=[True, False], x=[1, 2], y=[5]))
print("DynamicPartition", text(tf.raw_ops.DynamicPartition(data=[1, 2, 3, 4], partitions=[0, 1, 0, 1],
                                                           num_partitions=2)))
print("DynamicStitch", text(tf.raw_ops.DynamicStitch(indices=[[0, 2], [1, 3]], data=[[1.0, 3.0], [2.0, 4.0]])))
unique = tf.raw_ops.Unique(x=[3, 1, 3, 2, 1])
print("Unique", text(unique), type(unique).__name__, unique._fields, text(unique.idx))
print("Unique int64", text(tf.raw_ops.Unique(x=[3, 1, 3], out_idx=tf.int64)))
print("UniqueWithCounts", text(tf.raw_ops.UniqueWithCounts(x=["a", "b", "a"])))
print("LowerBound", text(tf.raw_ops.LowerBound(sorted_inputs=[[1, 2, 2, 3]], values=[[2, 4]])),
      text(tf.raw_ops.UpperBound(sorted_inputs=[[1, 2, 2, 3]], values=[[2, 0]], out_type=tf.int64)))

print("Softmax", text(tf.raw_ops.Softmax(logits=x)), text(tf.raw_ops.LogSoftmax(logits=x)))
print("BiasAdd", text(tf.raw_ops.BiasAdd(value=x, bias=[1.0, 2.0, 3.0])))
print("L2Loss", text(tf.raw_ops.L2Loss(t=x)))
print("LRN", text(tf.raw_ops.LRN(input=image, depth_radius=1, bias=0.5, alpha=0.1, beta=0.75)))
kernel = tf.reshape(tf.range(8.0) / 8.0, [2, 2, 2, 1])
print("Conv2D", text(tf.raw_ops.Conv2D(input=image, filter=kernel, strides=[1, 1, 1, 1], padding="VALID")))
print("Conv2D same strided", text(tf.raw_ops.Conv2D(input=image, filter=kernel, strides=[1, 2, 2, 1], padding="SAME")))
print("Conv2D dilated", text(tf.raw_ops.Conv2D(input=image, filter=kernel, strides=[1, 1, 1, 1], padding="VALID",
                                                dilations=[1, 2, 2, 1])))
print("DepthwiseConv2dNative", text(tf.raw_ops.DepthwiseConv2dNative(
    input=image, filter=tf.reshape(tf.range(8.0) / 8.0, [2, 2, 2, 1]), strides=[1, 1, 1, 1], padding="VALID")))
print("Conv3D", text(tf.raw_ops.Conv3D(input=volume, filter=tf.ones([1, 2, 2, 2, 1]), strides=[1, 1, 1, 1, 1],
                                       padding="VALID")))
print("MaxPool", text(tf.raw_ops.MaxPool(input=image, ksize=[1, 2, 2, 1], strides=[1, 2, 2, 1], padding="VALID")))
print("AvgPool", text(tf.raw_ops.AvgPool(value=image, ksize=[1, 3, 3, 1], strides=[1, 2, 2, 1], padding="SAME")))
print("MaxPoolWithArgmax", text(tf.raw_ops.MaxPoolWithArgmax(input=image, ksize=[1, 2, 2, 1], strides=[1, 2, 2, 1],
                                                               padding="VALID")),
      text(tf.raw_ops.MaxPoolWithArgmax(input=image, ksize=[1, 2, 2, 1], strides=[1, 2, 2, 1], padding="SAME",
                                        Targmax=tf.int32, include_batch_in_index=True).argmax))
print("Dilation2D", text(tf.raw_ops.Dilation2D(input=square, filter=tf.zeros([2, 2, 1]), strides=[1, 1, 1, 1],
                                               rates=[1, 2, 2, 1], padding="VALID")))
grads = tf.ones([1, 3, 3, 1])
print("Conv2DBackpropInput", text(tf.raw_ops.Conv2DBackpropInput(input_sizes=[1, 4, 4, 2], filter=kernel,
                                                                 out_backprop=grads, strides=[1, 1, 1, 1],
                                                                 padding="VALID")))
depthwise = tf.reshape(tf.range(8.0) / 8.0, [2, 2, 2, 1])
print("DepthwiseConv2dNativeBackpropInput", text(tf.raw_ops.DepthwiseConv2dNativeBackpropInput(
    input_sizes=[1, 4, 4, 2], filter=depthwise, out_backprop=tf.ones([1, 3, 3, 2]), strides=[1, 1, 1, 1],
    padding="VALID")))
print("DepthwiseConv2dNativeBackpropFilter", text(tf.raw_ops.DepthwiseConv2dNativeBackpropFilter(
    input=image, filter_sizes=[2, 2, 2, 1], out_backprop=tf.ones([1, 3, 3, 2]), strides=[1, 1, 1, 1],
    padding="VALID")))
labels = tf.constant([[0.0, 1.0, 0.0], [0.5, 0.5, 0.0]])
print("SoftmaxCrossEntropyWithLogits", text(tf.raw_ops.SoftmaxCrossEntropyWithLogits(features=x, labels=labels)))
print("SparseSoftmaxCrossEntropyWithLogits", text(tf.raw_ops.SparseSoftmaxCrossEntropyWithLogits(features=x,
                                                                                                 labels=[2, 0])))
print("FakeQuantWithMinMaxArgs", text(tf.raw_ops.FakeQuantWithMinMaxArgs(inputs=x)),
      text(tf.raw_ops.FakeQuantWithMinMaxArgs(inputs=x, min=-1.0, max=2.0, num_bits=4, narrow_range=True)))
print("MaxPool3D", text(tf.raw_ops.MaxPool3D(input=volume, ksize=[1, 2, 2, 2, 1], strides=[1, 1, 1, 1, 1],
                                             padding="VALID")))
print("AvgPool3D", text(tf.raw_ops.AvgPool3D(input=volume, ksize=[1, 1, 2, 2, 1], strides=[1, 1, 1, 1, 1],
                                             padding="VALID")))

print("Identity", text(tf.raw_ops.Identity(input=x)), text(tf.raw_ops.IdentityN(input=[a, ints])),
      text(tf.raw_ops.StopGradient(input=a)), text(tf.raw_ops.Snapshot(input=ints)), tf.raw_ops.NoOp())

print("StatelessRandomUniform", text(tf.raw_ops.StatelessRandomUniform(shape=[3], seed=[1, 2])))
print("StatelessRandomNormal", text(tf.raw_ops.StatelessRandomNormal(shape=[2, 2], seed=[3, 4], dtype=tf.float64)))
print("StatelessTruncatedNormal", text(tf.raw_ops.StatelessTruncatedNormal(shape=[3], seed=[5, 6])))
print("StatelessRandomUniformInt", text(tf.raw_ops.StatelessRandomUniformInt(shape=[4], seed=[1, 2], minval=0,
                                                                             maxval=10)))
print("StatelessMultinomial", text(tf.raw_ops.StatelessMultinomial(logits=[[0.0, 1.0, 2.0]], num_samples=5,
                                                                   seed=[1, 2])))
print("StatelessRandomBinomial", text(tf.raw_ops.StatelessRandomBinomial(shape=[4], seed=[1, 2], counts=10.0,
                                                                         probs=0.5)))
print("StatelessRandomGammaV2", text(tf.raw_ops.StatelessRandomGammaV2(shape=[3], seed=[1, 2], alpha=2.0)))
print("StatelessRandomPoisson", text(tf.raw_ops.StatelessRandomPoisson(shape=[3], seed=[1, 2], lam=2.0,
                                                                       dtype=tf.int32)))
print("ApproximateEqual", text(tf.raw_ops.ApproximateEqual(x=[1.0, 2.0], y=[1.000001, 2.1])),
      text(tf.raw_ops.ApproximateEqual(x=[1.0, 2.0], y=[1.000001, 2.1], tolerance=0.5)))

print("AsString", text(tf.raw_ops.AsString(input=[1.5, 2.25], precision=1)), text(tf.raw_ops.AsString(input=[7],
                                                                                                       width=3)))
print("ReduceJoin", text(tf.raw_ops.ReduceJoin(inputs=[["a", "b"], ["c", "d"]], reduction_indices=1, separator="-")))
print("RegexFullMatch", text(tf.raw_ops.RegexFullMatch(input=words, pattern="[a-z ]+")))
print("RegexReplace", text(tf.raw_ops.RegexReplace(input=words, pattern="o", rewrite="0")),
      text(tf.raw_ops.RegexReplace(input=words, pattern="o", rewrite="0", replace_global=False)))
print("StringFormat", text(tf.raw_ops.StringFormat(inputs=[a], template="a is %s")))
print("StringJoin", text(tf.raw_ops.StringJoin(inputs=[words, "!"], separator="")))
print("StringLength", text(tf.raw_ops.StringLength(input=words)), text(tf.raw_ops.StringLength(input=["é"],
                                                                                             unit="UTF8_CHAR")))
print("StringLower", text(tf.raw_ops.StringLower(input=words)), text(tf.raw_ops.StringUpper(input=words)))
split = tf.raw_ops.StringSplitV2(input=words, sep=" ")
print("StringSplitV2", type(split).__name__, split._fields, text(split))
print("StringSplitV2 whitespace", text(tf.raw_ops.StringSplitV2(input=words, sep="", maxsplit=1)))
print("StringStrip", text(tf.raw_ops.StringStrip(input=words)))
print("StringToHashBucket", text(tf.raw_ops.StringToHashBucket(string_tensor=words, num_buckets=10)),
      text(tf.raw_ops.StringToHashBucketFast(input=words, num_buckets=10)),
      text(tf.raw_ops.StringToHashBucketStrong(input=words, num_buckets=10, key=[1, 2])))
print("StringToNumber", text(tf.raw_ops.StringToNumber(string_tensor=["1.5", "-2"])),
      text(tf.raw_ops.StringToNumber(string_tensor=["7"], out_type=tf.int64)))
print("Substr", text(tf.raw_ops.Substr(input=words, pos=1, len=3)))
print("UnsortedSegmentJoin", text(tf.raw_ops.UnsortedSegmentJoin(inputs=words, segment_ids=[1, 0, 1], num_segments=2,
                                                                 separator="|")))
print("UnicodeTranscode", text(tf.raw_ops.UnicodeTranscode(input=["h\xe9llo", b"a\xffb"], input_encoding="UTF-8",
                                                           output_encoding="UTF-16-BE")),
      text(tf.raw_ops.UnicodeTranscode(input=[b"a\xffb"], input_encoding="UTF-8", output_encoding="UTF-8",
                                       replacement_char=63)))
print("DecodeCSV", text(tf.raw_ops.DecodeCSV(records=["1,a,2.5", "3,,"], record_defaults=[[0], ["z"], [1.0]])),
      text(tf.raw_ops.DecodeCSV(records=["1;a;2.5"], record_defaults=[[0], [1.0]], field_delim=";", select_cols=[0, 2])))
encoded = tf.raw_ops.EncodeBase64(input=words)
print("EncodeBase64", text(encoded), text(tf.raw_ops.EncodeBase64(input=words, pad=True)),
      text(tf.raw_ops.DecodeBase64(input=encoded)))
print("Fingerprint", text(tf.raw_ops.Fingerprint(data=words, method="farmhash64")))

serialized = tf.raw_ops.SerializeTensor(tensor=x)
print("SerializeTensor", text(tf.raw_ops.ParseTensor(serialized=serialized, out_type=tf.float32)))
print("DecodeRaw", text(tf.raw_ops.DecodeRaw(bytes=["abcd"], out_type=tf.uint8)),
      text(tf.raw_ops.DecodeRaw(bytes=["abcd"], out_type=tf.int16, little_endian=False)))
pixels = tf.reshape(tf.cast(tf.range(24) * 10, tf.uint8), [2, 4, 3])
png = tf.raw_ops.EncodePng(image=pixels)
print("EncodePng", text(tf.raw_ops.DecodePng(contents=png)), text(tf.raw_ops.DecodePng(contents=png, channels=1)))
jpeg = tf.io.encode_jpeg(tf.tile(pixels, [4, 4, 1]), quality=90)
print("DecodeAndCropJpeg", text(tf.raw_ops.DecodeAndCropJpeg(contents=jpeg, crop_window=[1, 2, 3, 4])),
      text(tf.raw_ops.DecodeAndCropJpeg(contents=jpeg, crop_window=[0, 0, 2, 2], channels=1, ratio=2)))
print("UnicodeScript", text(tf.raw_ops.UnicodeScript(input=[72, 1041, 0x4E2D, -1])))
rgb = tf.reshape(tf.range(12.0) / 12.0, [2, 2, 3])
print("AdjustContrastv2", text(tf.raw_ops.AdjustContrastv2(images=rgb, contrast_factor=2.0)))
print("AdjustHue", text(tf.raw_ops.AdjustHue(images=rgb, delta=0.25)))
print("AdjustSaturation", text(tf.raw_ops.AdjustSaturation(images=rgb, scale=0.5)))
print("ExtractImagePatches", text(tf.raw_ops.ExtractImagePatches(images=square, ksizes=[1, 2, 2, 1], strides=[1, 2, 2, 1],
                                                                 rates=[1, 1, 1, 1], padding="VALID")))
print("CropAndResize", text(tf.raw_ops.CropAndResize(image=square, boxes=[[0.0, 0.0, 1.0, 1.0], [0.25, 0.25, 0.5, 0.75]],
                                                     box_ind=[0, 0], crop_size=[2, 2])),
      text(tf.raw_ops.CropAndResize(image=square, boxes=[[0.0, 0.0, 1.5, 1.0]], box_ind=[0], crop_size=[3, 2],
                                    method="nearest", extrapolation_value=-1.0)))
boxes = [[0.0, 0.0, 1.0, 1.0], [0.0, 0.1, 1.0, 1.1], [0.0, 2.0, 1.0, 3.0]]
print("NonMaxSuppressionV3", text(tf.raw_ops.NonMaxSuppressionV3(boxes=boxes, scores=[0.9, 0.8, 0.7], max_output_size=3,
                                                                 iou_threshold=0.5, score_threshold=0.75)))
directory = tempfile.mkdtemp()
path = os.path.join(directory, "raw.txt")
print("WriteFile", tf.raw_ops.WriteFile(filename=path, contents="raw bytes"))
print("ReadFile", text(tf.raw_ops.ReadFile(filename=path)))
print("MatchingFiles", [os.path.basename(p) for p in tf.raw_ops.MatchingFiles(pattern=os.path.join(directory, "*.txt"))
                        .numpy().tolist()])
print("HistogramFixedWidth", text(tf.raw_ops.HistogramFixedWidth(values=[0.0, 0.5, 1.5, 4.0, 5.0], value_range=[0.0, 5.0],
                                                                 nbins=5)))

# Errors: positional arguments, a missing or an unknown argument, attrs of the wrong kind, unknown ops.
show_error_message("positional", lambda: tf.raw_ops.AddV2(a, b))
show_error_message("some positional", lambda: tf.raw_ops.MatMul(m, b=m))
show_error_message("missing", lambda: tf.raw_ops.AddV2(x=a))
show_error_message("unexpected", lambda: tf.raw_ops.AddV2(x=a, y=b, z=a))
show_error_message("bad DstT", lambda: tf.raw_ops.Cast(x=a, DstT="nonsense"))
show_error_message("bad transpose_a", lambda: tf.raw_ops.MatMul(a=m, b=m, transpose_a="yes"))
show_error_message("bad keep_dims", lambda: tf.raw_ops.Sum(input=a, axis=0, keep_dims=1))
show_error_message("bad out_idx", lambda: tf.raw_ops.Unique(x=[1], out_idx="int"))
show_error_message("bad separator", lambda: tf.raw_ops.StringJoin(inputs=["a"], separator=1))
show_error("bad Tout", lambda: tf.raw_ops.Complex(real=1.0, imag=2.0, Tout=tf.complex128))
show_error("mismatched dtypes", lambda: tf.raw_ops.AddV2(x=tf.constant(1), y=tf.constant(1.0)))
show_error("unknown op", lambda: tf.raw_ops.NoSuchOp)
show_error("Unpack num", lambda: tf.raw_ops.Unpack(value=[1, 2], num=3))

# Gradients flow through raw ops as through the functions they are.
w = tf.Variable([[0.5, -1.0], [2.0, 0.25]])
with tf.GradientTape() as tape:
    h = tf.raw_ops.Relu(features=tf.raw_ops.MatMul(a=m, b=w, transpose_b=True))
    loss = tf.raw_ops.Sum(input=tf.raw_ops.Square(x=h), axis=[0, 1])
print("gradient", text(loss), text(tape.gradient(loss, w)))
v = tf.Variable([1.0, 4.0, 9.0])
with tf.GradientTape(persistent=True) as tape:
    parts = tf.raw_ops.Unpack(value=tf.raw_ops.Sqrt(x=v), num=3)
    top = tf.raw_ops.TopKV2(input=tf.raw_ops.Mul(x=v, y=v), k=2)
    joined = tf.raw_ops.ConcatV2(values=[[parts[0] * 3.0], top.values], axis=0)
    stopped = tf.raw_ops.StopGradient(input=v)
print("gradient Unpack", text(tape.gradient(parts[1], v)), "TopKV2", text(tape.gradient(top.values, v)),
      "ConcatV2", text(tape.gradient(joined, v)), "StopGradient", tape.gradient(stopped, v))
del tape

for op in ("Abs", "Acos", "Asin", "Asinh", "Atan", "Atanh", "Ceil", "Cos", "Cosh", "Digamma", "Erf", "Erfc", "Erfinv",
           "Exp", "Expm1", "Floor", "Inv", "Lgamma", "Log", "Log1p", "Ndtri", "Neg", "Reciprocal", "Rint", "Round",
           "Rsqrt", "Sigmoid", "Sign", "Sin", "Sinh", "Sqrt", "Square", "Tan", "Tanh", "BesselI0e", "BesselI1e"):
    with tf.GradientTape() as tape:
        tape.watch(unit)
        y = getattr(tf.raw_ops, op)(x=unit)
    print("gradient", op, text(tape.gradient(y, unit)))
for op in ("Elu", "Relu", "Relu6", "Selu", "Softplus", "Softsign", "LeakyRelu"):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = getattr(tf.raw_ops, op)(features=x)
    print("gradient", op, text(tape.gradient(y, x)))
for op in ("AddV2", "Sub", "Mul", "RealDiv", "Maximum", "Minimum", "Pow", "SquaredDifference", "Xlogy", "DivNoNan",
           "FloorDiv", "FloorMod"):
    with tf.GradientTape() as tape:
        tape.watch([a, b])
        y = getattr(tf.raw_ops, op)(x=a + 1.0, y=b + 1.0)
    print("gradient", op, text(tape.gradient(y, [a, b])))
for op, kwargs in (("Softmax", {"logits": x}), ("LogSoftmax", {"logits": x}), ("Max", {"input": x, "axis": 1}),
                   ("Mean", {"input": x, "axis": [0, 1]}), ("Prod", {"input": x, "axis": 0}),
                   ("Cumsum", {"x": x, "axis": 1, "exclusive": True}), ("Cumprod", {"x": x, "axis": 1}),
                   ("Transpose", {"x": x, "perm": [1, 0]}), ("Tile", {"input": x, "multiples": [2, 1]}),
                   ("GatherV2", {"params": x, "indices": [2, 2, 0], "axis": 1}),
                   ("GatherNd", {"params": x, "indices": [[0, 1], [0, 1]]}),
                   ("StridedSlice", {"input": x, "begin": [0, 0], "end": [2, 3], "strides": [1, 2]}),
                   ("Pad", {"input": x, "paddings": [[1, 0], [0, 1]]}),
                   ("MirrorPad", {"input": x, "paddings": [[1, 0], [0, 2]], "mode": "REFLECT"}),
                   ("ClipByValue", {"t": x, "clip_value_min": -1.0, "clip_value_max": 4.0}),
                   ("BiasAdd", {"value": x, "bias": [1.0, 2.0, 3.0]}), ("L2Loss", {"t": x}),
                   ("SelectV2", {"condition": [True, False, True], "t": x, "e": 0.0}),
                   ("Conv2D", {"input": tf.reshape(x, [1, 2, 3, 1]), "filter": tf.ones([1, 2, 1, 1]),
                               "strides": [1, 1, 1, 1], "padding": "SAME"}),
                   ("MaxPool", {"input": tf.reshape(x, [1, 2, 3, 1]), "ksize": [1, 2, 2, 1], "strides": [1, 1, 1, 1],
                                "padding": "VALID"}),
                   ("AvgPool", {"value": tf.reshape(x, [1, 2, 3, 1]), "ksize": [1, 2, 2, 1], "strides": [1, 1, 1, 1],
                                "padding": "SAME"})):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = getattr(tf.raw_ops, op)(**kwargs)
    print("gradient", op, text(tape.gradient(y, x)))


@tf.function
def traced(x, y):
    z = tf.raw_ops.AddV2(x=tf.raw_ops.MatMul(a=x, b=y), y=1.0)
    print("traced static shapes", z.shape, tf.raw_ops.Pack(values=[z, z], axis=1).shape)
    unique = tf.raw_ops.Unique(x=tf.raw_ops.Reshape(tensor=tf.raw_ops.Cast(x=z, DstT=tf.int32), shape=[-1]))
    return tf.raw_ops.Softmax(logits=z), unique.y, unique.idx


@tf.function
def named(x, y):
    """Traced raw ops are named after their op types, or after `name`."""
    a = tf.raw_ops.AddV2(x=x, y=y)
    b = tf.raw_ops.Add(x=a, y=y)
    c = tf.raw_ops.MatMul(a=b, b=b, name="product")
    d = tf.raw_ops.ConcatV2(values=[c, c], axis=0)
    unique = tf.raw_ops.Unique(x=tf.raw_ops.Reshape(tensor=d, shape=[-1]))
    total = tf.raw_ops.Sum(input=d, axis=[0, 1])
    print("traced names", [t.name for t in (a, b, c, d, tf.raw_ops.Range(start=0, limit=3, delta=1), unique.y, unique.idx,
                                            total)])
    return total


print("named", text(named(m, spd)))
soft, ys, idx = traced(m, spd)
print("tf.function", text(soft), text(ys), text(idx))
with tf.GradientTape() as tape:
    tape.watch(m)
    soft, _, _ = traced(m, spd)
    picked = tf.raw_ops.GatherV2(params=soft, indices=[0], axis=1)
print("tf.function gradient", text(tape.gradient(picked, m)))
