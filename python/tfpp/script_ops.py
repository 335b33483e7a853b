"""tf.py_function and tf.numpy_function: Python code run as an op. Eagerly the function is called
at once (so a GradientTape records the ops inside it); inside a traced function the call becomes
an EagerPyFunc or PyFunc node that calls back into Python each time the graph runs, with
unknown output shapes, run in program order like every stateful op. py_function is
differentiable in both modes (in a graph, the gradient node runs a GradientTape over the
function); numpy_function (NumPy arrays in and out) is not."""

from . import _tfpp, errors, nest

# Python exceptions become these TensorFlow errors (TensorFlow's py_func does the same).
_ERROR_CLASSES = ((ValueError, "InvalidArgumentError"), (TypeError, "InvalidArgumentError"),
                  (StopIteration, "OutOfRangeError"), (MemoryError, "ResourceExhaustedError"),
                  (NotImplementedError, "UnimplementedError"))


def _error_of(e):
    """(TensorFlow error class name, message) for an exception the Python function raised."""
    if isinstance(e, errors.OpError):
        return type(e).__name__, e.message
    for python_class, name in _ERROR_CLASSES:
        if isinstance(e, python_class):
            return name, "%s: %s" % (type(e).__name__, e)
    return "UnknownError", "%s: %s" % (type(e).__name__, e)


def _dtypes_of(Tout):  # noqa: N803 - TensorFlow's argument name
    """(the output dtypes, whether the result is a list)."""
    if isinstance(Tout, (list, tuple)):
        return [_tfpp.TensorSpec([], t).dtype for t in Tout], True
    return [_tfpp.TensorSpec([], Tout).dtype], False


def _converted(result, dtypes, is_list):
    """The function's result as tensors of `dtypes` (ValueError for a tensor of another dtype)."""
    values = list(result) if is_list and isinstance(result, (list, tuple)) else [result]
    if not dtypes:
        return []
    if len(values) != len(dtypes):
        raise ValueError("the Python function returns %d values, but expects to see %d values" % (len(values), len(dtypes)))
    out = []
    for value, dtype in zip(values, dtypes):
        if isinstance(value, (_tfpp.Tensor, _tfpp.Variable)) and value.dtype != dtype:
            raise ValueError("Tensor conversion requested dtype %s for Tensor with dtype %s: %r"
                             % (dtype.name, value.dtype.name, value))
        out.append(_tfpp._convert_to_tensor(value, dtype=dtype))
    return out


def _call_eagerly(func, args, dtypes, is_list, numpy):
    if numpy:  # TensorFlow's eager numpy_function lets the function's own errors through
        return _converted(func(*args), dtypes, is_list)
    try:
        return _converted(func(*args), dtypes, is_list)
    except Exception as e:  # noqa: BLE001 - every Python error becomes TensorFlow's, as in TensorFlow
        name, message = _error_of(e)
        raise getattr(errors, name)(None, None, message) from e


def _reported(fn):
    """fn as the op calls it: (True, result) or (False, (error class, message))."""
    def callback(*tensors):
        try:
            return True, fn(*tensors)
        except Exception as e:  # noqa: BLE001 - reported to the op, which raises TensorFlow's error
            return False, _error_of(e)
    return callback


def _graph_call(func, inputs, dtypes, is_list, numpy):
    def forward(*tensors):
        return _converted(func(*([t.numpy() for t in tensors] if numpy else tensors)), dtypes, is_list)

    def backward(*values):
        # The gradients of the inputs for the upstream gradients of the outputs (zeros where unconnected).
        xs, dys = list(values[:len(inputs)]), list(values[len(inputs):])
        with _tfpp.GradientTape() as tape:
            tape.watch(xs)
            ys = forward(*xs)
        grads = tape.gradient(ys, xs, output_gradients=dys)
        return [_tfpp.zeros_like(x) if g is None else g for x, g in zip(xs, grads)]

    return _tfpp._py_func(_reported(forward), inputs, dtypes, numpy, None if numpy else _reported(backward))


def _run(func, inp, Tout, numpy):  # noqa: N803 - TensorFlow's argument name
    dtypes, is_list = _dtypes_of(Tout)
    inputs = [_tfpp._convert_to_tensor(x) for x in nest.flatten(inp)] if inp is not None else []
    if not _tfpp._tracing():
        args = [t.numpy() for t in inputs] if numpy else inputs
        outputs = _call_eagerly(func, args, dtypes, is_list, numpy)
    else:
        outputs = _graph_call(func, inputs, dtypes, is_list, numpy)
    return outputs if is_list else outputs[0]


def py_function(func=None, inp=None, Tout=None, name=None):  # noqa: N803 - TensorFlow's argument name
    """func(*tensors) run as an op whose results have the dtypes Tout (one dtype: one tensor; a
    list: a list)."""
    if func is None:
        return lambda f: py_function(f, inp, Tout, name)
    return _run(func, inp, Tout, False)


def numpy_function(func=None, inp=None, Tout=None, stateful=True, name=None):  # noqa: N803
    """func(*ndarrays) run as an op whose results (arrays or numbers) have the dtypes Tout."""
    if func is None:
        return lambda f: numpy_function(f, inp, Tout, stateful, name)
    return _run(func, inp, Tout, True)
