"""AutoGraph's `for x in dataset` inside tf.function, as TensorFlow's AutoGraph reference
describes it: the loop becomes the dataset's reduce, run at every call (a generator is called
anew each time), with break (return inside is an error, as in TensorFlow), TensorArray appends, captured tensors and variables,
loops over batches and (x, y) pairs, and the converted code (a lambda's parameter in the loop's
iterable is not a loop variable); also map, filter, batch, take, skip, repeat and prefetch applied
inside the function to a dataset argument (or one built there), run on each call's dataset."""
from harness import normalized_code, show_error, tf


@tf.function
def total(ds):
    s = tf.constant(0, tf.int64)
    for x in ds:
        s += x
    return s


print(total(tf.data.Dataset.range(10)))
print(total(tf.data.Dataset.range(5).map(lambda x: x * x)))
print("traces:", total.experimental_get_tracing_count())
print(total(tf.data.Dataset.range(4).batch(2)))
print("traces after another element_spec:", total.experimental_get_tracing_count())


@tf.function
def fold(ds):
    return ds.reduce((tf.constant(0, tf.int64), tf.constant(1, tf.int64)), lambda s, x: (s[0] + x, s[1] * (x + 1)))


print(fold(tf.data.Dataset.range(1, 5)))
squares = tf.data.Dataset.range(10).map(lambda x: x * x)


@tf.function
def sum_first_squares():
    s = tf.constant(0, tf.int64)
    for x in squares.take(4):
        s += x
    return s


print(sum_first_squares())


@tf.function
def dict_elements(ds):
    total_a, last = tf.constant(0), tf.constant("")
    for e in ds:
        total_a += e["a"]
        last = e["b"]
    return total_a, last


print(dict_elements(tf.data.Dataset.from_tensor_slices({"a": [1, 2, 3], "b": ["x", "y", "z"]})))

calls = []


def numbers():
    calls.append(1)
    yield from (3, 1, 4, 1, 5)


numbers_ds = tf.data.Dataset.from_generator(numbers, output_signature=tf.TensorSpec((), tf.int64)).prefetch(2)


@tf.function
def total_numbers():
    s = tf.constant(0, tf.int64)
    for x in numbers_ds:
        s += x
    return s


print(total_numbers(), total_numbers(), "generator passes:", len(calls))


@tf.function
def first_over(ds, limit):
    found = tf.constant(-1, tf.int64)
    for x in ds:
        if x > limit:
            found = x
            break
    return found


print(first_over(tf.data.Dataset.range(100), tf.constant(41, tf.int64)))
print(first_over(tf.data.Dataset.range(10), tf.constant(41, tf.int64)))


@tf.function
def find_index(ds, target):
    i = tf.constant(0, tf.int64)
    for x in ds:
        if x == target:
            return i
        i += 1
    return tf.constant(-1, tf.int64)


show_error("return inside the loop", lambda: find_index(tf.data.Dataset.from_tensor_slices(tf.constant(
    [5, 7, 9], tf.int64)), tf.constant(9, tf.int64)))

features = tf.reshape(tf.range(12, dtype=tf.float32), [6, 2])
labels = tf.constant([0., 1., 1., 0., 1., 0.])
pairs = tf.data.Dataset.from_tensor_slices((features, labels)).batch(4)
w = tf.Variable([[0.5], [-0.25]])


@tf.function
def mean_loss(ds):
    loss_sum = 0.0
    batches = 0
    for x, y in ds:
        pred = tf.squeeze(tf.matmul(x, w), 1)
        loss_sum += tf.reduce_mean((pred - y) ** 2)
        batches += 1
    return loss_sum / tf.cast(batches, tf.float32)


print(mean_loss(pairs))
w.assign([[0.1], [0.1]])
print(mean_loss(pairs))


@tf.function
def collect(ds):
    ta = tf.TensorArray(tf.int64, size=0, dynamic_size=True)
    for x in ds:
        ta = ta.write(ta.size(), x * 10)
    return ta.stack()


print(collect(tf.data.Dataset.range(4)))


@tf.function
def growing(ds):
    acc = tf.zeros([0], tf.int64)
    for x in ds:
        acc = tf.concat([acc, [x]], 0)
    return acc


print(growing(tf.data.Dataset.range(3, 6)))

counter = tf.Variable(0, dtype=tf.int64)


@tf.function
def count_into_variable(ds):
    for x in ds:
        counter.assign_add(x)


count_into_variable(tf.data.Dataset.range(4))
print(counter.numpy())


@tf.function
def prints(ds):
    for x in ds:
        tf.print("element", x)


prints(tf.data.Dataset.range(2))


@tf.function
def needs_definition(ds):
    for x in ds:
        y = x
    return y


show_error("a variable defined only in the loop", lambda: needs_definition(tf.data.Dataset.range(2)))


# Transformations of a dataset argument inside the function: graph ops on the dataset of each call.
@tf.function
def first_squares(ds, n):
    s = tf.constant(0, tf.int64)
    for x in ds.map(lambda x: x * x).take(n):
        s += x
    return s


print(first_squares(tf.data.Dataset.range(10), tf.constant(3, tf.int64)))
print(first_squares(tf.data.Dataset.range(1, 20), tf.constant(4, tf.int64)))
print("traces:", first_squares.experimental_get_tracing_count())


@tf.function
def transformed_specs(ds):
    for d in (ds.batch(2), ds.batch(2, drop_remainder=True), ds.map(lambda x: (x, tf.cast(x, tf.float32) / 2)),
              ds.filter(lambda x: x % 2 == 0), ds.take(1), ds.skip(1), ds.repeat(2), ds.repeat(), ds.prefetch(1)):
        print(type(d).__name__, d.element_spec)
    return 0


transformed_specs(tf.data.Dataset.range(3))


@tf.function
def batch_sums(ds):
    ta = tf.TensorArray(tf.int64, size=0, dynamic_size=True)
    for b in ds.skip(1).repeat(2).batch(3).prefetch(tf.data.AUTOTUNE):
        ta = ta.write(ta.size(), tf.reduce_sum(b))
    return ta.stack()


print(batch_sums(tf.data.Dataset.range(5)))
print(batch_sums(tf.data.Dataset.range(10, 13)))

offset = tf.Variable(3, dtype=tf.int64)


@tf.function
def odd_sum(ds, k):
    return ds.map(lambda x: x * k + offset).filter(lambda x: x % 2 == 1).reduce(tf.constant(0, tf.int64),
                                                                                 lambda s, x: s + x)


print(odd_sum(tf.data.Dataset.range(6), tf.constant(2, tf.int64)))
print(odd_sum(tf.data.Dataset.range(6), tf.constant(1, tf.int64)))
offset.assign(4)
print(odd_sum(tf.data.Dataset.range(6), tf.constant(1, tf.int64)))
print("traces:", odd_sum.experimental_get_tracing_count())


@tf.function
def built_inside():
    ds = tf.data.Dataset.range(8).map(lambda x: x + 1).batch(3, drop_remainder=True)
    print(ds.element_spec)
    return ds.reduce(tf.constant(0, tf.int64), lambda s, b: s + tf.reduce_prod(b))


print(built_inside())


@tf.function
def pair_batches(ds):
    s = tf.constant(0.0)
    for x, y in ds.map(lambda x, y: (x * 2.0, y)).batch(2):
        s += tf.reduce_sum(x) * tf.cast(tf.reduce_sum(y), tf.float32)
    return s


print(pair_batches(tf.data.Dataset.from_tensor_slices(([1.0, 2.0, 3.0], [1, 2, 3]))))
print(pair_batches(tf.data.Dataset.from_tensor_slices(([1.0, 2.0, 3.0, 4.0], [1, 0, 1, 0]))))
print("traces:", pair_batches.experimental_get_tracing_count())


@tf.function
def dict_map_filter(ds):
    ds = ds.map(lambda e: {"a": e["a"] * 2, "b": e["b"]}).filter(lambda e: e["a"] > 2)
    print(ds.element_spec)
    n = tf.constant(0)
    for e in ds:
        n += e["a"]
    return n


print(dict_map_filter(tf.data.Dataset.from_tensor_slices({"a": [1, 2, 3], "b": ["x", "y", "z"]})))


@tf.function
def int32_range_inside():
    ds = tf.data.Dataset.range(4, output_type=tf.int32).map(lambda x: x * 2)
    print(type(ds).__name__, ds.element_spec)
    return ds.reduce(0, lambda s, x: s + x)


print(int32_range_inside())


@tf.function
def bad_predicate(ds):
    return ds.filter(lambda x: x + 1).reduce(tf.constant(0, tf.int64), lambda s, x: s + x)


show_error("a filter predicate that is not a bool", lambda: bad_predicate(tf.data.Dataset.range(3)))


def loop_sum(ds):
    s = tf.constant(0, tf.int64)
    for x in ds:
        s += x
    return s


print(normalized_code(tf.autograph.to_code(loop_sum)))


def loop_over_squares(ds, n):
    s = tf.constant(0, tf.int64)
    for x in ds.map(lambda x: x * x).take(n):
        s += x
    return s


print(normalized_code(tf.autograph.to_code(loop_over_squares)))
