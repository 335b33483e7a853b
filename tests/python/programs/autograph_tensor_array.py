"""Accumulating values in a loop with tf.TensorArray, as the tf.function guide does: the guide's
dynamic RNN (a TensorArray written in a `for` over tf.range), appends under an `if` on a tensor
(a TensorArray across tf.cond), a dynamically sized array, and the same arrays eagerly."""
from harness import tf


def rnn_step(inp, state):
    return inp + state


@tf.function
def dynamic_rnn(rnn_step, input_data, initial_state):
    # [batch, time, features] -> [time, batch, features]
    input_data = tf.transpose(input_data, [1, 0, 2])
    max_seq_len = input_data.shape[0]

    states = tf.TensorArray(tf.float32, size=max_seq_len)
    state = initial_state
    for i in tf.range(max_seq_len):
        state = rnn_step(input_data[i], state)
        states = states.write(i, state)
    return tf.transpose(states.stack(), [1, 0, 2])


data = tf.cast(tf.reshape(tf.range(24), [2, 3, 4]), tf.float32)
print(repr(dynamic_rnn(rnn_step, data, tf.zeros([2, 4]))))


@tf.function
def evens(n):
    ta = tf.TensorArray(tf.int32, size=0, dynamic_size=True)
    for i in tf.range(n):
        if i % 2 == 0:
            ta = ta.write(ta.size(), i * 10)
    return ta.stack()


print(repr(evens(tf.constant(7))), repr(evens(tf.constant(3))), evens.experimental_get_tracing_count())


@tf.function
def squares_while(n):
    ta = tf.TensorArray(tf.float32, size=0, dynamic_size=True)
    i = tf.constant(0)
    while i < n:
        ta = ta.write(i, tf.cast(i * i, tf.float32))
        i += 1
    return ta.stack(), ta.size()


print(squares_while(tf.constant(4)))

# Eagerly.
ta = tf.TensorArray(tf.float32, size=3)
ta = ta.write(0, 1.5).write(1, 2.5).write(2, 3.5)
print(repr(ta.stack()), repr(ta.read(1)), repr(ta.size()), ta.dtype.name)
grown = tf.while_loop(lambda i, t: i < 3, lambda i, t: (i + 1, t.write(i, i * 2)),
                      (tf.constant(0), tf.TensorArray(tf.int32, size=3)))
print(repr(grown[0]), repr(grown[1].stack()))


# Indexing with a traced index keeps the rows' static shape (the RNN above relies on it).
@tf.function
def row(m, i):
    r = m[i]
    print("row shape while tracing:", r.shape)
    return r


matrix = tf.constant([[1, 2], [3, 4], [5, 6]])
print(repr(row(matrix, tf.constant(1))), repr(row(matrix, tf.constant(-1))))

# ---- gather, scatter and split, eagerly and traced ----
ta = tf.TensorArray(tf.float32, size=4)
ta = ta.scatter([0, 2, 1, 3], tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, 8.0]]))
print(ta.gather([3, 0]))
print(ta.read(1))
print(tf.TensorArray(tf.int32, size=3).split(tf.range(6), [1, 2, 3]).concat())
print(tf.TensorArray(tf.int32, size=3, infer_shape=False).split(tf.range(6), [1, 2, 3]).read(2))


@tf.function
def scattered_rows(x, order):
    arr = tf.TensorArray(tf.float32, size=x.shape[0])
    arr = arr.scatter(order, x)
    return arr.gather(tf.range(arr.size()))


print(scattered_rows(tf.constant([[1.0], [2.0], [3.0]]), tf.constant([2, 0, 1])))


@tf.function
def split_lengths(values, lengths):
    arr = tf.TensorArray(tf.float32, size=lengths.shape[0], infer_shape=False)
    arr = arr.split(values, lengths)
    return arr.read(1)


print(split_lengths(tf.constant([1.0, 2.0, 3.0, 4.0]), tf.constant([1, 3])))
