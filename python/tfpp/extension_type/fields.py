"""An extension type's fields: read from its class's type annotations, checked and converted as
TensorFlow's extension_type_field does.

A value converts by its field's annotation: a `tf.Tensor` field takes anything
tf.convert_to_tensor takes, a `tf.TensorShape` or `tf.DType` field anything their constructors
take, `Tuple[...]` fields a list or tuple (kept as a tuple), `Mapping[...]` fields a mapping (kept
as an ImmutableDict), `Union[...]` the first member that takes the value; Python types and
composite tensors (RaggedTensor, SparseTensor, other extension types) must already be of the type.
The same conversion builds a Spec's fields, where a tensor's place holds a TensorSpec and a
composite's its TypeSpec.
"""

import collections.abc
import typing

from .. import _tfpp
from ..dtype_enums import as_dtype
from ..tensor_shape import TensorShape
from .immutable_dict import ImmutableDict

_PYTHON_TYPES = (int, float, str, bool, type(None))


class ExtensionTypeField(typing.NamedTuple):
    """One field: its name, annotated type, and default (NO_DEFAULT when it has none)."""
    name: str
    value_type: object
    default: object

    def __repr__(self):
        return "ExtensionTypeField(name=%r, value_type=%r, default=%r)" % self


class _NoDefault:
    def __repr__(self):
        return "NO_DEFAULT"


NO_DEFAULT = _NoDefault()


def _composite_types():
    from ..data.optional_ops import Optional
    from ..indexed_slices import IndexedSlices
    from ..ragged.ragged_tensor import RaggedTensor
    from ..sparse_tensor import SparseTensor
    return (RaggedTensor, SparseTensor, IndexedSlices, Optional)


def _is_composite_type(annotation):
    from .extension_type import ExtensionType
    return isinstance(annotation, type) and issubclass(annotation, (ExtensionType,) + _composite_types())


def read_fields(cls):
    """The fields of an extension type class, in declaration order (a base class's first), each
    default converted to its type. TypeError for an annotation TensorFlow does not support."""
    hints = typing.get_type_hints(cls, localns={cls.__name__: cls})
    fields = []
    for name, annotation in hints.items():
        if name.startswith("__") or typing.get_origin(annotation) is typing.ClassVar:
            continue
        _check_annotation(name, annotation)
        default = NO_DEFAULT
        for klass in cls.__mro__:
            if name in klass.__dict__:
                default = klass.__dict__[name]
                break
        if default is not NO_DEFAULT:
            default = convert(default, annotation, "default value for " + name)
        fields.append(ExtensionTypeField(name, annotation, default))
    return tuple(fields)


def _check_annotation(name, annotation):
    if _supported(annotation):
        return
    text = "'%s'" % annotation.__name__ if isinstance(annotation, type) else str(annotation)
    raise TypeError("In field %r: Unsupported type annotation %s" % (name, text))


def _supported(annotation):
    if annotation is None or annotation in _PYTHON_TYPES or annotation in (_tfpp.Tensor, TensorShape, _tfpp.DType):
        return True
    if _is_composite_type(annotation):
        return True
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin is typing.Union:
        return all(_supported(arg) for arg in args)
    if origin is tuple:
        return all(arg is Ellipsis or _supported(arg) for arg in args)
    if origin is collections.abc.Mapping:
        return all(_supported(arg) for arg in args)
    return False


def _type_name(value):
    return type(value).__name__


def convert(value, annotation, path, for_spec=False):
    """`value` as its field's annotation takes it (for a Spec's field with for_spec). TypeError,
    naming the field's path (`t[1]`, `m['k']`), where it does not fit."""
    if annotation is None:
        annotation = type(None)
    origin = typing.get_origin(annotation)
    if origin is typing.Union:
        for member in typing.get_args(annotation):
            try:
                return convert(value, member, path, for_spec)
            except TypeError:
                pass
        raise TypeError("%s: expected %s, got %r" % (path, annotation, _type_name(value)))
    if origin is tuple:
        return _convert_tuple(value, typing.get_args(annotation), path, for_spec)
    if origin is collections.abc.Mapping:
        return _convert_mapping(value, typing.get_args(annotation), path, for_spec)
    if annotation is _tfpp.Tensor:
        return _convert_tensor(value, path, for_spec)
    if annotation is TensorShape:
        try:
            return TensorShape(value)
        except (TypeError, ValueError):
            raise TypeError("%s: expected 'tf.TensorShape', got %r" % (path, _type_name(value))) from None
    if annotation is _tfpp.DType:
        try:
            return as_dtype(value)
        except (TypeError, ValueError):
            raise TypeError("%s: expected 'tf.DType', got %r" % (path, _type_name(value))) from None
    if _is_composite_type(annotation):
        return _convert_composite(value, annotation, path, for_spec)
    if not isinstance(value, annotation) or (annotation is bool and type(value) is not bool):
        raise TypeError("%s: expected %r, got %r" % (path, annotation.__name__, _type_name(value)))
    return value


def _convert_tensor(value, path, for_spec):
    if for_spec:
        if not isinstance(value, _tfpp.TensorSpec):
            raise TypeError("%s: expected a TensorSpec, got %r" % (path, _type_name(value)))
        return value
    if isinstance(value, _tfpp.Tensor):
        return value
    if not isinstance(value, _composite_types()) and not hasattr(value, "_type_spec"):
        try:
            return _tfpp.convert_to_tensor(value)
        except (TypeError, ValueError):
            pass
    raise TypeError("%s: expected a Tensor, got %r" % (path, _type_name(value)))


def _convert_composite(value, annotation, path, for_spec):
    if for_spec:
        value_type = getattr(value, "value_type", None)
        if not (isinstance(value_type, type) and issubclass(value_type, annotation)):
            raise TypeError("%s: expected a TypeSpec for %r, got %r" % (path, annotation.__name__, _type_name(value)))
        return value
    if not isinstance(value, annotation):
        raise TypeError("%s: expected %r, got %r" % (path, annotation.__name__, _type_name(value)))
    return value


def _convert_tuple(value, args, path, for_spec):
    if not isinstance(value, (list, tuple)):
        raise TypeError("%s: expected tuple, got %r" % (path, _type_name(value)))
    if len(args) == 2 and args[1] is Ellipsis:
        args = (args[0],) * len(value)
    elif len(args) != len(value):
        # TensorFlow's message, its closing parenthesis included.
        raise TypeError("%s: expected tuple with length %d, got %r)" % (path, len(args), _type_name(value)))
    return tuple(convert(item, arg, "%s[%d]" % (path, i), for_spec) for i, (item, arg) in enumerate(zip(value, args)))


def _convert_mapping(value, args, path, for_spec):
    if not isinstance(value, collections.abc.Mapping):
        raise TypeError("%s: expected mapping, got %r" % (path, _type_name(value)))
    key_type, value_type = args
    return ImmutableDict((convert(k, key_type, path + "[<key>]", for_spec),
                          convert(v, value_type, "%s[%r]" % (path, k), for_spec)) for k, v in value.items())
