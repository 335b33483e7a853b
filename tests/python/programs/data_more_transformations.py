"""More of tf.data.Dataset from Python: take_while, unique, scan (running state, shapes that
grow, outputs of another structure), counter, get_single_element (eagerly and inside
tf.function), choose_from_datasets (stopping at or skipping an exhausted dataset), the printed
datasets and the errors."""
from harness import show_error, tf

print(tf.data.Dataset.range(10).take_while(lambda x: x < 4))
print(list(tf.data.Dataset.range(10).take_while(lambda x: x < 4).as_numpy_iterator()))
print(list(tf.data.Dataset.from_tensor_slices(([1, 2, 3, 1], ["a", "b", "c", "d"]))
           .take_while(lambda n, s: n < 3).as_numpy_iterator()))
show_error("an int predicate", lambda: tf.data.Dataset.range(3).take_while(lambda x: x))

print(tf.data.Dataset.from_tensor_slices([1, 2, 1]).unique())
print(list(tf.data.Dataset.from_tensor_slices([1, 2, 1, 3, 2]).unique().as_numpy_iterator()))
print(list(tf.data.Dataset.from_tensor_slices(["a", "b", "a"]).unique().as_numpy_iterator()))
print(list(tf.data.Dataset.from_tensor_slices([[1, 2], [1, 2], [2, 1]]).unique().as_numpy_iterator()))
show_error("unique floats", lambda: tf.data.Dataset.from_tensor_slices([1.0, 2.0]).unique())
show_error("unique pairs", lambda: tf.data.Dataset.from_tensor_slices(([1], [2])).unique())

running = tf.data.Dataset.range(5).scan(tf.constant(0, tf.int64), lambda total, x: (total + x, total + x))
print(running)
print(list(running.as_numpy_iterator()))
pairs = tf.data.Dataset.range(4).scan((0, 1.0), lambda state, x: ((state[0] + 1, state[1] * 2.0),
                                                                  {"count": state[0], "value": state[1]}))
print(pairs.element_spec)
print(list(pairs.as_numpy_iterator()))
growing = tf.data.Dataset.range(3).scan(tf.constant([0], tf.int64), lambda seen, x: (tf.concat([seen, [x]], 0), seen))
print(growing.element_spec)
print([v.tolist() for v in growing.as_numpy_iterator()])
show_error("a new state of another dtype", lambda: tf.data.Dataset.range(3).scan(
    0, lambda state, x: (tf.cast(state, tf.float32), x)))

print(tf.data.Dataset.counter())
print(list(tf.data.Dataset.counter().take(3).as_numpy_iterator()))
print(tf.data.Dataset.counter(2, 3, dtype=tf.int32))
print(list(tf.data.Dataset.counter(2, 3, dtype=tf.int32).take(3).as_numpy_iterator()))
print(list(tf.data.Dataset.zip((tf.data.Dataset.counter(), tf.data.Dataset.from_tensor_slices(["a", "b"])))
           .as_numpy_iterator()))

print(tf.data.Dataset.range(1).get_single_element())
print(tf.data.Dataset.from_tensors(({"a": 1}, [2.0, 3.0])).get_single_element())
print(tf.data.experimental.get_single_element(tf.data.Dataset.range(5, 6)))
print(tf.function(lambda d: d.get_single_element())(tf.data.Dataset.range(5, 6)))
print(tf.function(lambda n: tf.data.Dataset.range(n, n + 1).get_single_element() * 2)(tf.constant(4, tf.int64)))
show_error("more than one element", lambda: tf.data.Dataset.range(3).get_single_element())
show_error("no element", lambda: tf.data.Dataset.range(0).get_single_element())

words = [tf.data.Dataset.from_tensors("foo").repeat(), tf.data.Dataset.from_tensors("bar").repeat(),
         tf.data.Dataset.from_tensors("baz").repeat()]
chosen = tf.data.Dataset.choose_from_datasets(words, tf.data.Dataset.range(3).repeat(2))
print(chosen)
print(list(chosen.as_numpy_iterator()))
short = [tf.data.Dataset.range(2), tf.data.Dataset.range(10, 12)]
choices = tf.data.Dataset.from_tensor_slices(tf.constant([0, 0, 0, 1, 1, 1, 0], tf.int64))
print(list(tf.data.Dataset.choose_from_datasets(short, choices).as_numpy_iterator()))
print(list(tf.data.experimental.choose_from_datasets(short, choices, stop_on_empty_dataset=False)
           .as_numpy_iterator()))
print(tf.data.Dataset.choose_from_datasets([tf.data.Dataset.from_tensors([1, 2]), tf.data.Dataset.from_tensors([3])],
                                           tf.data.Dataset.range(2)).element_spec)
show_error("a choice out of range", lambda: list(tf.data.Dataset.choose_from_datasets(
    [tf.data.Dataset.range(2)], tf.data.Dataset.from_tensor_slices(tf.constant([0, 5], tf.int64)))))
show_error("int32 choices", lambda: tf.data.Dataset.choose_from_datasets([tf.data.Dataset.range(2)],
                                                                        tf.data.Dataset.from_tensor_slices([0])))
show_error("incompatible datasets", lambda: tf.data.Dataset.choose_from_datasets(
    [tf.data.Dataset.range(2), tf.data.Dataset.from_tensors("a")], tf.data.Dataset.range(1)))
show_error("no datasets", lambda: tf.data.Dataset.choose_from_datasets([], tf.data.Dataset.range(1)))
