"""tf.map_fn, tf.scan, tf.foldl and tf.foldr for Python functions over the C++ core's loops.

Elements, initializers and fn's results are nested structures of tensors and extension types;
they are flattened for the core (which works on flat lists; an extension type as its tensors, so
that tf.map_fn maps over the rows of a BatchableExtensionType) and packed back, with TensorFlow's
structure checks."""

from . import _tfpp
from . import _nest as nest
from .extension_type import ExtensionType, ExtensionTypeSpec


def _extension_spec(leaf):
    """The Spec of an extension type value (or the Spec itself), else None."""
    if isinstance(leaf, ExtensionType):
        return leaf._type_spec
    return leaf if isinstance(leaf, ExtensionTypeSpec) else None


def _flat_tensors(structure):
    flat = []
    for leaf in nest.flatten(structure):
        if isinstance(leaf, ExtensionType):
            flat.extend(leaf._type_spec._to_components(leaf))
        else:
            flat.append(leaf if isinstance(leaf, _tfpp.Tensor) else _tfpp._convert_to_tensor(leaf))
    return flat


def _packed(structure, flat):
    """`structure` with its tensors (an extension type's components) the items of `flat`."""
    flat, leaves = iter(flat), []
    for leaf in nest.flatten(structure):
        spec = _extension_spec(leaf)
        leaves.append(next(flat) if spec is None else spec._from_components([next(flat) for _ in spec._component_specs]))
    return nest.pack_sequence_as(structure, leaves)


def _signature_dtypes(signature):
    # Dtypes, TensorSpecs (their dtypes), extension type Specs (their components') or anything
    # tf.as_dtype takes.
    dtypes = []
    for spec in nest.flatten(signature):
        if _extension_spec(spec) is not None:
            dtypes.extend(s.dtype for s in _extension_spec(spec)._component_specs)
        else:
            dtypes.append(spec.dtype if isinstance(spec, _tfpp.TensorSpec) else spec)
    return dtypes


def _with_specs(structure, spec_of):
    """`structure` with each extension type leaf replaced by spec_of(its Spec)."""
    return nest.map_structure(lambda leaf: leaf if _extension_spec(leaf) is None else spec_of(_extension_spec(leaf)),
                              structure)


def _checked_flat(expected, result, what):
    try:
        nest.assert_same_structure(expected, result)
    except (ValueError, TypeError) as e:
        raise ValueError("The structure of %s does not match its expected structure.\n\n%s" % (what, e)) from None
    return _flat_tensors(result)


def map_fn(fn, elems, dtype=None, parallel_iterations=None, back_prop=True, swap_memory=False, infer_shape=True,
           name=None, fn_output_signature=None):
    """Stacks fn(x) for x the slices of `elems` along its first dimension (nested elems: one slice
    of each tensor, in elems' structure). fn_output_signature gives the structure and dtypes of
    fn's results when they differ from elems'."""
    if not callable(fn):
        raise TypeError("The provided function %s is not callable. fn must be callable." % fn)
    if fn_output_signature is None:
        fn_output_signature = dtype
    elems_flat = _flat_tensors(elems)
    if not elems_flat:
        raise ValueError("elems must be a Tensor or (possibly nested) sequence of Tensors. Got {}".format(elems))
    signature = elems if fn_output_signature is None else fn_output_signature
    dtypes = [t.dtype for t in elems_flat] if fn_output_signature is None else _signature_dtypes(fn_output_signature)
    rows = _with_specs(elems, lambda spec: spec._unbatch())
    result_rows = [_with_specs(signature, lambda spec: spec._unbatch()) if fn_output_signature is None else signature]

    def flat_fn(slices):
        result = fn(_packed(rows, slices))
        result_rows[0] = result
        return _checked_flat(signature, result, "fn's result")

    results = _tfpp._map_fn_flat(flat_fn, elems_flat, dtypes, bool(infer_shape))
    nrows = elems_flat[0].shape[0] if elems_flat[0].shape.rank else None
    return _packed(_with_specs(result_rows[0], lambda spec: spec._batch(nrows)), results)


def scan(fn, elems, initializer=None, parallel_iterations=10, back_prop=True, swap_memory=False, infer_shape=True,
         reverse=False, name=None):
    """Stacks the accumulators a_i = fn(a_{i-1}, x_i) over the slices x_i of `elems` (from the last
    one back with `reverse`); without an initializer the first slice is a_0."""
    if not callable(fn):
        raise TypeError("The provided function %s is not callable. fn must be callable." % fn)
    structure = elems if initializer is None else initializer

    def flat_fn(acc, slices):
        return _checked_flat(structure, fn(nest.pack_sequence_as(structure, acc), nest.pack_sequence_as(elems, slices)),
                             "fn's result")

    results = _tfpp._scan_flat(flat_fn, _flat_tensors(elems), None if initializer is None else _flat_tensors(initializer),
                               bool(reverse))
    return nest.pack_sequence_as(structure, results)


def _fold(fn, elems, initializer, from_right):
    if not callable(fn):
        raise TypeError("{} must be callable.".format(fn.__name__ if hasattr(fn, "__name__") else "fn"))
    structure = elems if initializer is None else initializer

    def flat_fn(acc, slices):
        return _checked_flat(structure, fn(nest.pack_sequence_as(structure, acc), nest.pack_sequence_as(elems, slices)),
                             "fn's result")

    results = _tfpp._fold_flat(flat_fn, _flat_tensors(elems), None if initializer is None else _flat_tensors(initializer),
                               from_right)
    return nest.pack_sequence_as(structure, results)


def foldl(fn, elems, initializer=None, parallel_iterations=10, back_prop=True, swap_memory=False, name=None):
    """The accumulator of fn(acc, x) over the slices x of `elems` from first to last."""
    return _fold(fn, elems, initializer, False)


def foldr(fn, elems, initializer=None, parallel_iterations=10, back_prop=True, swap_memory=False, name=None):
    """The accumulator of fn(acc, x) over the slices x of `elems` from last to first."""
    return _fold(fn, elems, initializer, True)
