"""tf.saved_model over the C++ core's SavedModels (TensorFlow's format: TensorFlow loads what tfpp
saves, and tfpp loads what TensorFlow and Keras 3 save). save() hands the C++ saver the object
graph tf.train's checkpoints build, plus each tf.function attribute's concrete functions; load()
rebuilds Python objects from the loaded object graph: restored variables, callable functions,
lists, dicts and plain objects, and the root's `signatures`."""

import collections.abc
import enum
import inspect
import types
import os
import pprint

from . import _tfpp
from . import function as _function
from .keras import models as _keras_models
from .module import Module
from .train import _ObjectGraph, check_sharding_callback

_saved = _tfpp._saved_model

# tf.saved_model's names of a SavedModel's files, tags and signature keys, as TensorFlow spells them.
ASSETS_DIRECTORY = "assets"
ASSETS_KEY = "saved_model_assets"
DEBUG_DIRECTORY = "debug"
DEBUG_INFO_FILENAME_PB = "saved_model_debug_info.pb"
SAVED_MODEL_FILENAME_PB = "saved_model.pb"
SAVED_MODEL_FILENAME_PBTXT = "saved_model.pbtxt"
SAVED_MODEL_SCHEMA_VERSION = 1
VARIABLES_DIRECTORY = "variables"
VARIABLES_FILENAME = "variables"
SERVING = "serve"
TRAINING = "train"
GPU = "gpu"
TPU = "tpu"
DEFAULT_SERVING_SIGNATURE_DEF_KEY = "serving_default"
CLASSIFY_INPUTS = "inputs"
CLASSIFY_METHOD_NAME = "tensorflow/serving/classify"
CLASSIFY_OUTPUT_CLASSES = "classes"
CLASSIFY_OUTPUT_SCORES = "scores"
PREDICT_INPUTS = "inputs"
PREDICT_METHOD_NAME = "tensorflow/serving/predict"
PREDICT_OUTPUTS = "outputs"
REGRESS_INPUTS = "inputs"
REGRESS_METHOD_NAME = "tensorflow/serving/regress"
REGRESS_OUTPUTS = "outputs"


class VariablePolicy(enum.Enum):
    """Whether a SavedModel records variable devices and distributed variables' components
    (tf.saved_model.experimental.VariablePolicy)."""

    NONE = None
    SAVE_VARIABLE_DEVICES = "save_variable_devices"
    EXPAND_DISTRIBUTED_VARIABLES = "expand_distributed_variables"

    @staticmethod
    def from_obj(obj):
        """The policy `obj` is or names (case aside); None is NONE."""
        if obj is None:
            return VariablePolicy.NONE
        if isinstance(obj, VariablePolicy):
            return obj
        for policy in VariablePolicy:
            if str(obj).lower() == policy.value:
                return policy
        raise ValueError("Received invalid VariablePolicy value: %s." % (obj,))


experimental = types.ModuleType("tfpp.saved_model.experimental", "tf.saved_model.experimental: VariablePolicy.")
experimental.VariablePolicy = VariablePolicy


def _namespace_whitelist(namespaces):
    if namespaces is None:
        return None
    if not isinstance(namespaces, list):
        raise TypeError("`namespace_whitelist` must be a list of strings. Got: %s with type %s." % (namespaces,
                                                                                                   type(namespaces)))
    for namespace in namespaces:
        if not isinstance(namespace, str):
            raise ValueError("Whitelisted namespace must be a string. Got: %s of type %s." % (namespace,
                                                                                             type(namespace)))
    return list(namespaces)


class SaveOptions:
    """tf.saved_model.SaveOptions, checked as TensorFlow checks them. tfpp's saver acts on none of
    them (it writes no debug info, function aliases or variable devices)."""

    __slots__ = ("namespace_whitelist", "save_debug_info", "function_aliases", "experimental_debug_stripper",
                 "experimental_io_device", "experimental_variable_policy", "experimental_custom_gradients",
                 "experimental_image_format", "experimental_skip_saver", "experimental_sharding_callback",
                 "extra_tags")

    def __init__(self, namespace_whitelist=None, save_debug_info=False, function_aliases=None,
                 experimental_debug_stripper=False, experimental_io_device=None, experimental_variable_policy=None,
                 experimental_custom_gradients=True, experimental_image_format=False,
                 experimental_skip_saver=False, experimental_sharding_callback=None, extra_tags=None):
        self.namespace_whitelist = _namespace_whitelist(namespace_whitelist)
        self.save_debug_info = save_debug_info
        self.function_aliases = function_aliases if function_aliases else {}
        self.experimental_custom_gradients = experimental_custom_gradients
        self.experimental_debug_stripper = experimental_debug_stripper
        self.experimental_io_device = experimental_io_device
        self.experimental_variable_policy = VariablePolicy.from_obj(experimental_variable_policy)
        self.experimental_skip_saver = experimental_skip_saver
        if experimental_image_format:
            raise ValueError("The option `experimental_image_format` is disabled in OSS.")
        self.experimental_image_format = experimental_image_format
        check_sharding_callback(experimental_sharding_callback)
        self.experimental_sharding_callback = experimental_sharding_callback
        self.extra_tags = extra_tags


class LoadOptions:
    """tf.saved_model.LoadOptions, checked as TensorFlow checks them. tfpp's loader acts on none of
    them."""

    __slots__ = ("allow_partial_checkpoint", "experimental_io_device", "experimental_skip_checkpoint",
                 "experimental_variable_policy", "experimental_load_function_aliases")

    def __init__(self, allow_partial_checkpoint=False, experimental_io_device=None,
                 experimental_skip_checkpoint=False, experimental_variable_policy=None,
                 experimental_load_function_aliases=False):
        self.experimental_io_device = experimental_io_device
        self.allow_partial_checkpoint = allow_partial_checkpoint
        self.experimental_skip_checkpoint = experimental_skip_checkpoint
        self.experimental_variable_policy = VariablePolicy.from_obj(experimental_variable_policy)
        self.experimental_load_function_aliases = experimental_load_function_aliases


def _functions_of(value):
    """(name, callable giving the concrete functions to save) for the tf.function attributes of a
    module (methods and instance attributes, by name), as TensorFlow lists them. A function never
    traced and without an input_signature is saved with none, as TensorFlow saves it: calling it
    after loading raises."""
    if not isinstance(value, Module):
        return []
    found = {}
    for name in sorted(set(dir(type(value))) | set(vars(value))):
        if isinstance(vars(value).get(name, getattr(type(value), name, None)), _function.Function):
            found[name] = getattr(value, name)._concrete_functions_for_saving()
    return [(name, lambda concrete=concrete: concrete) for name, concrete in found.items()]


def _signature_function(value):
    """The C++ concrete function a `signatures` entry stands for."""
    if isinstance(value, _function.ConcreteFunction):
        return value._concrete
    if isinstance(value, _function.Function) and value._input_signature is not None:
        return value.get_concrete_function()._concrete
    raise ValueError("Expected a TensorFlow function for which to generate a signature, but got %s. Only "
                     "`tf.functions` with an input signature or concrete functions can be used as a signature." %
                     (value,))


def save(obj, export_dir, signatures=None, options=None):
    """Saves a tf.Module (its variables, submodules and tf.functions) or a Keras model (Keras 3's
    serving_default: "inputs" -> "output_0") as a SavedModel in `export_dir`.
    `signatures`: a concrete function, a tf.function with an input_signature, or a dict of them by
    key; without, TensorFlow's default (the root's only tf.function with an input_signature becomes
    "serving_default")."""
    if not isinstance(obj, (Module, _keras_models.Model)):
        raise ValueError("Expected an object of type `Trackable`, such as `tf.Module` or a subclass of the "
                         "`Trackable` class, for export. Got %s with type %s." % (obj, type(obj)))
    _function.save_context.active = True
    try:
        if signatures is None:
            signatures = {}
        elif not isinstance(signatures, dict):
            signatures = {DEFAULT_SERVING_SIGNATURE_DEF_KEY: signatures}
        concrete = {key: _signature_function(value) for key, value in signatures.items()}
        if isinstance(obj, _keras_models.Model):
            _saved.save_keras(obj._cpp, os.fspath(export_dir), concrete)
            return
        graph = _ObjectGraph()
        graph.refresh([obj], _functions_of)
        _saved.save(graph.handle(obj), os.fspath(export_dir), concrete)
    finally:
        _function.save_context.active = False


def contains_saved_model(export_dir):
    """True when `export_dir` holds a saved_model.pb or saved_model.pbtxt."""
    export_dir = os.fspath(export_dir)
    return any(os.path.isfile(os.path.join(export_dir, name)) for name in ("saved_model.pb", "saved_model.pbtxt"))


class _UserObject:
    """A restored object: its children are attributes (TensorFlow's revived _UserObject)."""

    def __call__(self, *args, **kwargs):
        # Python looks __call__ up on the class; a restored `__call__` is an attribute.
        call = vars(self).get("__call__")
        if call is None:
            raise TypeError("'_UserObject' object is not callable")
        return call(*args, **kwargs)


class _SignatureMap(collections.abc.Mapping):
    """The signatures of a loaded SavedModel by key."""

    def __init__(self, signatures):
        self._signatures = signatures

    def __getitem__(self, key):
        return self._signatures[key]

    def __iter__(self):
        return iter(self._signatures)

    def __len__(self):
        return len(self._signatures)

    def __repr__(self):
        return "_SignatureMap(%r)" % (self._signatures,)


def _describe(values):
    lines = ["  Positional arguments (%d total):" % len(values)]
    lines += ["    * %r" % (v,) for v in values]
    lines.append("  Keyword arguments: {}")
    return "\n".join(lines)


def _fitting_tensor(value, spec, convert):
    """`value` as a tensor of `spec`'s dtype and a compatible shape (a Python value or NumPy array
    converted when `convert`), or None."""
    if not isinstance(value, (_tfpp.Tensor, _tfpp.Variable)):
        if not convert:
            return None
        try:
            value = _tfpp._convert_to_tensor(value, dtype=spec.dtype)
        except (TypeError, ValueError):
            return None
    if value.dtype != spec.dtype or not value.shape.is_compatible_with(spec.shape):
        return None
    return value


def _matches(specs, args, convert):
    """`args` as tensors matching `specs` (Python values converted when `convert`), or None."""
    if len(args) != len(specs):
        return None
    tensors = [_fitting_tensor(arg, spec, convert) for arg, spec in zip(args, specs)]
    return None if any(t is None for t in tensors) else tensors


def _structured(function, flat, concrete=0):
    """The flat outputs nested as the SavedModel's output signature (of concrete function
    `concrete`) says."""
    kind = function.output_structure(concrete)
    if kind == "tensor":
        return flat[0]
    if kind == "dict":
        return dict(zip(function.output_names(concrete), flat))
    if kind == "list":
        return list(flat)
    if kind == "tuple":
        return tuple(flat)
    return None


def _signature_of(fullargspec):
    """The inspect.Signature of a restored function's FullArgSpec, without a method's `self`, as
    TensorFlow's restored functions bind their arguments."""
    kinds = inspect.Parameter
    args = list(fullargspec.args or [])
    if args and args[0] == "self":
        args = args[1:]
    defaults = tuple(fullargspec.defaults or ())
    first_default = len(args) - len(defaults)
    params = [kinds(name, kinds.POSITIONAL_OR_KEYWORD,
                    default=defaults[i - first_default] if i >= first_default else kinds.empty)
              for i, name in enumerate(args)]
    if fullargspec.varargs:
        params.append(kinds(fullargspec.varargs, kinds.VAR_POSITIONAL))
    kwonlydefaults = fullargspec.kwonlydefaults or {}
    params += [kinds(name, kinds.KEYWORD_ONLY, default=kwonlydefaults.get(name, kinds.empty))
               for name in fullargspec.kwonlyargs or []]
    if fullargspec.varkw:
        params.append(kinds(fullargspec.varkw, kinds.VAR_KEYWORD))
    return inspect.Signature(params)


def _is_tensor(value):
    return isinstance(value, (_tfpp.Tensor, _tfpp.Variable))


def _is_namedtuple(value):
    return isinstance(value, tuple) and hasattr(value, "_fields")


def _match_structure(expected, value, convert, tensors):
    """Whether `value` fits a concrete function's `expected` input structure, as TensorFlow's
    restored functions check it: the same nesting, Python values equal, tensors (or, when
    `convert`, values converted to tensors) of the TensorSpec's dtype and a compatible shape,
    appended to `tensors` in flattening order (dict keys sorted)."""
    if isinstance(expected, _tfpp.TensorSpec):
        tensor = _fitting_tensor(value, expected, convert)
        if tensor is None:
            return False
        tensors.append(tensor)
        return True
    if isinstance(expected, dict):
        if not isinstance(value, dict) or set(value) != set(expected):
            return False
        return all(_match_structure(expected[k], value[k], convert, tensors) for k in sorted(expected))
    if isinstance(expected, (list, tuple)):
        if _is_namedtuple(expected):
            same_type = _is_namedtuple(value) and type(value).__name__ == type(expected).__name__ and \
                tuple(value._fields) == tuple(expected._fields)
        else:
            same_type = type(value) is type(expected)
        return same_type and len(value) == len(expected) and all(
            _match_structure(e, v, convert, tensors) for e, v in zip(expected, value))
    if _is_tensor(value):
        return False
    try:
        return bool(value == expected)
    except (TypeError, ValueError):
        return False


class _SymbolicTensor:
    """How TensorFlow's error shows a tensor argument: the restored function's placeholder."""

    def __init__(self, tensor, name):
        self._text = "<tf.Tensor '%s:0' shape=%s dtype=%s>" % (name, tuple(tensor.shape), tensor.dtype.name)

    def __repr__(self):
        return self._text


def _as_placeholders(value, name):
    if _is_tensor(value):
        return _SymbolicTensor(value, name)
    if isinstance(value, list):
        return [_as_placeholders(v, name) for v in value]
    if isinstance(value, tuple) and not _is_namedtuple(value):
        return tuple(_as_placeholders(v, name) for v in value)
    if isinstance(value, dict):
        return {k: _as_placeholders(v, name) for k, v in value.items()}
    return value


def _positional_text(values):
    return "Positional arguments (%d total):\n    * %s" % (len(values), "\n    * ".join(pprint.pformat(v) for v in values))


def _signature_text(signature):
    """The parameters as TensorFlow's binding errors show them."""
    return "(%s)" % ", ".join(
        "*" + p.name if p.kind == p.VAR_POSITIONAL else "**" + p.name if p.kind == p.VAR_KEYWORD else
        p.name if p.default is p.empty else p.name + "=<captured_default_value>" for p in signature.parameters.values())


class RestoredFunction:
    """A tf.function restored from a SavedModel. With the parameters the SavedModel records, a call
    binds its arguments to them (defaults applied) and runs the first concrete function whose
    structured input signature they match: Python values equal, tensors as they are, then Python
    values and NumPy arrays converted where tensors go, as TensorFlow's restored functions do.
    Without (a bare concrete function), the arguments are its tensors, by position or name."""

    def __init__(self, function, structured=False):
        self._function = function
        fullargspec = function.fullargspec() if structured else None
        self._signature = None if fullargspec is None else _signature_of(fullargspec)
        if self._signature is not None:
            self.__signature__ = self._signature

    def __call__(self, *args, **kwargs):
        if self._signature is not None:
            return self._call_structured(args, kwargs)
        options = self._function.concrete_input_specs()
        if not options:
            raise ValueError("Found zero restored functions for caller function.")
        names = self._function.input_names()
        unknown = sorted(set(kwargs) - set(names[len(args):]))
        if unknown:
            raise TypeError("%s got an unexpected keyword argument '%s'" % (self._function.function_name(), unknown[0]))
        args = list(args) + [kwargs[name] for name in names[len(args):] if name in kwargs]
        for convert in (False, True):
            for specs in options:
                tensors = _matches(specs, args, convert)
                if tensors is not None:
                    return _structured(self._function, self._function.call_flat(tensors))
        message = ["Could not find matching concrete function to call loaded from the SavedModel. Got:",
                   _describe(args), "",
                   " Expected these arguments to match one of the following %d option(s):" % len(options)]
        for i, specs in enumerate(options):
            message += ["", "Option %d:" % (i + 1), _describe(specs)]
        raise ValueError("\n".join(message))


    def _call_structured(self, args, kwargs):
        options = self._function.concrete_input_signatures()
        try:
            bound = self._signature.bind(*args, **kwargs)
        except TypeError as e:
            raise TypeError("Binding inputs to tf.function failed due to `%s`. Received args: %r and kwargs: %r for "
                            "signature: %s." % (e, args, kwargs, _signature_text(self._signature))) from None
        bound.apply_defaults()
        args, kwargs = bound.args, bound.kwargs
        if not options:
            raise ValueError("Found zero restored functions for caller function.")
        for convert in (False, True):
            for index, expected in enumerate(options):
                tensors = []
                if _match_structure(expected, (args, kwargs), convert, tensors):
                    return _structured(self._function, self._function.call_concrete(index, tensors), index)
        names = list(self._signature.parameters)
        got = tuple(_as_placeholders(a, names[i] if i < len(names) else "args_%d" % i) for i, a in enumerate(args))
        got_kwargs = {k: _as_placeholders(v, k) for k, v in kwargs.items()}
        descriptions = ["Option %d:\n  %s\n  Keyword arguments: %s" % (i + 1, _positional_text(positional), keyword)
                        for i, (positional, keyword) in enumerate(options)]
        raise ValueError("Could not find matching concrete function to call loaded from the SavedModel. Got:\n  %s\n  "
                         "Keyword arguments: %s\n\n Expected these arguments to match one of the following %d "
                         "option(s):\n\n%s" % (_positional_text(got), got_kwargs, len(options),
                                                 "\n\n".join(descriptions)))


class _SignatureFunction:
    """A loaded signature: keyword tensors (or the inputs by position) in, a dict of tensors out."""

    def __init__(self, function):
        self._function = function
        self._specs = function.concrete_input_specs()[0]
        self._names = function.input_names()

    @property
    def structured_input_signature(self):
        """((), {input name: TensorSpec}), as TensorFlow's signature functions give it."""
        return (), dict(zip(self._names, self._specs))

    def __call__(self, *args, **kwargs):
        values = dict(zip(self._names, args), **kwargs)
        missing = [name for name in self._names if name not in values]
        extra = sorted(set(values) - set(self._names))
        if missing or extra or len(args) > len(self._names):
            problem = ("missing a required argument: '%s'" % missing[0]) if missing else \
                ("got an unexpected keyword argument '%s'" % extra[0]) if extra else "too many positional arguments"
            raise TypeError("Binding inputs to tf.function failed due to `%s`. Received args: %r and kwargs: %r for "
                            "signature: (*, %s)." % (problem, args, kwargs, ", ".join(
                                "%s: %r" % (n, s) for n, s in zip(self._names, self._specs))))
        tensors = [_tfpp._convert_to_tensor(values[name], dtype=spec.dtype)
                   for name, spec in zip(self._names, self._specs)]
        return dict(zip(self._function.output_names(), self._function.call_flat(tensors)))


def load(export_dir, tags=None, options=None):
    """Loads the SavedModel in `export_dir`: an object whose attributes are its restored variables,
    functions and child objects, with `signatures` (a mapping of key to signature function)."""
    export_dir = os.fspath(export_dir)
    if not contains_saved_model(export_dir):
        raise OSError("SavedModel file does not exist at: %s%s{saved_model.pbtxt|saved_model.pb}" %
                      (export_dir, os.path.sep))
    if isinstance(tags, str):
        tags = [tags]
    loaded = _saved.load(export_dir, list(tags or []))
    built = {}
    for path, kind in loaded.objects():
        parent, _, name = path.rpartition("/")
        container = built.get(parent)
        if path and not isinstance(container, (_UserObject, list, dict)):
            continue  # below a function or signature map: its traces, which TensorFlow does not show
        if kind == "variable":
            value = loaded.variable(path)
        elif kind in ("function", "bare_concrete_function"):
            value = RestoredFunction(loaded.function(path), structured=kind == "function")
        elif kind == "signature_map":
            value = _SignatureMap({k: _SignatureFunction(f) for k, f in loaded.signatures.items()})
        elif kind in ("trackable_list_wrapper", "trackable_tuple_wrapper"):
            value = []
        elif kind == "trackable_dict_wrapper":
            value = {}
        elif kind in ("constant", "asset", "resource", "captured_tensor"):
            continue  # what tfpp does not restore as an object
        else:
            value = _UserObject()
        built[path] = value
        if isinstance(container, list):
            container.append(value)
        elif isinstance(container, dict):
            container[name] = value
        elif path:
            setattr(container, name, value)
    root = built[""]
    if not hasattr(root, "signatures"):
        root.signatures = _SignatureMap({k: _SignatureFunction(f) for k, f in loaded.signatures.items()})
    return root
