"""tf.linalg's LinearOperator family: every operator's dense matrix, shape, batch shape and hints;
matmul / matvec / solve / solvevec with adjoints; determinants, traces, diagonals, eigenvalues,
condition numbers; the algebra between operators (the identity dropping out, diagonal products,
inverses and Cholesky factors keeping their structure, adjoints of adjoints); TensorFlow's errors
for hints and shapes; and tf.matmul's adjoint_* and output_type arguments."""
import numpy as np

from harness import tf

LO = tf.linalg


def show(label, fn):
    try:
        print(label, fn())
    except Exception as e:  # noqa: BLE001 - the class and message are compared
        print(label, "raises", type(e).__name__, str(e)[:120])


Z = LO.LinearOperatorZeros(2, 3, is_square=False, is_self_adjoint=False)
show("zeros", lambda: (Z.shape, Z.is_square, Z.is_non_singular, Z.to_dense().numpy().tolist()))
show("toeplitz", lambda: (LO.LinearOperatorToeplitz([1., 2., 3.], [1., 4., 5.]).to_dense().numpy().tolist()))
show("householder", lambda: (LO.LinearOperatorHouseholder([1., 2.]).to_dense().numpy().round(4).tolist()))
show("permutation", lambda: LO.LinearOperatorPermutation([2, 0, 1]).to_dense().numpy().tolist())
K = LO.LinearOperatorKronecker([LO.LinearOperatorFullMatrix([[1., 2.], [3., 4.]]), LO.LinearOperatorDiag([1., 10.])])
show("kron", lambda: K.to_dense().numpy().tolist())
show("circulant", lambda: LO.LinearOperatorCirculant(tf.cast([6., 1., 1.], tf.complex64)).to_dense().numpy().round(4).tolist())
show("tridiag", lambda: LO.LinearOperatorTridiag([[0., 1., 2.], [3., 4., 5.], [6., 7., 0.]]).to_dense().numpy().tolist())
show("blockdiag", lambda: LO.LinearOperatorBlockDiag([LO.LinearOperatorDiag([1., 2.]), LO.LinearOperatorFullMatrix([[3.]])]).to_dense().numpy().tolist())
LR = LO.LinearOperatorLowRankUpdate(LO.LinearOperatorDiag([1., 2.]), u=[[1.], [2.]])
show("lowrank", lambda: (LR.to_dense().numpy().tolist(), LR.is_self_adjoint, LR.is_positive_definite))
show("blocklower", lambda: LO.LinearOperatorBlockLowerTriangular([[LO.LinearOperatorFullMatrix([[1.]])], [LO.LinearOperatorFullMatrix([[2.]]), LO.LinearOperatorFullMatrix([[3.]])]]).to_dense().numpy().tolist())
F = LO.LinearOperatorFullMatrix([[4., 1.], [1., 3.]], is_self_adjoint=True, is_positive_definite=True)
show("chol", lambda: (F.cholesky().to_dense().numpy().round(4).tolist(), type(F.cholesky()).__name__))
show("F stats", lambda: (round(float(F.determinant()), 4), round(float(F.log_abs_determinant()), 4), float(F.trace()), F.eigvals().numpy().round(4).tolist(), round(float(F.cond()), 4)))
show("F solve", lambda: (F.solve([[1.], [2.]]).numpy().round(4).tolist(), F.solvevec([1., 2.]).numpy().round(4).tolist()))
G = LO.LinearOperatorFullMatrix([[1., 2.], [3., 4.]])
show("G adjoint matmul", lambda: (G.matmul([[1.], [1.]], adjoint=True).numpy().tolist(), G.matmul([[1., 1.]], adjoint_arg=True).numpy().tolist()))
show("G add", lambda: (G.add_to_tensor([[1., 1.], [1., 1.]]).numpy().tolist(), G.diag_part().numpy().tolist()))
show("G eigvals", lambda: G.eigvals())
show("G chol", lambda: G.cholesky())
show("G bad matmul", lambda: G.matmul(tf.ones([3, 1])))
show("Z det", lambda: Z.determinant())
show("Z inverse", lambda: Z.inverse())
show("G inverse", lambda: (type(G.inverse()).__name__, G.inverse().to_dense().numpy().round(4).tolist()))
show("G.H", lambda: (type(G.H).__name__, G.H.to_dense().numpy().tolist(), type(G.H.H).__name__))
D = LO.LinearOperatorDiag([2., 4.])
show("D algebra", lambda: (type(D @ D).__name__, (D @ D).diag.numpy().tolist(), type(D.inverse()).__name__, type(D.cholesky()).__name__))
I = LO.LinearOperatorIdentity(2)
show("I algebra", lambda: (type(I @ G).__name__, type(G @ I).__name__, type(G @ G).__name__, (G @ G).to_dense().numpy().tolist()))
S = LO.LinearOperatorScaledIdentity(2, 3.)
show("S", lambda: (type(S @ S).__name__, float((S @ S).multiplier), S.to_dense().numpy().tolist(), type(S.inverse()).__name__))
show("D ops", lambda: (D.matvec([1., 1.]).numpy().tolist(), D.solve([[2.], [4.]]).numpy().tolist(), float(D.determinant()), round(float(D.log_abs_determinant()), 4)))
show("K ops", lambda: (K.determinant().numpy().round(3), K.solvevec([1., 1., 1., 1.]).numpy().round(4).tolist()))
show("lower", lambda: LO.LinearOperatorLowerTriangular([[2., 0.], [1., 3.]]).solvevec([2., 4.]).numpy().round(4).tolist())
show("composition", lambda: (LO.LinearOperatorComposition([G, D]).to_dense().numpy().tolist(), LO.LinearOperatorComposition([G, D]).name))
show("batch", lambda: (LO.LinearOperatorDiag([[1., 2.], [3., 4.]]).batch_shape, LO.LinearOperatorDiag([[1., 2.], [3., 4.]]).to_dense().shape))
show("names", lambda: (G.name, D.name, I.name, K.name, LR.name))
show("assert non-singular", lambda: LO.LinearOperatorFullMatrix([[1., 2.], [2., 4.]]).assert_non_singular())
show("assert self-adjoint", lambda: LO.LinearOperatorFullMatrix([[1., 2.], [3., 4.]]).assert_self_adjoint())
show("assert positive definite", lambda: LO.LinearOperatorFullMatrix([[1., 2.], [2., 1.]]).assert_positive_definite())
show("hints", lambda: LO.LinearOperatorFullMatrix([[1., 0.], [0., 1.]], is_positive_definite=True, is_non_singular=False))
show("identity hint", lambda: LO.LinearOperatorIdentity(2, is_square=False))
show("householder solve", lambda: LO.LinearOperatorHouseholder([1., 2.]).solvevec([1., 1.]).numpy().round(4).tolist())
show("permutation ops", lambda: (LO.LinearOperatorPermutation([2, 0, 1]).matvec([10., 20., 30.]).numpy().tolist(),
                                 float(LO.LinearOperatorPermutation([1, 0]).determinant())))
show("batched diag", lambda: LO.LinearOperatorDiag([[1., 2.], [3., 4.]]).matvec([1., 1.]).numpy().tolist())
show("float64 full", lambda: LO.LinearOperatorFullMatrix(np.array([[2., 1.], [1., 2.]])).solvevec([3., 3.]).numpy().tolist())
show("complex diag adjoint", lambda: LO.LinearOperatorDiag(tf.constant([1 + 1j, 2j], tf.complex64)).adjoint().diag.numpy().tolist())
show("scaled identity", lambda: (LO.LinearOperatorScaledIdentity(3, 2.).determinant().numpy(),
                                 LO.LinearOperatorScaledIdentity(3, 2.).trace().numpy()))
show("lower triangular det", lambda: float(LO.LinearOperatorLowerTriangular([[2., 9.], [1., 3.]]).determinant()))
show("composition solve", lambda: LO.LinearOperatorComposition([G, D]).solvevec([1., 1.]).numpy().round(4).tolist())
show("inversion matvec", lambda: G.inverse().matvec([1., 1.]).numpy().round(4).tolist())
show("adjoint matvec", lambda: G.adjoint().matvec([1., 1.]).numpy().tolist())
show("blockdiag det", lambda: float(LO.LinearOperatorBlockDiag([D, G]).determinant()))
show("dtype mismatch", lambda: G.matvec(tf.constant([1., 1.], tf.float64)))
show("operators incompatible", lambda: G @ LO.LinearOperatorIdentity(3))
a = tf.constant([[1 + 2j, 3j]], tf.complex64)
b = tf.constant([[1 + 1j], [2j]], tf.complex64)
print(tf.matmul(a, a, adjoint_b=True), tf.linalg.matmul(b, b, adjoint_a=True))
show("transpose and adjoint", lambda: tf.matmul(a, a, transpose_a=True, adjoint_a=True))
print(tf.matmul(tf.constant([[1, 2]], tf.int8), tf.constant([[3], [4]], tf.int8), output_type=tf.int32))
print(tf.matmul([[1., 2.]], [[3.], [4.]], a_is_sparse=True))
