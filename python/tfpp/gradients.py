"""tf.custom_gradient and tf.RegisterGradient: gradients written in Python, run by the C++ tapes."""

import functools
import inspect

from . import _tfpp
from . import errors
from . import _nest as nest


def custom_gradient(f=None):
    """Decorates f(*x) -> (y, grad_fn) so that gradients of y (a tensor or a structure of them) use
    grad_fn(*upstream), one upstream gradient per tensor of y, which returns the gradient of each
    input (a tensor for one input, a list or tuple for several; None for none). When f reads
    trainable variables other than its inputs, grad_fn is called with `variables=` (a list of
    them) and returns (input gradients, one gradient per variable)."""
    if f is None:
        return lambda f: custom_gradient(f=f)
    return _CustomGradientFunction(f)


class _CustomGradientFunction:
    """What custom_gradient returns; as a method it binds its instance first, so the instance is
    not one of the inputs (as TensorFlow's decorator binds it)."""

    def __init__(self, f):
        self._f = f
        functools.update_wrapper(self, f)

    def __get__(self, instance, owner):
        if instance is None:
            return self
        return _CustomGradientFunction(self._f.__get__(instance, owner))

    def __call__(self, *args, **kwargs):
        if _tfpp._tracing():
            return _call_traced(self._f, args, kwargs)
        return _call_eagerly(self._f, args, kwargs)


def _call_eagerly(f, args, kwargs):
    # f sees the arguments as given (a variable stays a variable); those are not among `variables`.
    result, grad_fn, variables_read = _run_forward(f, args, kwargs)
    arguments = nest.flatten(args, none_is_leaf=True) + nest.flatten(kwargs, none_is_leaf=True)
    variables = [v for v in variables_read if all(v is not a for a in arguments)]
    _check_takes_variables(grad_fn, variables)
    return _record(f, result, grad_fn, nest.flatten(args, none_is_leaf=True), variables, traced=False)


def _call_traced(f, args, kwargs):
    if kwargs:
        raise ValueError("The custom_gradient decorator currently supports keywords arguments only when eager "
                         "execution is enabled.")
    # Inside a graph the arguments are tensors first (a variable argument is read), as in TensorFlow.
    args = nest.map_structure(_tfpp.convert_to_tensor, args)
    result, grad_fn, variables_read = _run_forward(f, args, {})
    variables = sorted(variables_read, key=lambda v: v.name)
    _check_takes_variables(grad_fn, variables)
    return _record(f, result, grad_fn, nest.flatten(args, none_is_leaf=True), variables, traced=True)


def _run_forward(f, args, kwargs):
    """f's (result, grad_fn) and the trainable variables it read (what TensorFlow's VariableWatcher sees)."""
    watcher = _tfpp.GradientTape(persistent=False, watch_accessed_variables=True)
    with watcher:
        result, grad_fn = f(*args, **kwargs)
    return result, grad_fn, [_tfpp._python_variable(v) for v in watcher.watched_variables()]


def _check_takes_variables(grad_fn, variables):
    spec = inspect.getfullargspec(grad_fn)
    if variables and "variables" not in spec.args and "variables" not in spec.kwonlyargs and not spec.varkw:
        raise TypeError("@tf.custom_gradient grad_fn must accept keyword argument 'variables', since function uses "
                        "variables: {}".format(variables))


def _record(f, result, grad_fn, flat_args, variables, traced):
    """Records f's outputs on the tapes as one call of its arguments and variables (read now, so the
    tapes carry the variables' gradients on to them) whose gradient is grad_fn; returns the outputs."""
    outputs = [_tfpp._convert_to_tensor(y) for y in nest.flatten(result, none_is_leaf=True)]
    inputs = [_tfpp._convert_to_tensor(a) for a in flat_args] + [v.read_value() for v in variables]

    def backward(upstream):
        if variables:
            input_grads, variable_grads = grad_fn(*upstream, variables=variables)
            if len(variable_grads) != len(variables):
                raise ValueError("Must return gradient for each variable from @custom_gradient grad_fn.")
        else:
            input_grads, variable_grads = grad_fn(*upstream), []
        input_grads = nest.flatten(input_grads, none_is_leaf=True)
        if len(input_grads) != len(flat_args):
            _raise_count_error(f, len(flat_args), len(input_grads), traced, len(outputs) + len(variables))
        return input_grads + list(variable_grads)

    recorded = _tfpp._record_custom_gradient(inputs, outputs, backward)
    return nest.pack_sequence_as(result, recorded, none_is_leaf=True)


def _raise_count_error(f, expected, returned, traced, others):
    if not traced:
        raise ValueError(f"custom_gradient function expected to return {expected} gradients, but returned {returned} "
                         "instead.")
    # A graph's wrapper records the outputs too, and its tape finds the count wrong (TensorFlow's InternalError).
    raise errors.InternalError(None, None, "Recorded operation '%s' returned too %s gradients. Expected %d but "
                               "received %d" % (getattr(f, "__name__", "custom_gradient"),
                                                "few" if returned < expected else "many", expected + others,
                                                returned + others))


class RegisterGradient:
    """Decorator registering fn(op, *grads) as the gradient of the ops of type `op_type`, which must
    have none (as TensorFlow's, registering one twice raises)."""

    def __init__(self, op_type):
        if not isinstance(op_type, str):
            raise TypeError("op_type must be a string")
        self._op_type = op_type

    def __call__(self, f):
        try:
            _tfpp._register_gradient(self._op_type, f)
        except LookupError as e:  # TensorFlow's registry raises KeyError for a second registration
            raise KeyError(str(e)) from None
        return f
