"""tf.function for Python functions: traced into a tfpp graph once per input signature, cached.

A call's cache key follows TensorFlow's: tensors by dtype and shape, variables by dtype, shape
and which arguments are the same variable, datasets by element_spec, Python scalars, strings and
None by value, lists, tuples and dicts by structure, other objects by identity. Tracing calls the
Python function with symbolic tensors inside tfpp's graph builder, so Python side effects (print) run only while
tracing and tf.print runs at every call. With autograph (the default), the traced function is
first converted by AutoGraph (tfpp/autograph/), so `if`/`while`/`for` on tensors become tf.cond and
tf.while_loop.
"""

import functools
import inspect
import threading
import weakref

import numpy as _np

from . import _tfpp
from . import autograph
from . import core_types
from . import function_signatures
from . import _nest as nest
from . import protos
from . import type_spec
from .extension_type import ExtensionTypeSpec


class _Walk:
    """The cache key and tensor leaves of a call's arguments, and the leaves' placeholder names."""

    def __init__(self, pinned):
        self.key = []
        self.leaves = []
        self.names = []
        self._pinned = pinned
        self._used = {}

    def visit_arguments(self, args, kwargs, parameter_names):
        """Visits a call's arguments, naming tensor leaves after their parameters (x, x_1, ...)."""
        self.key.append("(")
        for i, arg in enumerate(args):
            self.visit(arg, parameter_names[i] if i < len(parameter_names) else "args_%d" % i)
        self.key.append(")")
        self.key.append("{")
        for k in sorted(kwargs):
            self.key.append(k + ":")
            self.visit(kwargs[k], k)
        self.key.append("}")

    def _leaf(self, value, prefix):
        count = self._used.get(prefix, 0)
        self._used[prefix] = count + 1
        self.names.append(prefix if count == 0 else "%s_%d" % (prefix, count))
        self.leaves.append(value)

    def visit(self, value, prefix="args"):
        key = self.key
        if isinstance(value, (_tfpp.Tensor, _tfpp.TensorSpec)):
            key.append("T")
            self._leaf(value, prefix)
        elif isinstance(value, _tfpp.Variable):
            alias = next((i for i, leaf in enumerate(self.leaves) if leaf is value), len(self.leaves))
            key.append("V%s%s@%d" % (value.dtype, value.shape, alias))  # a DType, or a Keras variable's dtype name
            self._leaf(value, prefix)
        elif isinstance(value, _np.ndarray):
            key.append("T")
            self._leaf(_tfpp.constant(value), prefix)
        elif value is None or isinstance(value, (bool, int, float, str, bytes)):
            key.append("%s:%r" % (type(value).__name__, value))
        elif isinstance(value, (list, tuple)):
            key.append(type(value).__name__ + "[")
            for item in value:
                self.visit(item, prefix)
            key.append("]")
        elif isinstance(value, dict):
            key.append("{")
            for k in sorted(value, key=repr):
                key.append(repr(k) + ":")
                self.visit(value[k], prefix)
            key.append("}")
        elif getattr(type(value), "_tfpp_dataset", False):
            # A tf.data dataset, by its element_spec (as TensorFlow keys it), passed as a variant.
            key.append("D%r" % (value.element_spec,))
            self._leaf(value._variant_tensor(), prefix)
        elif getattr(type(value), "_tfpp_iterator", False):
            # A tf.data iterator, by its element_spec (TensorFlow's IteratorSpec), passed as its
            # resource handle, so that the trace reads the iterator of each call.
            key.append("I%r" % (value.element_spec,))
            self._leaf(value._handle, prefix)
        elif isinstance(value, _Bound) or type_spec.is_composite(value) or type_spec.is_composite_spec(value):
            self._visit_composite(value, prefix)
        else:
            # By identity; the function keeps the object so that its id is not reused.
            self._pinned[id(value)] = value
            key.append("o%d" % id(value))


    def _visit_composite(self, value, prefix):
        """A RaggedTensor or SparseTensor (or its type spec), by its type spec, as its components;
        a tensor bound to an input_signature's TensorSpec, by that spec."""
        value, spec = _value_and_spec(value)
        self.key.append("C%r" % (spec,))
        if isinstance(spec, _tfpp.TensorSpec):
            self._leaf(spec if value is None else (value, spec), prefix)
            return
        components = [None] * len(spec._component_specs) if value is None else spec._to_components(value)
        for component, component_spec in zip(components, spec._component_specs):
            self._leaf(component_spec if component is None else (component, component_spec), prefix)


class _Bound:
    """An argument checked against a composite input_signature: traced by the signature's spec."""

    def __init__(self, value, spec):
        self.value = value
        self.spec = spec


def _value_and_spec(value):
    """(value, spec) of a composite argument; value None for a spec standing for one."""
    if isinstance(value, _Bound):
        return (None if value.value is value.spec else value.value), value.spec
    if type_spec.is_composite_spec(value):
        return None, value
    return value, value._type_spec


def _rebuild_composite(value, placeholders):
    _, spec = _value_and_spec(value)
    if isinstance(spec, _tfpp.TensorSpec):
        return next(placeholders)
    return spec._from_components([next(placeholders) for _ in spec._component_specs])


def _rebuild(value, placeholders):
    """`value` with its tensor leaves replaced by the next placeholders (variables bound to theirs)."""
    if isinstance(value, (_tfpp.Tensor, _tfpp.TensorSpec, _np.ndarray)):
        return next(placeholders)
    if isinstance(value, _tfpp.Variable):
        _tfpp._bind_variable_argument(value, next(placeholders))
        return value
    if getattr(type(value), "_tfpp_dataset", False):
        return value._with_variant(next(placeholders))
    if getattr(type(value), "_tfpp_iterator", False):
        return value._with_handle(next(placeholders))
    if isinstance(value, _Bound) or type_spec.is_composite(value) or type_spec.is_composite_spec(value):
        return _rebuild_composite(value, placeholders)
    if isinstance(value, (list, tuple)):
        items = [_rebuild(item, placeholders) for item in value]
        return type(value)(items) if not hasattr(value, "_fields") else type(value)(*items)
    if isinstance(value, dict):
        rebuilt = {k: _rebuild(value[k], placeholders) for k in sorted(value, key=repr)}
        return {k: rebuilt[k] for k in value}
    return value


def _flatten_outputs(value, flat):
    """The output structure with tensors replaced by their positions in `flat`."""
    if isinstance(value, (_tfpp.Tensor, _tfpp.Variable, bool, int, float, str, bytes)):
        flat.append(value)  # Python scalars and strings are returned as tensors, as TensorFlow does
        return _Slot(len(flat) - 1)
    if type_spec.is_composite(value):
        spec = value._type_spec
        flat.extend(spec._to_components(value))
        return _CompositeSlot(spec, len(flat) - len(spec._component_specs), len(flat))
    if isinstance(value, (list, tuple)):
        items = [_flatten_outputs(item, flat) for item in value]
        return type(value)(items) if not hasattr(value, "_fields") else type(value)(*items)
    if isinstance(value, dict):
        return {k: _flatten_outputs(v, flat) for k, v in value.items()}
    return value


def _output_keys(result, flat):
    """The keys of a function returning a dict of tensors (a SavedModel's output names), else None."""
    if isinstance(result, dict) and len(result) == len(flat) and all(isinstance(k, str) for k in result):
        return list(result)
    return None


def _specs_of(args, kwargs):
    """The arguments with tensors as TensorSpecs: what get_concrete_function traces them again from."""
    def spec(value):
        if isinstance(value, (_tfpp.Tensor, _np.ndarray)):
            value = _tfpp._convert_to_tensor(value)
            return _tfpp.TensorSpec(value.shape, value.dtype)
        if isinstance(value, _Bound) or type_spec.is_composite(value):
            return _value_and_spec(value)[1]
        if isinstance(value, (list, tuple)) and not hasattr(value, "_fields"):
            return type(value)(spec(item) for item in value)
        if isinstance(value, dict):
            return {k: spec(v) for k, v in value.items()}
        return value
    return tuple(spec(a) for a in args), {k: spec(v) for k, v in kwargs.items()}


def _with_traced_shapes(specs, inputs):
    """`specs` (what _specs_of gives) with each TensorSpec's shape the traced one (relaxed by
    reduce_retracing), matched to `inputs` (a concrete function's) in the order _Walk visits leaves."""
    inputs = iter(inputs)

    def visit(value):
        if isinstance(value, _tfpp.TensorSpec):
            return _tfpp.TensorSpec(next(inputs).shape, value.dtype, value.name)
        if type_spec.is_composite_spec(value):
            for _ in value._component_specs:
                next(inputs)
            return value
        if isinstance(value, _tfpp.Variable) or any(getattr(type(value), a, False) for a in ("_tfpp_dataset", "_tfpp_iterator")):
            next(inputs)
            return value
        if isinstance(value, (list, tuple)) and not hasattr(value, "_fields"):
            return type(value)(visit(item) for item in value)
        if isinstance(value, dict):
            visited = {k: visit(value[k]) for k in sorted(value, key=repr)}
            return {k: visited[k] for k in value}
        return value

    args, kwargs = specs
    args = tuple(visit(arg) for arg in args)
    visited = {k: visit(kwargs[k]) for k in sorted(kwargs)}
    return args, {k: visited[k] for k in kwargs}


def _structured_inputs(specs):
    """A trace's (args, kwargs) as a SavedModel records them (Python literals, TensorSpecs for tensor
    leaves, variables and datasets included), or None when it holds another object, as TensorFlow's
    nested_structure_coder encodes them."""
    def encode(value):
        if value is None or isinstance(value, (bool, int, float, str, _tfpp.TensorSpec)):
            return value
        if isinstance(value, _tfpp.Variable) or getattr(type(value), "_tfpp_dataset", False):
            return _tfpp.TensorSpec([], _tfpp.float32)  # its place; the saver writes the traced input's spec
        if isinstance(value, (list, tuple)):
            items = [encode(item) for item in value]
            if any(item is _NOT_ENCODABLE for item in items):
                return _NOT_ENCODABLE
            return type(value)(*items) if hasattr(value, "_fields") else type(value)(items)
        if isinstance(value, dict) and all(isinstance(k, str) for k in value):
            items = {k: encode(v) for k, v in value.items()}
            return _NOT_ENCODABLE if any(v is _NOT_ENCODABLE for v in items.values()) else items
        return _NOT_ENCODABLE

    encoded = encode(tuple(specs))
    return None if encoded is _NOT_ENCODABLE else encoded


_NOT_ENCODABLE = object()

# Set inside tf.saved_model.save on its thread: traces are keyed apart, as TensorFlow's save context does.
save_context = threading.local()


class _Slot:
    """A position in a concrete function's flat outputs."""

    def __init__(self, index):
        self.index = index


class _CompositeSlot:
    """The positions of a composite result's components in a concrete function's flat outputs."""

    def __init__(self, spec, begin, end):
        self.spec = spec
        self.begin = begin
        self.end = end


def _pack(structure, leaf):
    """`structure` with each slot replaced by leaf(slot)."""
    if isinstance(structure, (_Slot, _CompositeSlot)):
        return leaf(structure)
    if isinstance(structure, (list, tuple)):
        items = [_pack(item, leaf) for item in structure]
        return type(structure)(items) if not hasattr(structure, "_fields") else type(structure)(*items)
    if isinstance(structure, dict):
        return {k: _pack(v, leaf) for k, v in structure.items()}
    return structure


def _packed(structure, outputs):
    """A function's result: `structure` holding the flat `outputs` of a call."""
    def leaf(slot):
        if isinstance(slot, _Slot):
            return outputs[slot.index]
        return slot.spec._from_components(list(outputs[slot.begin:slot.end]))
    return _pack(structure, leaf)


class _OutputTensor:
    """A concrete function's output as its graph's symbolic tensor, named and printed as
    TensorFlow's (its outputs are the Identity ops Identity, Identity_1, ...)."""

    def __init__(self, index, spec):
        self.name = "Identity%s:0" % ("_%d" % index if index else "")
        self.shape = spec.shape
        self.dtype = spec.dtype

    def __repr__(self):
        return "<tf.Tensor '%s' shape=%s dtype=%s>" % (self.name, self.shape, self.dtype.name)

    def __str__(self):
        return 'Tensor("%s", shape=%s, dtype=%s)' % (self.name, self.shape, self.dtype.name)


class ConcreteFunction(core_types.ConcreteFunction):
    """One traced graph of a tf.function, for one input signature."""

    def __init__(self, function, concrete, structure):
        self._function = function
        self._concrete = concrete
        self._structure = structure

    def __call__(self, *args, **kwargs):
        walk = _Walk({})
        walk.visit_arguments(args, kwargs, ())
        return _packed(self._structure, _tfpp._FunctionState.call(self._concrete, walk.leaves))

    @property
    def structured_input_signature(self):
        """The (args, kwargs) this function was traced for: TensorSpecs (named after their
        parameters) and composite specs where tensors were passed, Python values as they were,
        defaults filled in."""
        return self._function._structured_input_signature(self._concrete)

    @property
    def outputs(self):
        """The flat outputs, as symbolic tensors."""
        return [_OutputTensor(i, spec) for i, spec in enumerate(self._concrete.output_specs())]

    @property
    def structured_outputs(self):
        """The result's structure holding symbolic tensors (an extension type holding them; another
        composite result as its TypeSpec)."""
        outputs = self.outputs

        def leaf(slot):
            if isinstance(slot, _Slot):
                return outputs[slot.index]
            if isinstance(slot.spec, ExtensionTypeSpec):
                return slot.spec._from_components(outputs[slot.begin:slot.end])
            return slot.spec
        return _pack(self._structure, leaf)

    @property
    def output_shapes(self):
        """The result's structure holding each output's TensorShape."""
        specs = self._concrete.output_specs()
        return _pack(self._structure, lambda slot: specs[slot.index].shape if isinstance(slot, _Slot) else slot.spec.shape)

    @property
    def output_dtypes(self):
        """The result's structure holding each output's dtype."""
        specs = self._concrete.output_specs()
        return _pack(self._structure, lambda slot: specs[slot.index].dtype if isinstance(slot, _Slot) else slot.spec.dtype)

    @property
    def graph(self):
        """The traced graph (its text form; tfpp has no Python Graph object yet)."""
        return _GraphText(self._concrete)

    @property
    def inputs(self):
        """The TensorSpecs of the tensor arguments."""
        return self._concrete.inputs()

    def pretty_printed_signature(self, verbose=True):
        """The parameters' and the result's trace types and the captures, as TensorFlow prints them."""
        return self._function._signature_text(self._concrete, verbose)


class _GraphText:
    """What tfpp shows of a traced graph: one line per node, and its GraphDef message."""

    def __init__(self, concrete):
        self._concrete = concrete

    def as_graph_def(self):
        return protos.GraphDef.FromString(self._concrete.serialized_graph_def())

    def __str__(self):
        return self._concrete.graph_text()


class Function(core_types.PolymorphicFunction):
    """A Python function traced into cached graphs (what @tf.function returns)."""

    def __init__(self, python_function, name=None, input_signature=None, reduce_retracing=False, autograph=True):
        self._python_function = python_function
        self._autograph = autograph
        self._name = name or getattr(python_function, "__name__", "function")
        self._reduce_retracing = reduce_retracing
        self._structures = {}
        self._traced_arguments = {}  # the (args, kwargs) each concrete function was traced for, by its id
        self._signatures = {}  # the (args, kwargs) traced, tensors as TensorSpecs, by their repr
        self._pinned = {}
        self._bound = weakref.WeakKeyDictionary()
        try:
            self._signature = inspect.signature(python_function)
            self._parameter_names = tuple(self._signature.parameters)
            plain = all(p.kind == p.POSITIONAL_OR_KEYWORD for p in self._signature.parameters.values())
            self._positional_count = len(self._parameter_names) if plain else -1
        except (TypeError, ValueError):
            self._signature = None
            self._parameter_names = ()
            self._positional_count = -1
        self._given_signature = input_signature  # a method's, named after its bound parameters in __get__
        # Placeholders of an input_signature are named after the parameters, as TensorFlow names them.
        self._input_signature = None if input_signature is None else [
            spec if type_spec.is_composite_spec(spec) or spec.name or i >= len(self._parameter_names) else
            _tfpp.TensorSpec(spec.shape, spec.dtype, self._parameter_names[i]) for i, spec in enumerate(input_signature)]
        # A signature with composite specs is checked here and traced by its specs' components.
        self._composite_signature = self._input_signature is not None and any(
            type_spec.is_composite_spec(spec) for spec in self._input_signature)
        self._state = _tfpp._FunctionState(self._name, None if self._composite_signature else self._input_signature,
                                           reduce_retracing)
        functools.update_wrapper(self, python_function)

    @property
    def python_function(self):
        """The Python function this tf.function traces."""
        return self._python_function

    def __get__(self, instance, owner):
        # A method: one cache per instance, as TensorFlow keeps.
        if instance is None:
            return self
        bound = self._bound.get(instance)
        if bound is None:
            bound = Function(self._python_function.__get__(instance, owner), self._name, self._given_signature,
                             self._reduce_retracing, self._autograph)
            self._bound[instance] = bound
        return bound

    def _canonical(self, args, kwargs):
        if self._input_signature is not None:
            if kwargs or len(args) != len(self._input_signature):
                raise TypeError("%s takes %d tensor arguments (its input_signature), got %d" %
                                (self._name, len(self._input_signature), len(args) + len(kwargs)))
            if self._composite_signature:
                return tuple(self._bind_to_spec(a, spec) for a, spec in zip(args, self._input_signature)), {}
            args = tuple(a if isinstance(a, (_tfpp.Tensor, _tfpp.Variable, _tfpp.TensorSpec)) else
                         _tfpp._convert_to_tensor(a, dtype=spec.dtype) for a, spec in zip(args, self._input_signature))
            for arg, spec in zip(args, self._input_signature):
                if arg.dtype != spec.dtype or not arg.shape.is_compatible_with(spec.shape):
                    raise TypeError("Binding inputs to tf.function `%s` failed: %r is not compatible with %r" %
                                    (self._name, arg, spec))
            return args, {}
        if not kwargs and len(args) == self._positional_count:
            return args, kwargs  # the common case: every parameter given by position
        if self._signature is not None:
            bound = self._signature.bind(*args, **kwargs)
            bound.apply_defaults()
            return bound.args, bound.kwargs
        return args, kwargs

    def _bind_to_spec(self, arg, spec):
        """An argument of a composite input_signature, checked against its spec."""
        if arg is spec:
            return _Bound(spec, spec)
        if type_spec.is_composite_spec(spec):
            compatible = spec.is_compatible_with(arg) if type_spec.is_composite(arg) else False
        else:
            if not isinstance(arg, (_tfpp.Tensor, _tfpp.Variable)):
                arg = _tfpp._convert_to_tensor(arg, dtype=spec.dtype)
            compatible = arg.dtype == spec.dtype and arg.shape.is_compatible_with(spec.shape)
        if not compatible:
            raise TypeError("Binding inputs to tf.function `%s` failed: %r is not compatible with %r" %
                            (self._name, arg, spec))
        return _Bound(arg, spec)

    def _concrete_for(self, args, kwargs):
        args, kwargs = self._canonical(args, kwargs)
        walk = _Walk(self._pinned)
        walk.visit_arguments(args, kwargs, self._parameter_names)
        traced = []

        def body(placeholders):
            placeholders = iter(placeholders)
            call_args = tuple(_rebuild(arg, placeholders) for arg in args)
            rebuilt = {k: _rebuild(kwargs[k], placeholders) for k in sorted(kwargs)}
            call_kwargs = {k: rebuilt[k] for k in kwargs}
            flat = []
            if self._autograph:
                try:
                    result = autograph.converted_call(self._python_function, call_args, call_kwargs)
                except Exception as e:  # noqa: BLE001 - re-raised, naming the user's lines
                    raise autograph.error_utils.with_user_frames(e) from None
            else:
                result = self._python_function(*call_args, **call_kwargs)
            traced[:] = [_flatten_outputs(result, flat)]
            return flat, _output_keys(result, flat)

        key = ("save:" if getattr(save_context, "active", False) else "") + "".join(walk.key)
        concrete = self._state.lookup_or_trace(key, walk.leaves, walk.names, body)
        if traced:
            self._structures[concrete.id()] = traced[0]
            specs = _specs_of(args, kwargs)
            self._signatures.setdefault(repr(specs), specs)
            self._traced_arguments[concrete.id()] = (concrete, _with_traced_shapes(specs, concrete.inputs())
                                                     if self._given_signature is None else
                                                     (tuple(self._given_signature), {}))
        return concrete, walk.leaves

    def __call__(self, *args, **kwargs):
        if _tfpp.config.functions_run_eagerly():
            return self._python_function(*args, **kwargs)
        concrete, leaves = self._concrete_for(args, kwargs)
        return _packed(self._structures[concrete.id()], self._state.call(concrete, leaves))

    def get_concrete_function(self, *args, **kwargs):
        """The concrete function for arguments like these; tf.TensorSpec stands for a tensor."""
        if not args and not kwargs and self._input_signature is not None:
            args = tuple(self._input_signature)
        concrete, _ = self._concrete_for(args, kwargs)
        return ConcreteFunction(self, concrete, self._structures[concrete.id()])

    def _concrete_functions_for_saving(self):
        """TensorFlow's concrete functions of a saved tf.function: the input_signature's, else one per
        signature traced so far, each traced again inside save() (TensorFlow's cache keys include the
        save context, so Python side effects run again, as they do under TensorFlow)."""
        signatures = [(tuple(self._input_signature), {})] if self._input_signature is not None else \
            list(self._signatures.values())
        for args, kwargs in signatures:
            if any(type_spec.is_composite(v) or type_spec.is_composite_spec(v) or isinstance(v, _Bound)
                   for v in nest.flatten((args, kwargs))):
                from . import errors
                raise errors.UnimplementedError(None, None, "[saved_model] function %s takes composite tensors "
                                                "(RaggedTensor, SparseTensor or extension type arguments), which "
                                                "tfpp's SavedModels do not keep yet" % self._name)
        concrete_functions = [self._concrete_for(args, kwargs)[0] for args, kwargs in signatures]
        fullargspec = self._fullargspec()
        for concrete in concrete_functions:
            inputs = _structured_inputs(self._traced_arguments[concrete.id()][1])
            if inputs is not None and fullargspec is not None:
                concrete._set_structured_signature(inputs, fullargspec)
        return concrete_functions

    def _fullargspec(self):
        """The parameters as Python's FullArgSpec (a method's without `self`, annotations left out),
        as TensorFlow's SavedModel records them; None when a default is no Python literal."""
        if self._signature is None:
            return None
        kinds = inspect.Parameter
        params = list(self._signature.parameters.values())
        args = [p.name for p in params if p.kind in (kinds.POSITIONAL_ONLY, kinds.POSITIONAL_OR_KEYWORD)]
        defaults = tuple(p.default for p in params if p.kind in (kinds.POSITIONAL_ONLY, kinds.POSITIONAL_OR_KEYWORD)
                         and p.default is not p.empty)
        kwonly = [p for p in params if p.kind == kinds.KEYWORD_ONLY]
        kwonlydefaults = {p.name: p.default for p in kwonly if p.default is not p.empty}
        spec = inspect.FullArgSpec(
            args=args, varargs=next((p.name for p in params if p.kind == kinds.VAR_POSITIONAL), None),
            varkw=next((p.name for p in params if p.kind == kinds.VAR_KEYWORD), None), defaults=defaults or None,
            kwonlyargs=[p.name for p in kwonly], kwonlydefaults=kwonlydefaults or None, annotations={})
        return spec if _structured_inputs(((), spec._asdict())) is not None else None

    def experimental_get_tracing_count(self):
        """How many times the Python function has been traced."""
        return self._state.tracing_count()

    def pretty_printed_concrete_signatures(self, verbose=True):
        """Every concrete signature traced so far, in TensorFlow's text."""
        return ("\n\n" if verbose else "\n").join(
            self._signature_text(concrete, verbose) for concrete, _ in self._traced_arguments.values())

    def _structured_input_signature(self, concrete):
        args, kwargs = self._traced_arguments[concrete.id()][1]
        if self._signature is None:
            return args, kwargs
        bound = self._signature.bind(*args, **kwargs)
        bound.apply_defaults()
        kinds = inspect.Parameter

        def named(name, value):
            if isinstance(value, _tfpp.TensorSpec) and value.name is None:
                return _tfpp.TensorSpec(value.shape, value.dtype, name)
            return value

        positional, keywords = [], {}
        for name, parameter in self._signature.parameters.items():
            value = bound.arguments[name]
            if parameter.kind == kinds.VAR_POSITIONAL:
                positional.extend(value)
            elif parameter.kind == kinds.VAR_KEYWORD:
                keywords.update(value)
            elif parameter.kind == kinds.KEYWORD_ONLY:
                keywords[name] = named(name, value)
            else:
                positional.append(named(name, value))
        return tuple(positional), keywords

    def _signature_text(self, concrete, verbose):
        _, (args, kwargs) = self._traced_arguments[concrete.id()]
        output = function_signatures.output_type(self._structures[concrete.id()], concrete.output_specs(), _Slot)
        return function_signatures.signature_text(function_signatures.parameters(self._signature, args, kwargs), output,
                                                  concrete.captured_handle_ids(), verbose)


def function(func=None, input_signature=None, autograph=True, jit_compile=None, reduce_retracing=False,
             experimental_implements=None, experimental_autograph_options=None, experimental_attributes=None,
             experimental_relax_shapes=None, experimental_compile=None, experimental_follow_type_hints=None,
             name=None):
    """tf.function: as a decorator (with or without arguments) or a call. With `autograph` (the
    default) the function is converted by AutoGraph before tracing; `jit_compile` is accepted, and
    tfpp compiles the graph its own way."""
    relax = bool(reduce_retracing or experimental_relax_shapes)

    def decorate(f):
        return Function(f, name=name, input_signature=input_signature, reduce_retracing=relax, autograph=autograph)

    return decorate if func is None else decorate(func)
