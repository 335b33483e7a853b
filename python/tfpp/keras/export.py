"""keras.export.ExportArchive and model.export(format="tf_saved_model"), as Keras 3 writes them on
TensorFlow: a SavedModel whose root holds the tracked variables (`variables`,
`trainable_variables`, `non_trainable_variables`) and one tf.function per endpoint (`serve` for
model.export), each endpoint also a signature, the first one `serving_default` too. tfpp's
tf.saved_model.save writes it, so TensorFlow's tf.saved_model.load runs the endpoints."""

import os as _os

from .. import _tfpp
from ..module import Module as _Module
from ..train import TrackedList as _TrackedList

DEFAULT_ENDPOINT_NAME = "serve"
_FORMATS = ("tf_saved_model", "onnx", "openvino", "litert", "torch")


class _Archive(_Module):
    """The exported root (Keras' AutoTrackable): the variable lists and the endpoints."""

    # Plain attributes here, where tf.Module has properties.
    variables = trainable_variables = non_trainable_variables = None

    def __init__(self):
        super().__init__()
        self.variables = _TrackedList()
        self.trainable_variables = _TrackedList()
        self.non_trainable_variables = _TrackedList()


class ExportArchive:
    """keras.export.ExportArchive: track() layers and models, add_endpoint() functions with their
    input signatures, add_variable_collection(), then write_out() the SavedModel."""

    def __init__(self, format="saved_model"):
        if format != "saved_model":
            raise ValueError("Unsupported format: %s" % format)
        self._endpoint_names = []
        self._endpoint_signatures = {}
        self._tf_trackable = _Archive()

    @property
    def variables(self):
        return self._tf_trackable.variables

    @property
    def trainable_variables(self):
        return self._tf_trackable.trainable_variables

    @property
    def non_trainable_variables(self):
        return self._tf_trackable.non_trainable_variables

    def track(self, resource):
        """Tracks the variables of a layer or model (built)."""
        from .layers import Layer
        if not isinstance(resource, Layer):
            raise ValueError("Invalid resource type. Expected a Keras `Layer` or `Model` or a TensorFlow `Trackable` "
                             "object. Received object %s of type '%s'. " % (resource, type(resource)))
        if not resource.built:
            raise ValueError("The layer provided has not yet been built. It must be built before export.")
        self._tf_trackable.variables += resource.variables
        self._tf_trackable.trainable_variables += resource.trainable_variables
        self._tf_trackable.non_trainable_variables += resource.non_trainable_weights

    def add_endpoint(self, name, fn, input_signature=None, **kwargs):
        """Adds the endpoint `name`: `fn` traced for `input_signature` (a list of one structure of
        TensorSpecs, KerasTensors or InputSpecs per argument), or a tf.function already called."""
        from ..function import Function
        if name in self._endpoint_names:
            raise ValueError("Endpoint name '%s' is already taken." % name)
        if "jax2tf_kwargs" in kwargs or "is_static" in kwargs:
            raise ValueError("'jax2tf_kwargs' and 'is_static' are only supported with the jax backend. Current "
                             "backend: tensorflow")
        if input_signature is None:
            if not isinstance(fn, Function):
                raise ValueError("If the `fn` argument provided is not a `tf.function`, you must provide an "
                                 "`input_signature` argument to specify the shape and dtype of the function "
                                 "arguments.")
            if not fn._signatures:
                raise ValueError("The provided tf.function '%s' has never been called. To specify the expected shape "
                                 "and dtype of the function's arguments, you must either provide a function that has "
                                 "been called at least once, or alternatively pass an `input_signature` argument in "
                                 "`add_endpoint()`." % (fn,))
            decorated = fn
        else:
            specs = _tensor_specs(input_signature)
            decorated = Function(fn, name=name, autograph=False)
            # Traced once for the signature's structure (lists and dicts of specs in one argument).
            self._endpoint_signatures[name] = decorated.get_concrete_function(*specs)
        setattr(self._tf_trackable, name, decorated)
        self._endpoint_names.append(name)
        return decorated

    def track_and_add_endpoint(self, name, resource, input_signature, **kwargs):
        """track(resource), then add_endpoint(name, resource.__call__, input_signature)."""
        self.track(resource)

        def __call__(*args, **call_kwargs):  # Keras' Layer.__call__(*args, **kwargs), as the endpoint shows it
            return resource(*args, **call_kwargs)

        return self.add_endpoint(name, __call__, input_signature, **kwargs)

    def add_variable_collection(self, name, variables):
        """Saves `variables` (a list, tuple or set of tf.Variables) as the attribute `name`."""
        if not isinstance(variables, (list, tuple, set)):
            raise ValueError("Expected `variables` to be a list/tuple/set. Received instead object of type '%s'."
                             % type(variables))
        if not all(isinstance(v, _tfpp.Variable) for v in variables):
            raise ValueError("Expected all elements in `variables` to be `tf.Variable` instances. Found instead the "
                             "following types: %s" % list(set(type(v) for v in variables)))
        setattr(self._tf_trackable, name, _TrackedList(variables))

    def write_out(self, filepath, options=None, verbose=True):
        """Writes the SavedModel: every endpoint is a signature, the first also `serving_default`."""
        from .. import saved_model
        if not self._endpoint_names:
            raise ValueError("No endpoints have been set yet. Call add_endpoint().")
        signatures = {name: self._concrete(name) for name in self._endpoint_names}
        if "serving_default" not in signatures:
            signatures["serving_default"] = signatures[self._endpoint_names[0]]
        # Keras saves the variables its endpoints use here; tfpp's endpoints use the tracked ones.
        self._tf_trackable._all_variables = _TrackedList(_unique(self._tf_trackable.variables))
        saved_model.save(self._tf_trackable, filepath, signatures=signatures, options=options)
        if verbose:
            endpoints = "\n\n".join(_endpoint_text(self._concrete(name), name) for name in self._endpoint_names)
            print("Saved artifact at '%s'. The following endpoints are available:\n\n%s" % (filepath, endpoints))

    def _concrete(self, name):
        """The endpoint's concrete function: traced for its input_signature, else a tf.function's first trace."""
        if name in self._endpoint_signatures:
            return self._endpoint_signatures[name]
        fn = getattr(self._tf_trackable, name)
        args, kwargs = next(iter(fn._signatures.values()))
        return fn.get_concrete_function(*args, **kwargs)


def _unique(variables):
    seen, out = set(), []
    for v in variables:
        if id(v) not in seen:
            seen.add(id(v))
            out.append(v)
    return out


def _tensor_spec(x):
    """A TensorSpec for a TensorSpec, a KerasTensor (batch dimension None, named after its layer:
    an Input's name) or an InputSpec."""
    if isinstance(x, _tfpp.TensorSpec):
        return x
    if isinstance(x, _tfpp.keras.KerasTensor):
        return _tfpp.TensorSpec([None] + list(x.shape)[1:], x.dtype, x._layer.name)
    shape, dtype = getattr(x, "shape", None), getattr(x, "dtype", None)
    if shape is None or dtype is None:
        raise TypeError("Unsupported x=%s of the type (%s). Supported types are: `keras.InputSpec`, "
                        "`keras.KerasTensor` and backend tensor." % (x, type(x)))
    return _tfpp.TensorSpec(list(shape), dtype, getattr(x, "name", None))


def _tensor_specs(structure):
    if isinstance(structure, dict):
        return {k: _tensor_specs(v) for k, v in structure.items()}
    if isinstance(structure, (list, tuple)):
        return type(structure)(_tensor_specs(v) for v in structure)
    return _tensor_spec(structure)


def _endpoint_text(concrete, name):
    """An endpoint as Keras prints it: its concrete function's signature under "* Endpoint 'name'"."""
    lines = concrete.pretty_printed_signature(verbose=True).split("\n")
    return "\n".join(["* Endpoint '%s'" % name] + lines[1:])


def get_input_signature(model):
    """Keras' get_input_signature: a Functional model's one argument (its inputs' structure), a
    Sequential's input, a subclassed model's input as it was built."""
    from .models import Model
    if not isinstance(model, Model):
        raise TypeError("The model must be a `keras.Model`. Received: model=%s of the type %s" % (model, type(model)))
    if not model.built:
        raise ValueError("The model provided has not yet been built. It must be built before export.")
    cpp = model._cpp
    if cpp.is_functional:
        specs = [_tensor_spec(t) for t in cpp.inputs]
        if cpp.class_name == "Sequential":
            return specs
        if model._input_keys is not None:
            return [dict(zip(model._input_keys, specs))]
        return [specs if cpp.nested_inputs else specs[0]]
    shape = model.get_build_config().get("input_shape")
    if not shape:
        raise ValueError("The model provided has never called. It must be called at least once before export.")
    return [_tfpp.TensorSpec([None] + list(shape)[1:], model.dtype or "float32")]


def export(model, filepath, format="tf_saved_model", verbose=None, input_signature=None, **kwargs):
    """model.export: for "tf_saved_model", an ExportArchive with the endpoint `serve` (the model's
    call for its inputs) written to `filepath`."""
    if format not in _FORMATS:
        raise ValueError("Unrecognized format=%s. Supported formats are: %s." % (format, list(_FORMATS)))
    if format != "tf_saved_model":
        raise NotImplementedError("tfpp exports models as TensorFlow SavedModels only (format='tf_saved_model'), "
                                  "not format=%r" % format)
    archive = ExportArchive()
    signature = get_input_signature(model) if input_signature is None else input_signature
    archive.track_and_add_endpoint(DEFAULT_ENDPOINT_NAME, model, signature, **kwargs)
    archive.write_out(_os.fspath(filepath), verbose=True if verbose is None else verbose)
