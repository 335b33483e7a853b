"""tf.switch_case, tf.case, tf.vectorized_map, tf.recompute_grad and tf.parallel_stack, over
tf.cond, tf.map_fn and tf.stack. Eagerly a concrete branch index or predicate picks the branch
at once; inside a trace the branches become nested tf.cond calls."""

import functools

from . import _tfpp
from .control_flow import cond
from .functional_ops import map_fn


def _is_symbolic(value):
    return isinstance(value, _tfpp.Tensor) and value._is_symbolic()


def _branches(branch_fns, default):
    """The branch callables in index order, `default` last when given (TensorFlow's rules)."""
    if isinstance(branch_fns, dict):
        keys = sorted(branch_fns)
        if keys != list(range(len(keys))):
            raise ValueError("branch indices (keys) must form contiguous range of [0 to %d) but found {%s}"
                             % (len(keys), ",".join(str(k) for k in keys)))
        branch_fns = [branch_fns[k] for k in keys]
    else:
        branch_fns = [fn for _, fn in branch_fns] if branch_fns and isinstance(branch_fns[0], tuple) else list(branch_fns)
    if not branch_fns:
        raise ValueError("Must provide at least one item in `branch_fns`")
    for fn in branch_fns + ([default] if default is not None else []):
        if not callable(fn):
            raise TypeError("fn for branch must be callable, got %r" % (fn,))
    return branch_fns + ([default] if default is not None else [])


def switch_case(branch_index, branch_fns, default=None, name="switch_case"):
    """branch_fns[branch_index](); an index outside [0, len(branch_fns)) runs `default`, or the
    last branch when there is none."""
    fns = _branches(branch_fns, default)
    index = _tfpp._convert_to_tensor(branch_index)
    if index.dtype != _tfpp.int32:
        raise TypeError("branch_index must be an int32 Tensor, got %s" % index.dtype.name)
    if not _is_symbolic(index):
        i = int(index.numpy())
        return fns[i if 0 <= i < len(fns) else len(fns) - 1]()

    def select(k):
        if k == len(fns) - 1:
            return fns[k]()
        return cond(_tfpp.math.equal(index, k), fns[k], lambda: select(k + 1))

    return select(0)


def case(pred_fn_pairs, default=None, exclusive=False, strict=False, name="case"):
    """The function of the first pair whose predicate is true, else `default`; without a default
    the last pair's function runs, and its predicate must hold."""
    pairs = list(pred_fn_pairs.items()) if isinstance(pred_fn_pairs, dict) else list(pred_fn_pairs)
    if not pairs:
        raise ValueError("pred_fn_pairs must not be empty")
    for pred, fn in pairs:
        if not callable(fn):
            raise TypeError("fn for pred %s must be callable." % (pred,))
    preds = [_tfpp._convert_to_tensor(p) for p, _ in pairs]
    for p in preds:
        if p.dtype != _tfpp.bool:
            raise TypeError("pred must be Tensor of type bool: %s" % p.dtype.name)
    if exclusive:
        _tfpp.debugging.assert_less_equal(_tfpp.math.reduce_sum(_tfpp.math.cast(_tfpp.stack(preds), _tfpp.int32)), 1,
                                          message="Input error: exclusive=True")
    fns = [fn for _, fn in pairs]
    if default is None:
        last_pred, last_fn = preds[-1], fns[-1]
        preds, fns = preds[:-1], fns[:-1]

        def default():
            _tfpp.Assert(last_pred, ["Input error: None of conditions evaluated as True:", _tfpp.stack(preds + [last_pred])])
            return last_fn()

    def select(k):
        if k == len(preds):
            return default()
        if not _is_symbolic(preds[k]):
            return fns[k]() if bool(preds[k].numpy()) else select(k + 1)
        return cond(preds[k], fns[k], lambda: select(k + 1))

    return select(0)


def vectorized_map(fn, elems, fallback_to_while_loop=True, warn=True):
    """fn applied to each slice of `elems` along its first dimension, stacked (tfpp runs it as
    tf.map_fn does; TensorFlow would vectorize it)."""
    return map_fn(fn, elems)


def recompute_grad(f):
    """f, whose gradient TensorFlow recomputes from the inputs to save memory; tfpp keeps the
    forward values instead, which gives the same values and gradients."""
    return functools.wraps(f)(lambda *args, **kwargs: f(*args, **kwargs))


def parallel_stack(values, name="parallel_stack"):
    """tf.stack of `values` along a new first axis, for graphs only, as in TensorFlow."""
    if not _tfpp._tracing():
        raise RuntimeError("tf.parallel_stack() is not compatible with eager execution.")
    return _tfpp.stack(values, 0)
