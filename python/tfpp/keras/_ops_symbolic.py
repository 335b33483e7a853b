"""keras.ops on KerasTensors (functional models): as Keras 3 records an Operation node, an op given a
KerasTensor (alone or inside a list argument) adds an operation node to the functional graph,
named after its Keras class ("add", "add_1", "true_divide", ...) and written into the model's config
as Keras writes it: {"module": "keras.src.ops.numpy", "class_name": "Mean", "config": {"name":
"mean", "axis": 1, "keepdims": false}} with the call's other arguments (constants, slices, arrays)
in the node's args. Loading such a config makes the node back with the same op function."""

import atexit as _atexit
import functools as _functools
import inspect as _inspect

import numpy as _np

from .. import _tfpp
from ._op_classes import OPS as _OPS
from .layers import KerasTensor as _KerasTensor

_k = _tfpp.keras
_INPUT = "__input__"
# The op functions by Keras class name ("keras.src.ops.numpy", "Mean"), for configs being loaded.
_BY_CLASS = {}


def _has_keras_tensor(value):
    if isinstance(value, _KerasTensor):
        return True
    if isinstance(value, (list, tuple)):
        return any(isinstance(item, _KerasTensor) for item in value)
    return False


def _serialized(value, inputs):
    """A call argument as Keras serializes it, each KerasTensor appended to `inputs` and written as
    the placeholder of its place there."""
    if isinstance(value, _KerasTensor):
        inputs.append(value)
        return {_INPUT: len(inputs) - 1}
    if isinstance(value, (list, tuple)):
        return [_serialized(item, inputs) for item in value]
    if isinstance(value, dict):
        return {key: _serialized(item, inputs) for key, item in value.items()}
    if isinstance(value, slice):
        return {"class_name": "__slice__", "config": {"start": _serialized(value.start, inputs),
                                                      "stop": _serialized(value.stop, inputs),
                                                      "step": _serialized(value.step, inputs)}}
    if value is Ellipsis:
        return {"class_name": "__ellipsis__", "config": {}}
    if isinstance(value, _np.generic):
        return value.item()
    if isinstance(value, (_np.ndarray, _tfpp.Tensor)):
        array = _np.asarray(value)
        return {"class_name": "__numpy__", "config": {"value": array.tolist(), "dtype": str(array.dtype)}}
    return value


def _deserialized(value, tensors):
    """The value of a serialized call argument, placeholders replaced by `tensors`."""
    if isinstance(value, list):
        return [_deserialized(item, tensors) for item in value]
    if isinstance(value, dict):
        if set(value) == {_INPUT}:
            return tensors[value[_INPUT]]
        kind, config = value.get("class_name"), value.get("config")
        if kind == "__slice__":
            return slice(*(_deserialized(config[k], tensors) for k in ("start", "stop", "step")))
        if kind == "__ellipsis__":
            return Ellipsis
        if kind in ("__numpy__", "__tensor__"):
            return _np.asarray(config["value"], dtype=config["dtype"])
        if kind == "__tuple__":
            return tuple(_deserialized(config["value"], tensors))
        return {key: _deserialized(item, tensors) for key, item in value.items()}
    return value


def _class_of(name, fn):
    """(module, class name, config keys, call arguments) of the op function `name`: Keras' when Keras
    has the op, else the function's own parameters as call arguments."""
    if name in _OPS:
        group, class_name, config_keys, call_args = _OPS[name]
        return "keras.src.ops." + group, class_name, config_keys, call_args
    try:
        parameters = tuple(_inspect.signature(fn).parameters)
    except (TypeError, ValueError):
        parameters = ()
    return "keras.src.ops.numpy", "".join(part.capitalize() for part in name.split("_")), (), parameters


def _split(fn, config_keys, call_names, args, kwargs):
    """The call's config (Keras' __init__ arguments, defaults included) and its call arguments
    (Keras' call parameters, and any other parameter given a value of its own)."""
    try:
        signature = _inspect.signature(fn)
        bound = signature.bind(*args, **kwargs)
    except (TypeError, ValueError):
        return {}, list(args), dict(kwargs)
    given = set(bound.arguments)
    bound.apply_defaults()
    config = {key: bound.arguments[key] for key in config_keys if key in bound.arguments}
    call_args = [value for key, value in bound.arguments.items()
                 if key not in config and (key in call_names or key in given)]
    return config, call_args, {}


def _outputs(tensors):
    return tensors[0] if len(tensors) == 1 else list(tensors)


def symbolic(fn, name=None):
    """fn, also accepting KerasTensors: then it adds Keras' operation node `name` (fn's keras.ops
    name) to the functional graph, whose call runs fn on the real tensors."""
    name = name or fn.__name__
    module, class_name, config_keys, call_names = _class_of(name, fn)
    _BY_CLASS.setdefault((module, class_name), fn)

    @_functools.wraps(fn)
    def wrapper(*args, **kwargs):
        if not any(_has_keras_tensor(v) for v in list(args) + list(kwargs.values())):
            return fn(*args, **kwargs)
        config, call_args, call_kwargs = _split(fn, config_keys, call_names, args, kwargs)
        inputs = []
        serialized_args = _serialized(call_args, inputs)
        serialized_kwargs = _serialized(call_kwargs, inputs)

        position = {}
        for i, tensor in enumerate(inputs):
            position.setdefault(id(tensor), i)

        def compute(tensors):
            # The call's own Python values (arrays, slices, tuples) with each KerasTensor's value.
            def substitute(v):
                if isinstance(v, _KerasTensor):
                    return tensors[position[id(v)]]
                if isinstance(v, (list, tuple)) and _has_keras_tensor(v):
                    return type(v)(substitute(item) for item in v)
                return v

            return fn(*[substitute(v) for v in args], **{k: substitute(v) for k, v in kwargs.items()})

        node_config = {"name": _k.auto_name(class_name), **_serialized(config, [])}
        return _outputs(_k.op_node(class_name, module, node_config, serialized_args, serialized_kwargs, inputs,
                                   compute))

    return wrapper


def _op_from_config(entry, args, kwargs):
    """The compute function of a Functional config's op entry, None for an op tfpp lacks."""
    _ops()  # registers the op functions by class
    fn = _BY_CLASS.get((entry["module"], entry["class_name"]))
    if fn is None:
        return None
    config = {key: value for key, value in entry["config"].items() if key != "name"}
    if entry["class_name"] == "GetItem" and len(args) == 2 and isinstance(args[1], list):
        args = [args[0], {"class_name": "__tuple__", "config": {"value": args[1]}}]  # JSON made the key a list

    def compute(tensors):
        return fn(*_deserialized(args, tensors), **_deserialized(kwargs, tensors), **config)

    return compute


def _ops():
    from . import ops  # keras.ops loads on first use (tfpp.keras.__getattr__)
    return ops


def install_operators():
    """KerasTensor's arithmetic, comparison and indexing operators, as Keras 3 defines them (through
    keras.ops), and the loader of Functional configs' op entries."""
    binary = {"add": "add", "sub": "subtract", "mul": "multiply", "truediv": "true_divide", "floordiv": "floor_divide",
              "mod": "mod", "pow": "power", "matmul": "matmul", "and": "logical_and", "or": "logical_or",
              "xor": "logical_xor"}
    for method, op in binary.items():
        setattr(_KerasTensor, "__%s__" % method, lambda a, b, op=op: getattr(_ops(), op)(a, b))
        setattr(_KerasTensor, "__r%s__" % method, lambda a, b, op=op: getattr(_ops(), op)(b, a))
    for method, op in {"lt": "less", "le": "less_equal", "gt": "greater", "ge": "greater_equal"}.items():
        setattr(_KerasTensor, "__%s__" % method, lambda a, b, op=op: getattr(_ops(), op)(a, b))
    _KerasTensor.__neg__ = lambda a: _ops().negative(a)
    _KerasTensor.__pos__ = lambda a: a
    _KerasTensor.__abs__ = lambda a: _ops().absolute(a)
    _KerasTensor.__invert__ = lambda a: _ops().logical_not(a)
    _KerasTensor.__getitem__ = lambda a, key: _ops().get_item(a, key)
    _k.set_op_layer_factory(_op_from_config)
    _atexit.register(_k.set_op_layer_factory, None)  # the C++ registry outlives the interpreter
