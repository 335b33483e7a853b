"""tf.nn.embedding_lookup_sparse: embeddings of a SparseTensor's ids, combined per row (sum,
mean or sqrtn, optionally weighted), composed of embedding_lookup and segment_sum."""

from . import _tfpp
from .sparse_tensor import SparseTensor

_math = _tfpp.math


def embedding_lookup_sparse(params, sp_ids, sp_weights, combiner=None, max_norm=None, name=None,
                            allow_fast_lookup=False):
    """For each row r of sp_ids: combine params[id] * weight over the row's ids ("sum", "mean":
    divided by the weights' sum, "sqrtn": by the root of their squares' sum). Rows after the last
    row with ids are left out; rows without ids before it are zeros."""
    if combiner is None:
        combiner = "mean"
    if combiner not in ("mean", "sqrtn", "sum"):
        raise ValueError("combiner must be one of 'mean', 'sqrtn' or 'sum', got %s" % combiner)
    if not isinstance(sp_ids, SparseTensor):
        raise TypeError("sp_ids must be SparseTensor, got %s" % type(sp_ids))
    if sp_weights is not None and not isinstance(sp_weights, SparseTensor):
        raise TypeError("sp_weights must be either None or SparseTensor, got %s" % type(sp_weights))
    if isinstance(params, (list, tuple)):
        if len(params) != 1:
            raise ValueError("tfpp looks up embeddings in one params tensor, got a list of %d" % len(params))
        params = params[0]
    segment_ids = _math.cast(sp_ids.indices[:, 0], _tfpp.int32)
    embeddings = _tfpp.nn.embedding_lookup(params, sp_ids.values, max_norm=max_norm)
    if sp_weights is None:
        weights = _tfpp.ones_like(_math.cast(sp_ids.values, embeddings.dtype))
    else:
        weights = _math.cast(sp_weights.values, embeddings.dtype)
    # One weight per embedding row, broadcast over the embedding's other dimensions.
    weights = _tfpp.reshape(weights, _tfpp.concat(
        [_tfpp.shape(weights), _tfpp.fill(_tfpp.expand_dims(_tfpp.rank(embeddings) - 1, 0), 1)], 0))
    total = _math.segment_sum(embeddings * weights, segment_ids)
    if combiner == "sum":
        return total
    if combiner == "mean":
        return _math.divide_no_nan(total, _math.segment_sum(weights, segment_ids))
    return _math.divide_no_nan(total, _math.sqrt(_math.segment_sum(weights * weights, segment_ids)))


def safe_embedding_lookup_sparse(embedding_weights, sparse_ids, sparse_weights=None, combiner="mean", default_id=None,
                                 max_norm=None, name=None, allow_fast_lookup=False):
    """embedding_lookup_sparse over the last dimension of ids of any rank: negative ids (and, but for
    "sum", non-positive weights) are dropped, a row left without ids gets params[default_id] or zeros,
    and the result has the ids' leading dimensions followed by the embedding's."""
    from . import sparse_ops
    if embedding_weights is None or (isinstance(embedding_weights, (list, tuple)) and not embedding_weights):
        raise ValueError("Missing embedding_weights %s." % (embedding_weights,))
    shape = _math.cast(sparse_ids.dense_shape, _tfpp.int64)
    ids = sparse_ops.reshape(sparse_ids, _tfpp.stack([_math.reduce_prod(shape[:-1]), shape[-1]]))
    weights = None if sparse_weights is None else SparseTensor(ids.indices, sparse_weights.values, ids.dense_shape)
    valid = _math.greater_equal(ids.values, 0)
    if weights is not None and combiner != "sum":
        valid = _math.logical_and(valid, _math.greater(weights.values, 0))
    ids = sparse_ops.retain(ids, valid)
    if weights is not None:
        weights = sparse_ops.retain(weights, valid)
    ids, row_is_empty = sparse_ops.fill_empty_rows(ids, default_id or 0)
    if weights is not None:
        weights, _ = sparse_ops.fill_empty_rows(weights, 1.0)
    result = embedding_lookup_sparse(embedding_weights, ids, weights, combiner=combiner, max_norm=max_norm)
    if default_id is None:
        result = _math.where(_tfpp.reshape(row_is_empty, [-1, 1]), _tfpp.zeros_like(result), result)
    return _tfpp.reshape(result, _tfpp.concat([_math.cast(shape[:-1], _tfpp.int32), _tfpp.shape(result)[1:]], 0))
