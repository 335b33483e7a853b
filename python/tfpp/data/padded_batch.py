"""Dataset.padded_batch's arguments as TensorFlow reads them: padded shapes (lists, TensorShapes or
int64 vectors, None or -1 where the longest of the batch decides) and scalar padding values,
one per component of the element (a single value serves them all), checked against the
element_spec with TensorFlow's errors. The C++ PaddedBatchDatasetV2 op does the padding."""

from .. import _tfpp
from .. import _nest as nest
from .. import type_spec
from ..tensor_shape import TensorShape


def flat_arguments(element_spec, padded_shapes, padding_values):
    """The padded shapes (int64 vectors), padding values (scalars) and static padded shapes of the
    element's components, in the pipeline's order."""
    specs = nest.flatten(element_spec)
    for spec in specs:
        if type_spec.is_composite_spec(spec):
            raise TypeError("`padded_batch` is only supported for datasets that produce tensor elements but type spec "
                            "of elements in the input dataset is not a subclass of TensorSpec: `%r`." % (spec,))
    if padded_shapes is None:
        for i, spec in enumerate(specs):
            if spec.shape.rank is None:
                raise ValueError("You must provide `padded_shapes` argument because component %d has unknown rank." % i)
        padded_shapes = nest.map_structure(lambda s: s.shape, element_spec)
    shapes, static_shapes = [], []
    for spec, padded in zip(specs, _flatten_up_to(element_spec, padded_shapes)):
        tensor, static = _padded_shape(padded, spec.shape)
        shapes.append(tensor)
        static_shapes.append(static)
    if padding_values is None or (_is_structure(element_spec) and not _is_structure(padding_values)):
        flat_values = [padding_values] * len(specs)
    else:
        flat_values = _flatten_up_to(element_spec, padding_values)
    values = [_padding_value(value, spec.dtype) for value, spec in zip(flat_values, specs)]
    return shapes, values, static_shapes


def _is_structure(value):
    return isinstance(value, (tuple, dict))


def _flatten_up_to(element_spec, value):
    """The parts of `value` where `element_spec` has its components (dicts by sorted key)."""
    if isinstance(element_spec, dict):
        if not isinstance(value, dict):
            raise TypeError("If shallow structure is a sequence, input must also be a sequence. Input has type: %s."
                            % type(value).__name__)
        if sorted(value) != sorted(element_spec):
            raise ValueError("The two structures don't have the same keys: %s and %s" % (sorted(element_spec),
                                                                                       sorted(value)))
        return [part for key in sorted(element_spec) for part in _flatten_up_to(element_spec[key], value[key])]
    if isinstance(element_spec, tuple):
        if not isinstance(value, tuple):
            raise TypeError("If shallow structure is a sequence, input must also be a sequence. Input has type: %s."
                            % type(value).__name__)
        if len(value) != len(element_spec):
            raise ValueError("The two structures don't have the same sequence length. Input structure has length %d, "
                             "while shallow structure has length %d." % (len(value), len(element_spec)))
        return [part for spec, item in zip(element_spec, value) for part in _flatten_up_to(spec, item)]
    return [value]


def _padded_shape(padded, component_shape):
    """One padded shape as an int64 vector (-1 for unknown dims) and as the TensorShape it gives the
    batch; ValueError if the component cannot be padded to it."""
    if padded is None:
        raise ValueError("Padded shape None is not a shape: None values not supported.")
    if isinstance(padded, _tfpp.Tensor) and padded._is_symbolic():
        tensor = _shape_vector(padded)
        length = tensor.shape[0]
        static = TensorShape(None if length is None else [None] * length)
    else:
        if isinstance(padded, _tfpp.Tensor):
            tensor = _shape_vector(padded)
            padded = [None if d < 0 else int(d) for d in tensor.numpy().tolist()]
        try:
            static = TensorShape(padded)
            dims = [-1 if d is None else int(d) for d in static.as_list()]
        except (TypeError, ValueError) as e:
            raise TypeError("Padded shape %r must be a `tf.int64` vector tensor: %s" % (padded, e)) from None
        tensor = _tfpp.constant(dims, dtype=_tfpp.int64)
    if not _fits(static, component_shape):
        raise ValueError("The padded shape %s is not compatible with the shape %s of the corresponding input "
                         "component." % (static, component_shape))
    return tensor, static


def _shape_vector(tensor):
    if tensor.shape.rank is not None and tensor.shape.rank != 1:
        raise ValueError("Padded shape %s must be a `tf.int64` vector tensor, but its shape was %s." % (tensor,
                                                                                                     tensor.shape))
    if tensor.dtype not in (_tfpp.int64, _tfpp.int32) or (tensor.dtype == _tfpp.int32 and tensor._is_symbolic()):
        raise TypeError("Padded shape %s must be a `tf.int64` vector tensor, but its element type was %s." % (
            tensor, tensor.dtype.name))
    return _tfpp.math.cast(tensor, _tfpp.int64)


def _fits(padded, component):
    """Whether a component of shape `component` can be padded to `padded`."""
    if padded.rank is None or component.rank is None:
        return True
    if padded.rank != component.rank:
        return False
    return all(p is None or c is None or p >= c for p, c in zip(padded.as_list(), component.as_list()))


def _padding_value(value, dtype):
    """A padding value as a scalar of the component's dtype (zero, False or "" by default)."""
    if value is None:
        return _tfpp.zeros([], dtype) if dtype != _tfpp.string else _tfpp.constant("")
    value = _tfpp._convert_to_tensor(value)
    if value.shape.rank is not None and value.shape.rank != 0:
        raise ValueError("Invalid `padding_values`. `padding_values` values should be scalars, but got %s." % (
            value.shape,))
    if value.dtype != dtype:
        raise TypeError("Invalid `padding_values`. `padding_values` values type %s does not match type %s of the "
                        "corresponding input component." % (value.dtype.name, dtype.name))
    return value
