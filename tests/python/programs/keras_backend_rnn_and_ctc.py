"""tf.keras.backend's rnn (unrolled and in a while loop, forwards and backwards, with a mask, input
lengths, constants, nested inputs and time-major inputs), foldl, foldr, map_fn, gradients and the
CTC functions (the loss, the dense-to-sparse labels and greedy decoding), with their errors."""
import numpy as np

from harness import show_error_message, tf

K = tf.keras.backend


def show(label, t):
    t = tf.convert_to_tensor(t)
    values = np.asarray(t)
    print(label, t.dtype.name, tuple(t.shape), (values if values.dtype != np.float32 else np.round(values, 4)).tolist())


inputs = tf.reshape(tf.range(24, dtype="float32") / 10.0, (2, 4, 3))  # [batch, time, features]
weights = tf.constant([[0.5, -0.2], [0.1, 0.3], [-0.4, 0.2]])
init = [tf.zeros((2, 2))]


def step(x_t, states):
    """A tiny recurrent cell: new state = tanh(x W + 0.5 * state); output = the state."""
    h = tf.tanh(tf.matmul(x_t, weights) + 0.5 * states[0])
    return h, [h]


def show_rnn(label, result):
    last_output, outputs, new_states = result
    show(label + " last_output", last_output)
    show(label + " outputs", outputs)
    show(label + " state", new_states[0])


mask = tf.constant([[1, 1, 0, 1], [1, 0, 0, 0]])
for unroll in (False, True):
    name = "rnn unroll=%s" % unroll
    show_rnn(name, K.rnn(step, inputs, init, unroll=unroll))
    show_rnn(name + " go_backwards", K.rnn(step, inputs, init, go_backwards=True, unroll=unroll))
    show_rnn(name + " mask", K.rnn(step, inputs, init, mask=mask, unroll=unroll))
    show_rnn(name + " mask zero_output", K.rnn(step, inputs, init, mask=mask, unroll=unroll,
                                               zero_output_for_mask=True))
    show_rnn(name + " mask backwards", K.rnn(step, inputs, init, mask=mask, go_backwards=True, unroll=unroll))
    show_rnn(name + " last only", K.rnn(step, inputs, init, unroll=unroll, return_all_outputs=False))
    show_rnn(name + " time_major", K.rnn(step, tf.transpose(inputs, [1, 0, 2]), init, unroll=unroll,
                                         time_major=True))


def step_with_constant(x_t, states):
    h = tf.tanh(tf.matmul(x_t, weights) + states[0] * states[1])
    return h, [h]


show_rnn("rnn constants", K.rnn(step_with_constant, inputs, init, constants=[tf.constant(0.25)]))
show_rnn("rnn input_length", K.rnn(step, inputs, init, input_length=tf.constant([4, 2])))
show_rnn("rnn input_length backwards", K.rnn(step, inputs, init, input_length=tf.constant([4, 2]),
                                             go_backwards=True))


def nested_step(x_t, states):
    a, b = x_t
    h = tf.tanh(tf.matmul(a, weights) + b + states[0])
    return h, [h]


nested = (inputs, tf.ones((2, 4, 2)) * 0.1)
show_rnn("rnn nested inputs", K.rnn(nested_step, nested, init))
show_rnn("rnn nested inputs unroll", K.rnn(nested_step, nested, init, unroll=True))

@tf.function
def traced_rnn(x, mask):
    last_output, outputs, new_states = K.rnn(step, x, [tf.zeros_like(x[:, 0, :2])], mask=mask)
    print("traced rnn outputs' static shape", outputs.shape)
    return last_output, outputs, new_states[0]


for i, t in enumerate(traced_rnn(inputs, tf.cast(mask, tf.bool))):
    show("traced rnn mask %d" % i, t)
traced_rnn.get_concrete_function(tf.TensorSpec([None, 4, 3]), tf.TensorSpec([None, 4], tf.bool))

elems = tf.constant([1.0, 2.0, 3.0, 4.0])
show("foldl", K.foldl(lambda acc, x: acc * 2 + x, elems))
show("foldl initializer", K.foldl(lambda acc, x: acc - x, elems, initializer=tf.constant(10.0)))
show("foldr", K.foldr(lambda acc, x: acc * 2 + x, elems))
show("foldr initializer", K.foldr(lambda acc, x: acc - x, elems, initializer=tf.constant(10.0)))
show("map_fn", K.map_fn(lambda x: x * x, elems))
show("map_fn dtype", K.map_fn(lambda x: tf.cast(x, "int32"), elems, dtype="int32"))


@tf.function
def traced_gradients(x):
    return K.gradients(tf.reduce_sum(x * x * x), [x])


show("gradients in a function", traced_gradients(elems)[0])
show_error_message("gradients eagerly", lambda: K.gradients(tf.reduce_sum(elems), [elems]))

labels = tf.constant([[1, 2, 2, 0], [3, 1, 0, 0]])
sparse = K.ctc_label_dense_to_sparse(labels, tf.constant([3, 2]))
show("ctc_label_dense_to_sparse indices", sparse.indices)
show("ctc_label_dense_to_sparse values", sparse.values)
show("ctc_label_dense_to_sparse dense_shape", sparse.dense_shape)

logits = tf.constant(np.cos(np.arange(2 * 6 * 5).reshape(2, 6, 5)).astype(np.float32) * 3)
y_pred = tf.nn.softmax(logits)
show("ctc_batch_cost", K.ctc_batch_cost(labels, y_pred, tf.constant([[6], [5]]), tf.constant([[3], [2]])))
show("ctc_batch_cost int64 lengths", K.ctc_batch_cost(labels, y_pred, tf.constant([[4], [6]], "int64"),
                                                      tf.constant([[2], [1]], "int64")))
decoded, log_prob = K.ctc_decode(y_pred, tf.constant([6, 4]))
show("ctc_decode greedy", decoded[0])
show("ctc_decode greedy log_prob", log_prob)
decoded, log_prob = K.ctc_decode(y_pred, tf.constant([6, 4]), greedy=False, beam_width=4, top_paths=2)
show("ctc_decode beam path 0", decoded[0])
show("ctc_decode beam path 1", decoded[1])
show("ctc_decode beam log_prob", log_prob)

show_error_message("rnn unroll without time steps", lambda: K.rnn(step, tf.zeros((2, 0, 3)), init, unroll=True))
show_error_message("rnn rank 2 inputs", lambda: K.rnn(step, tf.zeros((2, 3)), init))
