"""keras.layers.Lambda: a Python function (or lambda) as a layer.

    model.add(tf.keras.layers.Lambda(lambda x: x ** 2))

As in Keras 3, a Python lambda is saved as its marshalled bytecode ({"class_name": "__lambda__"}),
which loads only with safe_mode=False (or keras.config.enable_unsafe_deserialization()); a named
function is saved by its registered name.
"""

import base64 as _base64
import inspect as _inspect
import marshal as _marshal
import types as _types

from . import config as _config
from ._serialization import deserialize_keras_object as _deserialize
from ._serialization import serialize_keras_object as _serialize
from .layers import Layer as _Layer
from .layers import _is_symbolic

_UNSAFE_LAMBDA_MESSAGE = (
    "Requested the deserialization of a `Lambda` layer whose `function` is a Python lambda. This carries a "
    "potential risk of arbitrary code execution and thus it is disallowed by default. If you trust the source of "
    "the artifact, you can override this error by passing `safe_mode=False` to the loading function, or calling "
    "`keras.config.enable_unsafe_deserialization().")


class Lambda(_Layer):
    """keras.layers.Lambda(function, output_shape=None, mask=None, arguments=None)."""

    def __init__(self, function, output_shape=None, mask=None, arguments=None, **kwargs):
        super().__init__(**kwargs)
        self.arguments = arguments or {}
        self.function = function
        self.supports_masking = mask is not None
        self.mask = mask
        self._output_shape = output_shape
        parameters = _inspect.getfullargspec(function).args
        self._fn_expects_training_arg = "training" in parameters
        self._fn_expects_mask_arg = "mask" in parameters
        self._declared_shape_only = False

    def __call__(self, inputs, *args, **kwargs):
        # Keras gives a symbolic call the declared output_shape without running the function
        # (which may need the masks only real calls carry).
        if self._output_shape is None or not _is_symbolic(inputs):
            return super().__call__(inputs, *args, **kwargs)
        self._declared_shape_only = True
        try:
            return super().__call__(inputs, *args, **kwargs)
        finally:
            self._declared_shape_only = False

    def call(self, inputs, mask=None, training=None):
        if self._declared_shape_only:
            return self._declared_output(inputs)
        kwargs = dict(self.arguments)
        if self._fn_expects_mask_arg:
            kwargs["mask"] = mask
        if self._fn_expects_training_arg:
            kwargs["training"] = training
        return self.function(inputs, **kwargs)

    def _declared_output(self, inputs):
        """Zeros of compute_output_shape's shape (unknown sizes from the first input's batch size)."""
        from .. import constant, ensure_shape, fill, shape as tf_shape, stack
        first = inputs[0] if isinstance(inputs, (list, tuple)) else inputs
        input_shape = [tuple(i.shape) for i in inputs] if isinstance(inputs, (list, tuple)) else tuple(first.shape)
        batch = tf_shape(first)[0]

        def zeros_of(shape):
            dims = stack([batch if d is None else d for d in shape])
            return ensure_shape(fill(dims, constant(0, self.compute_dtype)), shape)

        return _map_shapes(zeros_of, self.compute_output_shape(input_shape))

    def compute_mask(self, inputs, mask=None):
        if callable(self.mask):
            return self.mask(inputs, mask)
        return self.mask

    def compute_output_shape(self, input_shape):
        """output_shape's shape (a tuple after the batch dimension, or a function of the input
        shape), else the shape of the function's result on a symbolic input of `input_shape`."""
        if self._output_shape is None:
            return self._inferred_output_shape(input_shape)
        if callable(self._output_shape):
            return self._output_shape(input_shape)
        batch_size = _first_leaf(input_shape)
        return _map_shapes(lambda shape: (batch_size,) + tuple(shape), self._output_shape)

    def _inferred_output_shape(self, input_shape):
        from .. import TensorSpec, float32, function
        specs = _map_shapes(lambda shape: TensorSpec(shape, self.compute_dtype or float32), input_shape)
        shapes = []

        def traced(x):  # records the shapes of the outputs while tracing
            outputs = self.call(x)
            shapes.append(type(outputs)(tuple(o.shape) for o in outputs) if isinstance(outputs, (list, tuple))
                          else tuple(outputs.shape))
            return outputs

        try:
            function(traced).get_concrete_function(specs)
        except Exception:
            raise NotImplementedError("We could not automatically infer the shape of the Lambda's output. Please "
                                      "specify the `output_shape` argument for this Lambda layer.") from None
        return shapes[0]

    def get_config(self):
        config = {"function": _function_config(self.function)}
        if self._output_shape is not None:
            config["output_shape"] = (_function_config(self._output_shape) if callable(self._output_shape)
                                      else self._output_shape)
        if self.mask is not None:
            config["mask"] = _function_config(self.mask) if callable(self.mask) else _serialize(self.mask)
        config["arguments"] = _serialize(self.arguments)
        base_config = super().get_config()
        return {**base_config, **config}

    @classmethod
    def from_config(cls, config, custom_objects=None, safe_mode=None):
        """The layer of a get_config() result; a Python lambda only outside safe mode (the
        argument, else the open loading call's or keras.config's setting; safe when unset)."""
        safe = (safe_mode if safe_mode is not None else _config.in_safe_mode()) is not False
        config = dict(config)
        config["function"] = _load_function(config["function"], custom_objects, safe)
        if "output_shape" in config:
            output_shape = config["output_shape"]
            if _is_lambda_config(output_shape) or isinstance(output_shape, dict):
                output_shape = _load_function(output_shape, custom_objects, safe)
            elif isinstance(output_shape, list) and all(isinstance(e, (int, type(None))) for e in output_shape):
                output_shape = tuple(output_shape)
            config["output_shape"] = output_shape
        if "mask" in config and isinstance(config["mask"], dict):
            config["mask"] = _load_function(config["mask"], custom_objects, safe)
        if "arguments" in config:
            config["arguments"] = _deserialize(config["arguments"], custom_objects)
        if isinstance(config.get("dtype"), dict):  # a DTypePolicy config: its name
            config["dtype"] = config["dtype"].get("config", {}).get("name")
        return cls(**config)

    def _keras_module(self):
        return "keras.layers"

    def _keras_registered_name(self):
        return ""  # a Keras class: no registered name


def _function_config(fn):
    """Keras' form of a function in a Lambda config: a Python lambda's bytecode, else its name."""
    if isinstance(fn, _types.LambdaType) and fn.__name__ == "<lambda>":
        closure = tuple(cell.cell_contents for cell in fn.__closure__) if fn.__closure__ else None
        code = _base64.encodebytes(_marshal.dumps(fn.__code__)).decode("ascii")
        return {"class_name": "__lambda__", "config": {"code": code, "defaults": fn.__defaults__, "closure": closure}}
    if callable(fn):
        return _serialize(fn)
    raise ValueError("Invalid input type for serialization. Received: %s of type %s." % (fn, type(fn)))


def _is_lambda_config(value):
    return isinstance(value, dict) and value.get("class_name") == "__lambda__"


def _load_function(fn_config, custom_objects, safe):
    if not _is_lambda_config(fn_config):
        return _deserialize(fn_config, custom_objects)
    if safe:
        raise ValueError(_UNSAFE_LAMBDA_MESSAGE)
    inner = fn_config["config"]
    code = _marshal.loads(_base64.decodebytes(inner["code"].encode("ascii")))
    defaults = tuple(inner["defaults"]) if isinstance(inner["defaults"], list) else inner["defaults"]
    closure = inner["closure"]
    if closure is not None:
        closure = tuple(_types.CellType(value) for value in closure)
    return _types.FunctionType(code, globals(), name=code.co_name, argdefs=defaults, closure=closure)


def _first_leaf(structure):
    while isinstance(structure, (list, tuple)) and structure and isinstance(structure[0], (list, tuple)):
        structure = structure[0]
    return structure[0] if structure else None


def _map_shapes(fn, structure):
    """fn applied to each shape of a shape or a (nested) list of shapes."""
    if isinstance(structure, (list, tuple)) and structure and all(isinstance(s, (list, tuple)) for s in structure):
        return type(structure)(_map_shapes(fn, s) for s in structure)
    return fn(tuple(structure))
