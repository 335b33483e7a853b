"""tf.keras.ops' core, math and linalg groups: cast / convert_to_tensor / shape / dtype, control flow
(cond, while_loop, fori_loop, scan, map, switch), scatter and slice updates, segment reductions,
top_k, in_top_k, and the linear algebra (norm's orders, solves, factorizations), with error cases."""
import numpy as np

from harness import show_error, tf
from keras_ops_harness import attempt, ops, show

i = tf.constant([[3, -1, 2], [0, 5, 4]])
m = tf.constant([[4.0, 1.0, 0.5], [1.0, 3.0, 0.0], [0.5, 0.0, 2.0]])

show("cast", ops.cast(i, "float32"))
show("cast float to int", ops.cast(tf.constant([1.7, -1.7]), "int32"))
show("cast dtype object", ops.cast(i, tf.float64))
show("saturate_cast", ops.saturate_cast(tf.constant([-10.0, 300.0, 5.5]), "uint8"))
show("saturate_cast int", ops.saturate_cast(tf.constant([-200, 100, 300]), "int8"))
show("convert_to_tensor", ops.convert_to_tensor([1, 2]))
show("convert_to_tensor float", ops.convert_to_tensor(1.5))
show("convert_to_tensor dtype", ops.convert_to_tensor([1.9, 2.0], dtype="int32"))
show("convert_to_tensor bool", ops.convert_to_tensor([0, 3], "bool"))
show("convert_to_tensor numpy", ops.convert_to_tensor(np.array([1.0, 2.0])))
show("convert_to_tensor tensor dtype", ops.convert_to_tensor(i, "float32"))
print("convert_to_numpy", repr(ops.convert_to_numpy(i)))
print("shape", ops.shape(i), "dtype", ops.dtype(i), ops.dtype(m), "is_tensor", ops.is_tensor(i), ops.is_tensor(3))
show("stop_gradient", ops.stop_gradient(m))
show("erfc", ops.erfc(m))

# Control flow.
show("cond", ops.cond(tf.constant(True), lambda: i * 2, lambda: i))
show("while_loop", ops.while_loop(lambda a, b: a < 5, lambda a, b: (a + 1, b * 2), (0, 1.0)))
show("while_loop single", ops.while_loop(lambda a: a < 10, lambda a: a + 3, tf.constant(0)))
show("while_loop maximum_iterations", ops.while_loop(lambda a: a < 100, lambda a: (a + 1,), [tf.constant(0)],
                                                     maximum_iterations=7))
show("fori_loop", ops.fori_loop(0, 5, lambda k, acc: acc + k, tf.constant(0)))
show("scan", ops.scan(lambda c, x: (c + x, c * x), tf.constant(1.0), tf.constant([1.0, 2.0, 3.0])))
show("scan reverse", ops.scan(lambda c, x: (c + x, c), tf.constant(0), tf.constant([1, 2, 3]), reverse=True))
show("scan length", ops.scan(lambda c, x: (c * 2, c), tf.constant(1), None, length=4))
show("map", ops.map(lambda r: r * 2, i))
show("switch", ops.switch(1, [lambda a: a + 1, lambda a: a * 10], tf.constant(3)))
show("switch clipped", ops.switch(5, [lambda a: a + 1, lambda a: a * 10], tf.constant(3)))

# Scatter, slices.
show("scatter", ops.scatter(tf.constant([[0, 1], [2, 0], [0, 1]]), tf.constant([1.0, 2.0, 3.0]), (3, 2)))
show("scatter rows", ops.scatter(tf.constant([[1]]), tf.constant([[5, 6]]), (2, 2)))
show("scatter_update", ops.scatter_update(tf.zeros([2, 3]), [[0, 0], [1, 2]], tf.constant([1.0, 2.0])))
show("scatter_update add", ops.scatter_update(tf.ones([2, 3]), [[0, 0], [0, 0]], tf.constant([1.0, 2.0]),
                                              reduction="add"))
show("scatter_update max", ops.scatter_update(tf.ones([3]), [[0], [2]], tf.constant([5.0, -5.0]), reduction="max"))
show("slice", ops.slice(i, (0, 1), (2, 2)))
show("slice_update", ops.slice_update(tf.zeros([3, 4]), (1, 1), tf.ones([2, 2])))
show("slice_update int", ops.slice_update(tf.zeros([4], tf.int32), (2,), tf.constant([7, 8])))

# The math group.
data = tf.constant([1.0, 2.0, 3.0, 4.0, 5.0])
ids = tf.constant([0, 0, 1, 1, 2])
for name in ("segment_sum", "segment_max", "segment_min", "segment_prod"):
    show(name, getattr(ops, name)(data, ids))
    show(name + " sorted", getattr(ops, name)(data, ids, sorted=True))
    show(name + " num_segments", getattr(ops, name)(data, tf.constant([2, 0, 2, 1, 0]), num_segments=4))
show("top_k", ops.top_k(tf.constant([[1.0, 5.0, 3.0], [2.0, 0.0, 9.0]]), 2))
show("top_k unsorted", ops.top_k(tf.constant([4, 1, 7, 3]), 3, sorted=False)[0].shape)
show("in_top_k", ops.in_top_k(tf.constant([1, 2]), tf.constant([[0.1, 0.8, 0.1], [0.5, 0.3, 0.2]]), 1))
show("logsumexp", ops.logsumexp(m))
show("logsumexp keepdims", ops.logsumexp(m, axis=0, keepdims=True))
show("extract_sequences", ops.extract_sequences(tf.range(8.0), 3, 2))
show("logdet", ops.logdet(m))

# Linear algebra.
show("norm", ops.norm(m))
show("norm int", ops.norm(i))
show("norm vector", ops.norm(tf.constant([3.0, -4.0])))
for order in (1, 2, 3, 0, float("inf"), float("-inf")):
    show("norm vector ord %s" % order, ops.norm(tf.constant([[3.0, -4.0, 0.0]]), ord=order, axis=1))
for order in ("fro", "nuc", 1, -1, 2, -2, float("inf"), float("-inf")):
    show("norm matrix ord %s" % order, ops.norm(m, ord=order))
show("norm axis keepdims", ops.norm(m, axis=0, keepdims=True))
show("norm matrix keepdims", ops.norm(tf.stack([m, m]), ord=1, axis=(1, 2), keepdims=True))
show("norm matrix axes reversed", ops.norm(tf.stack([m, 2 * m]), ord=float("inf"), axis=(2, 1)))
show("det", ops.det(m))
show("inv", ops.inv(m))
show("solve", ops.solve(m, tf.constant([1.0, 2.0, 3.0])))
show("solve matrix", ops.solve(m, tf.eye(3)))
upper = ops.triu(m)
show("solve_triangular", ops.solve_triangular(upper, tf.constant([1.0, 2.0, 3.0])))
show("solve_triangular lower", ops.solve_triangular(ops.tril(m), tf.constant([[1.0], [2.0], [3.0]]), lower=True))
chol = ops.cholesky(m)
show("cholesky", chol)
show("cholesky upper", ops.cholesky(m, upper=True))
show("cholesky_inverse", ops.cholesky_inverse(chol))
show("cholesky_inverse upper", ops.cholesky_inverse(ops.transpose(chol), upper=True))
eigenvalues, eigenvectors = ops.eigh(m)
show("eigh values", eigenvalues)
show("eigh reconstructs", ops.matmul(eigenvectors * eigenvalues, ops.transpose(eigenvectors)))
q, r = ops.qr(tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]))
print("qr shapes", tuple(q.shape), tuple(r.shape))
show("qr reconstructs", ops.matmul(q, r))
q, r = ops.qr(tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]), mode="complete")
print("qr complete shapes", tuple(q.shape), tuple(r.shape))
u, s, vh = ops.svd(tf.constant([[3.0, 0.0], [4.0, 5.0], [0.0, 1.0]]))
print("svd shapes", tuple(u.shape), tuple(vh.shape))
show("svd values", s)
show("svd reconstructs", ops.matmul(u[:, :2] * s, vh))
show("svd compute_uv False", ops.svd(m, compute_uv=False))
show("matrix_rank", ops.matrix_rank(tf.constant([[1.0, 2.0], [2.0, 4.0]])))
show("pinv", ops.pinv(tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])))
show("lstsq", ops.lstsq(tf.constant([[1.0, 1.0], [1.0, 2.0], [1.0, 3.0]]), tf.constant([1.0, 2.0, 2.0])))
show("lstsq matrix", ops.lstsq(tf.constant([[1.0, 1.0], [1.0, 2.0], [1.0, 3.0]]), tf.constant([[1.0], [2.0], [2.0]])))
lu, pivots = ops.lu_factor(tf.constant([[1.0, 2.0], [3.0, 4.0]]))
show("lu_factor", (lu, pivots))
show("linalg.norm", ops.linalg.norm(tf.constant([1.0, 2.0, 2.0])))

show_error("norm of a bad axis", lambda: ops.norm(m, axis=2))
show_error("norm of a string vector order", lambda: ops.norm(tf.constant([1.0]), ord="fro"))
show_error("norm of a bad matrix order", lambda: ops.norm(m, ord=3))
show_error("qr of a bad mode", lambda: ops.qr(m, mode="full"))
show_error("det of a non-square matrix", lambda: ops.det(tf.ones([2, 3])))
show_error("scatter_update of a bad reduction", lambda: ops.scatter_update(tf.ones([2]), [[0]], [1.0],
                                                                           reduction="avg"))
attempt("cholesky of a non-positive-definite matrix", lambda: ops.cholesky(tf.constant([[1.0, 2.0], [2.0, 1.0]])))
attempt("lstsq of mismatched rows", lambda: ops.lstsq(tf.ones([3, 2]), tf.ones([2])))
