"""tf.linalg's factorizations, determinants and solvers: inv, det, slogdet, logdet, cholesky,
solve, triangular_solve, cholesky_solve, cross, matvec, normalize, qr, eigh, eigvalsh, svd, pinv,
matrix_rank, lstsq, lu, lu_solve, lu_reconstruct, lu_matrix_inverse, the spectral norm
(tf.norm with ord=2 over two axes) and expm, over float32/float64,
batches, empty matrices, broadcasting batch dimensions, and their error paths (non-square, wrong
rank, wrong dtype, singular). Gradients on well-conditioned inputs. Factors that are unique only
up to signs (q and r, eigenvectors, singular vectors) are compared through invariant quantities:
the reconstruction, the factors' absolute values and q^T q (the *_invariants adapters).

Tolerance: 64 ulps at the scale of the inputs and outputs. tfpp and TensorFlow both factor with
Eigen, but with differently ordered (blocked, vectorized) loops, so rounding differs in the last
bits and is amplified by the matrices' condition numbers (below 10 here). Gradients chain two or
three such solves: 256 ulps."""

import numpy as np

from case import DT, Case, T, ramp

ULPS = 64
GRAD_ULPS = 256
SCALED = True

FLOATS = ["float32", "float64"]


def well(n, batch=(), dtype="float64", seed=0):
    """Diagonally dominant [*batch, n, n] matrices: far from singular."""
    a = ramp(tuple(batch) + (n, n), "float64", 0.25, 0.125 * seed)
    return (a + 2.0 * n * np.eye(n)).astype(dtype)


def spd(n, batch=(), dtype="float64", seed=0):
    """Symmetric positive-definite [*batch, n, n] matrices: a a^T + n I."""
    a = ramp(tuple(batch) + (n, n), "float64", 0.25, 0.125 * seed)
    return (a @ np.swapaxes(a, -1, -2) + n * np.eye(n)).astype(dtype)


def rhs(shape, dtype="float64", seed=1):
    return ramp(shape, dtype, 0.25, 0.125 * seed)


SINGULAR = [[1.0, 2.0], [2.0, 4.0]]
BATCHES = [(), (2,), (2, 1)]


def square_ops():
    out = []
    for dtype in FLOATS:
        for batch in BATCHES:
            for n in (1, 3):
                a = well(n, batch, dtype)
                out.append(Case("tf.linalg.inv", [a], grad=True))
                out.append(Case("tf.linalg.det", [a], grad=True))
                out.append(Case("tf.linalg.slogdet", [a], grad=True))
                out.append(Case("tf.linalg.cholesky", [spd(n, batch, dtype)], grad=True))
                out.append(Case("tf.linalg.logdet", [spd(n, batch, dtype)], grad=True))
            out.append(Case("tf.linalg.inv", [well(3, batch, dtype, 2)], {"adjoint": True}, grad=True))
        # Negative determinants; a singular matrix (sign 0, log -inf; det -0 from the pivot's sign).
        neg = well(3, (), dtype)[::-1].copy()
        out.append(Case("tf.linalg.det", [neg], grad=True, note="negative determinant"))
        out.append(Case("tf.linalg.slogdet", [neg], grad=True, note="negative determinant"))
        out.append(Case("tf.linalg.det", [T(SINGULAR, dtype)], note="singular"))
        out.append(Case("tf.linalg.slogdet", [T(SINGULAR, dtype)], note="singular"))
        # TensorFlow leaves the upper triangle of a failed factor unwritten: compare the lower one.
        out.append(Case("cholesky_lower", [T([[1.0, 2.0], [2.0, 1.0]], dtype)], note="not positive definite: NaN"))
        out.append(Case("tf.linalg.cholesky", [T([[4.0, 99.0], [2.0, 3.0]], dtype)], note="reads the lower triangle"))
        # Empty matrices and empty batches.
        for shape in [(0, 0), (3, 0, 0), (0, 2, 2)]:
            for fn in ["inv", "det", "slogdet", "cholesky"]:
                out.append(Case(f"tf.linalg.{fn}", [np.zeros(shape, dtype)], note="empty"))
    # Errors: singular, non-square, rank 1, integer dtype.
    out.append(Case("tf.linalg.inv", [T(SINGULAR, "float32")], note="singular"))
    for fn in ["inv", "det", "slogdet", "cholesky", "logdet"]:
        out.append(Case(f"tf.linalg.{fn}", [np.ones((2, 3), np.float32)], note="not square"))
        out.append(Case(f"tf.linalg.{fn}", [np.ones((3,), np.float32)], note="rank 1"))
        out.append(Case(f"tf.linalg.{fn}", [np.ones((2, 2), np.int32)], note="int32"))
    return out


def solvers():
    out = []
    for dtype in FLOATS:
        for batch in [(), (2,)]:
            for adjoint in [False, True]:
                out.append(Case("tf.linalg.solve", [well(3, batch, dtype), rhs(batch + (3, 2), dtype)],
                                {"adjoint": adjoint}, grad=True))
                for lower in [True, False]:
                    out.append(Case("tf.linalg.triangular_solve", [well(3, batch, dtype), rhs(batch + (3, 2), dtype)],
                                    {"lower": lower, "adjoint": adjoint}, grad=True))
            out.append(Case("tf.linalg.cholesky_solve", [np.linalg.cholesky(spd(3, batch, dtype)).astype(dtype),
                                                         rhs(batch + (3, 1), dtype)], grad=True))
        # Batch dimensions broadcast in triangular_solve (not in solve).
        for mb, rb in [((2, 1), (3,)), ((), (2,)), ((3,), ()), ((2, 1), (1, 4))]:
            out.append(Case("tf.linalg.triangular_solve", [well(3, mb, dtype), rhs(rb + (3, 2), dtype)], grad=True,
                            note="broadcast batch"))
        out.append(Case("tf.linalg.triangular_solve", [T([[0.0, 0.0], [1.0, 1.0]], dtype), rhs((2, 1), dtype)],
                        note="zero diagonal: inf"))
        out.append(Case("tf.linalg.solve", [np.zeros((0, 0), dtype), np.zeros((0, 2), dtype)], note="empty"))
        out.append(Case("tf.linalg.solve", [well(2, (), dtype), np.zeros((2, 0), dtype)], note="no columns"))
    out.append(Case("tf.linalg.solve", [T(SINGULAR, "float32"), np.ones((2, 1), np.float32)], note="singular"))
    out.append(Case("tf.linalg.solve", [well(2, (), "float32"), np.ones((3, 1), np.float32)], note="rows differ"))
    out.append(Case("tf.linalg.solve", [well(2, (3,), "float32"), np.ones((2, 1), np.float32)], note="ranks differ"))
    out.append(Case("tf.linalg.solve", [well(2, (), "float32"), np.ones((2, 1), np.float64)], note="dtypes differ"))
    out.append(Case("tf.linalg.solve", [np.ones((2, 3), np.float32), np.ones((2, 1), np.float32)], note="not square"))
    out.append(Case("tf.linalg.triangular_solve", [well(2, (2,), "float32"), np.ones((3, 2, 1), np.float32)],
                    note="batch dimensions do not broadcast"))
    out.append(Case("tf.linalg.triangular_solve", [well(2, (), "float32"), np.ones((3, 1), np.float32)], note="rows differ"))
    out.append(Case("tf.linalg.triangular_solve", [np.ones((2, 2), np.int32), np.ones((2, 1), np.int32)], note="int32"))
    return out


def vectors():
    out = []
    for dtype in FLOATS:
        out.append(Case("tf.linalg.cross", [rhs((3,), dtype, 1), rhs((3,), dtype, 2)], grad=True))
        out.append(Case("tf.linalg.cross", [rhs((2, 4, 3), dtype, 1), rhs((2, 4, 3), dtype, 2)], grad=True))
        out.append(Case("tf.linalg.matvec", [rhs((2, 3, 4), dtype, 1), rhs((4,), dtype, 2)], grad=True))
        out.append(Case("tf.linalg.matvec", [rhs((4, 3), dtype, 1), rhs((2, 4), dtype, 2)], {"transpose_a": True}, grad=True))
        out.append(Case("tf.linalg.matvec", [rhs((4, 3), dtype, 1), rhs((4,), dtype, 2)], {"adjoint_a": True}, grad=True))
        out.append(Case("tf.linalg.normalize", [rhs((2, 3), dtype, 1)], grad=True))
        out.append(Case("tf.linalg.normalize", [rhs((2, 3), dtype, 1)], {"axis": 1}, grad=True))
        out.append(Case("tf.linalg.normalize", [rhs((2, 3), dtype, 1)], {"ord": 1, "axis": 0}, grad=True))
        out.append(Case("tf.linalg.normalize", [rhs((2, 3), dtype, 1)], {"ord": "fro", "axis": [0, 1]}, grad=True))
    for dtype in ["int32", "int64"]:
        out.append(Case("tf.linalg.cross", [T([1, 2, 3], dtype), T([4, 5, 6], dtype)]))
    out.append(Case("tf.linalg.cross", [np.ones((2, 3), np.float32), np.ones((3,), np.float32)], note="shapes differ"))
    out.append(Case("tf.linalg.cross", [np.ones((2,), np.float32), np.ones((2,), np.float32)], note="not 3 elements"))
    out.append(Case("tf.linalg.cross", [np.ones((3,), np.float32), np.ones((3,), np.float64)], note="dtypes differ"))
    return out


def distinct_symmetric(n, batch=(), dtype="float64"):
    """Symmetric [*batch, n, n] matrices with well separated eigenvalues."""
    a = ramp(tuple(batch) + (n, n), "float64", 0.25, 0.3)
    return (a + np.swapaxes(a, -1, -2) + np.diag(np.arange(n) * 3.0)).astype(dtype)


def lu_factors(a):
    """Partial-pivoting LU of a square NumPy matrix as tf.linalg.lu returns it: (lu, perm)."""
    lu, perm = a.astype(np.float64).copy(), np.arange(a.shape[0])
    for k in range(a.shape[0]):
        p = k + int(np.argmax(np.abs(lu[k:, k])))
        lu[[k, p]], perm[[k, p]] = lu[[p, k]], perm[[p, k]]
        lu[k + 1:, k] /= lu[k, k]
        lu[k + 1:, k + 1:] -= np.outer(lu[k + 1:, k], lu[k, k + 1:])
    return lu.astype(a.dtype), perm.astype(np.int32)


SHAPES = [(3, 2), (3, 3), (2, 3), (2, 3, 2), (2, 2, 3)]


def decompositions():
    out = []
    for dtype in FLOATS:
        for shape in SHAPES:
            a = ramp(shape, dtype, 0.25, 0.3)
            for full in [False, True]:
                # TensorFlow has no Qr gradient for m > n with full matrices, nor an Svd one for full
                # matrices with |m - n| > 1 (none here): both raise NotImplementedError.
                out.append(Case("qr_invariants", [a], {"full_matrices": full}, grad=True))
                out.append(Case("svd_invariants", [a], {"full_matrices": full}, grad=True))
            out.append(Case("tf.linalg.svd", [a], {"compute_uv": False}, grad=True))
            out.append(Case("tf.linalg.pinv", [a], grad=True))
            out.append(Case("tf.linalg.matrix_rank", [a]))
        for batch in [(), (2,)]:
            s = distinct_symmetric(3, batch, dtype)
            out.append(Case("eigh_invariants", [s], grad=True))
            out.append(Case("tf.linalg.eigvalsh", [s], grad=True))
            out.append(Case("tf.linalg.lu", [well(3, batch, dtype)[..., ::-1, :].copy()]))
            out.append(Case("tf.linalg.lu", [well(3, batch, dtype)], {"output_idx_type": DT("int64")}))
        out.append(Case("eigh_invariants", [T([[2.0, 100.0], [1.0, 3.0]], dtype)], grad=True, note="reads the lower triangle"))
        out.append(Case("tf.linalg.matrix_rank", [T([[1.0, 2.0], [2.0, 4.0], [3.0, 6.0]], dtype)], note="rank 1"))
        out.append(Case("tf.linalg.matrix_rank", [ramp((2, 3), dtype)], {"tol": 2.0}))
        out.append(Case("tf.linalg.pinv", [T([[1.0, 2.0], [2.0, 4.0], [3.0, 6.0]], dtype)], note="rank deficient"))
        out.append(Case("tf.linalg.pinv", [ramp((3, 2), dtype)], {"rcond": 0.5}))
        # lstsq: the normal equations (fast) for tall and wide matrices, with l2 regularization, and the
        # complete orthogonal decomposition (fast=False, which has no gradient in TensorFlow).
        for shape, rshape in [((4, 2), (4, 1)), ((2, 3), (2, 2)), ((2, 4, 3), (2, 4, 2))]:
            a, b = ramp(shape, dtype, 0.25, 0.3), rhs(rshape, dtype)
            out.append(Case("tf.linalg.lstsq", [a, b], grad=True))
            out.append(Case("tf.linalg.lstsq", [a, b], {"l2_regularizer": 0.5}, grad=True))
            out.append(Case("tf.linalg.lstsq", [a, b], {"fast": False}, grad=True, note="no gradient for fast=False"))
        # The functions of an LU factorization, from factors made here.
        for batch in [(), (2,)]:
            a = well(3, batch, "float64")[..., ::-1, :]
            factors = [lu_factors(m) for m in a.reshape(-1, 3, 3)]
            lu = np.stack([f[0] for f in factors]).reshape(a.shape).astype(dtype)
            perm = np.stack([f[1] for f in factors]).reshape(a.shape[:-1])
            out.append(Case("tf.linalg.lu_reconstruct", [lu, perm], grad=True))
            out.append(Case("tf.linalg.lu_matrix_inverse", [lu, perm], grad=True))
            out.append(Case("tf.linalg.lu_solve", [lu, perm, rhs(batch + (3, 2), dtype)], grad=True))
        # Empty matrices.
        out.append(Case("qr_invariants", [np.zeros((3, 0), dtype)], {"full_matrices": True}, note="empty"))
        out.append(Case("svd_invariants", [np.zeros((2, 0, 3), dtype)], {"full_matrices": True}, note="empty"))
        out.append(Case("tf.linalg.eigvalsh", [np.zeros((2, 0, 0), dtype)], note="empty"))
    # The spectral matrix norm: the largest singular value, over any two axes.
    for dtype in FLOATS:
        out.append(Case("tf.norm", [ramp((3, 2), dtype, 0.25, 0.3)], {"ord": 2, "axis": [0, 1]}, grad=True))
        out.append(Case("tf.norm", [ramp((2, 3, 4), dtype, 0.25, 0.3)], {"ord": 2, "axis": [0, -1], "keepdims": True},
                        grad=True))
        out.append(Case("tf.norm", [ramp((2, 3, 4), dtype, 0.25, 0.3)], {"ord": 2.0, "axis": [2, 1]}, grad=True))
    # expm: each Padé degree (chosen by the 1-norm), scaling and squaring, and a batch mixing them.
    for dtype in FLOATS:
        base = ramp((3, 3), "float64", 0.25, 0.3)
        for scale in [0.005, 0.05, 0.2, 0.6, 1.5, 4.0]:
            out.append(Case("tf.linalg.expm", [(base * scale).astype(dtype)], grad=True, note=f"scale {scale}"))
        out.append(Case("tf.linalg.expm", [np.stack([base * 0.01, base, base * 3]).astype(dtype)], grad=True))
        out.append(Case("tf.linalg.expm", [np.zeros((0, 0), dtype)], note="empty"))
        out.append(Case("tf.linalg.expm", [T([[float("inf"), 0.0], [0.0, 1.0]], dtype)], note="not finite: NaN"))
    out.append(Case("tf.linalg.expm", [np.ones((2, 2), np.int32)], note="int32"))
    # Errors.
    out.append(Case("tf.linalg.eigvalsh", [T([[float("nan"), 1.0], [1.0, 3.0]], "float32")], note="NaN"))
    out.append(Case("tf.linalg.lu", [T(SINGULAR, "float32")], note="singular"))
    out.append(Case("tf.linalg.lu", [np.ones((2, 2), np.float32)], {"output_idx_type": DT("float32")}, note="bad index type"))
    out.append(Case("qr_invariants", [ramp((3, 2), "float64")], {"full_matrices": True}, grad=True,
                    note="no gradient: m > n with full matrices"))
    out.append(Case("svd_invariants", [ramp((4, 2), "float64")], {"full_matrices": True}, grad=True,
                    note="no gradient: |m - n| > 1 with full matrices"))
    for fn in ["tf.linalg.qr", "tf.linalg.svd", "tf.linalg.eigh", "tf.linalg.eigvalsh", "tf.linalg.lu", "tf.linalg.pinv",
               "tf.linalg.matrix_rank"]:
        out.append(Case(fn, [np.ones((3,), np.float32)], note="rank 1"))
        out.append(Case(fn, [np.ones((2, 2), np.int32)], note="int32"))
    for fn in ["tf.linalg.eigh", "tf.linalg.eigvalsh", "tf.linalg.lu"]:
        out.append(Case(fn, [np.ones((2, 3), np.float32)], note="not square"))
    out.append(Case("tf.linalg.lstsq", [np.ones((3, 2), np.float32), np.ones((2, 1), np.float32)], {"fast": False},
                    note="rows differ"))
    return out


def _qr_invariants(a, full_matrices=False):
    import tensorflow as tf
    q, r = tf.linalg.qr(a, full_matrices=full_matrices)
    return [tf.matmul(q, r), tf.abs(q), tf.abs(r), tf.matmul(q, q, transpose_a=True)]


def _svd_invariants(a, full_matrices=False):
    import tensorflow as tf
    s, u, v = tf.linalg.svd(a, full_matrices=full_matrices)
    p = s.shape[-1]
    product = tf.matmul(u[..., :p] * s[..., None, :], v[..., :p], adjoint_b=True)
    return [s, tf.abs(u), tf.abs(v), product]


def _eigh_invariants(a):
    import tensorflow as tf
    e, v = tf.linalg.eigh(a)
    return [e, tf.abs(v), tf.matmul(v * e[..., None, :], v, adjoint_b=True)]


def _cholesky_lower(a):
    import tensorflow as tf
    return tf.linalg.band_part(tf.linalg.cholesky(a), -1, 0)


ADAPTERS = {"cholesky_lower": _cholesky_lower, "qr_invariants": _qr_invariants, "svd_invariants": _svd_invariants, "eigh_invariants": _eigh_invariants}


def cases():
    return square_ops() + solvers() + vectors() + decompositions()
