"""Keras' operation nodes (`x + 3.0`, `inputs + y`) in applications built by tfpp.

Note [Keras op nodes in applications]: Keras writes some blocks with arithmetic on KerasTensors
(ConvNeXt's residual `inputs + layer(x)`, MobileNetV3's `relu6(x + 3.0) * (1 / 6)`): operation
nodes of the functional graph, not layers. tfpp's KerasTensors have no arithmetic operators, but
its config loader makes such nodes from Keras' op entries ({"module": "keras.src.ops.numpy",
"class_name": "Add", "inbound_nodes": [{"args": [x, 3.0]}]}). So an application is traced with a
stand-in layer per operation and rebuilt from its config with the stand-ins written as Keras
writes them: the graph, names and weights of the same model saved by Keras. As for any loaded
config with op nodes, tfpp's model.layers lists the operations too (Keras lists layers only)."""

import operator as _operator
import re as _re

from .. import backend
from .. import layers
from .. import models

_OPS = {"Add": _operator.add, "Multiply": _operator.mul}


class _OpNode(layers.Layer):
    """A stand-in for the Keras operation `op` of two tensors, or of a tensor and a constant."""

    def __init__(self, op, constant=None, **kwargs):
        super().__init__(**kwargs)
        self.op = op
        self.constant = constant

    def call(self, inputs):
        if self.constant is None:
            return _OPS[self.op](inputs[0], inputs[1])
        return _OPS[self.op](inputs, self.constant)

    def get_config(self):
        config = super().get_config()
        config.update({"op": self.op, "constant": self.constant})
        return config


def add(a, b):
    """a + b as a Keras op node (b a tensor or a number)."""
    return _apply("Add", a, b)


def multiply(a, b):
    """a * b as a Keras op node (b a tensor or a number)."""
    return _apply("Multiply", a, b)


def _apply(op, a, b):
    if backend.is_keras_tensor(b):
        return _OpNode(op)([a, b])
    return _OpNode(op, float(b))(a)


def _auto_name(op):
    """Keras' automatic name of an operation: its snake-case class name, uniquified."""
    base = _re.sub(r"(?<!^)(?=[A-Z])", "_", op).lower()
    uid = backend.get_uid(base)
    return base if uid == 1 else "%s_%d" % (base, uid - 1)


def functional(inputs, outputs, name):
    """The Functional model of inputs and outputs with every stand-in made a Keras op node."""
    config = models.Model(inputs, outputs, name=name).get_config()
    renamed = {}
    for entry in config["layers"]:
        if entry["class_name"] != "_OpNode":
            continue
        op, constant = entry["config"]["op"], entry["config"]["constant"]
        op_name = _auto_name(op)
        renamed[entry["name"]] = op_name
        args = entry["inbound_nodes"][0]["args"]
        operands = list(args[0]) if constant is None else [args[0], constant]
        entry.clear()
        entry.update({"module": "keras.src.ops.numpy", "class_name": op, "config": {"name": op_name},
                      "registered_name": op, "name": op_name, "inbound_nodes": [{"args": operands, "kwargs": {}}]})
    _rename_history(config["layers"], renamed)
    outputs = config["output_layers"]
    for output in [outputs] if isinstance(outputs[0], str) else outputs:  # one output: [name, node, index]
        output[0] = renamed.get(output[0], output[0])
    return models.Model.from_config(config)


def _rename_history(value, renamed):
    """Points every tensor reference ({"keras_history": [layer, node, index]}) at the new names."""
    if isinstance(value, dict):
        history = value.get("keras_history")
        if history is not None:
            value["keras_history"] = [renamed.get(history[0], history[0])] + list(history[1:])
        for item in value.values():
            _rename_history(item, renamed)
    elif isinstance(value, list):
        for item in value:
            _rename_history(item, renamed)
