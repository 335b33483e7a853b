"""tf.cond and tf.while_loop for Python functions, over the C++ core's If and While nodes.

Branches and loop bodies return nested structures (lists, tuples, dicts) of tensors, TensorArrays,
composite tensors (RaggedTensor, SparseTensor, extension types) and Python numbers; they are
flattened to tensors for the core (a TensorArray as its flow, a composite as its components) and
packed back. Eagerly, tf.cond runs one branch and tf.while_loop loops in Python."""

from . import _tfpp
from . import _nest as nest


def _as_tensor(value):
    if isinstance(value, _tfpp.TensorArray):
        return value.flow
    if isinstance(value, _tfpp.Variable):
        return value.read_value()
    return value if isinstance(value, _tfpp.Tensor) else _tfpp._convert_to_tensor(value)


def cond(pred, true_fn=None, false_fn=None, name=None):
    """Runs true_fn() if `pred` (a scalar bool tensor) is true, else false_fn(); traced, an If node
    whose branches both were traced. Both branches return the same structure."""
    if true_fn is None or false_fn is None or not callable(true_fn) or not callable(false_fn):
        raise TypeError("true_fn and false_fn must be callable")
    if not _tfpp._tracing():
        return true_fn() if bool(pred) else false_fn()
    results = {}

    def branch(fn, key):
        def flat(_):
            results[key] = fn()
            return [_as_tensor(leaf) for leaf in nest.flatten(results[key], expand_composites=True)]
        return flat

    flat = _tfpp._cond_flat(pred, branch(true_fn, "true_fn"), branch(false_fn, "false_fn"))
    try:
        nest.assert_same_structure(results["true_fn"], results["false_fn"], expand_composites=True)
    except ValueError as e:
        raise ValueError("true_fn and false_fn arguments to tf.cond must have the same number, type, and overall "
                         "structure of return values.\n\n" + str(e)) from None
    true_leaves = nest.flatten(results["true_fn"], expand_composites=True)
    false_leaves = nest.flatten(results["false_fn"], expand_composites=True)
    flat = [_tfpp._branch_array([t, f], out) if isinstance(t, _tfpp.TensorArray) else out
            for t, f, out in zip(true_leaves, false_leaves, flat)]
    return nest.pack_sequence_as(results["true_fn"], flat, expand_composites=True)


def _shapes_per_leaf(structure, shapes):
    # One shape for each tensor of the loop variables; a shape is a TensorShape or a list of dims.
    if isinstance(structure, dict):
        return [s for key in sorted(structure) for s in _shapes_per_leaf(structure[key], shapes[key])]
    if isinstance(structure, (list, tuple)):
        return [s for item, shape in zip(structure, shapes) for s in _shapes_per_leaf(item, shape)]
    return [] if structure is None else [shapes]


def while_loop(cond, body, loop_vars, shape_invariants=None, parallel_iterations=10, back_prop=True,
               swap_memory=False, maximum_iterations=None, name=None):
    """Repeats `loop_vars = body(*loop_vars)` while cond(*loop_vars) holds; traced, one While node.
    Returns the final loop variables in the structure of `loop_vars`."""
    if not callable(cond) or not callable(body):
        raise TypeError("cond and body must be callable")
    single = not isinstance(loop_vars, (list, tuple))
    structure = (loop_vars,) if single else loop_vars
    # The latest leaves: TensorArrays are rebuilt from them (their dtype and element shape).
    latest = nest.flatten(structure, expand_composites=True)
    flat_vars = [_as_tensor(leaf) for leaf in latest]

    def unpack(flat):
        return nest.pack_sequence_as(structure, [like._with_flow(v) if isinstance(like, _tfpp.TensorArray) else v
                                                 for like, v in zip(latest, flat)], expand_composites=True)

    def next_vars(values):
        result = body(*values)
        if single or not isinstance(result, (list, tuple)):
            result = (result,) if single or len(structure) == 1 else result
        try:
            nest.assert_same_structure(structure, tuple(result) if isinstance(structure, tuple) else result,
                                       expand_composites=True)
        except ValueError as e:
            raise ValueError("The loop body must return the structure of loop_vars.\n\n" + str(e)) from None
        return result

    if any(isinstance(leaf, _tfpp.TensorArray) for leaf in latest) and not _tfpp._tracing():
        values, iterations = structure, 0
        while (maximum_iterations is None or iterations < maximum_iterations) and bool(cond(*values)):
            values, iterations = next_vars(values), iterations + 1
        return values[0] if single else type(structure)(values)

    def flat_cond(flat):
        return [cond(*unpack(flat))]

    def flat_body(flat):
        leaves = nest.flatten(next_vars(unpack(flat)), expand_composites=True)
        latest[:] = leaves
        return [_as_tensor(leaf) for leaf in leaves]

    invariants = None
    if shape_invariants is not None:
        invariants = _shapes_per_leaf(structure, (shape_invariants,) if single else shape_invariants)
    flat = _tfpp._while_flat(flat_cond, flat_body, flat_vars,
                             -1 if maximum_iterations is None else int(maximum_iterations), invariants)
    result = unpack(flat)
    return result[0] if single else result
