"""tf.linalg.tensor_diag, tensor_diag_part and tridiagonal_matmul, composed of tfpp ops (so they
trace and differentiate through them)."""

from . import _tfpp, errors

_linalg = _tfpp._linalg


def _static_dims(t):
    if t.shape.rank is None or None in t.shape.as_list():
        return [int(d) for d in _tfpp.shape(t).numpy()]
    return t.shape.as_list()


def tensor_diag(diagonal, name=None):
    """The rank-2k tensor with `diagonal` (rank k) on its diagonal: out[i..., i...] = diagonal[i...]."""
    diagonal = _tfpp._convert_to_tensor(diagonal)
    dims = _static_dims(diagonal)
    return _tfpp.reshape(_linalg.diag(_tfpp.reshape(diagonal, [-1])), dims + dims)


def tensor_diag_part(input, name=None):  # noqa: A002 - TensorFlow's argument name
    """The diagonal of a rank-2k tensor of shape s + s: out[i...] = input[i..., i...]."""
    input = _tfpp._convert_to_tensor(input)  # noqa: A001
    dims = _static_dims(input)
    half = len(dims) // 2
    if len(dims) % 2:
        raise errors.InvalidArgumentError(None, None, "The rank of the tensor should be even and positive, got shape [%s]"
                                          % ",".join(map(str, dims)))
    for i in range(half):
        if dims[i] != dims[half + i]:
            raise errors.InvalidArgumentError(None, None, "Invalid shape [%s]: dimensions %d and %d do not match."
                                              % (",".join(map(str, dims)), i, half + i))
    count = 1
    for d in dims[:half]:
        count *= d
    return _tfpp.reshape(_linalg.diag_part(_tfpp.reshape(input, [count, count])), dims[:half])


def tridiagonal_matmul(diagonals, rhs, diagonals_format="compact", name=None):
    """A tridiagonal matrix times rhs [..., M, N]; the matrix as "compact" [..., 3, M] (super-, main
    and subdiagonal rows), a "sequence" of the three, or a full "matrix" (read on its three
    diagonals only)."""
    rhs = _tfpp._convert_to_tensor(rhs)
    if diagonals_format == "matrix":
        return _tfpp.math.matmul(_linalg.band_part(_tfpp._convert_to_tensor(diagonals, dtype=rhs.dtype), 1, 1), rhs)
    if diagonals_format == "compact":
        d = _tfpp._convert_to_tensor(diagonals, dtype=rhs.dtype)
        superdiag, maindiag, subdiag = _tfpp.unstack(d, axis=-2)
    elif diagonals_format == "sequence":
        superdiag, maindiag, subdiag = (_tfpp._convert_to_tensor(x, dtype=rhs.dtype) for x in diagonals)
    else:
        raise ValueError("Unrecognized diagonals_format: %s" % diagonals_format)
    rows = _tfpp.shape(rhs)[-2]
    zero_row = _tfpp.zeros_like(_tfpp.gather(rhs, [0], axis=-2))
    next_rows = _tfpp.concat([_tfpp.gather(rhs, _tfpp.range(1, rows), axis=-2), zero_row], -2)     # rhs[i + 1]
    previous_rows = _tfpp.concat([zero_row, _tfpp.gather(rhs, _tfpp.range(0, rows - 1), axis=-2)], -2)  # rhs[i - 1]
    column = lambda v: _tfpp.expand_dims(v, -1)  # noqa: E731
    return column(superdiag) * next_rows + column(maindiag) * rhs + column(subdiag) * previous_rows
