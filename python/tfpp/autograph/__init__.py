"""tf.autograph: converting Python control flow on tensors into TensorFlow control flow.

tf.function converts the function it traces, and every user function that one calls, with
`ag__` operators (operators.py) in place of if/while/for, and/or/not and conditional expressions,
so that a condition or iterable that is a tensor stages tf.cond / tf.while_loop and anything else
stays Python. Builtins, tfpp's own functions, the standard library's and installed packages' are
called as they are."""

import builtins
import sys
import types

from .. import _tfpp
from . import conversion
from . import error_utils
from . import logging as _logging
from . import operators

set_verbosity = _logging.set_verbosity
get_verbosity = _logging.get_verbosity


def _range(start_or_stop, stop=None, step=None):
    # range() over tensors is tf.range, empty rather than failing when the limits are reversed.
    args = [a for a in (start_or_stop, stop, step) if a is not None]
    if not any(isinstance(a, (_tfpp.Tensor, _tfpp.Variable)) for a in args):
        return builtins.range(*args)
    if step is not None:
        return _tfpp.range(start_or_stop, stop, step)
    if stop is not None:
        return _tfpp.range(start_or_stop, _tfpp.math.maximum(start_or_stop, stop))
    return _tfpp.range(_tfpp.math.maximum(start_or_stop, 0))


def _len(value):
    # len() of a tensor whose first dimension is unknown is its dynamic size.
    if isinstance(value, (_tfpp.Tensor, _tfpp.Variable)) and value.shape.rank and value.shape[0] is None:
        return _tfpp.shape(value)[0]
    if getattr(value, "_tfpp_dataset", False) and not _tfpp.executing_eagerly():
        from ..data.dataset_ops import traced_len  # tfpp.data imports this module
        return traced_len(value)
    return builtins.len(value)


_BUILTIN_OVERLOADS = {builtins.range: _range, builtins.len: _len}


def converted_call(f, args, kwargs, caller_fn_scope=None, options=None):
    """Calls f(*args, **kwargs), converting f first if it is a user function."""
    kwargs = kwargs or {}
    from ..function import Function  # tfpp.function imports this module
    if isinstance(f, Function):
        return f(*args, **kwargs)
    try:
        overload = _BUILTIN_OVERLOADS.get(f)
    except TypeError:  # unhashable callables
        overload = None
    if overload is not None:
        return overload(*args, **kwargs)
    target, bound_to = f, None
    if isinstance(f, types.MethodType):
        target, bound_to = f.__func__, f.__self__
    elif not isinstance(f, (types.FunctionType, type)) and isinstance(getattr(type(f), "__call__", None),
                                                                       types.FunctionType):
        target, bound_to = type(f).__call__, f  # a callable object: its class's __call__, as TensorFlow's
    if conversion.is_unsupported(target) or operators.is_autograph_artifact(target):
        return f(*args, **kwargs)
    try:
        converted = conversion.convert(target, _ag)
    except (conversion.ConversionError, SyntaxError) as e:
        _logging.log(0, "AutoGraph could not transform %s and will run it as-is. Cause: %s", target, e)
        return f(*args, **kwargs)
    if bound_to is not None:
        return converted(bound_to, *args, **kwargs)
    return converted(*args, **kwargs)


# The `ag__` module that converted code reads its operators from.
_ag = types.ModuleType("ag__", "AutoGraph's operators, as converted code calls them.")
for _name in ("Undefined", "UndefinedReturnValue", "ld", "ldu", "ConversionOptions", "FunctionScope", "and_", "or_",
              "not_", "if_exp", "if_stmt", "while_stmt", "for_stmt", "with_function_scope", "autograph_artifact"):
    setattr(_ag, _name, getattr(operators, _name))
_ag.converted_call = converted_call


def to_graph(entity, recursive=True, experimental_optional_features=None):
    """The converted version of a Python function (tf.autograph.to_graph): control flow on tensors
    runs as tf.cond / tf.while_loop, eagerly or inside tf.function."""
    if isinstance(entity, types.MethodType):
        return types.MethodType(to_graph(entity.__func__), entity.__self__)
    if not isinstance(entity, types.FunctionType):
        raise ValueError("Expected a Python function or method, got %r" % (entity,))
    return conversion.convert(entity, _ag)


def to_code(entity, recursive=True, experimental_optional_features=None):
    """The source code AutoGraph generates for a Python function (tf.autograph.to_code)."""
    if isinstance(entity, types.MethodType):
        entity = entity.__func__
    python_function = getattr(entity, "python_function", None)
    if python_function is not None and not isinstance(entity, types.FunctionType):
        entity = python_function
    return conversion.converted_source(entity) + "\n"  # TensorFlow's text ends with a newline


def do_not_convert(func=None):
    """Marks a function to be called as it is, unconverted (tf.autograph.experimental.do_not_convert)."""
    if func is None:
        return do_not_convert
    setattr(func, conversion.DO_NOT_CONVERT, True)
    return func


def trace(*args):
    """Prints its arguments when it runs: at trace time in tf.function, at every call eagerly."""
    print(*args)


def _set_loop_options(parallel_iterations=None, swap_memory=None, maximum_iterations=None, shape_invariants=None):
    """Options of the enclosing loop (read by the conversion; a no-op when it runs)."""


experimental = types.ModuleType("tfpp.autograph.experimental", "tf.autograph.experimental.")
experimental.do_not_convert = do_not_convert
experimental.set_loop_options = _set_loop_options
sys.modules[__name__ + ".experimental"] = experimental
