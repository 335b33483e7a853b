"""tf.gradients and tf.hessians: symbolic derivatives inside a tf.function trace (TensorFlow 2
raises RuntimeError for them eagerly, where tf.GradientTape is the way)."""

from . import _tfpp

_EAGER_MESSAGE = "tf.gradients is not supported when eager execution is enabled. Use tf.GradientTape instead."


def _as_list(value):
    return list(value) if isinstance(value, (list, tuple)) else [value]


def gradients(ys, xs, grad_ys=None, name="gradients", gate_gradients=False, aggregation_method=None,
              stop_gradients=None, unconnected_gradients="none"):
    """[d(sum of ys)/dx for x in xs]: None for an x that ys do not depend on (zeros when
    unconnected_gradients is "zero"); grad_ys weight each y."""
    if not _tfpp._tracing():
        raise RuntimeError(_EAGER_MESSAGE)
    if stop_gradients is not None:
        raise NotImplementedError("tfpp's tf.gradients does not take stop_gradients; use tf.stop_gradient")
    mode = getattr(unconnected_gradients, "value", unconnected_gradients)
    return _tfpp._graph_gradients(_as_list(ys), _as_list(xs), None if grad_ys is None else _as_list(grad_ys),
                                  mode == "zero")


def hessians(ys, xs, name="hessians", colocate_gradients_with_ops=False, gate_gradients=False,
             aggregation_method=None):
    """The matrix of second derivatives of sum(ys) for each x, of shape x.shape + x.shape."""
    if not _tfpp._tracing():
        raise RuntimeError(_EAGER_MESSAGE)
    result = []
    for gradient, x in zip(gradients(ys, _as_list(xs)), _as_list(xs)):
        x_shape = x.shape.as_list() if hasattr(x.shape, "as_list") else list(x.shape)
        if gradient is None:
            result.append(None)
            continue
        if None in x_shape:
            raise ValueError("tfpp's tf.hessians needs the static shape of x, got %s" % (x.shape,))
        flat = _tfpp.reshape(gradient, [-1])
        count = 1
        for d in x_shape:
            count *= d
        rows = []
        for j in range(count):
            row = gradients(flat[j], x, unconnected_gradients="zero")[0]
            rows.append(_tfpp.reshape(row, [-1]))
        result.append(_tfpp.reshape(_tfpp.stack(rows), x_shape + x_shape))
    return result


def no_gradient(op_type):
    """Marks ops of type `op_type` as not differentiable: gradients stop there (KeyError if that
    op type has a gradient already, as TensorFlow's registry raises)."""
    if not isinstance(op_type, str):
        raise TypeError("op_type must be a string")
    try:
        _tfpp._no_gradient(op_type)
    except LookupError as e:
        raise KeyError(str(e)) from None
