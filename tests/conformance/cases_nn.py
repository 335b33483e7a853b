"""Neural-network ops: conv2d and depthwise_conv2d with SAME/VALID/explicit padding, strides and
dilations; max/avg pooling with SAME/VALID and strides; softmax and log_softmax (axes, large and
infinite logits, NaN); both softmax cross-entropies (soft labels with their gradient, sparse
int32/int64 labels, out-of-range labels); batch_normalization; bias_add (NHWC/NCHW, errors),
leaky_relu, silu, crelu; the logistic and Poisson losses, l2_loss, moments and the
loss-averaging helpers; conv1d, convolution, separable_conv2d, conv2d_transpose and the 1-D
and rank-generic pools; conv3d, conv3d_transpose, max_pool3d, avg_pool3d, and convolution,
max_pool, avg_pool and pool on rank-5 inputs; space_to_depth / depth_to_space, embedding_lookup (with max_norm, and
partitioned), local_response_normalization.

Tolerance: 8 ulps of the output's largest magnitude (SCALED); gradients 16. Convolutions and
pooling backprops are oneDNN on both sides (TensorFlow 2.21's CPU build enables its oneDNN ops),
but with different blockings and summation orders; softmax's exp and log are ~2 ulps each and
the normalizing sum adds a few roundings at the scale of the largest term."""

import numpy as np

from case import Case, T, ramp

ULPS = 8
GRAD_ULPS = 16
SCALED = True

SOFTMAX_NAN = ("a float32 row holding NaN or +Inf: TensorFlow's oneDNN softmax gives NaN at that position and 0 "
               "elsewhere; tfpp gives NaN for the whole row, as TensorFlow's float64 (Eigen) softmax does")
EMPTY_CONV_OUT = ("conv2d with an empty output: TensorFlow's float32 (oneDNN) kernel returns its input instead of the "
                  "empty result (and its gradient crashes); tfpp gives the empty result, as TensorFlow's float64 kernel does")
CHANNELS_FIRST_CPU = ("channels-first (NCW/NCHW) conv2d and max-pool gradients: TensorFlow's CPU kernels support only "
                      "NHWC and raise; tfpp computes them (its oneDNN primitives take either layout)")
POOL3D_FLOAT64 = ("max_pool3d and avg_pool3d of float64: TensorFlow's CPU build has float32 (and half, bfloat16) "
                  "kernels only and raises; tfpp computes float64 too (its finite-difference gradient checks use it)")
RANK5_GENERIC_GRAD = ("gradients of tf.nn.convolution, max_pool and avg_pool on rank-5 inputs: TensorFlow 2.21 records the "
                      "3-D op with data_format None, and its gradient function fails reading it (AttributeError); tfpp "
                      "differentiates them")
EMPTY_CONV = ("conv2d of an empty float32 batch: TensorFlow's oneDNN kernel returns the input's channel count "
              "(0, 4, 4, 3); tfpp gives the filter's (0, 4, 4, 2), as TensorFlow's float64 kernel does")


def convolutions():
    out = []
    x = ramp((2, 6, 7, 3), "float32", 0.125)
    for fshape in [(3, 3, 3, 4), (1, 1, 3, 2), (2, 3, 3, 2)]:
        w = ramp(fshape, "float32", 0.0625, 0.01)
        for padding in ["SAME", "VALID"]:
            for strides in [1, 2, [2, 1]]:
                out.append(Case("tf.nn.conv2d", [x, w], {"strides": strides, "padding": padding}, grad=True))
            out.append(Case("tf.nn.conv2d", [x, w], {"strides": 1, "padding": padding, "dilations": 2}, grad=True))
    out += [
        Case("tf.nn.conv2d", [x, ramp((3, 3, 3, 2), "float32")], {"strides": [1, 2, 2, 1], "padding": "SAME"}, grad=True),
        Case("tf.nn.conv2d", [x, ramp((3, 3, 3, 2), "float32")], {"strides": 1, "padding": [[0, 0], [1, 2], [0, 1], [0, 0]]}, grad=True),
        Case("tf.nn.conv2d", [ramp((1, 5, 5, 2), "float64"), ramp((3, 3, 2, 2), "float64")], {"strides": 1, "padding": "SAME"}, grad=True),
        Case("tf.nn.conv2d", [ramp((1, 5, 5, 2), "float64"), ramp((3, 3, 2, 2), "float64")], {"strides": 2, "padding": "VALID", "dilations": 1}, grad=True),
        # TensorFlow's float32 (oneDNN) conv2d returns its input when the output is empty, and its
        # gradient of an empty output crashes the process, so those are compared forward, in float64.
        Case("tf.nn.conv2d", [ramp((1, 2, 2, 3), "float64"), ramp((3, 3, 3, 1), "float64")], {"strides": 1, "padding": "VALID"}, note="filter larger than input"),
        Case("tf.nn.conv2d", [ramp((1, 2, 2, 3), "float32"), ramp((3, 3, 3, 1), "float32")], {"strides": 1, "padding": "VALID"},
             note="filter larger than input", deviation=EMPTY_CONV_OUT),
        Case("tf.nn.conv2d", [x, ramp((3, 3, 2, 2), "float32")], {"strides": 1, "padding": "SAME"}, note="channel mismatch"),
        Case("tf.nn.conv2d", [x, ramp((3, 3, 3, 2), "float32")], {"strides": 1, "padding": "FULL"}, note="bad padding"),
        Case("tf.nn.conv2d", [x, ramp((3, 3, 3, 2), "float32")], {"strides": [1, 2, 2, 2], "padding": "SAME"}, note="channel stride"),
        Case("tf.nn.conv2d", [x, ramp((3, 3, 3, 2), "float32")], {"strides": 2, "padding": "SAME", "dilations": 2}, note="strides with dilations"),
        Case("tf.nn.conv2d", [ramp((0, 4, 4, 3), "float32"), ramp((3, 3, 3, 2), "float32")], {"strides": 1, "padding": "SAME"},
             grad=True, note="empty batch", deviation=EMPTY_CONV),
        Case("tf.nn.conv2d", [ramp((0, 4, 4, 3), "float64"), ramp((3, 3, 3, 2), "float64")], {"strides": 1, "padding": "SAME"},
             grad=True, note="empty batch"),
        Case("tf.nn.conv2d", [ramp((1, 3, 3, 1), "int32"), ramp((1, 1, 1, 1), "int32")], {"strides": 1, "padding": "SAME"},
             note="int32"),
        Case("tf.nn.conv2d", [ramp((2, 5, 4, 3), "int32"), ramp((3, 2, 3, 2), "int32")], {"strides": 2, "padding": "SAME"},
             note="int32, stride 2"),
        Case("tf.nn.conv2d", [ramp((1, 3, 3, 2), "int64"), ramp((1, 1, 2, 1), "int64")], {"strides": 1, "padding": "SAME"},
             note="int64"),
        Case("tf.nn.conv2d", [ramp((1, 2, 2, 3), "float64"), ramp((3, 3, 3, 1), "float64")], {"strides": 2, "padding": "VALID"}, note="empty output"),
        Case("tf.nn.conv2d", [ramp((1, 1, 1, 3), "float32"), ramp((3, 3, 3, 1), "float32")], {"strides": 1, "padding": "VALID"}, note="negative output size"),
    ]
    for padding in ["SAME", "VALID"]:
        for strides in [[1, 1, 1, 1], [1, 2, 2, 1]]:
            out.append(Case("tf.nn.depthwise_conv2d", [x, ramp((3, 3, 3, 2), "float32", 0.0625)],
                            {"strides": strides, "padding": padding}, grad=True))
        out.append(Case("tf.nn.depthwise_conv2d", [x, ramp((2, 2, 3, 1), "float32", 0.0625)],
                        {"strides": [1, 1, 1, 1], "padding": padding, "dilations": [2, 2]}, grad=True))
    out.append(Case("tf.nn.depthwise_conv2d", [ramp((1, 4, 4, 2), "float64"), ramp((3, 3, 2, 3), "float64")],
                    {"strides": [1, 1, 1, 1], "padding": "SAME"}, grad=True))
    return out


def pooling():
    out = []
    x = ramp((2, 7, 6, 3), "float32", 0.125)
    for op in ["max_pool2d", "avg_pool2d"]:
        for padding in ["SAME", "VALID"]:
            for ksize, strides in [(2, 2), (3, 2), (3, 1), ([2, 3], [1, 2])]:
                out.append(Case(f"tf.nn.{op}", [x], {"ksize": ksize, "strides": strides, "padding": padding}, grad=True))
        out += [
            Case(f"tf.nn.{op}", [ramp((1, 5, 5, 2), "float64")], {"ksize": 2, "strides": 2, "padding": "SAME"}, grad=True),
            Case(f"tf.nn.{op}", [x], {"ksize": 2, "strides": 2, "padding": "EXPLICIT"}, note="bad padding"),
            Case(f"tf.nn.{op}", [T([[[[1.0], [np.nan]], [[3.0], [-np.inf]]]], "float32")], {"ksize": 2, "strides": 1, "padding": "VALID"}, note="NaN, -Inf"),
        ]
    # TensorFlow 2.21's max_pool2d dies of SIGFPE on a VALID window larger than the input, so
    # only avg_pool2d's error is compared (tfpp raises InvalidArgumentError for both).
    out.append(Case("tf.nn.avg_pool2d", [ramp((1, 2, 2, 1), "float32")], {"ksize": 3, "strides": 1, "padding": "VALID"}, note="window larger than input"))
    out.append(Case("tf.nn.max_pool2d", [T([[[[1.0], [3.0]], [[3.0], [2.0]]]], "float32")], {"ksize": 2, "strides": 1, "padding": "VALID"}, grad=True, note="ties: gradient to the first max"))
    # NaN windows: the forward max ignores NaN (a window of NaNs or -Infs gives the lowest finite
    # value); the gradient goes to the window's first element, then to each later one strictly
    # greater, so a leading NaN keeps it.
    nan, inf = np.nan, np.inf
    for dtype in ["float32", "float64"]:
        for window, note in [([nan, 1.0, 3.0, 2.0], "leading NaN"), ([1.0, nan, 3.0, -inf], "NaN, -Inf"),
                             ([3.0, nan, 3.0, nan], "NaN between ties"), ([nan, nan, nan, nan], "all NaN"),
                             ([-inf, -inf, -inf, -inf], "all -Inf")]:
            out.append(Case("tf.nn.max_pool2d", [T(np.array(window).reshape(1, 2, 2, 1), dtype)],
                            {"ksize": 2, "strides": 1, "padding": "VALID"}, grad=True, note=f"gradient, {note}"))
        out.append(Case("tf.nn.max_pool2d", [T(np.array([nan, 5, 2, 5, 0, 5, 3, 5, 4, 5, nan, 5]).reshape(1, 3, 4, 1), dtype)],
                        {"ksize": 3, "strides": [1, 2], "padding": "SAME"}, grad=True, note="overlapping windows with ties and NaN"))
    return out


def softmaxes():
    out = []
    for op in ["softmax", "log_softmax"]:
        for dtype in ["float32", "float64"]:
            out.append(Case(f"tf.nn.{op}", [ramp((3, 5), dtype, 0.5)], grad=True))
            out.append(Case(f"tf.nn.{op}", [ramp((3, 5), dtype, 0.5)], {"axis": 0}, grad=True))
            out.append(Case(f"tf.nn.{op}", [ramp((2, 3, 4), dtype, 0.5)], {"axis": 1}, grad=True))
        out += [
            Case(f"tf.nn.{op}", [T([[1000.0, 0.0, -1000.0], [88.0, 89.0, 90.0]], "float32")], grad=True, note="large logits"),
            Case(f"tf.nn.{op}", [T([[-np.inf, 0.0, 1.0], [-np.inf, -np.inf, -np.inf]], "float32")], note="-Inf logits"),
            Case(f"tf.nn.{op}", [T([[np.nan, 0.0], [np.inf, 0.0]], "float32")], note="NaN, Inf",
                 deviation=SOFTMAX_NAN if op == "softmax" else ""),
            Case(f"tf.nn.{op}", [T([[np.nan, 0.0], [np.inf, 0.0]], "float64")], note="NaN, Inf"),
            Case(f"tf.nn.{op}", [T([0.5, -0.5], "float32")], grad=True, note="rank 1"),
            Case(f"tf.nn.{op}", [T(np.zeros((0, 3)), "float32")], grad=True, note="empty"),
            Case(f"tf.nn.{op}", [ramp((2, 3), "float32")], {"axis": 2}, note="axis out of range"),
            Case(f"tf.nn.{op}", [T([1, 2], "int32")], note="int32"),
        ]
    return out


def cross_entropies():
    logits = ramp((4, 5), "float32", 0.5)
    labels = np.abs(ramp((4, 5), "float32", 0.25, 0.1))
    labels = (labels / labels.sum(axis=1, keepdims=True)).astype(np.float32)
    out = [
        Case("tf.nn.softmax_cross_entropy_with_logits", [labels, logits], grad=True),
        Case("tf.nn.softmax_cross_entropy_with_logits", [labels.astype(np.float64), logits.astype(np.float64)], grad=True),
        Case("tf.nn.softmax_cross_entropy_with_logits", [labels.T.copy(), logits.T.copy()], {"axis": 0}, grad=True),
        Case("tf.nn.softmax_cross_entropy_with_logits", [T([[0.0, 1.0]], "float32"), T([[1000.0, -1000.0]], "float32")], grad=True, note="large logits"),
        Case("tf.nn.softmax_cross_entropy_with_logits", [ramp((2, 3, 4), "float32", 0.1), ramp((2, 3, 4), "float32", 0.3)], grad=True, note="rank 3"),
        Case("tf.nn.softmax_cross_entropy_with_logits", [labels, ramp((4, 6), "float32")], note="shape mismatch"),
        Case("tf.nn.softmax_cross_entropy_with_logits", [labels.astype(np.float64), logits], note="dtype mismatch"),
    ]
    for ltype in ["int32", "int64"]:
        out.append(Case("tf.nn.sparse_softmax_cross_entropy_with_logits", [T([0, 4, 2, 2], ltype), logits], grad=True))
    out += [
        Case("tf.nn.sparse_softmax_cross_entropy_with_logits", [T([1, 0], "int32"), ramp((2, 3), "float64")], grad=True),
        Case("tf.nn.sparse_softmax_cross_entropy_with_logits", [T([[1, 0], [2, 2]], "int32"), ramp((2, 2, 3), "float32")], grad=True, note="rank 3"),
        Case("tf.nn.sparse_softmax_cross_entropy_with_logits", [T([0, 5, 1, 1], "int32"), logits], note="label out of range"),
        Case("tf.nn.sparse_softmax_cross_entropy_with_logits", [T([0, -1, 1, 1], "int32"), logits], note="negative label"),
        Case("tf.nn.sparse_softmax_cross_entropy_with_logits", [T([0, 1, 1], "int32"), logits], note="batch mismatch"),
        Case("tf.nn.sparse_softmax_cross_entropy_with_logits", [T([1], "int32"), T([[1000.0, -1000.0]], "float32")], grad=True, note="large logits"),
    ]
    return out


def batch_norm():
    x = ramp((2, 3, 4), "float32")
    out = [
        Case("tf.nn.batch_normalization", [x, ramp((4,), "float32", 0.1), np.abs(ramp((4,), "float32", 0.2)) + 0.5,
                                           ramp((4,), "float32", 0.3), ramp((4,), "float32", 0.4, 1.0)], {"variance_epsilon": 1e-3}, grad=True),
        Case("tf.nn.batch_normalization", [ramp((2, 3), "float64"), ramp((2, 1), "float64", 0.1), T([[0.5], [2.0]], "float64"),
                                           T(0.25, "float64"), T(2.0, "float64")], {"variance_epsilon": 1e-5}, grad=True),
    ]
    return out


def bias_and_activations():
    x = ramp((2, 3, 4), "float32")
    out = [
        Case("tf.nn.bias_add", [x, ramp((4,), "float32", 0.5)], grad=True),
        Case("tf.nn.bias_add", [x, ramp((3,), "float32", 0.5)], {"data_format": "NCHW"}, grad=True),
        Case("tf.nn.bias_add", [ramp((2, 3, 2, 2), "float64"), ramp((3,), "float64", 0.5)], {"data_format": "NCHW"}, grad=True),
        Case("tf.nn.bias_add", [ramp((2, 5), "float64"), ramp((5,), "float64", 0.5)], {"data_format": "NCHW"}, grad=True),
        Case("tf.nn.bias_add", [ramp((2, 3), "int32", 1), T([1, 2, 3], "int32")], note="int32"),
        Case("tf.nn.bias_add", [ramp((2, 3), "int64", 1), T([1, 2, 3], "int64")], note="int64"),
        Case("tf.nn.bias_add", [x, ramp((3,), "float32")], note="bias size mismatch"),
        Case("tf.nn.bias_add", [ramp((3,), "float32"), ramp((3,), "float32")], note="rank 1 value"),
        Case("tf.nn.bias_add", [x, ramp((1, 4), "float32")], note="rank 2 bias"),
        Case("tf.nn.bias_add", [x, ramp((4,), "float64")], note="dtype mismatch"),
    ]
    for dtype in ["float32", "float64"]:
        v = ramp((3, 5), dtype, 0.375)
        # No zeros for crelu: TensorFlow's relu of -0.0 is -0.0 or 0.0 by position (its vector loop
        # and scalar tail differ); tfpp's is 0.0.
        nonzero = ramp((3, 5), dtype, 0.375, 0.125)
        out += [
            Case("tf.nn.leaky_relu", [v], grad=True),
            Case("tf.nn.leaky_relu", [v], {"alpha": 0.01}, grad=True),
            Case("tf.nn.leaky_relu", [v], {"alpha": 1.5}, grad=True),
            Case("tf.nn.silu", [v], grad=True),
            Case("tf.nn.silu", [v], {"beta": 0.5}, grad=True),
            Case("tf.nn.swish", [v], grad=True),
            Case("tf.nn.crelu", [nonzero], grad=True),
            Case("tf.nn.crelu", [nonzero], {"axis": 0}, grad=True),
        ]
    out += [
        Case("tf.nn.leaky_relu", [T([0.0, -0.0, 1.0, -1.0], "float32")], grad=True, note="zeros"),
        Case("tf.nn.leaky_relu", [T([-3, 0, 2], "int32")], note="int32 becomes float32"),
        Case("tf.nn.silu", [T([-100.0, 0.0, 100.0, np.inf, -np.inf], "float32")], note="large values"),
    ]
    return out


def losses():
    labels = np.abs(ramp((3, 4), "float32", 0.1))
    logits = ramp((3, 4), "float32", 0.75)
    out = []
    for dtype in ["float32", "float64"]:
        z, x = labels.astype(dtype), logits.astype(dtype)
        out += [
            Case("tf.nn.sigmoid_cross_entropy_with_logits", [z, x], grad=True),
            Case("tf.nn.weighted_cross_entropy_with_logits", [z, x, T(2.5, dtype)], grad=True),
            Case("tf.nn.weighted_cross_entropy_with_logits", [z, x, T([0.5, 1.0, 2.0, 4.0], dtype)], grad=True),
            Case("tf.nn.log_poisson_loss", [np.abs(x) * 2, x / 2], grad=True),
            Case("tf.nn.log_poisson_loss", [np.abs(x) * 2, x / 2], {"compute_full_loss": True}, grad=True),
            Case("tf.nn.l2_loss", [x], grad=True),
        ]
    out += [
        Case("tf.nn.sigmoid_cross_entropy_with_logits", [T([1.0, 0.0, 0.5, 1.0], "float32"), T([0.0, 0.0, 200.0, -200.0], "float32")],
             grad=True, note="zero and large logits"),
        Case("tf.nn.sigmoid_cross_entropy_with_logits", [labels, ramp((4, 3), "float32")], note="shape mismatch"),
        Case("tf.nn.log_poisson_loss", [ramp((3,), "float32"), ramp((4,), "float32")], note="shape mismatch"),
        Case("tf.nn.l2_loss", [T(np.zeros((0, 3)), "float32")], grad=True, note="empty"),
        Case("tf.nn.l2_loss", [T(2.0, "float64")], grad=True, note="scalar"),
        Case("tf.nn.l2_loss", [T([1, 2], "int32")], note="int32"),
        Case("tf.nn.compute_average_loss", [ramp((4,), "float32")], grad=True),
        Case("tf.nn.compute_average_loss", [ramp((4,), "float32")], {"global_batch_size": 6}, grad=True),
        Case("tf.nn.compute_average_loss", [ramp((4, 2), "float64"), ramp((4,), "float64", 0.5, 1.0)], grad=True,
             note="sample_weight of rank 1"),
        Case("tf.nn.compute_average_loss", [ramp((4,), "float32")], {"global_batch_size": 0}, grad=True, note="batch 0"),
        Case("tf.nn.compute_average_loss", [T(1.0, "float32")], note="scalar loss"),
        Case("tf.nn.scale_regularization_loss", [ramp((3,), "float32")], grad=True),
    ]
    return out


def moments():
    x = ramp((2, 3, 4), "float32", 0.5)
    out = []
    for axes in [[0], [0, 1], [2], [0, 1, 2]]:
        for keepdims in [False, True]:
            out.append(Case("tf.nn.moments", [x], {"axes": axes, "keepdims": keepdims}, grad=True))
    w = np.abs(ramp((2, 3, 1), "float32", 0.5)) + 0.5
    out += [
        Case("tf.nn.moments", [ramp((3, 5), "float64")], {"axes": [0]}, grad=True),
        Case("weighted_moments", [x, w], {"axes": [0, 1]}, grad=True),
        Case("weighted_moments", [x, w], {"axes": [2], "keepdims": True}, grad=True),
        Case("weighted_moments", [x, np.zeros((2, 3, 1), np.float32)], {"axes": [2]}, note="zero weights"),
        Case("tf.nn.normalize_moments", [T(4.0, "float32"), ramp((3,), "float32"), np.abs(ramp((3,), "float32")) + 2,
                                         ramp((3,), "float32", 0.1)], grad=True),
        Case("tf.nn.moments", [x], {"axes": [3]}, note="axis out of range"),
    ]
    return out


def conv_pool_variants():
    signal = ramp((2, 7, 3), "float32", 0.125)
    taps = ramp((3, 3, 4), "float32", 0.0625, 0.01)
    images = ramp((2, 5, 6, 3), "float32", 0.125)
    out = []
    for padding in ["SAME", "VALID"]:
        out += [
            Case("tf.nn.conv1d", [signal, taps], {"stride": 1, "padding": padding}, grad=True),
            Case("tf.nn.conv1d", [signal, taps], {"stride": 2, "padding": padding}, grad=True),
            Case("tf.nn.conv1d", [signal, taps], {"stride": 1, "padding": padding, "dilations": 2}, grad=True),
            Case("tf.nn.convolution", [signal, taps], {"strides": 2, "padding": padding}, grad=True),
            Case("tf.nn.convolution", [images, ramp((2, 3, 3, 2), "float32", 0.0625)], {"padding": padding}, grad=True),
            Case("tf.nn.separable_conv2d", [images, ramp((3, 3, 3, 2), "float32", 0.0625), ramp((1, 1, 6, 4), "float32", 0.0625)],
                 {"strides": [1, 1, 1, 1], "padding": padding}, grad=True),
            Case("tf.nn.separable_conv2d", [images, ramp((2, 2, 3, 1), "float32", 0.0625), ramp((1, 1, 3, 2), "float32", 0.0625)],
                 {"strides": [1, 2, 2, 1], "padding": padding}, grad=True),
        ]
        for op in ["max_pool1d", "avg_pool1d", "max_pool", "avg_pool"]:
            out.append(Case(f"tf.nn.{op}", [signal], {"ksize": 3, "strides": 2, "padding": padding}, grad=True))
        for op in ["max_pool", "avg_pool"]:
            out.append(Case(f"tf.nn.{op}", [images], {"ksize": [2, 3], "strides": [1, 2], "padding": padding}, grad=True))
    out += [
        Case("tf.nn.conv1d", [ramp((1, 3, 6), "float64"), ramp((2, 3, 2), "float64")], {"stride": 1, "padding": "SAME",
                                                                                       "data_format": "NCW"}, grad=True,
             deviation=CHANNELS_FIRST_CPU),
        Case("tf.nn.conv1d", [signal, ramp((3, 2, 4), "float32")], {"stride": 1, "padding": "SAME"}, note="channel mismatch"),
        Case("tf.nn.max_pool1d", [ramp((1, 2, 6), "float32")], {"ksize": 2, "strides": 1, "padding": "VALID", "data_format": "NCW"}),
        Case("tf.nn.max_pool1d", [ramp((1, 2, 6), "float32")], {"ksize": 2, "strides": 1, "padding": "VALID", "data_format": "NCW"},
             grad=True, deviation=CHANNELS_FIRST_CPU),
        Case("tf.nn.max_pool", [ramp((2, 3), "float32")], {"ksize": 2, "strides": 1, "padding": "VALID"}, note="rank 2"),
        Case("tf.nn.conv2d_transpose", [ramp((1, 3, 3, 2), "float32", 0.125), ramp((3, 3, 4, 2), "float32", 0.0625), T([1, 6, 6, 4], "int32")],
             {"strides": 2, "padding": "SAME"}, grad=True),
        Case("tf.nn.conv2d_transpose", [ramp((1, 3, 3, 2), "float64"), ramp((2, 2, 4, 2), "float64"), T([1, 4, 4, 4], "int32")],
             {"strides": 1, "padding": "VALID"}, grad=True),
    ]
    return out


def conv_pool_3d():
    x = ramp((2, 4, 5, 4, 3), "float32", 0.125)
    w = ramp((2, 3, 2, 3, 4), "float32", 0.0625, 0.01)
    out = []
    for padding in ["SAME", "VALID"]:
        for strides in [[1, 1, 1, 1, 1], [1, 2, 1, 2, 1], [1, 1, 3, 1, 1]]:
            out.append(Case("tf.nn.conv3d", [x, w], {"strides": strides, "padding": padding}, grad=True))
        out.append(Case("tf.nn.conv3d", [x, w], {"strides": [1, 1, 1, 1, 1], "padding": padding, "dilations": [1, 2, 1, 2, 1]},
                        grad=True))
        for op in ["max_pool3d", "avg_pool3d"]:
            for ksize, strides in [(2, 2), (3, 1), ([2, 3, 2], [1, 2, 2]), ([1, 1, 3, 2, 1], [1, 2, 1, 1, 1])]:
                out.append(Case(f"tf.nn.{op}", [x], {"ksize": ksize, "strides": strides, "padding": padding}, grad=True))
        out += [
            Case("tf.nn.convolution", [x, w], {"strides": [2, 1, 1], "padding": padding}),
            Case("tf.nn.max_pool", [x], {"ksize": [2, 2, 3], "strides": 1, "padding": padding}),
            Case("tf.nn.avg_pool", [x], {"ksize": 2, "strides": [1, 2, 1], "padding": padding}),
            Case("tf.nn.max_pool", [x], {"ksize": 2, "strides": 2, "padding": padding}, grad=True, deviation=RANK5_GENERIC_GRAD),
            Case("tf.nn.pool", [x], {"window_shape": [2, 3, 2], "pooling_type": "MAX", "strides": [2, 1, 2], "padding": padding},
                 grad=True),
            Case("tf.nn.pool", [x], {"window_shape": [3, 2, 2], "pooling_type": "AVG", "padding": padding}, grad=True),
        ]
    v64 = ramp((1, 3, 4, 3, 2), "float64", 0.25)
    out += [
        Case("tf.nn.conv3d", [v64, ramp((2, 2, 2, 2, 3), "float64")], {"strides": [1, 1, 1, 1, 1], "padding": "SAME"}, grad=True),
        Case("tf.nn.conv3d", [v64, ramp((2, 2, 2, 2, 3), "float64")], {"strides": [1, 2, 2, 1, 1], "padding": "VALID"}, grad=True),
        Case("tf.nn.max_pool3d", [v64], {"ksize": 2, "strides": 1, "padding": "SAME"}, grad=True, deviation=POOL3D_FLOAT64),
        Case("tf.nn.avg_pool3d", [v64], {"ksize": [2, 3, 2], "strides": 2, "padding": "SAME"}, grad=True,
             deviation=POOL3D_FLOAT64),
        Case("tf.nn.max_pool3d", [T([2.0, 3.0, np.nan, 1.0, np.nan, np.nan, np.nan, np.nan], "float32", (1, 2, 2, 2, 1))],
             {"ksize": 2, "strides": 2, "padding": "VALID"}, grad=True, note="NaN"),
        Case("tf.nn.conv3d", [ramp((1, 3, 4, 5, 2), "float32"), ramp((2, 2, 2, 3, 2), "float32")], {"strides": [1, 1, 1, 1, 1],
             "padding": "SAME", "data_format": "NCDHW"}, note="NCDHW"),
        Case("tf.nn.max_pool3d", [ramp((1, 2, 4, 4, 3), "float32")], {"ksize": 2, "strides": 2, "padding": "VALID",
                                                                      "data_format": "NCDHW"}, note="NCDHW"),
        Case("tf.nn.conv3d_transpose", [ramp((1, 2, 3, 2, 2), "float32", 0.125), ramp((3, 3, 3, 4, 2), "float32", 0.0625),
                                        T([1, 4, 6, 4, 4], "int32")], {"strides": [1, 2, 2, 2, 1], "padding": "SAME"}, grad=True),
        Case("tf.nn.conv3d_transpose", [ramp((1, 2, 2, 2, 2), "float64"), ramp((2, 2, 2, 3, 2), "float64"),
                                        T([1, 3, 3, 3, 3], "int32")], {"strides": [1, 1, 1, 1, 1], "padding": "VALID"}, grad=True),
        Case("tf.nn.max_pool3d", [T([1.0, 3.0, 3.0, 0.0, 2.0, 3.0, 1.0, 1.0], "float32", (1, 2, 2, 2, 1))],
             {"ksize": 2, "strides": 2, "padding": "VALID"}, grad=True, note="ties: gradient to every maximum"),
        Case("tf.nn.conv3d", [x, ramp((2, 2, 2, 2, 4), "float32")], {"strides": [1, 1, 1, 1, 1], "padding": "SAME"},
             note="channel mismatch"),
        Case("tf.nn.conv3d", [x, w], {"strides": [1, 1, 1, 1, 1], "padding": "FULL"}, note="bad padding"),
        Case("tf.nn.conv3d", [x, w], {"strides": [2, 1, 1, 1, 1], "padding": "SAME"}, note="batch stride"),
        Case("tf.nn.conv3d", [ramp((1, 2, 2, 2, 1), "int32"), ramp((1, 1, 1, 1, 1), "int32")],
             {"strides": [1, 1, 1, 1, 1], "padding": "SAME"}, note="int32"),
        Case("tf.nn.max_pool3d", [x], {"ksize": [1, 2, 2, 2, 2], "strides": 1, "padding": "VALID"}, note="channel window"),
        Case("tf.nn.max_pool3d", [x], {"ksize": 6, "strides": 1, "padding": "VALID"}, note="window larger than input"),
        Case("tf.nn.avg_pool3d", [x], {"ksize": 6, "strides": 1, "padding": "VALID"}, note="window larger than input"),
        Case("tf.nn.pool", [x], {"window_shape": [2, 2, 2], "pooling_type": "MAX", "strides": [3, 1, 1]}, note="strides > window"),
        Case("tf.nn.pool", [x], {"window_shape": [2, 2], "pooling_type": "MAX"}, note="window rank"),
        Case("tf.nn.pool", [x], {"window_shape": [2, 2, 2], "pooling_type": "AVG", "dilations": [1, 2, 2]}, grad=True),
        Case("tf.nn.pool", [x], {"window_shape": [2, 3, 2], "pooling_type": "MAX", "dilations": [2, 1, 1]}),
        Case("tf.nn.pool", [ramp((2, 7, 6, 3), "float32", 0.125)], {"window_shape": [3, 2], "pooling_type": "MAX",
                                                                    "dilations": [2, 3]}, grad=True),
        Case("tf.nn.pool", [ramp((2, 9, 3), "float32", 0.125)], {"window_shape": [3], "pooling_type": "AVG",
                                                                "dilations": [3]}, grad=True),
        Case("tf.nn.pool", [x], {"window_shape": [2, 2, 2], "pooling_type": "MAX", "dilations": 2, "padding": "SAME"},
             note="dilated SAME"),
        Case("tf.nn.pool", [x], {"window_shape": [2, 2, 2], "pooling_type": "MAX", "dilations": 2, "strides": 2},
             note="dilations with strides"),
    ]
    return out


def space_depth_embedding_lrn():
    out = []
    for dtype in ["float32", "float64"]:
        out += [
            Case("tf.nn.space_to_depth", [ramp((2, 4, 6, 3), dtype)], {"block_size": 2}, grad=True),
            Case("tf.nn.depth_to_space", [ramp((2, 2, 3, 12), dtype)], {"block_size": 2}, grad=True),
            Case("tf.nn.space_to_depth", [ramp((1, 6, 3, 2), dtype)], {"block_size": 3}, grad=True),
        ]
    out += [
        Case("tf.nn.space_to_depth", [ramp((1, 4, 4, 1), "int32")], {"block_size": 2}, note="int32"),
        Case("tf.nn.depth_to_space", [T([True, False, True, True] * 2, "bool", (2, 1, 1, 4))], {"block_size": 2}, note="bool"),
        Case("tf.nn.space_to_depth", [ramp((1, 3, 4, 1), "float32")], {"block_size": 2}, note="indivisible height"),
        Case("tf.nn.space_to_depth", [ramp((1, 4, 4, 1), "float32")], {"block_size": 1}, note="block 1"),
        Case("tf.nn.space_to_depth", [ramp((4, 4, 1), "float32")], {"block_size": 2}, note="rank 3"),
        Case("tf.nn.depth_to_space", [ramp((1, 2, 2, 3), "float32")], {"block_size": 2}, note="indivisible depth"),
        Case("tf.nn.space_to_depth", [ramp((1, 1, 4, 4), "float32")], {"block_size": 2, "data_format": "NCHW"}, note="NCHW"),
    ]
    table = ramp((5, 3), "float32", 0.5)
    for itype in ["int32", "int64"]:
        out.append(Case("tf.nn.embedding_lookup", [table, T([[4, 0], [2, 2]], itype)], grad=True))
    out += [
        Case("tf.nn.embedding_lookup", [table, T([4, 1, 1], "int32")], {"max_norm": 2.0}, grad=True),
        Case("tf.nn.embedding_lookup", [ramp((4,), "float64"), T([3, 0], "int32")], {"max_norm": 1.0}, grad=True, note="scalar rows"),
        Case("tf.nn.embedding_lookup", [table, T([5], "int32")], note="id out of range"),
        Case("embedding_lookup_partitioned", [table[:3], table[3:], T([4, 0, 3, 2], "int32")], grad=True),
        Case("embedding_lookup_partitioned", [table[:3], table[3:], T([[1, 4]], "int64")], {"max_norm": 1.5}, grad=True),
    ]
    images = ramp((2, 3, 2, 7), "float32", 0.25)
    out += [
        Case("tf.nn.local_response_normalization", [images], grad=True),
        Case("tf.nn.local_response_normalization", [images], {"depth_radius": 2, "bias": 2.0, "alpha": 0.01, "beta": 0.75}, grad=True),
        Case("tf.nn.local_response_normalization", [images], {"depth_radius": 1, "alpha": 0.5, "beta": 1.0}, grad=True),
        Case("tf.nn.local_response_normalization", [images], {"depth_radius": 0}, grad=True),
        Case("tf.nn.local_response_normalization", [images], {"depth_radius": 10, "beta": 0.3}, grad=True),
        Case("tf.nn.local_response_normalization", [ramp((2, 3, 4), "float32")], note="rank 3"),
        Case("tf.nn.local_response_normalization", [ramp((1, 1, 1, 3), "float64")], note="float64"),
    ]
    return out


def cases():
    return (convolutions() + pooling() + softmaxes() + cross_entropies() + batch_norm() + bias_and_activations() + losses() +
            moments() + conv_pool_variants() + conv_pool_3d() + space_depth_embedding_lrn())


def _weighted_moments(x, frequency_weights, **attrs):
    import tensorflow as tf
    return tf.nn.weighted_moments(x, frequency_weights=frequency_weights, **attrs)


def _embedding_lookup_partitioned(first, second, ids, **attrs):
    import tensorflow as tf
    return tf.nn.embedding_lookup([first, second], ids, **attrs)


ADAPTERS = {"weighted_moments": _weighted_moments, "embedding_lookup_partitioned": _embedding_lookup_partitioned}
