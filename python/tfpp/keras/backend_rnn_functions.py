"""tf.keras.backend's loops over tensors (Keras 3's legacy backend): foldl, foldr, map_fn,
gradients and rnn, which runs a step function over the time axis either unrolled in Python or in a
tf.while_loop over TensorArrays, with Keras' masking rules (a masked step keeps the previous output
and states, or zeros for the output when zero_output_for_mask)."""

from .backend_tensor_functions import expand_dims, reverse, zeros_like


def _tf():
    import tfpp
    return tfpp


def foldl(fn, elems, initializer=None, name=None):
    """fn folded over elems' first axis from the left."""
    return _tf().foldl(fn, elems, initializer=initializer, name=name)


def foldr(fn, elems, initializer=None, name=None):
    """fn folded over elems' first axis from the right."""
    return _tf().foldr(fn, elems, initializer=initializer, name=name)


def map_fn(fn, elems, name=None, dtype=None):
    """fn applied to each slice of elems' first axis, the results stacked."""
    return _tf().map_fn(fn, elems, name=name, dtype=dtype)


def gradients(loss, variables):
    """tf.gradients (inside a tf.function only, as in TensorFlow)."""
    return _tf().gradients(loss, variables)


def _swap_batch_timestep(input_t):
    axes = list(range(len(input_t.shape)))
    axes[0], axes[1] = 1, 0
    return _tf().transpose(input_t, axes)


def _expand_mask(mask_t, input_t, fixed_dim=1):
    """mask_t ([batch] or [time, batch]) tiled to input_t's shape past its first fixed_dim axes."""
    tf = _tf()
    if tf.nest.is_nested(mask_t):
        raise ValueError(f"mask_t is expected to be tensor, but got {mask_t}")
    if tf.nest.is_nested(input_t):
        raise ValueError(f"input_t is expected to be tensor, but got {input_t}")
    for _ in range(len(input_t.shape) - len(mask_t.shape)):
        mask_t = tf.expand_dims(mask_t, -1)
    return tf.tile(mask_t, [1] * fixed_dim + input_t.shape.as_list()[fixed_dim:])


def rnn(step_function, inputs, initial_states, go_backwards=False, mask=None, constants=None, unroll=False,
        input_length=None, time_major=False, zero_output_for_mask=False, return_all_outputs=True):
    """Iterates step_function(input_t, states + constants) -> (output_t, new_states) over the time
    axis of inputs ([batch, time, ...], or [time, batch, ...] when time_major); returns
    (last_output, outputs, new_states)."""
    tf = _tf()
    if not time_major:
        inputs = tf.nest.map_structure(_swap_batch_timestep, inputs)
    flat_inputs = tf.nest.flatten(inputs)
    time_steps, batch = flat_inputs[0].shape[0], flat_inputs[0].shape[1]
    for input_ in flat_inputs:
        if input_.shape.rank is not None and input_.shape.rank < 3:  # TensorShape.with_rank_at_least's error
            raise ValueError(f"Shape {input_.shape} must have rank at least 3")
    if mask is not None:
        if mask.dtype != tf.bool:
            mask = tf.cast(mask, tf.bool)
        if len(mask.shape) == 2:
            mask = expand_dims(mask)
        if not time_major:
            mask = _swap_batch_timestep(mask)
    loop = _rnn_unrolled if unroll else _rnn_while_loop
    last_output, outputs, new_states = loop(step_function, inputs, tuple(initial_states), go_backwards, mask,
                                            list(constants or []), input_length, zero_output_for_mask,
                                            return_all_outputs)

    def set_shape(output_):
        if isinstance(output_, tf.Tensor):
            shape = output_.shape.as_list()
            shape[0] = time_steps if return_all_outputs else 1
            shape[1] = batch
            return tf.ensure_shape(output_, shape)
        return output_

    outputs = tf.nest.map_structure(set_shape, outputs)
    if not time_major:
        outputs = tf.nest.map_structure(_swap_batch_timestep, outputs)
    return last_output, outputs, new_states


def _rnn_unrolled(step_function, inputs, states, go_backwards, mask, constants, input_length, zero_output_for_mask,
                  return_all_outputs):
    """rnn as a Python loop over the (static) time steps."""
    tf = _tf()
    time_steps = tf.nest.flatten(inputs)[0].shape[0]
    if not time_steps:
        raise ValueError("Unrolling requires a fixed number of timesteps.")

    def unstacked(input_t):
        steps = tf.unstack(input_t)
        return steps[::-1] if go_backwards else steps

    processed = tf.nest.map_structure(unstacked, inputs) if tf.nest.is_nested(inputs) else (unstacked(inputs),)
    mask_list = unstacked(mask) if mask is not None else None
    successive_outputs, successive_states = [], []
    for i in range(time_steps):
        inp = tf.nest.pack_sequence_as(inputs, [t_[i] for t_ in processed])
        output, new_states = step_function(inp, tuple(states) + tuple(constants))
        if mask_list is not None:
            mask_t = mask_list[i]
            prev_output = successive_outputs[-1] if successive_outputs else zeros_like(output)
            output = tf.where(_expand_mask(mask_t, output), output, prev_output)
            flat_states = tf.nest.flatten(states)
            flat_final = tuple(tf.where(_expand_mask(mask_t, s), new, s)
                               for s, new in zip(flat_states, tf.nest.flatten(new_states)))
            new_states = tf.nest.pack_sequence_as(states, flat_final)
        states = new_states
        if return_all_outputs:
            successive_outputs.append(output)
            successive_states.append(states)
        else:
            successive_outputs, successive_states = [output], [states]
    last_output, new_states = successive_outputs[-1], successive_states[-1]
    outputs = tf.stack(successive_outputs)
    if mask_list is not None and zero_output_for_mask:
        last_output = tf.where(_expand_mask(mask_list[-1], last_output), last_output, zeros_like(last_output))
        outputs = tf.where(_expand_mask(mask, outputs, fixed_dim=2), outputs, zeros_like(outputs))
    return last_output, outputs, new_states


def _rnn_while_loop(step_function, inputs, states, go_backwards, mask, constants, input_length,
                    zero_output_for_mask, return_all_outputs):
    """rnn as a tf.while_loop reading the inputs from TensorArrays and writing the outputs to them;
    a mask or a tensor of input lengths selects, per batch entry, the new or the kept values."""
    tf = _tf()
    flat_inputs = tf.nest.flatten(inputs)
    # The static number of steps when known: tfpp's TensorArrays need a size known while tracing.
    time_steps_t = flat_inputs[0].shape[0]
    if time_steps_t is None:
        time_steps_t = tf.shape(flat_inputs[0])[0]
    input_ta = tuple(tf.TensorArray(dtype=inp.dtype, size=time_steps_t).unstack(reverse(inp, 0) if go_backwards
                                                                                 else inp)
                     for inp in flat_inputs)
    # One step outside the loop gives the outputs' structure, dtypes and shapes.
    output_time_zero, _ = step_function(tf.nest.pack_sequence_as(inputs, [inp[0] for inp in flat_inputs]),
                                        states + tuple(constants))
    output_ta = tuple(tf.TensorArray(dtype=out.dtype, size=time_steps_t if return_all_outputs else 1,
                                     element_shape=out.shape)
                      for out in tf.nest.flatten(output_time_zero))
    max_iterations = time_steps_t if input_length is None else tf.reduce_max(input_length)
    masking_fn = _masking_fn(mask, input_length, go_backwards, time_steps_t)

    def step(time, output_ta_t, *states):
        current_input = tf.nest.pack_sequence_as(inputs, tuple(ta.read(time) for ta in input_ta))
        output, new_states = step_function(current_input, tuple(states) + tuple(constants))
        flat_state = tf.nest.flatten(states)
        # The states keep their shapes through the loop (Keras' set_shape; tfpp's tensors have ensure_shape).
        flat_new_state = [tf.ensure_shape(new, state.shape) if isinstance(new, tf.Tensor) else new
                          for state, new in zip(flat_state, tf.nest.flatten(new_states))]
        return time, output_ta_t, tf.nest.flatten(output), flat_state, flat_new_state, new_states

    def write(time, output_ta_t, flat_output):
        index = time if return_all_outputs else 0
        return tuple(ta.write(index, out) for ta, out in zip(output_ta_t, flat_output))

    time = tf.constant(0, dtype="int32", name="time")
    loop_kwargs = {"cond": lambda time, *_: time < time_steps_t, "maximum_iterations": max_iterations,
                   "parallel_iterations": 32, "swap_memory": True}
    if masking_fn is None:
        def body(time, output_ta_t, *states):
            time, output_ta_t, flat_output, _, flat_new_state, _ = step(time, output_ta_t, *states)
            new_states = tf.nest.pack_sequence_as(states, flat_new_state)
            return (time + 1, write(time, output_ta_t, flat_output)) + tuple(new_states)

        final_outputs = tf.while_loop(body=body, loop_vars=(time, output_ta) + states, **loop_kwargs)
        new_states = final_outputs[2:]
    else:
        flat_zero_output = tuple(tf.zeros_like(o) for o in tf.nest.flatten(output_time_zero))

        def body(time, output_ta_t, prev_output, *states):
            time, output_ta_t, flat_output, flat_state, flat_new_state, new_states = step(time, output_ta_t, *states)
            mask_t = masking_fn(time)
            flat_new_output = _masked(mask, mask_t, flat_output,
                                      flat_zero_output if zero_output_for_mask else tf.nest.flatten(prev_output))
            new_states = tf.nest.pack_sequence_as(new_states, _masked(mask, mask_t, flat_new_state, flat_state))
            return (time + 1, write(time, output_ta_t, flat_new_output), tuple(flat_new_output)) + tuple(new_states)

        final_outputs = tf.while_loop(body=body, loop_vars=(time, output_ta, flat_zero_output) + states,
                                      **loop_kwargs)
        new_states = final_outputs[3:]
    outputs = tuple(o.stack() for o in final_outputs[1])
    last_output = tuple(o[-1] for o in outputs)
    return (tf.nest.pack_sequence_as(output_time_zero, last_output),
            tf.nest.pack_sequence_as(output_time_zero, outputs), new_states)


def _masking_fn(mask, input_length, go_backwards, time_steps_t):
    """time -> which batch entries step at that time: the mask's row, or the entries whose input is
    longer than time (counted from the end when go_backwards); None when every entry steps."""
    tf = _tf()
    if mask is not None:
        mask_ta = tf.TensorArray(dtype=tf.bool, size=time_steps_t).unstack(reverse(mask, 0) if go_backwards else mask)
        return mask_ta.read
    if isinstance(input_length, tf.Tensor):
        if go_backwards:
            rev_input_length = tf.subtract(tf.reduce_max(input_length, axis=0) - 1, input_length)
            return lambda time: tf.less(rev_input_length, time)
        return lambda time: tf.greater(input_length, time)
    return None


def _masked(mask, mask_t, flat_new, flat_kept):
    """Per batch entry, the new values where mask_t holds, else the kept ones (a mask is tiled to
    each value's shape; input lengths' [batch] condition selects rows as tf.compat.v1.where does)."""
    tf = _tf()
    if mask is not None:
        return tuple(tf.where(_expand_mask(mask_t, o, fixed_dim=len(mask_t.shape)), o, k)
                     for o, k in zip(flat_new, flat_kept))
    return tuple(tf.where(tf.reshape(mask_t, [-1] + [1] * (len(o.shape) - 1)), o, k)
                 for o, k in zip(flat_new, flat_kept))
