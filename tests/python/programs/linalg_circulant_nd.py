"""tf.linalg.LinearOperatorCirculant2D and LinearOperatorCirculant3D beside LinearOperatorCirculant:
shapes (block_shape, batch dimensions, N = the product of the block dimensions), the dense
matrices of real and complex spectra, matmul / matvec / solve / solvevec with adjoints and
batches, determinants, traces, diagonals, eigenvalues, condition numbers, convolution kernels,
the hints a real spectrum implies, the algebra that keeps the structure (adjoint, inverse,
products of two operators of one kind), a solve traced with an unknown number of columns, the
assertions and TensorFlow's errors."""
import numpy as np

from harness import show_error_message, tf

LO = tf.linalg


def values(t, decimals=4):
    array = np.round(np.asarray(t), decimals) + 0  # + 0: no negative zeros
    return "%s%s %s" % (t.dtype.name, tuple(t.shape), array.tolist())


def show(label, fn):
    try:
        print(label, fn())
    except Exception as e:  # noqa: BLE001 - the class and message are compared
        print(label, "raises", type(e).__name__, str(e)[:150])


def describe(op):
    return (type(op).__name__, op.name, op.dtype.name, op.shape.as_list(), op.batch_shape.as_list(),
            op.block_depth, op.block_shape.as_list(), op.is_self_adjoint, op.is_square, op.is_non_singular,
            op.is_positive_definite)


# A real, Hermitian spectrum: a real symmetric operator (input_output_dtype float32).
spectrum_2d = tf.constant([[10.0, 2.0, 2.0], [3.0, 1.0, 1.0]])
C2 = LO.LinearOperatorCirculant2D(spectrum_2d, input_output_dtype=tf.float32)
show("2d", lambda: describe(C2))
show("2d spectrum", lambda: values(C2.spectrum))
show("2d dense", lambda: values(C2.to_dense()))
show("2d kernel", lambda: values(C2.convolution_kernel()))
x = tf.reshape(tf.range(12, dtype=tf.float32), [6, 2])
show("2d matmul", lambda: values(C2.matmul(x)))
show("2d matmul adjoint", lambda: values(C2.matmul(x, adjoint=True)))
show("2d matmul adjoint_arg", lambda: values(C2.matmul(tf.transpose(x), adjoint_arg=True)))
show("2d matvec", lambda: values(C2.matvec(tf.range(6, dtype=tf.float32))))
show("2d solve", lambda: values(C2.solve(x)))
show("2d solvevec", lambda: values(C2.solvevec(tf.ones([6]))))
show("2d solve check", lambda: values(C2.matmul(C2.solve(x)) - x, 3))
show("2d det", lambda: values(C2.determinant(), 2))
show("2d log|det|", lambda: values(C2.log_abs_determinant()))
show("2d trace", lambda: values(C2.trace()))
show("2d diag", lambda: values(C2.diag_part()))
show("2d eigvals", lambda: values(C2.eigvals()))
show("2d cond", lambda: values(C2.cond()))
show("2d add", lambda: values(C2.add_to_tensor(tf.ones([6, 6]))))
show("2d solve traced, columns unknown", lambda: values(tf.function(
    lambda v: C2.solve(v), input_signature=[tf.TensorSpec([6, None], tf.float32)])(x)))
show("2d matches dense", lambda: bool(np.allclose(C2.matmul(x), tf.matmul(C2.to_dense(), x), atol=1e-4)))

# The default input_output_dtype (complex64) and a complex spectrum.
Z2 = LO.LinearOperatorCirculant2D(tf.complex(tf.constant([[4.0, 1.0], [2.0, 1.0]]), tf.constant([[0.0, 1.0], [-1.0, 0.5]])))
show("2d complex", lambda: describe(Z2))
show("2d complex dense", lambda: values(Z2.to_dense()))
zx = tf.complex(tf.reshape(tf.range(8, dtype=tf.float32), [4, 2]), tf.ones([4, 2]))
show("2d complex matmul", lambda: values(Z2.matmul(zx)))
show("2d complex matmul adjoint", lambda: values(Z2.matmul(zx, adjoint=True)))
show("2d complex solve", lambda: values(Z2.solve(zx, adjoint=True)))
show("2d complex det", lambda: values(Z2.determinant()))
show("2d complex log|det|", lambda: values(Z2.log_abs_determinant()))
show("2d complex trace", lambda: values(Z2.trace()))
show("2d complex diag", lambda: values(Z2.diag_part()))
show("2d complex cond", lambda: values(Z2.cond()))
show("2d complex eigvals", lambda: Z2.eigvals())
R2 = LO.LinearOperatorCirculant2D([[4.0, 1.0], [2.0, 1.0]])
show("2d real spectrum, complex io", lambda: (describe(R2), values(R2.to_dense()), values(R2.eigvals())))

# Batches: the spectrum's leading dimensions, broadcast against the argument's.
batch = tf.stack([spectrum_2d, 2.0 * spectrum_2d])
B2 = LO.LinearOperatorCirculant2D(batch, input_output_dtype=tf.float32)
show("2d batch", lambda: describe(B2))
show("2d batch det", lambda: values(B2.determinant(), 1))
show("2d batch matmul", lambda: values(B2.matmul(x)))
show("2d batch matvec", lambda: values(B2.matvec(tf.ones([3, 1, 6]))))
show("2d batch diag", lambda: values(B2.diag_part()))

# Three dimensions.
# s[i, j, k] = s[-i, -j, -k]: a Hermitian (real, symmetric) spectrum, so a real operator.
spectrum_3d = tf.constant(np.add.outer(np.add.outer([6.0, 1.0, 1.0], [1.0, 0.0]), [3.0, 1.0, 0.5, 1.0]), tf.float32)
C3 = LO.LinearOperatorCirculant3D(spectrum_3d, input_output_dtype=tf.float32, is_positive_definite=True)
show("3d", lambda: describe(C3))
show("3d dense corner", lambda: values(C3.to_dense()[:5, :5]))
x3 = tf.reshape(tf.range(48, dtype=tf.float32) / 10.0, [24, 2])
show("3d matmul", lambda: values(C3.matmul(x3)[:6]))
show("3d matches dense", lambda: bool(np.allclose(C3.matmul(x3), tf.matmul(C3.to_dense(), x3), atol=1e-3)))
show("3d solve check", lambda: bool(np.allclose(C3.matmul(C3.solve(x3)), x3, atol=1e-4)))
show("3d det", lambda: values(C3.log_abs_determinant()))
show("3d trace", lambda: values(C3.trace()))
show("3d kernel", lambda: values(C3.convolution_kernel()[0]))
show("3d eigvals", lambda: values(C3.eigvals()[:8]))
show("3d float64", lambda: describe(LO.LinearOperatorCirculant3D(tf.ones([2, 1, 2, 2], tf.float64))))

# 1-D for comparison, and the algebra that keeps the structure.
C1 = LO.LinearOperatorCirculant([6.0, 1.0, 1.0], input_output_dtype=tf.float32)
show("1d", lambda: (describe(C1), values(C1.to_dense()), values(C1.spectrum)))
show("1d det", lambda: (values(C1.determinant()), values(C1.log_abs_determinant()), values(C1.trace())))
show("1d complex io", lambda: (values(LO.LinearOperatorCirculant([6.0, 1.0, 1.0]).log_abs_determinant()),
                               values(LO.LinearOperatorCirculant([6.0, 1.0, 1.0]).trace())))
show("2d inverse", lambda: (describe(C2.inverse()), values(C2.inverse().spectrum)))
show("2d adjoint", lambda: (describe(Z2.adjoint()), values(Z2.adjoint().spectrum)))
show("2d product", lambda: (describe(C2 @ C2), values((C2 @ C2).spectrum)))
show("2d solve operator", lambda: (describe(C2.solve(C2)), values(C2.solve(C2).spectrum)))
show("2d times 1d", lambda: type(LO.LinearOperatorCirculant2D([[1.0, 2.0]]) @ LO.LinearOperatorCirculant([1.0, 2.0])).__name__)
show("3d inverse dense", lambda: bool(np.allclose(tf.matmul(C3.inverse().to_dense(), C3.to_dense()), np.eye(24), atol=1e-4)))

# Assertions.
C2.assert_non_singular()
C2.assert_self_adjoint()
C3.assert_positive_definite()
show("singular", lambda: LO.LinearOperatorCirculant2D([[1.0, 0.0], [2.0, 3.0]]).assert_non_singular())
show("not self-adjoint", lambda: Z2.assert_self_adjoint())
show("not positive definite", lambda: LO.LinearOperatorCirculant2D([[1.0, -1.0], [2.0, 3.0]]).assert_positive_definite())

# TensorFlow's errors.
show_error_message("2d of a vector", lambda: LO.LinearOperatorCirculant2D([1.0, 2.0]), 70)
show_error_message("3d of a matrix", lambda: LO.LinearOperatorCirculant3D([[1.0, 2.0]]), 70)
show_error_message("a real spectrum not self-adjoint",
                   lambda: LO.LinearOperatorCirculant2D([[1.0, 2.0]], is_self_adjoint=False))
show_error_message("not square", lambda: LO.LinearOperatorCirculant3D(tf.ones([1, 1, 2]), is_square=False))
show_error_message("a wrong dtype", lambda: C2.matmul(tf.ones([6, 1], tf.float64)))
show_error_message("a wrong size", lambda: C2.matmul(tf.ones([5, 1])))
show_error_message("a wrong vector", lambda: C3.matvec(tf.ones([23])))
