"""More of tf.data inside tf.function (autograph_dataset.py has map, filter, batch, take, skip,
repeat and prefetch): shuffle (a seed repeats the order at every call, passes reshuffle unless told
not to), unbatch, cache, concatenate, zip, enumerate, shard, flat_map and interleave of a dataset argument; cardinality()
as a tensor (and len() through AutoGraph); map with num_parallel_calls; datasets built from the function's traced tensors
(from_tensor_slices, from_tensors, range of a tensor); element_specs, tracing counts and the errors
of bad input."""
from harness import show_error, tf


def as_list(t):
    return t.numpy().tolist()


@tf.function
def collect(ds):
    ta = tf.TensorArray(tf.int64, size=0, dynamic_size=True)
    for x in ds:
        ta = ta.write(ta.size(), x)
    return ta.stack()


# ---- shuffle ----
@tf.function
def shuffled_twice(ds, seed):
    return collect(ds.shuffle(10, seed=seed).repeat(2))


for seed in (3, 11):
    first = as_list(shuffled_twice(tf.data.Dataset.range(10), seed))
    again = as_list(shuffled_twice(tf.data.Dataset.range(10), seed))
    eager = list(tf.data.Dataset.range(10).shuffle(10, seed=seed).repeat(2).as_numpy_iterator())
    print("seed", seed, "same at each call:", first == again, "as eagerly:", first == eager,
          "a permutation per pass:", sorted(first[:10]) == sorted(first[10:]) == list(range(10)),
          "reshuffled:", first[:10] != first[10:])
print("traces:", shuffled_twice.experimental_get_tracing_count())


@tf.function
def shuffled_once(ds):
    return collect(ds.shuffle(20, seed=5, reshuffle_each_iteration=False).repeat(2))


fixed = as_list(shuffled_once(tf.data.Dataset.range(20)))
print("reshuffle_each_iteration=False:", fixed[:20] == fixed[20:], sorted(fixed[:20]) == list(range(20)))


@tf.function
def unseeded(ds):
    return collect(ds.shuffle(4))


print("unseeded is a permutation:", sorted(as_list(unseeded(tf.data.Dataset.range(30)))) == list(range(30)))
print("buffer of 1 keeps the order:", as_list(collect(tf.data.Dataset.range(5).shuffle(1))))


@tf.function
def bad_buffer(ds):
    return collect(ds.shuffle(0))


show_error("shuffle with buffer_size 0", lambda: bad_buffer(tf.data.Dataset.range(3)))


# ---- element_specs of the transformations ----
@tf.function
def transformed_specs(ds):
    for d in (ds.shuffle(3), ds.unbatch(), ds.cache(), ds.concatenate(ds), tf.data.Dataset.zip((ds, ds)),
              tf.data.Dataset.zip({"a": ds, "b": ds.unbatch()}), ds.enumerate(3), ds.shard(2, 0),
              ds.map(lambda v: v * 2, num_parallel_calls=tf.data.AUTOTUNE),
              ds.map(lambda v: (v, v), num_parallel_calls=2, deterministic=False)):
        print(type(d).__name__, d.element_spec)
    return 0


transformed_specs(tf.data.Dataset.from_tensor_slices([[1, 2], [3, 4]]))


# ---- unbatch, cache, concatenate, zip, enumerate, shard ----
@tf.function
def unbatched(ds):
    return collect(ds.batch(3).unbatch())


print(unbatched(tf.data.Dataset.range(7)))


@tf.function
def unbatch_scalars(ds):
    return collect(ds.unbatch())


show_error("unbatch of scalars", lambda: unbatch_scalars(tf.data.Dataset.range(3)))

passes = []


def numbers():
    passes.append(1)
    yield from (3, 1, 4)


@tf.function
def cached(ds):
    return collect(ds.cache().repeat(3))


generated = tf.data.Dataset.from_generator(numbers, output_signature=tf.TensorSpec((), tf.int64))
print(cached(generated), "generator passes:", len(passes))
print(cached(generated), "generator passes:", len(passes))


@tf.function
def joined(a, b):
    return collect(a.concatenate(b).concatenate(tf.data.Dataset.range(100, 102)))


print(joined(tf.data.Dataset.range(3), tf.data.Dataset.range(10, 12)))
print(joined(tf.data.Dataset.range(1), tf.data.Dataset.range(5, 6)))
print("traces:", joined.experimental_get_tracing_count())


@tf.function
def concatenate_other_dtype(ds):
    return ds.concatenate(tf.data.Dataset.from_tensor_slices([1.0]))


show_error("concatenate of other dtypes", lambda: concatenate_other_dtype(tf.data.Dataset.range(3)))


@tf.function
def zipped(a, b):
    s = tf.constant(0, tf.int64)
    for x, y in tf.data.Dataset.zip((a, b)):
        s += x * y
    for e in tf.data.Dataset.zip({"x": a, "y": b.map(lambda v: v + 1)}):
        s += e["y"] - e["x"]
    return s


print(zipped(tf.data.Dataset.range(4), tf.data.Dataset.range(10, 20)))
print(zipped(tf.data.Dataset.range(10), tf.data.Dataset.range(2)))


@tf.function
def zip_with_a_list(ds):
    return tf.data.Dataset.zip(ds, [1, 2])


show_error("zip of a dataset and a list", lambda: zip_with_a_list(tf.data.Dataset.range(3)))


@tf.function
def zip_of_lists(ds):
    return tf.data.Dataset.zip([ds, ds])


show_error("zip of a list of datasets", lambda: zip_of_lists(tf.data.Dataset.range(3)))


@tf.function
def enumerated(ds, start):
    s = tf.constant(0, tf.int64)
    for i, x in ds.enumerate(start):
        s += i * x
    return s


print(enumerated(tf.data.Dataset.range(5, 8), tf.constant(0, tf.int64)))
print(enumerated(tf.data.Dataset.range(5, 8), tf.constant(10, tf.int64)))


@tf.function
def sharded(ds, n, i):
    return collect(ds.shard(n, i))


print(sharded(tf.data.Dataset.range(10), tf.constant(3, tf.int64), tf.constant(1, tf.int64)))
print(sharded(tf.data.Dataset.range(10), tf.constant(4, tf.int64), tf.constant(3, tf.int64)))
show_error("shard with index >= num_shards", lambda: sharded(tf.data.Dataset.range(10), tf.constant(2, tf.int64),
                                                              tf.constant(2, tf.int64)))
show_error("shard with a negative index", lambda: sharded(tf.data.Dataset.range(10), tf.constant(2, tf.int64),
                                                           tf.constant(-1, tf.int64)))
show_error("shard into 0 shards", lambda: sharded(tf.data.Dataset.range(10), tf.constant(0, tf.int64),
                                                   tf.constant(0, tf.int64)))
print("traces:", sharded.experimental_get_tracing_count())


# ---- flat_map and interleave, eagerly and in a function ----
print(tf.data.Dataset.range(3).flat_map(lambda x: tf.data.Dataset.range(x)))
print(list(tf.data.Dataset.range(4).flat_map(lambda x: tf.data.Dataset.range(x)).as_numpy_iterator()))
repeated = tf.data.Dataset.range(1, 4).interleave(lambda x: tf.data.Dataset.from_tensors(x).repeat(x), cycle_length=2,
                                                  block_length=2)
print(repeated, list(repeated.as_numpy_iterator()))
print(tf.data.Dataset.range(1, 4).interleave(lambda x: tf.data.Dataset.from_tensors(x).repeat(x), cycle_length=2,
                                             num_parallel_calls=2))
print(tf.data.Dataset.range(1, 4).interleave(lambda x: tf.data.Dataset.from_tensors((x, [x, x])), cycle_length=2))
print(tf.data.Dataset.range(4).flat_map(lambda x: tf.data.Dataset.range(x)).cardinality())
show_error("flat_map returning a tensor", lambda: tf.data.Dataset.range(3).flat_map(lambda x: x))
show_error("interleave returning a list", lambda: tf.data.Dataset.range(3).interleave(lambda x: [x], cycle_length=1))


@tf.function
def nested_datasets(ds, k):
    s = tf.constant(0, tf.int64)
    for v in ds.flat_map(lambda x: tf.data.Dataset.range(x).map(lambda y: y * k)):
        s += v
    mixed = ds.interleave(lambda x: tf.data.Dataset.from_tensor_slices([x, x + 100]), cycle_length=3, block_length=1)
    print(mixed)
    return s, collect(mixed)


print(nested_datasets(tf.data.Dataset.range(5), tf.constant(10, tf.int64)))
print(nested_datasets(tf.data.Dataset.range(2, 4), tf.constant(1, tf.int64)))
print("traces:", nested_datasets.experimental_get_tracing_count())


@tf.function
def flat_map_to_a_tensor(ds):
    return ds.flat_map(lambda x: x)


show_error("flat_map returning a tensor in a function", lambda: flat_map_to_a_tensor(tf.data.Dataset.range(3)))


# ---- cardinality ----
@tf.function
def cardinalities(ds):
    c = ds.cardinality()
    print(c)
    return (c, ds.repeat().cardinality(), ds.filter(lambda x: x > 1).cardinality(), ds.shard(3, 1).cardinality(),
            ds.batch(4).cardinality(), ds.batch(4, drop_remainder=True).cardinality(),
            ds.concatenate(ds.take(2)).cardinality(), ds.enumerate().cardinality(),
            tf.data.Dataset.zip((ds, ds.skip(3))).cardinality())


print(cardinalities(tf.data.Dataset.range(10)))
print(cardinalities(tf.data.Dataset.range(3)))
print("infinite:", tf.data.INFINITE_CARDINALITY, "unknown:", tf.data.UNKNOWN_CARDINALITY)


@tf.function
def finite(ds):
    if ds.cardinality() == tf.data.INFINITE_CARDINALITY:
        return tf.constant(-1, tf.int64)
    return ds.reduce(tf.constant(0, tf.int64), lambda s, x: s + x)


print(finite(tf.data.Dataset.range(5)), finite(tf.data.Dataset.range(5).repeat()))


@tf.function
def length(ds):
    return len(ds)


print(length(tf.data.Dataset.range(3)), length(tf.data.Dataset.range(4, 11)), length(tf.data.Dataset.range(7).batch(2)))
print("traces:", length.experimental_get_tracing_count())
show_error("len of an infinite dataset", lambda: length(tf.data.Dataset.range(3).repeat()))
show_error("len of a filtered dataset", lambda: length(tf.data.Dataset.range(3).filter(lambda x: x > 0)))


@tf.function(autograph=False)
def length_without_autograph(ds):
    return len(ds)


show_error("len without AutoGraph", lambda: length_without_autograph(tf.data.Dataset.range(3)))


# ---- map with num_parallel_calls ----
@tf.function
def parallel_squares(ds, k):
    return collect(ds.map(lambda x: x * x + k, num_parallel_calls=tf.data.AUTOTUNE))


print(parallel_squares(tf.data.Dataset.range(12), tf.constant(1, tf.int64)))
print(parallel_squares(tf.data.Dataset.range(3, 6), tf.constant(-1, tf.int64)))
print("traces:", parallel_squares.experimental_get_tracing_count())


@tf.function
def parallel_unordered(ds):
    return collect(ds.map(lambda x: x + 1, num_parallel_calls=3, deterministic=False))


print("deterministic=False keeps the elements:", sorted(as_list(parallel_unordered(tf.data.Dataset.range(40)))) ==
      list(range(1, 41)))


# ---- datasets built from the function's tensors ----
@tf.function
def sources(x, n):
    s = tf.constant(0.0)
    for e in tf.data.Dataset.from_tensor_slices(x):
        s += e
    r = tf.data.Dataset.range(n)
    pairs = tf.data.Dataset.from_tensor_slices((x, x * 2))
    whole = tf.data.Dataset.from_tensors(x)
    print(r, pairs, whole)
    return (s, r.reduce(tf.constant(0, tf.int64), lambda a, b: a + b), whole.cardinality(),
            pairs.cardinality(), r.cardinality(), pairs.reduce(tf.constant(0.0), lambda a, p: a + p[0] * p[1]))


print(sources(tf.constant([1.0, 2.0, 3.0]), tf.constant(5, tf.int64)))
print(sources(tf.constant([4.0, 5.0, 6.0]), tf.constant(3, tf.int64)))
print(sources(tf.constant([1.0, 2.0]), tf.constant(3, tf.int64)))
print("traces:", sources.experimental_get_tracing_count())


@tf.function
def ranges(a, b, c):
    return collect(tf.data.Dataset.range(a, b, c)), tf.data.Dataset.range(a, b).reduce(a * 0, lambda s, x: s + x)


print(ranges(tf.constant(1, tf.int64), tf.constant(10, tf.int64), tf.constant(3, tf.int64)))
print(ranges(tf.constant(8, tf.int64), tf.constant(2, tf.int64), tf.constant(-2, tf.int64)))
show_error("range with step 0", lambda: ranges(tf.constant(0, tf.int64), tf.constant(5, tf.int64),
                                               tf.constant(0, tf.int64)))


@tf.function
def computed(x):
    squares = x * x
    ds = tf.data.Dataset.from_tensor_slices({"v": squares, "i": tf.range(tf.shape(x)[0])})
    print(ds.element_spec)
    total = tf.constant(0)
    for e in ds.filter(lambda e: e["i"] > 0).batch(2):
        total += tf.reduce_sum(e["v"])
    return total


print(computed(tf.constant([1, 2, 3, 4])), computed(tf.constant([5, 6])))


@tf.function
def sliced_arguments(x, y):
    n = tf.constant(0)
    for a, b in tf.data.Dataset.from_tensor_slices((x, y)).shuffle(4, seed=1):
        n += a * b
    return n


print(sliced_arguments(tf.constant([1, 2, 3]), tf.constant([4, 5, 6])))
show_error("slices of different lengths", lambda: sliced_arguments(tf.constant([1, 2, 3]), tf.constant([4, 5])))


@tf.function
def slices_of_a_scalar(x):
    return tf.data.Dataset.from_tensor_slices(x).reduce(0, lambda a, b: a + b)


show_error("slices of a scalar", lambda: slices_of_a_scalar(tf.constant(3)))


@tf.function
def dynamic_lengths(x):
    return tf.data.Dataset.from_tensor_slices(x).reduce(0, lambda a, b: a + b)


spec_fn = dynamic_lengths.get_concrete_function(tf.TensorSpec([None], tf.int32))
print(spec_fn(tf.constant([1, 2, 3])), spec_fn(tf.constant([4, 5, 6, 7, 8])))
show_error("slices of unequal dynamic lengths", lambda: tf.function(lambda x, y: collect(
    tf.data.Dataset.from_tensor_slices((x, y)).map(lambda a, b: a + b))).get_concrete_function(
        tf.TensorSpec([None], tf.int64), tf.TensorSpec([None], tf.int64))(tf.constant([1, 2], tf.int64),
                                                                          tf.constant([1], tf.int64)))
