"""tf.keras.layers: every C++ Keras layer under Keras' class name and constructor signature.

Each class builds the layer's Keras config from its arguments and asks the C++ deserializer for
the layer (keras.layers.deserialize), so all built-in layers come through one mechanism; a layer
object wraps its C++ layer, whose weights are tfpp Variables.
"""

import contextlib as _contextlib
import inspect as _inspect
import sys as _sys
import weakref as _weakref

import numpy as _np

from .. import _tfpp
from .. import errors as _errors

from . import _registration
from . import activations as _activations
from . import config as _keras_config
from . import mixed_precision as _mixed_precision
from ._config import AutoConfig as _AutoConfig
from ._config import arguments_config as _arguments_config
from ._config import config_value as _config_value
from ._op_classes import OPS as _OPS
from ._signatures import LAYERS as _SIGNATURES
from .input_spec import InputSpec
from .input_spec import assert_input_compatibility as _assert_input_compatibility

_k = _tfpp.keras
KerasTensor = _k.KerasTensor

# The Python object of each C++ layer (by its shared state), so model.layers[i] is the object
# that was added.
_wrappers = _weakref.WeakValueDictionary()


def _class_for(class_name):
    if class_name in ("Functional", "Model", "Sequential"):
        from . import models
        return {"Functional": models.Functional, "Model": models.Model, "Sequential": models.Sequential}[class_name]
    return globals().get(class_name, Layer)


# Keras' module of each keras.ops class ("Multiply": "numpy").
_OP_MODULES = {class_name: module for module, class_name, _, _ in _OPS.values()}
_op_node_classes = {}


def _op_node_class(class_name):
    """The class of a functional model's keras.ops node under Keras' name and module
    (keras.src.ops.numpy.Multiply), with Layer's interface."""
    if class_name not in _op_node_classes:
        module = "keras.src.ops." + _OP_MODULES[class_name] if class_name in _OP_MODULES else "keras.src.ops"
        _op_node_classes[class_name] = type(class_name, (Layer,), {
            "__module__": module, "__doc__": _op_node_class.__doc__,
            "__repr__": lambda self: "<Operation name=%s>" % self.name})
    return _op_node_classes[class_name]


def wrap(cpp):
    """The Python layer (or model) object for a C++ layer."""
    if cpp is None:
        return None
    wrapper = _wrappers.get(cpp._state_id)
    if wrapper is None:
        cls = _op_node_class(cpp.class_name) if _k.is_op_layer(cpp) else _class_for(cpp.class_name)
        wrapper = cls.__new__(cls)
        wrapper._attach(cpp)
    return wrapper


# Config entries Keras' get_config gives as tuples (JSON, and the C++ config, have lists).
_TUPLE_KEYS = {"target_shape", "kernel_size", "strides", "dilation_rate", "pool_size", "dims", "size", "padding",
               "cropping", "noise_shape", "batch_shape", "axes", "factor", "height_factor", "width_factor", "output_shape",
               "output_size"}


def _tuples(value):
    return tuple(_tuples(v) for v in value) if isinstance(value, list) else value


def _takes_training(call, _cache={}):
    """Whether a call method has a `training` parameter (Keras passes it only then)."""
    if call not in _cache:
        try:
            parameters = _inspect.signature(call).parameters
            _cache[call] = "training" in parameters or any(p.kind == p.VAR_KEYWORD for p in parameters.values())
        except (TypeError, ValueError):
            _cache[call] = False
    return _cache[call]


def _takes_mask(call, _cache={}):
    """Whether a call method has a `mask` parameter (Keras passes the inputs' masks only then)."""
    if call not in _cache:
        try:
            _cache[call] = "mask" in _inspect.signature(call).parameters
        except (TypeError, ValueError):
            _cache[call] = False
    return _cache[call]


def default_method(method):
    """Marks a base class' method whose override Keras looks for (its python_utils.default)."""
    method._is_default = True
    return method


def _is_tensor_argument(x):
    return isinstance(x, (_tfpp.Tensor, _tfpp.Variable, KerasTensor, _np.ndarray))


def _is_symbolic(inputs):
    if isinstance(inputs, (list, tuple)):
        return bool(inputs) and all(isinstance(i, KerasTensor) for i in inputs)
    return isinstance(inputs, KerasTensor)


class Operation:
    """keras.Operation: what a functional model's graph is made of, a layer or a keras.ops
    function called on KerasTensors (model.operations lists both)."""


class Layer(Operation):
    """keras.layers.Layer: a C++ layer with Keras' Python interface. Subclass it as in Keras
    (`__init__` calling `super().__init__(**kwargs)`, `build(input_shape)` creating weights with
    `add_weight`, `call(inputs[, training])`): a C++ layer calls the subclass' methods, so the
    layer works in Sequential and Functional models, fit's traced steps and summaries."""

    _prepares_call_inputs = True  # Layer.__call__ takes inputs as Keras does (call_inputs.py); models do it themselves
    autocast = True

    def __new__(cls, *args, **kwargs):
        layer = super().__new__(cls)
        layer._init_arguments = (args, kwargs)  # for Keras' automatic config (get_config)
        return layer

    def __init__(self, activity_regularizer=None, trainable=True, dtype=None, autocast=True, name=None, **kwargs):
        input_shape = kwargs.pop("input_shape", None)
        if kwargs:
            raise ValueError("Unrecognized keyword arguments passed to %s: %s" % (type(self).__name__, kwargs))
        _keras_config.fix_dtype_policy()  # as Keras' first layer fixes the global policy
        dtype = _mixed_precision.policy_name(dtype)  # a DTypePolicy, its config or a name
        mixed = dtype in ("mixed_float16", "mixed_bfloat16")
        self._python_subclass = True
        self.autocast = bool(autocast)
        self._attach(_k.python_layer(self, name or "", bool(trainable), None if mixed else dtype, type(self).__name__))
        policy = dtype if isinstance(dtype, str) else getattr(dtype, "name", None)
        if policy is not None:  # an explicit dtype overrides the global policy
            _k.set_layer_policy(self._cpp, policy)
        self._input_shape_arg = tuple(input_shape) if input_shape is not None else None

    # ---- What the C++ layer calls ---------------------------------------------------------------

    def _build_from_cpp(self, input_shape):
        if type(self).build is not Layer.build:
            if self._takes_positional_inputs(input_shape):
                self.build(*input_shape)  # Keras' build(targets_shape, logits_shape)
            else:
                self.build(input_shape)

    def _call_from_cpp(self, inputs, training, mask=None):
        kwargs = {}
        if training is not None and _takes_training(type(self).call):
            kwargs["training"] = training
        if _takes_mask(type(self).call):  # the C++ layer passes the inputs' masks only then
            kwargs["mask"] = mask
        inputs = _composite_calls.rebuilt_inputs(self, inputs)
        if self._takes_positional_inputs(inputs):
            return _composite_calls.flat_outputs(self, self.call(*inputs, **kwargs))
        return _composite_calls.flat_outputs(self, self.call(inputs, **kwargs))

    def _takes_positional_inputs(self, inputs):
        """Whether the layer was first called with several positional tensors, which its call (and
        build) take as several arguments, and `inputs` (or their shapes) are those."""
        count = self.__dict__.get("_positional_inputs")
        return count is not None and isinstance(inputs, (list, tuple)) and len(inputs) == count

    def _handles_masks(self):
        """Whether the C++ layer asks this object for masks: its class overrides compute_mask or
        its call takes `mask` (Keras passes the inputs' masks to such a call)."""
        return type(self).compute_mask is not Layer.compute_mask or _takes_mask(type(self).call)

    # ---- What subclasses use --------------------------------------------------------------------

    def add_weight(self, shape=None, initializer=None, dtype=None, trainable=True, autocast=True, regularizer=None,
                   constraint=None, aggregation="none", name=None):
        """Creates a weight of the layer (a tfpp Variable named "<layer>/<name>") and returns it."""
        shape = () if shape is None else tuple(shape)
        return _k.add_weight(self._cpp, name or "variable", list(shape), _config_value(initializer, "initializer"),
                             dtype, bool(trainable), _config_value(regularizer, "kernel_regularizer"),
                             _config_value(constraint, "constraint"))

    def add_loss(self, loss):
        """Adds a loss (a scalar tensor) to this call's `losses`."""
        _k.add_loss(self._cpp, loss)

    def _attach(self, cpp):
        self._cpp = cpp
        _wrappers[cpp._state_id] = self

    def __setattr__(self, name, value):
        # As Keras' tracker: a layer assigned to an attribute of a Python subclass (alone, or in a
        # list, tuple or dict) is its sublayer from then on, so `layers` and `weights` list it in
        # assignment order before any call, and a train_step using it trains its weights.
        if self.__dict__.get("_python_subclass") and "_cpp" in self.__dict__:
            values = value.values() if isinstance(value, dict) else value if isinstance(value, (list, tuple)) else [value]
            for sublayer in values:
                if isinstance(sublayer, Layer) and sublayer is not self:
                    _k.track(self._cpp, sublayer._cpp)
            if type(value) is _tfpp.Variable:  # a tf.Variable, not a Keras weight: checkpoints keep it by name
                _k.track_variable(self._cpp, name, value)
        super().__setattr__(name, value)

    def __getattr__(self, name):
        # Keras' built-in layers keep each of their own weights in an attribute of its name
        # (Dense.kernel, BatchNormalization.moving_mean); a sublayer's weights are not the layer's.
        if not name.startswith("_") and "_cpp" in vars(self):
            own_path = self._cpp.name + "/" + name
            for weight in self._cpp.weights:
                if weight.path == own_path or weight.path.endswith("/" + own_path):
                    return weight
        raise AttributeError("'%s' object has no attribute '%s'" % (type(self).__name__, name))

    def __call__(self, *args, training=None, mask=None, **kwargs):
        if args:
            inputs, args = args[0], args[1:]
            _composite_calls.check_positional(self, inputs)
        elif "inputs" in kwargs:
            inputs = kwargs.pop("inputs")
        else:
            raise TypeError("%s.__call__ is missing its inputs" % type(self).__name__)
        if kwargs:
            raise TypeError("%s.__call__ got unexpected arguments %s" % (type(self).__name__, sorted(kwargs)))
        if args:
            inputs, training, mask = self._bind_positional(inputs, args, training, mask)
        if self._prepares_call_inputs and not _is_symbolic(inputs):
            inputs = _call_inputs.prepare(self, inputs)
        _assert_input_compatibility(self.__dict__.get("input_spec"), inputs, self.name)  # a Python layer's own spec
        if _is_symbolic(inputs):
            if isinstance(inputs, KerasTensor):
                outputs = self._cpp.call_symbolic_one(inputs)
            else:
                outputs = self._cpp.call_symbolic_list(list(inputs))
        else:
            if mask is not None:
                inputs = _masks.with_call_masks(inputs, mask)
            if _composite_calls.holds_extension_types(inputs):
                return _composite_calls.call(self, inputs, training)
            several = isinstance(inputs, (list, tuple))
            outputs = self._cpp.call_list(list(inputs) if several else [inputs], training)  # a model may have several outputs
        return outputs[0] if len(outputs) == 1 else outputs

    def _bind_positional(self, inputs, args, training, mask):
        # As Keras binds a call's positional arguments to call(): further tensors are further
        # inputs (an endpoint layer's call(targets, logits)); other values are training and mask.
        if all(_is_tensor_argument(a) for a in args):
            self._positional_inputs = 1 + len(args)
            return [inputs, *args], training, mask
        if len(args) > 2:
            raise TypeError("%s.__call__ takes tensors, training and mask positionally, got %d arguments" %
                            (type(self).__name__, 1 + len(args)))
        return inputs, args[0], args[1] if len(args) > 1 else mask

    @property
    def name(self):
        return self._cpp.name

    @property
    def dtype(self):
        return self._cpp.dtype

    @property
    def dtype_policy(self):
        return _mixed_precision.DTypePolicy(_k.layer_policy_name(self._cpp))

    @property
    def compute_dtype(self):
        return self.dtype_policy.compute_dtype

    @property
    def variable_dtype(self):
        return self.dtype_policy.variable_dtype

    @property
    def built(self):
        return self._cpp.built

    @property
    def trainable(self):
        return self._cpp.trainable

    @trainable.setter
    def trainable(self, value):
        self._cpp.trainable = bool(value)

    @property
    def weights(self):
        return self._cpp.weights

    @property
    def variables(self):
        return self._cpp.weights

    @property
    def trainable_weights(self):
        return self._cpp.trainable_weights

    @property
    def trainable_variables(self):
        return self._cpp.trainable_weights

    @property
    def non_trainable_weights(self):
        return self._cpp.non_trainable_weights

    @property
    def losses(self):
        return self._cpp.losses

    @property
    def input(self):
        return self._cpp.input

    @property
    def output(self):
        return self._cpp.output

    @property
    def supports_masking(self):
        return self._cpp.supports_masking

    @supports_masking.setter
    def supports_masking(self, value):
        _k.set_supports_masking(self._cpp, bool(value))

    def compute_mask(self, inputs, mask=None):
        """The mask of the output (Keras' default: the input's mask when the layer supports masking;
        the first input's for several)."""
        if not self.supports_masking:
            return None
        return mask[0] if isinstance(mask, (list, tuple)) else mask

    def build(self, input_shape):
        """Creates the weights for inputs of `input_shape` (subclasses override it)."""
        if not isinstance(self, _BuiltinLayer):
            return
        self._cpp.build(input_shape)

    def call(self, inputs, *args, **kwargs):
        """The forward pass (subclasses override it)."""
        raise NotImplementedError("Layer %s does not have a `call()` method implemented." % type(self).__name__)

    def get_weights(self):
        """The weights' values as NumPy arrays (copies), in `weights` order."""
        return [_np.array(w) for w in self._cpp.get_weights()]

    def set_weights(self, weights):
        """Assigns NumPy arrays (or tensors) to the weights, in `weights` order."""
        variables = self._cpp.weights
        if len(weights) != len(variables):
            raise ValueError("Layer %s expected %d weights, but received %d weights." % (self.name, len(variables), len(weights)))
        self._cpp.set_weights([_np.asarray(w, dtype=v.dtype) for w, v in zip(weights, variables)])

    def count_params(self):
        return self._cpp.count_params()

    @default_method
    def get_config(self):
        """The layer's config: a subclass' base config (name, trainable, dtype) to extend, or a
        built-in layer's whole config. A subclass without get_config gets Keras' automatic one:
        its __init__ arguments too (NotImplementedError when they are not plain values)."""
        if not getattr(self, "_python_subclass", False):
            config = self._cpp.get_config()
            for key in _TUPLE_KEYS.intersection(config):
                config[key] = _tuples(config[key])
            # Keras' order: name, trainable, dtype, then (mostly) the constructor's parameters.
            order = {key: i for i, key in enumerate(_SIGNATURES.get(getattr(self, "_class_name", None), ()))}
            leading = ("name", "trainable", "dtype")
            return {key: config[key] for key in sorted(config, key=lambda k: (
                leading.index(k) if k in leading else len(leading), order.get(k, len(order))))}
        base = _k.base_layer_config(self._cpp)
        config = {"name": base.pop("name")}
        config.update(base)  # Keras' base config: name, trainable, dtype; the subclass' keys follow
        if getattr(type(self).get_config, "_is_default", False):
            args, kwargs = getattr(self, "_init_arguments", ((), {}))
            config.update(_AutoConfig(type(self), args, kwargs).config(self))
            parameters = _inspect.signature(self.__init__).parameters
            takes_kwargs = "kwargs" in parameters and parameters["kwargs"].kind == _inspect.Parameter.VAR_KEYWORD
            if "name" not in parameters and not takes_kwargs:  # __init__ could not take it back
                config.pop("name", None)
        return config

    def get_build_config(self):
        return self._cpp.get_build_config()

    @classmethod
    def from_config(cls, config):
        if not issubclass(cls, _BuiltinLayer) and cls is not Layer:
            if isinstance(config.get("dtype"), dict):  # a DTypePolicy config: its name, as Keras gives it
                config = {**config, "dtype": config["dtype"].get("config", {}).get("name")}
            try:
                return cls(**config)  # a Python subclass, as Keras makes it
            except Exception as e:
                raise TypeError("Error when deserializing class '%s' using config=%s.\n\nException encountered: %s" % (
                    cls.__name__, config, e)) from e
        class_name = getattr(cls, "_class_name", cls.__name__)
        return wrap(_k.deserialize_layer({"class_name": class_name, "config": config}))

    def _serialized(self):
        return self._cpp.serialize()

    # ---- What Keras' saving asks a subclass (through the C++ layer) ---------------------------

    def _keras_module(self):
        return _registration.module_entry(type(self).__module__)

    def _keras_registered_name(self):
        return _registration.get_registered_name(type(self))

    def _attribute_layers(self):
        """(attribute, C++ layers, is_list) for the sublayers Keras' saving walks below this object:
        the attributes holding a layer or a list, tuple or dict of layers, sorted with private ones
        last (Keras' _walk_saveable)."""
        attributes = self._saveable_attributes()
        out = []
        for attribute in sorted(attributes, key=lambda a: "~" + a if a.startswith("_") else a):
            value = attributes[attribute]
            if isinstance(value, Layer):
                out.append((attribute, [value._cpp], False))
            elif isinstance(value, (list, tuple, dict)):
                layers = [v._cpp for v in (value.values() if isinstance(value, dict) else value) if isinstance(v, Layer)]
                if layers:
                    out.append((attribute, layers, True))
        return out

    def _saveable_attributes(self):
        """The attributes Keras' saving walks: the instance's own."""
        return dict(vars(self))

    def __repr__(self):
        return "<%s name=%s, built=%s>" % (type(self).__name__, self.name, self.built)


def _flat_states(states):
    if isinstance(states, (list, tuple)):
        return [t for s in states for t in _flat_states(s)]
    return [states]


def _config_attribute(name, value):
    """A config entry as Keras' layer attribute of that name holds it."""
    from . import activations, constraints, initializers, regularizers
    if name in ("activation", "recurrent_activation"):
        return activations.get(value)
    for suffix, module in (("_initializer", initializers), ("_regularizer", regularizers), ("_constraint", constraints)):
        if name.endswith(suffix):
            return module.get(value)
    return _tuples(value) if name in _TUPLE_KEYS else value


class _BuiltinLayer(Layer):
    """A built-in layer: the arguments become its Keras config, the C++ deserializer makes it."""

    _class_name = None

    def compute_mask(self, inputs, mask=None):
        """The output's mask as the layer computes it (Embedding's mask_zero, Masking's mask_value,
        or the input's mask passed on), None when it makes none."""
        several = isinstance(inputs, (list, tuple))
        inputs = list(inputs) if several else [inputs]
        masks = list(mask) if isinstance(mask, (list, tuple)) else [mask] * len(inputs) if several else [mask]
        return self._cpp.compute_mask(inputs, masks)

    def __init__(self, *args, **kwargs):
        input_shape = kwargs.pop("input_shape", None)
        _keras_config.fix_dtype_policy()  # as Keras' first layer fixes the global policy
        if "dtype" in kwargs:
            kwargs["dtype"] = _mixed_precision.policy_name(kwargs["dtype"])
        config = _arguments_config(self._class_name, _SIGNATURES[self._class_name], args, kwargs)
        if "data_format" in _SIGNATURES[self._class_name] and config.get("data_format") is None:
            config["data_format"] = _keras_config.image_data_format()  # Keras' standardize_data_format
        # The user's activation functions: the C++ layer finds them by name while it is made.
        arguments = dict(zip(_SIGNATURES[self._class_name], args), **kwargs)
        functions = _activations._user_functions(arguments)
        scope = _registration.CustomObjectScope(_registration.active_custom_objects(functions)) if functions else \
            _contextlib.nullcontext()
        try:
            with _tfpp._init_scope(), scope:
                cpp = _k.deserialize_layer({"class_name": self._class_name, "config": config})
        except _errors.InvalidArgumentError as e:  # Keras' constructors reject bad arguments with ValueError
            raise ValueError(e.message) from None
        self._attach(cpp)
        for key in ("activation", "recurrent_activation"):
            if any(arguments.get(key) is fn for fn in functions.values()):
                self.__dict__[key] = arguments[key]  # layer.activation is the function given
        # Keras keeps input_shape for a Sequential model, which starts with an InputLayer of it.
        self._input_shape_arg = tuple(input_shape) if input_shape is not None else None

    def __getattr__(self, name):
        # Keras' layers keep their constructor arguments as attributes (Dense.units,
        # Conv2D.kernel_size), functions and objects for activations, initializers, regularizers
        # and constraints.
        try:
            return super().__getattr__(name)
        except AttributeError:
            config = self._cpp.get_config() if not name.startswith("_") and "_cpp" in vars(self) else {}
            if name not in config or isinstance(config[name], dict) and "class_name" not in config[name]:
                raise
        return _config_attribute(name, config[name])


    def __call__(self, inputs, training=None, mask=None, **kwargs):
        # Keras' recurrent layers take initial states as `initial_state` (nested per cell for
        # StackedRNNCells); the C++ layers take them flat, as further inputs.
        initial_state = kwargs.pop("initial_state", None)
        if initial_state is not None:
            inputs = [inputs] + _flat_states(initial_state)
        # Keras rejects input shapes with ValueError, in build() and in a symbolic call's shape
        # inference; errors of a built layer's eager call are the ops' own.
        symbolic = _is_symbolic(inputs)
        if self._cpp.built and not symbolic:
            return super().__call__(inputs, training=training, mask=mask, **kwargs)
        try:
            return super().__call__(inputs, training=training, mask=mask, **kwargs)
        except _errors.InvalidArgumentError as e:
            if self._cpp.built and not symbolic:
                raise
            raise ValueError(e.message) from None


class InputLayer(Layer):
    """keras.layers.InputLayer."""

    def __init__(self, shape=None, batch_size=None, dtype=None, name=None, **kwargs):
        from . import Input
        self._attach(Input(shape, batch_size=batch_size, dtype=dtype, name=name)._layer)


def _make_layer_class(class_name):
    return type(class_name, (_BuiltinLayer,), {"_class_name": class_name, "__module__": __name__,
                                               "__doc__": "keras.layers.%s (tfpp's C++ layer)." % class_name})


for _name in _SIGNATURES:
    globals()[_name] = _make_layer_class(_name)


class HashedCrossing(_BuiltinLayer):
    """keras.layers.HashedCrossing: Keras rejects bad inputs with ValueError on every call, not only the first."""

    _class_name = "HashedCrossing"

    def __call__(self, inputs, training=None, mask=None, **kwargs):
        try:
            return super().__call__(inputs, training=training, mask=mask, **kwargs)
        except _errors.InvalidArgumentError as e:
            if "`HashedCrossing`" not in e.message:
                raise
            raise ValueError(e.message) from None


class _AttentionLayer(_BuiltinLayer):
    """Keras' call of MultiHeadAttention and GroupQueryAttention: layer(query, value, key=None, ...)."""

    def __call__(self, query, value, key=None, query_mask=None, value_mask=None, key_mask=None, attention_mask=None,
                 return_attention_scores=False, training=None, use_causal_mask=False):
        inputs = [query, value] + ([] if key is None else [key])
        if _is_symbolic(inputs):
            if (attention_mask is not None or use_causal_mask or return_attention_scores or query_mask is not None
                    or value_mask is not None or key_mask is not None):
                raise NotImplementedError("tfpp's symbolic %s calls take query, value and key only" % type(self).__name__)
            return super().__call__(inputs)
        if self._class_name == "MultiHeadAttention":
            query_mask = None  # Keras 3.15's MultiHeadAttention takes the query's own mask, not this argument
        try:
            outputs = self._cpp.attend(query, value, key, attention_mask, bool(use_causal_mask),
                                       bool(return_attention_scores), training, query_mask, value_mask, key_mask)
        except _errors.InvalidArgumentError as e:
            if self._cpp.built:
                raise
            raise ValueError(e.message) from None
        return tuple(outputs) if return_attention_scores else outputs[0]


# Keras' class behind keras.layers.GroupQueryAttention is called GroupedQueryAttention.
for _name, _python_name in (("MultiHeadAttention", "MultiHeadAttention"), ("GroupQueryAttention", "GroupedQueryAttention")):
    globals()[_name] = type(_python_name, (_AttentionLayer,), {"_class_name": _name, "__module__": __name__,
                                                                "__doc__": "keras.layers.%s (tfpp's C++ layer)." % _name})
class ReversibleEmbedding(_BuiltinLayer):
    """keras.layers.ReversibleEmbedding: layer(ids), or layer(vectors, reverse=True) for logits."""

    _class_name = "ReversibleEmbedding"

    def __call__(self, inputs, reverse=False, **kwargs):
        if not reverse:
            return super().__call__(inputs, **kwargs)
        if _is_symbolic(inputs):
            return self._cpp.reverse_symbolic(inputs)
        return self._cpp.reverse(inputs)


# Keras' other names of the same classes (their configs keep the class name).
for _alias, _name in (("Convolution1D", "Conv1D"), ("Convolution2D", "Conv2D"), ("Convolution2DTranspose", "Conv2DTranspose"),
                      ("SeparableConvolution2D", "SeparableConv2D"), ("SeparableConvolution1D", "SeparableConv1D"), ("MaxPool1D", "MaxPooling1D"),
                      ("MaxPool2D", "MaxPooling2D"), ("AvgPool1D", "AveragePooling1D"), ("AvgPool2D", "AveragePooling2D"),
                      ("GlobalAvgPool1D", "GlobalAveragePooling1D"), ("GlobalAvgPool2D", "GlobalAveragePooling2D"),
                      ("GlobalMaxPool1D", "GlobalMaxPooling1D"), ("GlobalMaxPool2D", "GlobalMaxPooling2D"),
                      ("Convolution3D", "Conv3D"), ("Convolution1DTranspose", "Conv1DTranspose"),
                      ("Convolution3DTranspose", "Conv3DTranspose"), ("MaxPool3D", "MaxPooling3D"),
                      ("AvgPool3D", "AveragePooling3D"), ("GlobalAvgPool3D", "GlobalAveragePooling3D"),
                      ("GlobalMaxPool3D", "GlobalMaxPooling3D")):
    if _name in _SIGNATURES:
        globals()[_alias] = globals()[_name]


def serialize(layer):
    """keras.layers.serialize: {'module', 'class_name', 'config', 'registered_name'[, 'build_config']}."""
    return layer._cpp.serialize()


def deserialize(config, custom_objects=None):
    """keras.layers.deserialize: the layer a serialize() dict describes (custom classes found in
    custom_objects, the open custom object scope or the registry)."""
    with _registration.missing_class_as_type_error():
        return wrap(_k.deserialize_layer(config, _registration.layer_classes(custom_objects)))



from . import preprocessing_layers as _preprocessing_layers  # noqa: E402
from . import merging as _merging  # noqa: E402
from . import lora as _lora  # noqa: E402
from . import recurrent_states as _recurrent_states  # noqa: E402
from . import masks as _masks  # noqa: E402
from . import call_inputs as _call_inputs  # noqa: E402
from . import composite_calls as _composite_calls  # noqa: E402
from .lambda_layer import Lambda  # noqa: E402
from .wrapper import Wrapper  # noqa: E402

_merging.install(_sys.modules[__name__])  # add, subtract, ..., concatenate, dot
_lora.install(_sys.modules[__name__])  # enable_lora of Dense, EinsumDense and Embedding
_recurrent_states.install(_sys.modules[__name__])  # states and reset_state of stateful recurrent layers
_masks.install()  # tensor._keras_mask
_k.register_layer_class("Lambda", Lambda)  # load_model and deserialize make Lambda layers

_preprocessing_layers.install(_sys.modules[__name__])  # adapt, get_vocabulary, ... of the lookup layers
