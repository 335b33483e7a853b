"""tf.linalg.tridiagonal_solve (compact, sequence and matrix formats, transpose_rhs, conjugate_rhs,
partial pivoting, perturbed singular systems, complex dtypes, gradients, tf.function, errors),
tf.linalg.sqrtm and tf.linalg.logm (dtypes, batches, sqrtm's gradient, logm's missing one,
errors), tf.linalg.banded_triangular_solve (lower / upper, adjoint, complex, broadcasting,
gradients, errors) and tf.linalg.eigh_tridiagonal (select 'a' / 'v' / 'i', tol, eigenvectors,
complex, errors), as TensorFlow 2.21 prints them."""
import numpy as np

from harness import rounded, show_error, tf


def rounded_complex(t, decimals):
    """rounded() for complex results: an imaginary part of a few ulps rounds to 0 without a sign."""
    return "%s%s %s" % (t.dtype.name, tuple(t.shape), (np.round(np.asarray(t), decimals) + 0.0).tolist())

la = tf.linalg
d = tf.constant([[1.0, -2.0, 0.5, 3.0], [4.0, 1.5, -3.0, 2.0], [0.0, 2.5, 1.0, -1.0]], tf.float64)
rhs = tf.constant([[1.0, 0.5], [2.0, -1.0], [-3.0, 1.0], [0.25, 2.0]], tf.float64)
print(rounded(la.tridiagonal_solve(d, rhs), 10))
print(rounded(la.tridiagonal_solve(d, rhs, partial_pivoting=False), 10))
print(rounded(la.tridiagonal_solve(d, rhs, perturb_singular=True), 10))
print(rounded(la.tridiagonal_solve(d, rhs[:, 0]), 10))
print(rounded(la.tridiagonal_solve(tf.cast(d, tf.float32), tf.transpose(tf.cast(rhs, tf.float32)), transpose_rhs=True), 4))
print(rounded(la.tridiagonal_solve([d[0, :-1], d[1], d[2, 1:]], rhs, diagonals_format="sequence"), 10))
m = tf.constant([[4.0, 1.0, 9.0, 9.0], [2.0, 5.0, 1.0, 9.0], [9.0, 3.0, 6.0, 2.0], [9.0, 9.0, 1.0, 3.0]], tf.float64)
print(rounded(la.tridiagonal_solve(m, rhs, diagonals_format="matrix"), 10))
dc = tf.complex(d, tf.reverse(d, [1]))
rc = tf.complex(tf.transpose(rhs), tf.ones([2, 4], tf.float64))
print(rounded(la.tridiagonal_solve(dc, rc, transpose_rhs=True, conjugate_rhs=True), 10))
print(rounded(la.tridiagonal_solve(tf.cast(dc, tf.complex64), tf.cast(rc[0], tf.complex64), conjugate_rhs=True), 4))
batch = tf.stack([d, d * 2.0 + 1.0])
print(rounded(la.tridiagonal_solve(batch, tf.stack([rhs, rhs])), 10))
singular = tf.constant([[2.0, 0.0, 0.0], [1.0, 2.0, 1.0], [0.0, 1.0, 1.0]])
print(la.tridiagonal_solve(singular, tf.ones([3])))
print(la.tridiagonal_solve(singular, tf.ones([3]), perturb_singular=True))
print(la.tridiagonal_solve(tf.complex(singular, singular), tf.ones([3], tf.complex64)))
print(la.tridiagonal_solve(tf.constant([[1.0], [0.0], [2.0]]), tf.constant([3.0])))

with tf.GradientTape(persistent=True) as tape:
    tape.watch([d, rhs, m])
    loss = tf.reduce_sum(la.tridiagonal_solve(d, rhs) * tf.range(1.0, 9.0, dtype=tf.float64)[:, None][:4])
    loss_matrix = tf.reduce_sum(la.tridiagonal_solve(m, rhs, diagonals_format="matrix"))
print([rounded(g, 8) for g in tape.gradient(loss, [d, rhs])])
print([rounded(g, 8) for g in tape.gradient(loss_matrix, [m, rhs])])
parts = [d[0, :-1], d[1], d[2, 1:]]
with tf.GradientTape() as tape:
    tape.watch(parts)
    y = la.tridiagonal_solve(parts, rhs, diagonals_format="sequence", partial_pivoting=False)
print([rounded(g, 8) for g in tape.gradient(y, parts)])


@tf.function
def solve_traced(diagonals, b):
    return la.tridiagonal_solve(diagonals, b, transpose_rhs=True)


print(rounded(solve_traced(d, tf.transpose(rhs)), 10))
show_error("rhs rows", lambda: la.tridiagonal_solve(d, tf.ones([3], tf.float64)))
show_error("batch shapes", lambda: la.tridiagonal_solve(tf.ones([2, 3, 3]), tf.ones([3, 3, 1])))
show_error("four diagonals", lambda: la.tridiagonal_solve(tf.ones([4, 3]), tf.ones([3, 1])))
show_error("rank 1", lambda: la.tridiagonal_solve(tf.ones([3]), tf.ones([3])))
show_error("dtypes", lambda: la.tridiagonal_solve(tf.ones([3, 3]), tf.ones([3, 1], tf.float64)))
show_error("int32", lambda: la.tridiagonal_solve(tf.ones([3, 3], tf.int32), tf.ones([3, 1], tf.int32)))
show_error("perturb without pivoting", lambda: la.tridiagonal_solve(d, rhs, partial_pivoting=False, perturb_singular=True))
show_error("format", lambda: la.tridiagonal_solve(d, rhs, diagonals_format="banded"))
show_error("sequence of two", lambda: la.tridiagonal_solve([d[0], d[1]], rhs, diagonals_format="sequence"))
show_error("sequence lengths", lambda: la.tridiagonal_solve([d[0, :2], d[1], d[2]], rhs, diagonals_format="sequence"))
show_error("matrix not square", lambda: la.tridiagonal_solve(tf.ones([3, 4]), tf.ones([3]), diagonals_format="matrix"))

a = tf.constant([[4.0, 1.0, 0.5], [2.0, 3.0, 0.25], [0.5, -1.0, 5.0]], tf.float64)
print(rounded(la.sqrtm(a), 10))
print(rounded(la.sqrtm(tf.cast(a, tf.float32)), 4))
print(rounded(la.sqrtm(tf.stack([a, a * 2.0])), 10))
print(rounded(la.sqrtm(tf.complex(a, tf.transpose(a))), 10))
print(la.sqrtm(tf.constant([[-1.0, 0.0], [0.0, 4.0]])))
print(la.sqrtm(tf.zeros([2, 0, 0])))
print(rounded_complex(la.logm(tf.complex(a, tf.zeros_like(a))), 10))
print(rounded_complex(la.logm(tf.complex(tf.cast(a, tf.float32), 0.5)), 3))
print(rounded_complex(la.logm(tf.stack([tf.complex(a, a * 0.1)] * 2)), 10))
with tf.GradientTape() as tape:
    tape.watch(a)
    loss = tf.reduce_sum(la.sqrtm(a) * tf.reshape(tf.range(1.0, 10.0, dtype=tf.float64), [3, 3]))
print(rounded(tape.gradient(loss, a), 10))
ac = tf.complex(a, tf.transpose(a) * 0.5)
with tf.GradientTape() as tape:
    tape.watch(ac)
    loss = tf.reduce_sum(tf.math.real(la.sqrtm(ac)))
print(rounded(tape.gradient(loss, ac), 10))


def logm_gradient():
    with tf.GradientTape() as tape:
        tape.watch(ac)
        loss = tf.reduce_sum(tf.math.real(la.logm(ac)))
    return tape.gradient(loss, ac)


show_error("logm gradient", logm_gradient)
show_error("logm of float32", lambda: la.logm(tf.eye(2)))
show_error("sqrtm not square", lambda: la.sqrtm(tf.ones([2, 3])))
show_error("sqrtm rank 1", lambda: la.sqrtm(tf.ones([3])))
show_error("sqrtm int32", lambda: la.sqrtm(tf.ones([2, 2], tf.int32)))
print(np.allclose(la.sqrtm(a) @ la.sqrtm(a), a))

bands = tf.constant([[2.0, 3.0, 4.0, 5.0], [1.0, -2.0, 0.5, 3.0], [0.25, 1.5, -1.0, 2.0]], tf.float64)
for lower in (True, False):
    for adjoint in (False, True):
        print(lower, adjoint, rounded(la.banded_triangular_solve(bands, rhs, lower=lower, adjoint=adjoint), 10))
print(rounded(la.banded_triangular_solve(tf.cast(bands, tf.float32), tf.cast(rhs, tf.float32)), 4))
print(rounded(la.banded_triangular_solve(tf.stack([bands, bands * 2.0]), rhs), 10))
print(rounded(la.banded_triangular_solve(tf.complex(bands, bands * 0.5), tf.complex(rhs, -rhs), adjoint=True), 10))
print(la.banded_triangular_solve([[2.0, 3.0, 4.0], [1.0, 2.0, 3.0]], tf.ones([3, 1])))
with tf.GradientTape() as tape:
    tape.watch([bands, rhs])
    loss = tf.reduce_sum(la.banded_triangular_solve(bands, rhs, lower=False) * tf.reshape(tf.range(1.0, 9.0, dtype=tf.float64), [4, 2]))
print([rounded(g, 8) for g in tape.gradient(loss, [bands, rhs])])
broadcast_bands = tf.stack([bands, bands + 1.0])[:, None]
with tf.GradientTape() as tape:
    tape.watch(broadcast_bands)
    loss = tf.reduce_sum(la.banded_triangular_solve(broadcast_bands, tf.stack([rhs, rhs * 2.0, -rhs])))
print(rounded(tape.gradient(loss, broadcast_bands), 8))
print(rounded(tf.function(lambda b, r: la.banded_triangular_solve(b, r, adjoint=True))(bands, rhs), 10))
show_error("banded vector rhs", lambda: la.banded_triangular_solve(bands, tf.ones([4], tf.float64)))
show_error("banded sizes", lambda: la.banded_triangular_solve(bands, tf.ones([3, 1], tf.float64)))
show_error("banded singular", lambda: la.banded_triangular_solve(tf.zeros([2, 3]), tf.ones([3, 1])))
show_error("banded empty", lambda: la.banded_triangular_solve(tf.ones([2, 3]), tf.ones([3, 0])))
show_error("banded batch", lambda: la.banded_triangular_solve(tf.ones([2, 2, 3]), tf.ones([3, 3, 1])))
show_error("banded dtypes", lambda: la.banded_triangular_solve(tf.ones([2, 3]), tf.ones([3, 1], tf.float64)))

alpha = tf.constant([1.0, -2.0, 0.5, 3.0, 0.25, -1.0], tf.float64)
beta = tf.constant([0.5, 1.5, -1.0, 2.0, 0.75], tf.float64)
print(rounded(la.eigh_tridiagonal(alpha, beta), 10))
print(rounded(la.eigh_tridiagonal(tf.cast(alpha, tf.float32), tf.cast(beta, tf.float32)), 4))
print(rounded(la.eigh_tridiagonal(alpha, beta, select="v", select_range=[-1.0, 2.0]), 10))
print(rounded(la.eigh_tridiagonal(alpha, beta, select="i", select_range=[0, 2]), 10))
print(rounded(la.eigh_tridiagonal(alpha, beta, tol=0.01), 10))
values, vectors = la.eigh_tridiagonal(alpha, beta, eigvals_only=False)
print(rounded(values, 10), rounded(vectors, 8))
values, vectors = la.eigh_tridiagonal(alpha, beta, eigvals_only=False, select="i", select_range=[3, 5])
print(rounded(values, 10), rounded(vectors, 8))
print(rounded(la.eigh_tridiagonal(tf.complex(alpha, 0.0 * alpha), tf.complex(beta, beta * 0.5)), 10))
print(la.eigh_tridiagonal([0.0, 0.0, 0.0], [1.0, 1.0]))
print(la.eigh_tridiagonal([4.0], [], eigvals_only=False))
show_error("eigh dtypes", lambda: la.eigh_tridiagonal(alpha, tf.cast(beta, tf.float32)))
show_error("eigh select", lambda: la.eigh_tridiagonal(alpha, beta, select="x"))
show_error("eigh empty indices", lambda: la.eigh_tridiagonal(alpha, beta, select="i", select_range=[3, 1]))
show_error("eigh empty interval", lambda: la.eigh_tridiagonal(alpha, beta, select="v", select_range=[1.0, -1.0]))
