"""tf.linalg's factorizations, determinants and solvers as a TensorFlow user calls them: inv, det,
slogdet (a named tuple), logdet, cholesky, solve, triangular_solve, cholesky_solve, cross, matvec,
normalize, qr (a named tuple), eigh, eigvalsh, svd, pinv, matrix_rank, lstsq, lu (a named tuple),
lu_solve, lu_reconstruct, lu_matrix_inverse, expm and the spectral norm; eagerly, inside tf.function (static shapes with
unknown batch dimensions), with gradients, and their errors. Values are printed rounded: the two
Eigen builds round differently in the last bits; factors unique only up to signs are printed as
absolute values and reconstructions."""
import numpy as np

from harness import tf


def rounded(value):
    if isinstance(value, (tuple, list)):
        return type(value).__name__, [rounded(v) for v in value]
    return value.dtype.name, value.shape.as_list(), np.round(value.numpy(), 4).tolist()


def show(label, fn):
    try:
        print(label, rounded(fn()))
    except Exception as e:  # noqa: BLE001 - the class is what both must agree on
        print(label, "raised", type(e).__name__)


a = tf.constant([[4.0, 7.0], [2.0, 6.0]])
spd = tf.constant([[4.0, 2.0, 0.4], [2.0, 3.0, 0.5], [0.4, 0.5, 2.0]], tf.float64)
batch = tf.stack([a, tf.transpose(a), a + 1.0])
b = tf.constant([[1.0], [2.0]])

show("inv", lambda: tf.linalg.inv(a))
show("inv adjoint", lambda: tf.linalg.inv(a, adjoint=True))
show("inv batch", lambda: tf.linalg.inv(batch))
show("inv list", lambda: tf.linalg.inv([[2.0, 0.0], [0.0, 4.0]]))
show("inv singular", lambda: tf.linalg.inv([[1.0, 2.0], [2.0, 4.0]]))
show("inv not square", lambda: tf.linalg.inv(tf.ones([2, 3])))
show("inv int", lambda: tf.linalg.inv(tf.constant([[1, 2], [3, 4]])))
show("det", lambda: tf.linalg.det(batch))
show("det float64", lambda: tf.linalg.det(spd))
show("det empty", lambda: tf.linalg.det(tf.zeros([2, 0, 0])))
show("slogdet", lambda: tf.linalg.slogdet(batch))
print("slogdet fields", tf.linalg.slogdet(a)._fields, type(tf.linalg.slogdet(a)).__name__)
show("slogdet singular", lambda: tf.linalg.slogdet([[1.0, 2.0], [2.0, 4.0]]))
show("logdet", lambda: tf.linalg.logdet(spd))
show("cholesky", lambda: tf.linalg.cholesky(spd))
# TensorFlow leaves the upper triangle of a failed factor unwritten: only the lower one is defined.
show("cholesky not positive definite", lambda: tf.linalg.band_part(tf.linalg.cholesky([[1.0, 2.0], [2.0, 1.0]]), -1, 0))
show("cholesky rank 1", lambda: tf.linalg.cholesky([1.0, 2.0]))
show("solve", lambda: tf.linalg.solve(a, b))
show("solve adjoint", lambda: tf.linalg.solve(a, b, adjoint=True))
show("solve batch", lambda: tf.linalg.solve(batch, tf.ones([3, 2, 2])))
show("solve singular", lambda: tf.linalg.solve([[1.0, 2.0], [2.0, 4.0]], b))
show("solve rows differ", lambda: tf.linalg.solve(a, tf.ones([3, 1])))
show("solve dtypes differ", lambda: tf.linalg.solve(a, tf.ones([2, 1], tf.float64)))
show("triangular_solve", lambda: tf.linalg.triangular_solve(a, b))
show("triangular_solve upper adjoint", lambda: tf.linalg.triangular_solve(a, b, lower=False, adjoint=True))
show("triangular_solve broadcast", lambda: tf.linalg.triangular_solve(tf.reshape(batch, [3, 1, 2, 2]), tf.ones([4, 2, 1])))
show("cholesky_solve", lambda: tf.linalg.cholesky_solve(tf.linalg.cholesky(spd), tf.ones([3, 2], tf.float64)))
show("cross", lambda: tf.linalg.cross([1.0, 0.0, 0.0], [0.0, 1.0, 0.0]))
show("cross int", lambda: tf.linalg.cross([[1, 2, 3]], [[4, 5, 6]]))
show("cross 2 elements", lambda: tf.linalg.cross([1.0, 0.0], [0.0, 1.0]))
show("matvec", lambda: tf.linalg.matvec(a, [1.0, 1.0]))
show("matvec adjoint", lambda: tf.linalg.matvec(batch, [1.0, -1.0], adjoint_a=True))
show("normalize", lambda: tf.linalg.normalize([3.0, 4.0]))
show("normalize axis", lambda: tf.linalg.normalize(a, ord=1, axis=1))
show("normalize bad ord", lambda: tf.linalg.normalize(a, ord="nuclear"))


@tf.function(input_signature=[tf.TensorSpec([None, 2, 2]), tf.TensorSpec([None, 2, 1])])
def traced(m, r):
    out = [tf.linalg.inv(m), tf.linalg.det(m), tf.linalg.slogdet(m).log_abs_determinant, tf.linalg.cholesky(m),
           tf.linalg.solve(m, r), tf.linalg.triangular_solve(m, r), tf.linalg.logdet(m)]
    print("traced shapes", [t.shape.as_list() for t in out])
    return out


spd2 = tf.constant([[[2.0, 0.5], [0.5, 1.0]], [[3.0, 1.0], [1.0, 2.0]]])
show("traced", lambda: traced(spd2, tf.ones([2, 2, 1])))


def gradient(f, *xs):
    with tf.GradientTape() as tape:
        for x in xs:
            tape.watch(x)
        y = f(*xs)
    return tape.gradient(y, list(xs))


show("grad inv", lambda: gradient(lambda m: tf.reduce_sum(tf.linalg.inv(m) * [[1.0, 2.0], [3.0, 4.0]]), a))
show("grad det", lambda: gradient(tf.linalg.det, batch))
show("grad slogdet", lambda: gradient(lambda m: tf.linalg.slogdet(m).log_abs_determinant, batch))
show("grad logdet", lambda: gradient(tf.linalg.logdet, spd))
show("grad cholesky", lambda: gradient(lambda m: tf.reduce_sum(tf.linalg.cholesky(m) * [1.0, 2.0, 3.0]), spd2))
show("grad solve", lambda: gradient(lambda m, r: tf.linalg.solve(m, r, adjoint=True), a, b))
show("grad triangular_solve", lambda: gradient(lambda m, r: tf.linalg.triangular_solve(m, r, lower=False), a, b))
show("grad cross", lambda: gradient(tf.linalg.cross, tf.constant([1.0, 2.0, 3.0]), tf.constant([0.5, -1.0, 2.0])))


tall = tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
sym = tf.constant([[2.0, 1.0, 0.0], [1.0, 3.0, 0.5], [0.0, 0.5, 5.0]], tf.float64)


def sign_free(factors):
    return [tf.abs(f) for f in factors]


q, r = tf.linalg.qr(tall)
print("qr fields", type(tf.linalg.qr(tall)).__name__, tf.linalg.qr(tall)._fields)
show("qr", lambda: sign_free(tf.linalg.qr(tall)))
show("qr reconstructs", lambda: tf.matmul(q, r))
show("qr full", lambda: sign_free(tf.linalg.qr(tall, full_matrices=True)))
show("qr wide batch", lambda: sign_free(tf.linalg.qr(tf.reshape(tf.range(12.0), [2, 2, 3]))))
show("eigh", lambda: sign_free(tf.linalg.eigh(sym)))
show("eigvalsh", lambda: tf.linalg.eigvalsh(sym))
show("eigh NaN", lambda: tf.linalg.eigh([[float("nan"), 1.0], [1.0, 2.0]]))
show("svd", lambda: sign_free(tf.linalg.svd(tall)))
show("svd full", lambda: sign_free(tf.linalg.svd(tall, full_matrices=True)))
show("svd values", lambda: tf.linalg.svd(tall, compute_uv=False))
show("svd int", lambda: tf.linalg.svd(tf.constant([[1, 2], [3, 4]])))
show("pinv", lambda: tf.linalg.pinv(tall))
show("pinv rcond", lambda: tf.linalg.pinv(tall, rcond=0.1))
show("pinv int", lambda: tf.linalg.pinv(tf.constant([[1, 2], [3, 4]])))
show("pinv rank 1", lambda: tf.linalg.pinv(tf.constant([1.0, 2.0])))
show("matrix_rank", lambda: tf.linalg.matrix_rank([[1.0, 2.0], [2.0, 4.0]]))
show("matrix_rank tol", lambda: tf.linalg.matrix_rank(tall, tol=1.0))
show("lstsq", lambda: tf.linalg.lstsq(tall, [[1.0], [2.0], [4.0]]))
show("lstsq l2", lambda: tf.linalg.lstsq(tall, [[1.0], [2.0], [4.0]], l2_regularizer=0.5))
show("lstsq slow", lambda: tf.linalg.lstsq(tall, [[1.0], [2.0], [4.0]], fast=False))
show("lstsq wide", lambda: tf.linalg.lstsq(tf.transpose(tall), [[1.0], [2.0]]))
lu, p = tf.linalg.lu([[1.0, 2.0, 0.5], [3.0, 4.0, -1.0], [0.0, 2.0, 5.0]])
print("lu fields", type(tf.linalg.lu(a)).__name__, tf.linalg.lu(a)._fields)
show("lu", lambda: tf.linalg.lu([[1.0, 2.0, 0.5], [3.0, 4.0, -1.0], [0.0, 2.0, 5.0]]))
show("lu int64", lambda: tf.linalg.lu(a, output_idx_type=tf.int64))
show("lu singular", lambda: tf.linalg.lu([[1.0, 2.0], [2.0, 4.0]]))
show("lu_reconstruct", lambda: tf.linalg.lu_reconstruct(lu, p))
show("lu_matrix_inverse", lambda: tf.linalg.lu_matrix_inverse(lu, p))
show("lu_solve", lambda: tf.linalg.lu_solve(lu, p, [[1.0], [2.0], [3.0]]))


@tf.function(input_signature=[tf.TensorSpec([None, 3, 2]), tf.TensorSpec([None, 3, 3])])
def traced_factors(m, s):
    out = [*tf.linalg.qr(m), *tf.linalg.svd(m), *tf.linalg.eigh(s), *tf.linalg.lu(s), tf.linalg.pinv(m),
           tf.linalg.matrix_rank(m), tf.linalg.lstsq(m, tf.ones([2, 3, 1]))]
    print("traced factor shapes", [t.shape.as_list() for t in out])
    return tf.linalg.svd(m, compute_uv=False)


show("traced factors", lambda: traced_factors(tf.stack([tall, tall + 1.0]), tf.stack([tf.cast(sym, tf.float32)] * 2)))
show("grad qr", lambda: gradient(lambda m: tf.reduce_sum(tf.abs(tf.linalg.qr(m).r) * [[1.0, 2.0], [3.0, 4.0]]), tall))
show("grad eigh", lambda: gradient(lambda m: tf.linalg.eigh(m)[0] * [1.0, 2.0, 3.0], sym))
show("grad eigh vectors", lambda: gradient(lambda m: tf.square(tf.linalg.eigh(m)[1]) * tf.reshape(tf.range(1.0, 10.0, dtype=tf.float64), [3, 3]), sym))
show("grad svd", lambda: gradient(lambda m: tf.linalg.svd(m, compute_uv=False), tall))
show("grad svd vectors", lambda: gradient(lambda m: tf.square(tf.linalg.svd(m)[1]), tall))
show("grad pinv", lambda: gradient(tf.linalg.pinv, tall))
show("grad lstsq", lambda: gradient(lambda m: tf.linalg.lstsq(m, [[1.0], [2.0], [4.0]]), tall))
show("grad lu", lambda: gradient(lambda m: tf.linalg.lu(m).lu, a))
show("grad lu_solve", lambda: gradient(lambda f: tf.linalg.lu_solve(f, p, [[1.0], [2.0], [3.0]]), lu))
show("expm", lambda: tf.linalg.expm([[0.0, 1.0], [-1.0, 0.0]]))
show("expm batch float64", lambda: tf.linalg.expm(tf.stack([sym * 0.01, sym, sym * 3.0])))
show("expm int", lambda: tf.linalg.expm([[1, 2], [3, 4]]))
show("grad expm", lambda: gradient(tf.linalg.expm, tf.constant([[0.1, 0.9], [-0.4, 0.3]])))
show("spectral norm", lambda: tf.norm(tall, ord=2, axis=[0, 1]))
show("grad spectral norm", lambda: gradient(lambda m: tf.norm(m, ord=2, axis=[-2, -1]), tall))
show("eye batch_shape", lambda: tf.eye(2, batch_shape=[3]))
show("linalg.eye positional", lambda: tf.linalg.eye(2, 3, [2], tf.float64))


@tf.function
def composites(m, r):
    return [tf.linalg.logdet(m), tf.linalg.cholesky_solve(m, r), tf.linalg.triangular_solve(m, r), tf.linalg.lstsq(m, r),
            tf.linalg.pinv(m), tf.linalg.matrix_rank(m), tf.linalg.lu_solve(m, tf.constant([0, 1]), r)]


# The composites' name scopes, as TensorFlow's Python opens them.
graph = composites.get_concrete_function(tf.TensorSpec([2, 2]), tf.TensorSpec([2, 1])).graph.as_graph_def()
print("composite nodes", sorted(n.name for n in graph.node if n.op in ("Cholesky", "MatrixTriangularSolve", "Svd")))
