"""tf.variable_creator_scope: creator functions around tf.Variable(...). Each creator gets the next
creator and TensorFlow's keyword arguments, and may change them, wrap the variable or return
something else; the innermost scope's creator runs first.

Note [Intercepting tf.Variable]: tfpp.Variable is a nanobind class, and Python cannot hook its
construction (nanobind's vectorcall bypasses __new__ and __init__ set from Python). So while any
scope is open, the tfpp module's `Variable` is a stand-in class that runs the creators and counts
as tfpp.Variable for isinstance and issubclass; with none open it is the C++ class again, so
tf.Variable(...) costs nothing more. Variables that C++ makes (Keras layers' weights, keras.Variable)
and calls through a `Variable` name bound before the scope opened do not reach the creators."""

import contextlib
import functools
import threading

import tfpp as _tf
from . import _tfpp
from .framework_constants import VariableAggregation, VariableSynchronization

# tf.Variable's parameters and defaults, in the order TensorFlow passes them to creators.
_PARAMETERS = (("initial_value", None), ("trainable", None), ("validate_shape", True), ("caching_device", None),
               ("name", None), ("variable_def", None), ("dtype", None), ("import_scope", None),
               ("constraint", None), ("synchronization", VariableSynchronization.AUTO),
               ("aggregation", VariableAggregation.NONE), ("shape", None),
               ("experimental_enable_variable_lifting", None))

_local = threading.local()  # .creators: this thread's, outermost first
_lock = threading.Lock()
_open_scopes = 0  # on all threads: while any is open, tfpp.Variable is the stand-in


def _creators():
    if not hasattr(_local, "creators"):
        _local.creators = []
    return _local.creators


def _make_variable(**kwargs):
    """The last creator of every chain: the variable itself."""
    return _tfpp.Variable(**kwargs)


class _VariableType(type):
    """The stand-in's metaclass: calling it runs this thread's creators; its instances and
    subclasses are tfpp.Variable's."""

    def __call__(cls, *args, **kwargs):
        creators = _creators()
        if not creators:  # a scope open on another thread only
            return _tfpp.Variable(*args, **kwargs)
        if len(args) > len(_PARAMETERS):
            raise TypeError("Variable() takes at most %d positional arguments (%d given)" % (len(_PARAMETERS),
                                                                                             len(args)))
        arguments = dict(_PARAMETERS)
        arguments.update(zip(arguments, args), **kwargs)
        create = _make_variable
        for creator in creators:
            create = functools.partial(creator, create)
        return create(**arguments)

    def __instancecheck__(cls, instance):
        return isinstance(instance, _tfpp.Variable)

    def __subclasscheck__(cls, subclass):
        return issubclass(subclass, _tfpp.Variable)


class _InterceptingVariable(metaclass=_VariableType):
    """tf.Variable while a variable_creator_scope is open (Note [Intercepting tf.Variable])."""


_InterceptingVariable.__name__ = _InterceptingVariable.__qualname__ = "Variable"


def _count_open_scope(change):
    global _open_scopes
    with _lock:
        _open_scopes += change
        _tf.Variable = _InterceptingVariable if _open_scopes else _tfpp.Variable


@contextlib.contextmanager
def variable_creator_scope(variable_creator):
    """Runs `variable_creator(next_creator, **kwargs)` for each tf.Variable(...) made inside."""
    creators = _creators()
    creators.append(variable_creator)
    _count_open_scope(1)
    try:
        yield
    finally:
        creators.pop()
        _count_open_scope(-1)
