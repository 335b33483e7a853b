"""tf.dynamic_partition/dynamic_stitch, histogram_fixed_width(_bins), space_to_batch/batch_to_space,
tf.math erfcinv/accumulate_n/softmax/saturate_cast, tf.realdiv, tf.scatter_nd, tf.nn top_k,
sufficient_statistics, conv1d_transpose/conv_transpose, the depthwise backprops and
dilation2d/erosion2d, as TensorFlow 2.21 computes them (eagerly, traced and their gradients)."""
import numpy as np

from harness import rounded, show_error, show_error_message, tf

# ---- dynamic_partition and dynamic_stitch ----
data = tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, 8.0]])
parts = tf.dynamic_partition(data, tf.constant([1, 0, 1, 2]), 3)
print(parts)
print(tf.dynamic_partition(tf.constant([[1, 2], [3, 4]]), tf.constant([[0, 1], [1, 0]]), 2))
print(tf.dynamic_stitch([[0, 3], [1, 3]], [[1.0, 2.0], [3.0, 4.0]]))
print(tf.dynamic_stitch([tf.constant([2, 0]), tf.constant([[1]])], [tf.constant([[1, 1], [2, 2]]), tf.constant([[[3, 3]]])]))
show_error("partition out of range", lambda: tf.dynamic_partition(tf.constant([1, 2]), tf.constant([0, 5]), 2))
show_error("partitions longer than data", lambda: tf.dynamic_partition(tf.constant([1, 2]), tf.constant([0, 1, 1]), 2))

# Partition then stitch back, with gradients, eagerly and in a function.
x = tf.Variable([1.0, 2.0, 3.0, 4.0, 5.0])
which = tf.constant([0, 1, 0, 1, 1])


def round_trip(v):
    pieces = tf.dynamic_partition(v, which, 2)
    positions = tf.dynamic_partition(tf.range(5), which, 2)
    return tf.dynamic_stitch(positions, [pieces[0] * 2.0, pieces[1] ** 2])


with tf.GradientTape() as tape:
    y = round_trip(x)
print(y, tape.gradient(tf.reduce_sum(y), x))


@tf.function
def traced_round_trip(v):
    with tf.GradientTape() as t:
        t.watch(v)
        out = round_trip(v)
    return out, t.gradient(tf.reduce_sum(out), v)


print(traced_round_trip(tf.constant([1.0, 2.0, 3.0, 4.0, 5.0])))

# ---- histograms ----
values = tf.constant([-1.0, 0.0, 1.5, 2.0, 5.0, 15.0])
print(tf.histogram_fixed_width(values, [0.0, 5.0], nbins=5))
print(tf.histogram_fixed_width_bins(values, [0.0, 5.0], nbins=5))
print(tf.histogram_fixed_width(tf.constant([[1, 7], [3, 9]]), [0, 10], nbins=4, dtype=tf.int64))
doubles = tf.constant([[0.1, 0.9], [0.5, 0.49]], tf.float64)
print(tf.histogram_fixed_width_bins(doubles, tf.constant([0.0, 1.0], tf.float64), nbins=2))
print(tf.histogram_fixed_width(doubles, [0.0, 1.0], nbins=2))
show_error("bins of float64 values in a float32 range", lambda: tf.histogram_fixed_width_bins(doubles, [0.0, 1.0]))
show_error("no bins", lambda: tf.histogram_fixed_width(values, [0.0, 5.0], nbins=0))
print(tf.function(lambda v: tf.histogram_fixed_width(v, [0.0, 5.0], nbins=3))(values))

# ---- space_to_batch and batch_to_space ----
image = tf.reshape(tf.range(1, 17, dtype=tf.float32), [1, 4, 4, 1])
batched = tf.space_to_batch(image, [2, 2], [[0, 0], [0, 0]])
print(batched.shape, tf.reshape(batched, [4, 4]))
padded = tf.space_to_batch_nd(tf.reshape(tf.range(6), [1, 2, 3, 1]), [2, 2], [[0, 0], [0, 1]])
print(padded.shape, tf.reshape(padded, [4, -1]))
print(tf.nn.space_to_batch(tf.reshape(tf.range(8), [2, 4, 1]), [2], [[1, 1]])[:, :, 0])
print(tf.reduce_all(tf.batch_to_space(batched, [2, 2], [[0, 0], [0, 0]]) == image))
print(tf.batch_to_space(padded, [2, 2], [[0, 0], [0, 1]])[0, :, :, 0])
print(tf.batch_to_space(tf.reshape(tf.range(4), [4, 1, 1, 1]), 2, [[0, 0], [0, 0]])[0, :, :, 0])
show_error("block does not divide", lambda: tf.space_to_batch(tf.ones([1, 3, 3, 1]), [2, 2], [[0, 0], [0, 0]]))
show_error("batch not a multiple", lambda: tf.batch_to_space(tf.ones([3, 1, 1, 1]), [2, 2], [[0, 0], [0, 0]]))
v = tf.Variable(tf.reshape(tf.range(1.0, 9.0), [1, 2, 4, 1]))
with tf.GradientTape() as tape:
    s = tf.space_to_batch(v, [2, 2], [[0, 0], [0, 0]])
    loss = tf.reduce_sum(s * tf.reshape(tf.range(1.0, 9.0), [4, 1, 2, 1]))
print(tape.gradient(loss, v)[0, :, :, 0])

# ---- tf.math ----
print(rounded(tf.math.erfcinv(tf.constant([0.1, 0.5, 1.0, 1.5, 1.9]))))
print(tf.math.erfcinv(tf.constant([0.0, 2.0, 2.5], tf.float64)))
p = tf.Variable(0.5, dtype=tf.float64)
with tf.GradientTape() as tape:
    q = tf.math.erfcinv(p)
print(rounded(tape.gradient(q, p), 8))
print(tf.math.accumulate_n([[1, 2], [3, 4], [5, 6]]))
print(tf.math.accumulate_n([tf.constant([1.5])]))
show_error_message("accumulate_n of different shapes", lambda: tf.math.accumulate_n([tf.ones([2]), tf.ones([3])]))
show_error_message("accumulate_n of nothing", lambda: tf.math.accumulate_n([]))
show_error("accumulate_n with another tensor_dtype", lambda: tf.math.accumulate_n([tf.ones([2])], tensor_dtype=tf.int32))
print(rounded(tf.math.softmax(tf.constant([[1.0, 2.0, 3.0]]))), rounded(tf.math.log_softmax([1.0, 2.0], axis=0)))
print(tf.saturate_cast(tf.constant([-1e10, 3.7, 1e10]), tf.int32))
print(tf.saturate_cast(tf.constant([-5, 300]), tf.uint8))
print(tf.saturate_cast(tf.constant([1e300, -1.5], tf.float64), tf.float32))
print(tf.realdiv(tf.constant([7.0, -7.0]), tf.constant([2.0, 2.0])))
show_error("realdiv of integers", lambda: tf.realdiv(tf.constant([7]), tf.constant([2])))
print(tf.scatter_nd(tf.constant([[1], [3], [1]]), tf.constant([5, 6, 7]), [5]))
print(tf.scalar_mul(2.0, tf.constant([1.0, 2.0])), tf.as_dtype("int64"))

# ---- tf.nn ----
top = tf.nn.top_k(tf.constant([[1.0, 5.0, 3.0], [4.0, 2.0, 6.0]]), k=2)
print(type(top).__name__, top.values, top.indices)
values_, indices_ = tf.math.top_k([3, 1, 2])
print(values_, indices_)
print(tf.nn.sufficient_statistics(tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]), [1]))
print(tf.nn.sufficient_statistics(tf.constant([[1.0, 2.0], [4.0, 5.0]]), [0, 1], shift=2.0, keepdims=True))

rng = np.random.RandomState(0)
signal = tf.constant(rng.uniform(-1, 1, [2, 5, 3]).astype(np.float32))
kernel_1d = tf.constant(rng.uniform(-1, 1, [3, 4, 3]).astype(np.float32))  # [width, out, in]
up = tf.nn.conv1d_transpose(signal, kernel_1d, [2, 10, 4], 2)
print(rounded(up[0, :, 0]), up.shape)
print(rounded(tf.nn.conv1d_transpose(signal, kernel_1d, [2, 7, 4], [1], padding="VALID")[1, :, 1]))
print(rounded(tf.nn.conv_transpose(signal, kernel_1d, [2, 10, 4], 2)[1, :, 3]))
feature = tf.constant(rng.uniform(-1, 1, [1, 3, 3, 2]).astype(np.float32))
kernel_2d = tf.constant(rng.uniform(-1, 1, [2, 2, 3, 2]).astype(np.float32))
print(rounded(tf.nn.conv_transpose(feature, kernel_2d, [1, 6, 6, 3], [1, 2, 2, 1])[0, :, :, 0]))
show_error_message("conv_transpose of rank 2", lambda: tf.nn.conv_transpose(signal, kernel_1d, [2, 10], 2))

depth_in = tf.constant(rng.uniform(-1, 1, [1, 4, 4, 2]).astype(np.float32))
depth_filter = tf.constant(rng.uniform(-1, 1, [2, 2, 2, 3]).astype(np.float32))
depth_out = tf.nn.depthwise_conv2d(depth_in, depth_filter, [1, 1, 1, 1], "VALID")
upstream = tf.constant(rng.uniform(-1, 1, depth_out.shape).astype(np.float32))
print(rounded(tf.nn.depthwise_conv2d_backprop_input([1, 4, 4, 2], depth_filter, upstream, [1, 1, 1, 1], "VALID")[0, :, :, 1]))
print(rounded(tf.nn.depthwise_conv2d_backprop_filter(depth_in, [2, 2, 2, 3], upstream, [1, 1, 1, 1], "VALID")[:, :, 0, 2]))
strided = tf.nn.depthwise_conv2d(depth_in, depth_filter, [1, 2, 2, 1], "SAME")
print(rounded(tf.nn.depthwise_conv2d_backprop_input([1, 4, 4, 2], depth_filter, tf.ones_like(strided), [1, 2, 2, 1],
                                                    "SAME")[0, :, :, 0]))

# ---- dilation2d and erosion2d ----
morph_in = tf.constant(rng.randint(0, 10, [1, 5, 5, 2]).astype(np.float32))
morph_filter = tf.constant(rng.randint(0, 3, [3, 2, 2]).astype(np.float32))
dilated = tf.nn.dilation2d(morph_in, morph_filter, [1, 1, 1, 1], "SAME", "NHWC", [1, 1, 1, 1])
print(dilated.shape, dilated[0, :, :, 0])
print(tf.nn.dilation2d(morph_in, morph_filter, [1, 2, 1, 1], "VALID", "NHWC", [1, 1, 2, 1])[0, :, :, 1])
eroded = tf.nn.erosion2d(morph_in, morph_filter, [1, 1, 1, 1], "SAME", "NHWC", [1, 1, 1, 1])
print(eroded[0, :, :, 1])
print(tf.nn.erosion2d(morph_in, morph_filter, [1, 2, 2, 1], "VALID", "NHWC", [1, 1, 1, 1])[0, :, :, 0])
show_error("dilation2d in NCHW", lambda: tf.nn.dilation2d(morph_in, morph_filter, [1, 1, 1, 1], "SAME", "NCHW", [1, 1, 1, 1]))
smooth_in = tf.Variable(rng.uniform(0, 1, [1, 4, 4, 1]))  # float64, no ties
smooth_filter = tf.Variable(rng.uniform(0, 1, [2, 2, 1]))
with tf.GradientTape() as tape:
    out = tf.nn.dilation2d(smooth_in, smooth_filter, [1, 1, 1, 1], "SAME", "NHWC", [1, 1, 1, 1])
    loss = tf.reduce_sum(out * tf.reshape(tf.range(1.0, 17.0, dtype=tf.float64), [1, 4, 4, 1]))
grad_in, grad_filter = tape.gradient(loss, [smooth_in, smooth_filter])
print(grad_in[0, :, :, 0], grad_filter[:, :, 0])

# ---- atrous convolutions and batch_norm_with_global_normalization ----
atrous_in = tf.constant(rng.uniform(-1, 1, [1, 6, 6, 2]).astype(np.float32))
atrous_filter = tf.constant(rng.uniform(-1, 1, [2, 2, 2, 3]).astype(np.float32))
print(rounded(tf.nn.atrous_conv2d(atrous_in, atrous_filter, 2, "VALID")[0, :, :, 0]))
print(rounded(tf.nn.atrous_conv2d(atrous_in, atrous_filter, 2, "SAME")[0, :, :, 2]))
back_filter = tf.constant(rng.uniform(-1, 1, [2, 2, 3, 2]).astype(np.float32))
print(rounded(tf.nn.atrous_conv2d_transpose(tf.ones([1, 4, 4, 2]), back_filter, [1, 6, 6, 3], 2, "VALID")[0, :, :, 1]))
show_error_message("atrous rate 0", lambda: tf.nn.atrous_conv2d(atrous_in, atrous_filter, 0, "SAME"))
bn_in = tf.constant([[1.0, 2.0], [3.0, 6.0]])
print(tf.nn.batch_norm_with_global_normalization(bn_in, tf.constant([2.0, 4.0]), tf.constant([1.0, 4.0]),
                                                 tf.constant([0.5, 0.0]), tf.constant([2.0, 3.0]), 0.0, True))
print(tf.nn.batch_norm_with_global_normalization(bn_in, tf.constant([2.0, 4.0]), tf.constant([1.0, 4.0]),
                                                 tf.constant([0.5, 0.0]), tf.constant([2.0, 3.0]), 0.0, False))

# ---- embedding_lookup_sparse ----
table = tf.reshape(tf.range(12, dtype=tf.float32), [4, 3])
sp_ids = tf.SparseTensor([[0, 0], [0, 1], [2, 0]], tf.constant([1, 3, 2], tf.int64), [3, 2])
sp_weights = tf.SparseTensor([[0, 0], [0, 1], [2, 0]], [2.0, 0.5, 3.0], [3, 2])
for combiner in ("sum", "mean", "sqrtn"):
    print(combiner, rounded(tf.nn.embedding_lookup_sparse(table, sp_ids, sp_weights, combiner=combiner)),
          rounded(tf.nn.embedding_lookup_sparse(table, sp_ids, None, combiner=combiner)))
print(rounded(tf.nn.embedding_lookup_sparse(table, sp_ids, None, max_norm=1.0)))
show_error_message("combiner max", lambda: tf.nn.embedding_lookup_sparse(table, sp_ids, None, combiner="max"))
show_error("dense ids", lambda: tf.nn.embedding_lookup_sparse(table, tf.constant([1]), None))
emb_var = tf.Variable(tf.reshape(tf.range(8, dtype=tf.float64), [4, 2]))
with tf.GradientTape() as tape:
    looked = tf.nn.embedding_lookup_sparse(emb_var, sp_ids, sp_weights, combiner="mean")
print(tape.gradient(tf.reduce_sum(looked), emb_var))
print(tf.function(lambda t: tf.nn.embedding_lookup_sparse(t, sp_ids, sp_weights, combiner="sqrtn"))(table).shape)

# ---- safe_embedding_lookup_sparse: rank-3 ids, negative ids, non-positive weights, empty rows ----
ids3 = tf.SparseTensor([[0, 0, 0], [0, 0, 1], [0, 1, 0], [1, 0, 0], [1, 1, 1]], tf.constant([1, -1, 3, 2, 0], tf.int64),
                       [2, 3, 2])
w3 = tf.SparseTensor(ids3.indices, [2.0, 1.0, -1.0, 0.5, 0.0], ids3.dense_shape)
for combiner in ("sum", "mean", "sqrtn"):
    print("safe", combiner, rounded(tf.nn.safe_embedding_lookup_sparse(table, ids3, w3, combiner=combiner)))
print("safe default_id", rounded(tf.nn.safe_embedding_lookup_sparse([table], ids3, None, default_id=3)))
print("safe 2-d", rounded(tf.nn.safe_embedding_lookup_sparse(table, sp_ids, None, combiner="sum", max_norm=2.0)))
table_var = tf.Variable(table)
with tf.GradientTape() as tape:
    looked = tf.nn.safe_embedding_lookup_sparse(table_var, ids3, w3, combiner="mean", default_id=0)
print("safe gradient", tape.gradient(tf.reduce_sum(looked), table_var))
show_error_message("safe no weights", lambda: tf.nn.safe_embedding_lookup_sparse([], sp_ids))

# ---- tf.linalg.tensor_diag, tensor_diag_part, tridiagonal_matmul ----
print(tf.linalg.tensor_diag([[1, 2], [3, 4]]).shape, tf.reduce_sum(tf.linalg.tensor_diag([[1, 2], [3, 4]])))
print(tf.linalg.tensor_diag_part(tf.reshape(tf.range(16), [2, 2, 2, 2])))
show_error("tensor_diag_part of a non-square", lambda: tf.linalg.tensor_diag_part(tf.zeros([2, 3])))
tri = tf.constant([[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 0.0]])
tri_rhs = tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
print(tf.linalg.tridiagonal_matmul(tri, tri_rhs))
print(tf.linalg.tridiagonal_matmul((tri[0], tri[1], tri[2]), tri_rhs, diagonals_format="sequence"))
print(tf.linalg.tridiagonal_matmul(tf.constant([[3.0, 9.0, 9.0], [6.0, 4.0, 1.0], [9.0, 7.0, 5.0]]), tf.eye(3),
                                   diagonals_format="matrix"))
show_error_message("an unknown format", lambda: tf.linalg.tridiagonal_matmul(tri, tri_rhs, diagonals_format="x"))
tri_var = tf.Variable(tri)
with tf.GradientTape() as tape:
    product = tf.linalg.tridiagonal_matmul(tri_var, tri_rhs)
print(tape.gradient(tf.reduce_sum(product), tri_var))

# ---- approx top k, required_space_to_batch_paddings, guarantee_const ----
approx_in = tf.constant([[1.0, 5.0, 3.0, 5.0], [2.0, 0.0, 9.0, 4.0]])
print(tf.math.approx_max_k(approx_in, 2))
print(tf.approx_top_k(approx_in, 3), tf.nn.approx_max_k(tf.constant([[1.0, 5.0, 5.0, 2.0]]), 3).indices)
show_error("approx_min_k on the CPU", lambda: tf.math.approx_min_k(approx_in, 2))
show_error("approx_max_k over the first dimension", lambda: tf.math.approx_max_k(approx_in, 1, reduction_dimension=0))
show_error("approx_max_k of int32", lambda: tf.math.approx_max_k(tf.constant([3, 1, 2]), 2))
print(tf.required_space_to_batch_paddings([5, 7], [2, 3]))
print(tf.required_space_to_batch_paddings([4, 4], [2, 2], base_paddings=[[1, 0], [0, 1]]))
print(tf.guarantee_const(tf.constant(3)))
