"""tf.linalg's circulant operators: LinearOperatorCirculant (a circulant matrix),
LinearOperatorCirculant2D (block circulant with circulant blocks) and LinearOperatorCirculant3D
(nested once more). Each is known by its spectrum, the DFT of its convolution kernel over the last
1, 2 or 3 dimensions (the block shape; the matrix is N x N for N their product): a product or
solve takes the argument's columns, reshaped to the block shape, to the frequency domain, where
the operator multiplies (or divides) by the spectrum. As in TensorFlow, the spectrum keeps its
dtype and results are cast to input_output_dtype (a real one keeps the real part)."""

import operator

import numpy as np

import tfpp as _tf
from .base import LinearOperator, _adjoint, _tensor

_math = _tf.math
_FFT = {1: _tf.signal.fft, 2: _tf.signal.fft2d, 3: _tf.signal.fft3d}
_IFFT = {1: _tf.signal.ifft, 2: _tf.signal.ifft2d, 3: _tf.signal.ifft3d}


def _to_complex(x):
    if x.dtype.is_complex:
        return x
    return _math.cast(x, _tf.complex128 if x.dtype == _tf.float64 else _tf.complex64)


def _with_last_dims(x, count, dims):
    """x reshaped with `dims` for its last `count` dimensions (the others as they are, known or not)."""
    leading = x.shape[:-count]
    if leading.is_fully_defined():
        return _tf.reshape(x, leading.as_list() + dims)
    return _tf.reshape(x, _tf.concat([_tf.shape(x)[:-count], _tf.constant(dims, dtype=_tf.int32)], 0))


def _cast(x, dtype):
    """x as `dtype`: a complex value cast to a real dtype keeps its real part."""
    if x.dtype.is_complex and not dtype.is_complex:
        x = _math.real(x)
    return _math.cast(x, dtype)


class _BaseLinearOperatorCirculant(LinearOperator):
    """The circulant operators of each block depth (the number of trailing spectrum dimensions),
    named after their class unless given a name."""

    _block_depth = None

    def __init__(self, spectrum, input_output_dtype=_tf.complex64, is_non_singular=None, is_self_adjoint=None,
                 is_positive_definite=None, is_square=True, name=None):
        name = name or type(self).__name__
        parameters = dict(spectrum=spectrum, input_output_dtype=input_output_dtype, is_non_singular=is_non_singular,
                          is_self_adjoint=is_self_adjoint, is_positive_definite=is_positive_definite,
                          is_square=is_square, name=name)
        self._spectrum = _tensor(spectrum)
        rank = self._spectrum.shape.rank
        if rank is not None and rank < self._block_depth:
            shown = self._spectrum if self._spectrum._is_symbolic() else self._spectrum.numpy()
            raise ValueError("Argument `spectrum` must have at least %d dimensions. Received: %s."
                             % (self._block_depth, shown))
        if not self._spectrum.dtype.is_complex:
            if is_self_adjoint is False:
                raise ValueError("A real spectrum always corresponds to a self-adjoint operator. Expected argument "
                                 "`is_self_adjoint` to be True when `spectrum.dtype.is_complex` = True. Received: "
                                 "False.")
            is_self_adjoint = True
        if is_square is False:
            raise ValueError("A [[nested] block] circulant operator is always square. Expected argument `is_square` "
                             "to be True. Received: False.")
        super().__init__(input_output_dtype, is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                         is_positive_definite=is_positive_definite, is_square=True, name=name, parameters=parameters)

    @property
    def spectrum(self):
        return self._spectrum

    @property
    def block_depth(self):
        """How many trailing dimensions of the spectrum are blocks: 1, 2 or 3."""
        return self._block_depth

    @property
    def block_shape(self):
        """The spectrum's block dimensions."""
        return self._spectrum.shape[-self._block_depth:]

    def block_shape_tensor(self):
        """block_shape as an int32 tensor."""
        return _tf.shape(self._spectrum)[-self._block_depth:]

    def _block_axes(self):
        return [-(i + 1) for i in range(self._block_depth)]

    def _shape(self):
        shape = self._spectrum.shape
        blocks = self.block_shape
        n = int(np.prod(blocks.as_list())) if blocks.is_fully_defined() else None
        return shape[:-self._block_depth].as_list() + [n, n]

    def _unblockify(self, x):
        """x with its block dimensions flattened into one."""
        return _with_last_dims(x, self._block_depth, [-1])

    def convolution_kernel(self, name="convolution_kernel"):
        """The inverse DFT of the spectrum, in the block shape: the matrix's first column."""
        return _cast(_IFFT[self._block_depth](_to_complex(self._spectrum)), self.dtype)

    def _in_frequency_domain(self, x, adjoint, adjoint_arg, combine):
        """The columns of x (of x^H for adjoint_arg) in the block shape, DFT'd, combined with the
        spectrum (conjugated for the adjoint) by combine(transformed, spectrum), and transformed back."""
        x = _adjoint(x) if adjoint_arg else x
        spectrum = _to_complex(self._spectrum)
        if adjoint:
            spectrum = _math.conj(spectrum)
        columns = _tf.linalg.matrix_transpose(_math.cast(x, spectrum.dtype))
        blocks = _with_last_dims(columns, 1, self.block_shape.as_list())
        spectrum = _tf.expand_dims(spectrum, -self._block_depth - 1)  # broadcast over the columns
        result = self._unblockify(_IFFT[self._block_depth](combine(_FFT[self._block_depth](blocks), spectrum)))
        return _cast(_tf.linalg.matrix_transpose(result), self.dtype)

    def _matmul(self, x, adjoint, adjoint_arg):
        return self._in_frequency_domain(x, adjoint, adjoint_arg, operator.mul)

    def _solve(self, rhs, adjoint, adjoint_arg):
        return self._in_frequency_domain(rhs, adjoint, adjoint_arg, operator.truediv)

    def _determinant(self):
        return _cast(_math.reduce_prod(self._spectrum, axis=self._block_axes()), self.dtype)

    def _log_abs_determinant(self):
        return _cast(_math.reduce_sum(_math.log(_math.abs(self._spectrum)), axis=self._block_axes()), self.dtype)

    def _trace(self):
        real = _math.reduce_sum(_math.real(self._spectrum), axis=self._block_axes())
        if not self.dtype.is_complex:
            return _math.cast(real, self.dtype)
        if self.is_self_adjoint:
            imag = _tf.zeros_like(real)
        else:
            imag = _math.reduce_sum(_math.imag(self._spectrum), axis=self._block_axes())
        return _math.cast(_tf.complex(real, imag), self.dtype)

    def _diag_part(self):
        value = self.trace() / _math.cast(self.domain_dimension, self.dtype)
        return _tf.expand_dims(value, -1) * _tf.ones(self.shape[:-1].as_list(), dtype=self.dtype)

    def _eigvals(self):
        return self._unblockify(self._spectrum)

    def _cond(self):
        magnitudes = _math.abs(self._unblockify(self._spectrum))
        return _math.reduce_max(magnitudes, axis=-1) / _math.reduce_min(magnitudes, axis=-1)

    def assert_non_singular(self, name="assert_non_singular"):
        """InvalidArgumentError if the spectrum has a zero."""
        zero = _tf.convert_to_tensor(0, dtype=self._spectrum.dtype.real_dtype)
        return _tf.debugging.assert_less(zero, _math.abs(self._spectrum),
                                         message="Singular operator:  Spectrum contained zero values.")

    def assert_positive_definite(self, name="assert_positive_definite"):
        """InvalidArgumentError unless the spectrum's real parts are all positive."""
        return _tf.debugging.assert_positive(
            _math.real(self._spectrum), message="Not positive definite:  Real part of spectrum was not all positive.")

    def assert_self_adjoint(self, name="assert_self_adjoint"):
        """InvalidArgumentError if the spectrum has an imaginary part (a real one always passes)."""
        if not self._spectrum.dtype.is_complex:
            return None
        zero = _tf.convert_to_tensor(0, dtype=self._spectrum.dtype.real_dtype)
        return _tf.debugging.assert_equal(
            zero, _math.imag(self._spectrum),
            message="Not self-adjoint:  The spectrum contained non-zero imaginary part.")


class LinearOperatorCirculant(_BaseLinearOperatorCirculant):
    """A circulant matrix: spectrum [..., N], the DFT of its first column."""

    _block_depth = 1


class LinearOperatorCirculant2D(_BaseLinearOperatorCirculant):
    """A block circulant matrix of circulant blocks: spectrum [..., N0, N1], N = N0 * N1."""

    _block_depth = 2


class LinearOperatorCirculant3D(_BaseLinearOperatorCirculant):
    """A block circulant matrix of 2-D block circulant blocks: spectrum [..., N0, N1, N2]."""

    _block_depth = 3
