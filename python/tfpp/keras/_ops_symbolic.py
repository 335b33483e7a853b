"""keras.ops on KerasTensors (functional models): as Keras 3 records an Operation node, an op given
a KerasTensor (alone or inside a list argument) becomes a layer of the functional graph, named
after the op ("relu", "relu_1", ...), whose call runs the op on the real tensors."""

import functools as _functools

from .layers import KerasTensor as _KerasTensor, Layer as _Layer

_LAYER_CLASSES = {}


def _symbolic_positions(args, kwargs):
    """Where the KerasTensors are: ("arg", i), ("arg", i, j) inside a list, ("kw", key)."""
    positions = []
    for i, value in enumerate(args):
        if isinstance(value, _KerasTensor):
            positions.append(("arg", i))
        elif isinstance(value, (list, tuple)):
            positions.extend(("arg", i, j) for j, item in enumerate(value) if isinstance(item, _KerasTensor))
    positions.extend(("kw", key) for key, value in kwargs.items() if isinstance(value, _KerasTensor))
    return positions


def _get(args, kwargs, position):
    if position[0] == "kw":
        return kwargs[position[1]]
    value = args[position[1]]
    return value[position[2]] if len(position) == 3 else value


def _substitute(args, kwargs, positions, tensors):
    args, kwargs = list(args), dict(kwargs)
    for position, tensor in zip(positions, tensors):
        if position[0] == "kw":
            kwargs[position[1]] = tensor
        elif len(position) == 3:
            items = list(args[position[1]])
            items[position[2]] = tensor
            args[position[1]] = items
        else:
            args[position[1]] = tensor
    return args, kwargs


def _layer_class(fn):
    """A Layer subclass per op, named in CamelCase so that its layers are named after the op."""
    name = "".join(part.capitalize() for part in fn.__name__.split("_"))
    if name not in _LAYER_CLASSES:
        def call(self, inputs):
            tensors = inputs if isinstance(inputs, (list, tuple)) else [inputs]
            args, kwargs = _substitute(self._op_args, self._op_kwargs, self._op_positions, tensors)
            return self._op(*args, **kwargs)

        _LAYER_CLASSES[name] = type(name, (_Layer,), {"call": call, "__doc__": "The op %s on KerasTensors."
                                                      % fn.__name__})
    return _LAYER_CLASSES[name]


def symbolic(fn):
    """fn, also accepting KerasTensors: then it adds a layer running fn to the functional graph."""
    @_functools.wraps(fn)
    def wrapper(*args, **kwargs):
        positions = _symbolic_positions(args, kwargs)
        if not positions:
            return fn(*args, **kwargs)
        layer = _layer_class(fn)()
        layer._op, layer._op_args, layer._op_kwargs, layer._op_positions = fn, args, kwargs, positions
        inputs = [_get(args, kwargs, p) for p in positions]
        return layer(inputs[0] if len(inputs) == 1 else inputs)

    return wrapper


def install_operators(ops):
    """KerasTensor's arithmetic, comparison and indexing operators, as Keras 3 defines them: ops."""
    binary = {"add": ops.add, "sub": ops.subtract, "mul": ops.multiply, "truediv": ops.true_divide,
              "floordiv": ops.floor_divide, "mod": ops.mod, "pow": ops.power, "matmul": ops.matmul,
              "and": ops.logical_and, "or": ops.logical_or, "xor": ops.logical_xor}
    for name, op in binary.items():
        setattr(_KerasTensor, "__%s__" % name, lambda a, b, op=op: op(a, b))
        setattr(_KerasTensor, "__r%s__" % name, lambda a, b, op=op: op(b, a))
    for name, op in {"lt": ops.less, "le": ops.less_equal, "gt": ops.greater, "ge": ops.greater_equal}.items():
        setattr(_KerasTensor, "__%s__" % name, lambda a, b, op=op: op(a, b))
    _KerasTensor.__neg__ = lambda a: ops.negative(a)
    _KerasTensor.__pos__ = lambda a: a
    _KerasTensor.__abs__ = lambda a: ops.absolute(a)
    _KerasTensor.__invert__ = lambda a: ops.logical_not(a)
    _KerasTensor.__getitem__ = lambda a, key: ops.get_item(a, key)
