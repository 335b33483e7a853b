"""AutoGraph's `for x in dataset` inside tf.function: as TensorFlow turns it into the dataset's
reduce, it becomes one ReduceDataset node whose body is the loop body, traced once, over the
loop's variables (which must be defined before the loop); `break` and `return` become the
condition checked before each element. Eagerly the loop is plain Python iteration."""

from .. import _tfpp
from .. import _nest as nest
from ..control_flow import _as_tensor
from . import structure


def dataset_for_stmt(dataset, extra_test, body, get_state, set_state, symbol_names, verify_init_vars, as_loop_value):
    """Stages the loop over `dataset` (AutoGraph's for_stmt arguments; the two callables are
    AutoGraph's checks of the initial variables and their conversion to loop values)."""
    init_vars = tuple(get_state())
    verify_init_vars(init_vars, symbol_names)
    if not init_vars:  # the node needs a state: a dummy, as TensorFlow adds one
        init_vars = (_tfpp.constant(0),)

        def get_state():
            return init_vars

        def set_state(_):
            pass

    init_vars = tuple(nest.map_structure(as_loop_value, v) for v in init_vars)
    latest = nest.flatten(init_vars)
    count = len(latest)

    def unpack(flat):
        return nest.pack_sequence_as(init_vars, [like._with_flow(v) if isinstance(like, _tfpp.TensorArray) else v
                                                 for like, v in zip(latest, flat)])

    def flat_body(flat):
        set_state(unpack(flat[:count]))
        body(structure.pack(dataset.element_spec, flat[count:]))
        new_vars = tuple(get_state())
        for name, new in zip(symbol_names, new_vars):
            if new is None or type(new).__name__ == "Undefined":
                raise ValueError("'{}' is None at the end of the iteration.".format(name))
        try:
            nest.assert_same_structure(init_vars, new_vars)
        except ValueError as e:
            raise TypeError("the loop variables do not have the same nested structure after one iteration.\n\n"
                            "{}".format(e)) from None
        leaves = nest.flatten(new_vars)
        latest[:] = leaves
        return [_as_tensor(leaf) for leaf in leaves]

    def flat_cond(flat):
        set_state(unpack(flat))
        return [_tfpp._convert_to_tensor(extra_test())]

    final = _tfpp._data.reduce_traced(dataset._variant_tensor(), structure.flat_specs(dataset.element_spec),
                                      [_as_tensor(v) for v in latest], None if extra_test is None else flat_cond,
                                      flat_body)
    set_state(unpack(final))
