"""A tf.data iterator used inside tf.function, as TensorFlow 2 custom training loops use it: next()
and get_next() become IteratorGetNext nodes that read the iterator at every call (never a value read
while tracing), several per call and inside a tf.range loop, OutOfRangeError at the end caught by
the caller, nested and batched elements, an iterator passed as an argument or captured by a
closure, two iterators at once, and an iterator read by a Dataset.map function; get_next_as_optional
and tf.experimental.Optional eagerly, as tf.function arguments and results of tf.cond; AutoGraph's
`for x in iterator`; iter(dataset) inside tf.function."""
from harness import show_error, tf


def show(label, value):
    print(label, tf.nest.map_structure(lambda t: t.numpy().tolist() if t.dtype != tf.string else t.numpy(), value))


# The example of the bug: each call reads the next element.
it = iter(tf.data.Dataset.range(3))


@tf.function
def twice(it):
    return it.get_next() * 2


show("twice:", [twice(it), twice(it), twice(it)])
show_error("twice after the end", lambda: twice(it))

# Several next() per call; eager next() and the function's reads share the pass.
it = iter(tf.data.Dataset.range(10))


@tf.function
def three(it):
    a = next(it)
    b = next(it)
    c = it.get_next()
    return a * 100 + b * 10 + c


show("three:", three(it))
show("eager next:", next(it))
show("three again:", three(it))

# next() inside a tf.range loop: n reads per call.
it = iter(tf.data.Dataset.range(100))


@tf.function
def summed(it, n):
    total = tf.constant(0, tf.int64)
    for _ in tf.range(n):
        total += next(it)
    return total


show("summed 4:", summed(it, tf.constant(4)))
show("summed 3:", summed(it, tf.constant(3)))

# A training-loop style caller: the function raises OutOfRangeError at the end of the data.
it = iter(tf.data.Dataset.range(5).batch(2))


@tf.function
def train_step(it):
    return tf.reduce_sum(next(it))


steps = []
while True:
    try:
        steps.append(train_step(it).numpy().tolist())
    except tf.errors.OutOfRangeError:
        break
print("steps until OutOfRangeError:", steps)

# Nested structures: dicts and tuples, batched.
features = {"x": tf.reshape(tf.range(12, dtype=tf.float32), [6, 2]), "id": tf.range(6)}
labels = tf.constant([1, 0, 1, 1, 0, 0])
it = iter(tf.data.Dataset.from_tensor_slices((features, labels)).batch(4))


@tf.function
def nested(it):
    feats, label = next(it)
    return {"sum": tf.reduce_sum(feats["x"], axis=1), "id": feats["id"], "label": label}


show("nested 1:", nested(it))
show("nested 2:", nested(it))
print("element_spec:", tf.nest.map_structure(lambda s: (s.dtype.name, s.shape.as_list()), it.element_spec))

# Captured by a closure rather than passed.
captured = iter(tf.data.Dataset.range(10, 20))


@tf.function
def closure():
    return next(captured) + next(captured)


show("closure:", [closure(), closure()])

# An argument: another iterator passed to the same function is read, not the first one.
first = iter(tf.data.Dataset.range(0, 10))
second = iter(tf.data.Dataset.range(50, 60))


@tf.function
def step(it):
    return next(it)


show("first, second, first, second:", [step(first), step(second), step(first), step(second)])
print("traces for two iterators of one element_spec:", step.experimental_get_tracing_count())
step(iter(tf.data.Dataset.range(3).batch(2)))
print("traces after another element_spec:", step.experimental_get_tracing_count())

# Two iterators in one function.
a = iter(tf.data.Dataset.range(3))
b = iter(tf.data.Dataset.from_tensor_slices(tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])))


@tf.function
def pair(a, b):
    return tf.cast(next(a), tf.float32) * next(b)


show("pair:", [pair(a, b), pair(a, b)])

# An iterator of another dataset read by a Dataset.map function: one read per element.
other = iter(tf.data.Dataset.range(100, 110))
print("map reading an iterator:", list(tf.data.Dataset.range(3).map(lambda x: x + next(other)).as_numpy_iterator()))
show("the iterator after the map:", next(other))

# A generator's iterator read inside a function.
def gen():
    for i in range(3):
        yield i, "s%d" % i


it = iter(tf.data.Dataset.from_generator(
    gen, output_signature=(tf.TensorSpec([], tf.int32), tf.TensorSpec([], tf.string))).prefetch(2))


@tf.function
def from_generator(it):
    n, s = next(it)
    return n + 1, s


show("generator:", [from_generator(it), from_generator(it)])
show_error("generator after the end", lambda: [from_generator(it) for _ in range(2)])
del it  # a generator's prefetch thread is joined now, not while Python shuts down

# get_next_as_optional and tf.experimental.Optional, eagerly and inside tf.function.
it = iter(tf.data.Dataset.range(2))
optionals = [it.get_next_as_optional() for _ in range(3)]
show("has_value:", [o.has_value() for o in optionals])
show("get_value:", optionals[0].get_value())
print("element_spec:", optionals[0].element_spec)
show_error("get_value of an empty optional", lambda: optionals[2].get_value())
try:
    optionals[2].get_value()
except tf.errors.InvalidArgumentError as e:
    print("its message says:", "The given optional does not have a value." in str(e))

it = iter(tf.data.Dataset.range(2))


@tf.function
def next_or_minus_one(it):
    opt = it.get_next_as_optional()
    return tf.cond(opt.has_value(), lambda: opt.get_value(), lambda: tf.constant(-1, tf.int64))


show("next or -1:", [next_or_minus_one(it) for _ in range(3)])

value = tf.experimental.Optional.from_value({"a": tf.constant(1), "b": (tf.constant([1.0, 2.0]), tf.constant("s"))})
empty = tf.experimental.Optional.empty(tf.TensorSpec([2], tf.float32))
print("from_value element_spec:", value.element_spec)
show("from_value get_value:", value.get_value())
show("empty has_value:", empty.has_value())
print("empty element_spec:", empty.element_spec)
show_error("empty get_value", empty.get_value)


@tf.function
def has(optional):
    return optional.has_value()


show("has as arguments:", [has(value), has(empty)])


@tf.function
def make_and_read():
    return tf.experimental.Optional.from_value(tf.constant(3)).get_value()


show("made and read in a function:", make_and_read())


@tf.function
def batches_or_empty(it):
    opt = it.get_next_as_optional()
    return tf.cond(opt.has_value(), lambda: opt.get_value()["x"], lambda: tf.zeros([0], tf.int32))


it = iter(tf.data.Dataset.from_tensor_slices({"x": tf.range(5)}).batch(3))
show("batched optionals:", [batches_or_empty(it) for _ in range(3)])


@tf.function
def optional_result(x):
    return tf.experimental.Optional.from_value((x, x * 2))


result = optional_result(tf.constant(3))
show("an Optional returned by a function:", [result.has_value(), result.get_value()])
print("its spec:", tf.OptionalSpec(result.element_spec))

# `for x in iterator` inside tf.function: a loop reading the iterator until it is empty or breaks.
it = iter(tf.data.Dataset.range(5))


@tf.function
def sum_until_past_one(it):
    s = tf.constant(0, tf.int64)
    for x in it:
        s += x
        if x > 1:
            break
    return s


show("for with break:", [sum_until_past_one(it) for _ in range(3)])


@tf.function
def weighted(it):
    s = tf.constant(0.0)
    n = 0
    for feats, label in it:
        s += tf.reduce_sum(feats["x"]) * tf.cast(label, tf.float32)
        n += 1
    return s, n


it = iter(tf.data.Dataset.from_tensor_slices(({"x": tf.ones([5, 2])}, tf.range(5))).batch(2)
          .map(lambda f, l: (f, tf.reduce_sum(l))))
show("for over nested batches:", weighted(it))
total = tf.Variable(0, dtype=tf.int64)


@tf.function
def accumulate(it):
    for x in it:
        total.assign_add(x)


accumulate(iter(tf.data.Dataset.range(4)))
show("for with only side effects:", total)

# iter(dataset) inside tf.function: AnonymousIteratorV3 and MakeIterator nodes, a new pass at every call.


@tf.function
def first_two(ds):
    it = iter(ds)
    a = next(it)
    b = it.get_next()
    return a * 10 + b


show("iter inside, per call:", [first_two(tf.data.Dataset.range(3)), first_two(tf.data.Dataset.range(5, 9))])
ops = {n.op for n in first_two.get_concrete_function(tf.data.Dataset.range(3)).graph.as_graph_def().node}
print("iterator nodes:", sorted(ops & {"AnonymousIteratorV3", "MakeIterator", "IteratorGetNext"}))


@tf.function
def built_inside():
    it = iter(tf.data.Dataset.range(2))
    return next(it), next(it)


show("built inside, twice:", [built_inside(), built_inside()])


@tf.function
def loop_over_iter(ds):
    s = tf.constant(0, tf.int64)
    for x in iter(ds):
        s += x
    return s


show("for over iter(ds):", loop_over_iter(tf.data.Dataset.range(4)))


@tf.function
def empty_optional(ds):
    return iter(ds).get_next_as_optional().has_value()


show("optional of an empty dataset:", empty_optional(tf.data.Dataset.range(0)))
show_error("two reads of a one-element dataset", lambda: first_two(tf.data.Dataset.range(1)))
