"""tf.experimental.ExtensionType and BatchableExtensionType: user-defined classes of tensors and
Python values, declared by type annotations, that TensorFlow's APIs take as they take tensors.

Defining a subclass reads its fields (fields.py), gives it a constructor that converts and checks
them (or wraps the class's own `__init__`, which may set fields; they are checked after it),
`__repr__`, `__eq__` / `__ne__`, immutability, a `__validate__` hook called after construction,
and a nested `Spec` class (specs.py; a `Spec` class written inside the extension type adds its
methods and may replace the Spec's constructor). Values are composite tensors: their `_type_spec`
takes them apart into components and rebuilds them, which is how tf.function, control flow and
tf.data carry them.
"""

import functools
import inspect

from .. import _tfpp
from . import fields as _fields
from . import specs as _specs


class ExtensionType:
    """tf.experimental.ExtensionType: the base of extension types."""

    __hash__ = None  # values compare by their tensors' values, so they are not hashable

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if cls.__dict__.get("_tfpp_abstract"):
            return
        cls._tfpp_fields = None
        _try_read_fields(cls)
        own_init = cls.__dict__.get("__init__")
        cls.__init__ = _custom_constructor(own_init) if own_init is not None else _generated_constructor(cls)
        cls.Spec = _spec_class(cls)

    @classmethod
    def _tf_extension_type_fields(cls):
        """The class's fields (ExtensionTypeField tuples), read when first needed where a forward
        reference could not be resolved when the class was defined."""
        if cls.__dict__.get("_tfpp_fields") is None:
            cls._tfpp_fields = _fields.read_fields(cls)
        return cls._tfpp_fields

    def __validate__(self):
        """Checks a new value; override to add checks (raise on a bad value)."""

    @property
    def _type_spec(self):
        return self.Spec._from_fields({f.name: _specs.spec_of_field(self.__dict__[f.name])
                                       for f in self._tf_extension_type_fields()})

    def __repr__(self):
        return "%s(%s)" % (type(self).__name__, ", ".join(
            "%s=%r" % (f.name, self.__dict__[f.name]) for f in self._tf_extension_type_fields()))

    def __setattr__(self, name, value):
        _specs.refuse_mutation(self, name, value)

    def __delattr__(self, name):
        raise AttributeError("Cannot mutate attribute `%s` outside the custom constructor of ExtensionType." % name)

    def __eq__(self, other):
        """A scalar bool tensor: whether both values' tensors are equal (Python False for values of
        another type or Spec)."""
        if type(self) is not type(other) or self._type_spec != other._type_spec:
            return False
        mine, theirs = self._type_spec._to_components(self), other._type_spec._to_components(other)
        if not mine:
            return _tfpp.constant(True)
        reduce_all = _tfpp.math.reduce_all
        return reduce_all(_tfpp.stack([reduce_all(_tfpp.math.equal(a, b)) for a, b in zip(mine, theirs)]))

    def __ne__(self, other):
        equal = self.__eq__(other)
        return _tfpp.math.logical_not(equal) if isinstance(equal, _tfpp.Tensor) else not equal


class BatchableExtensionType(ExtensionType):
    """tf.experimental.BatchableExtensionType: an extension type whose values batch and unbatch
    (Dataset.batch / unbatch, from_tensor_slices, tf.map_fn) by their tensor fields' first
    dimension."""

    _tfpp_abstract = True  # a base class: no fields, constructor or Spec of its own


def as_dict(value):
    """tf.experimental.extension_type.as_dict: an extension type value's fields as a dict."""
    return {f.name: value.__dict__[f.name] for f in value._tf_extension_type_fields()}


def _try_read_fields(cls):
    # A forward reference to a class defined later is resolved when the fields are first needed.
    try:
        cls._tf_extension_type_fields()
    except NameError:
        cls._tfpp_fields = None


def _signature(cls, with_defaults):
    parameters = [inspect.Parameter("self", inspect.Parameter.POSITIONAL_OR_KEYWORD)]
    for f in cls._tf_extension_type_fields():
        default = f.default if with_defaults and f.default is not _fields.NO_DEFAULT else inspect.Parameter.empty
        parameters.append(inspect.Parameter(f.name, inspect.Parameter.POSITIONAL_OR_KEYWORD, default=default,
                                            annotation=f.value_type))
    return inspect.Signature(parameters, return_annotation=cls)


def _generated_constructor(cls):
    """A constructor taking each field by position or name (defaults for those that have one)."""
    def __init__(self, *args, **kwargs):
        bound = _signature(type(self), True).bind(self, *args, **kwargs)
        bound.apply_defaults()
        for f in self._tf_extension_type_fields():
            self.__dict__[f.name] = _fields.convert(bound.arguments[f.name], f.value_type, f.name)
        self.__validate__()
    __init__.__qualname__ = cls.__qualname__ + ".__init__"
    return _LazySignature(__init__, cls, True)


def _custom_constructor(init):
    """The class's own constructor, which may set fields; then they are checked and validated."""
    @functools.wraps(init)
    def __init__(self, *args, **kwargs):
        nested = self.__dict__.get("_tfpp_constructing", False)
        self.__dict__["_tfpp_constructing"] = True
        try:
            init(self, *args, **kwargs)
        finally:
            if not nested:
                del self.__dict__["_tfpp_constructing"]
        if not nested:
            _specs.check_fields(self, for_spec=isinstance(self, _specs.ExtensionTypeSpec))
            self.__validate__()
    return __init__


class _LazySignature:
    """A generated constructor whose `inspect.signature` is built when first asked (its field
    types may be forward references resolved later)."""

    def __init__(self, function, cls, with_defaults):
        self._function = function
        self._cls = cls
        self._with_defaults = with_defaults
        functools.update_wrapper(self, function)

    def __get__(self, instance, owner):
        return self._function.__get__(instance, owner) if instance is not None else self

    def __call__(self, *args, **kwargs):
        return self._function(*args, **kwargs)

    @property
    def __signature__(self):
        return _signature(self._cls, self._with_defaults)


def _spec_class(cls):
    """The extension type's nested Spec class, over the Spec written in the class, if any."""
    written = cls.__dict__.get("Spec")
    base = _specs.BatchableExtensionTypeSpec if issubclass(cls, BatchableExtensionType) else _specs.ExtensionTypeSpec
    bases = (written, base) if written is not None else (base,)
    namespace = {"_value_type": cls, "__module__": cls.__module__, "__qualname__": cls.__qualname__ + ".Spec"}
    if written is not None and "__init__" in written.__dict__:
        namespace["__init__"] = _custom_constructor(written.__dict__["__init__"])
    else:
        namespace["__init__"] = _spec_constructor(cls)
    spec = type(cls.__name__ + ".Spec", bases, namespace)
    return spec


def _spec_constructor(cls):
    """A Spec's constructor: every field required, a TensorSpec where the value has a tensor."""
    def __init__(self, *args, **kwargs):
        bound = _signature(cls, False).bind(self, *args, **kwargs)
        for f in cls._tf_extension_type_fields():
            self.__dict__[f.name] = _fields.convert(bound.arguments[f.name], f.value_type, f.name, for_spec=True)
    return __init__
