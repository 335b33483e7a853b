"""TopKV2 takes k, and RandomUniformInt its shape and bounds, as inputs, as TensorFlow's ops do: inside
a tf.function they may be symbolic (top_k with a tensor k, sort and argsort over an axis of unknown
size, tf.random.uniform with tensor bounds and a run-time shape), with TensorFlow's static shapes,
numbers for the same seeds, and error classes eagerly, while tracing and while the graph runs; and
stateless_uniform of floats with symbolic bounds."""
import numpy as np

from harness import show_error, tf


def show(label, *tensors):
    for t in tensors:
        print(label, t.dtype.name, tuple(t.shape), np.asarray(t).tolist())


def static_shapes(label, concrete):
    print(label, [tuple(s.shape) for s in tf.nest.flatten(concrete.structured_outputs)])


x = tf.constant([[1.0, 3.0, 2.0, 3.0], [4.0, 0.0, 5.0, -1.0]])
v = tf.constant([2.0, -1.0, 2.0, 0.5, 7.0])
ints = tf.constant([3, 1, 2, 1, -7])


# ---- top_k with a tensor k ----
@tf.function(input_signature=[tf.TensorSpec([None, None], tf.float32), tf.TensorSpec([], tf.int32)])
def top(x, k):
    return tf.math.top_k(x, k)


@tf.function(input_signature=[tf.TensorSpec([None, 4], tf.float32)])
def top_constant_k(x):
    return tf.math.top_k(x, 2)


static_shapes("top static", top.get_concrete_function())
static_shapes("top constant k static", top_constant_k.get_concrete_function())
show("top", *top(x, tf.constant(2)))
show("top k=0", *top(x, tf.constant(0)))
show("top constant k", *top_constant_k(x))
show("eager top tensor k", *tf.math.top_k(x, tf.constant(3)))
show("eager top int64 k", *tf.math.top_k(x, tf.constant(1, tf.int64)))
show("nn.top_k int64 indices", *tf.nn.top_k(x, tf.constant(2), index_type=tf.int64))
show_error("traced k=-1", lambda: top(x, tf.constant(-1)))
show_error("traced k=5 of 4 columns", lambda: top(x, tf.constant(5)))
show_error("eager k=-1", lambda: tf.math.top_k(x, -1))
show_error("eager k=5 of 4 columns", lambda: tf.math.top_k(x, 5))
show_error("eager k a vector", lambda: tf.math.top_k(x, tf.constant([1])))
show_error("eager scalar input", lambda: tf.math.top_k(tf.constant(1.0), 1))
show_error("eager float k", lambda: tf.math.top_k(x, 1.5))
show_error("eager float tensor k", lambda: tf.math.top_k(x, tf.constant(1.0)))
show_error("tracing constant k=-1", lambda: tf.function(lambda x: tf.math.top_k(x, -1))(x))
show_error("tracing constant k=5 of 4 columns", lambda: tf.function(lambda x: tf.math.top_k(x, 5))(x))


# The values' gradient goes back where they came from; k gets none.
@tf.function(input_signature=[tf.TensorSpec([None, None], tf.float32), tf.TensorSpec([], tf.int32)])
def top_gradient(x, k):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(tf.math.top_k(x, k).values * 2.0)
    return tape.gradient(y, x)


show("top gradient", top_gradient(x, tf.constant(2)))


# ---- sort and argsort over an axis of unknown size ----
@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
def sort_vector(v):
    return tf.sort(v), tf.sort(v, direction="DESCENDING"), tf.argsort(v), tf.argsort(v, direction="DESCENDING")


@tf.function(input_signature=[tf.TensorSpec([None, None], tf.float32)])
def sort_axis0(x):
    return tf.sort(x, axis=0), tf.argsort(x, axis=0), tf.argsort(x, axis=0, direction="DESCENDING", stable=True)


@tf.function(input_signature=[tf.TensorSpec([None], tf.int32)])
def sort_ints(v):
    return tf.sort(v), tf.argsort(v, stable=True)


static_shapes("sort static", sort_vector.get_concrete_function())
static_shapes("sort axis 0 static", sort_axis0.get_concrete_function())
show("sort", *sort_vector(v))
show("sort empty", *sort_vector(tf.zeros([0])))
show("sort axis 0", *sort_axis0(x))
show("sort ints", *sort_ints(ints))

# ---- random.uniform with integer dtype: tensor bounds, a run-time shape ----
tf.random.set_seed(7)


@tf.function(input_signature=[tf.TensorSpec([], tf.int32), tf.TensorSpec([], tf.int32)])
def draw(lo, hi):
    return tf.random.uniform([3], minval=lo, maxval=hi, dtype=tf.int32, seed=4)


@tf.function(input_signature=[tf.TensorSpec([2], tf.int32), tf.TensorSpec([], tf.int64)])
def draw_shape(shape, hi):
    return tf.random.uniform(shape, minval=-3, maxval=hi, dtype=tf.int64, seed=5)


@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
def draw_like(v):
    return tf.random.uniform(tf.shape(v), maxval=10, dtype=tf.int32, seed=6)


static_shapes("draw static", draw.get_concrete_function())
static_shapes("draw_shape static", draw_shape.get_concrete_function())
static_shapes("draw_like static", draw_like.get_concrete_function())
show("draw 1", draw(tf.constant(-10), tf.constant(10)))
show("draw 2", draw(tf.constant(0), tf.constant(1000)))
show("draw_shape", draw_shape(tf.constant([2, 3]), tf.constant(2**40, tf.int64)))
show("draw_like", draw_like(v))
show_error("traced minval >= maxval", lambda: draw(tf.constant(5), tf.constant(5)))
show("traced empty shape ignores the bounds", draw_shape(tf.constant([0, 3]), tf.constant(-3, tf.int64)))

tf.random.set_seed(7)
show("eager tensor bounds", tf.random.uniform([4], tf.constant(-2), tf.constant(3), dtype=tf.int32, seed=4))
show("eager number bounds", tf.random.uniform([4], -2, 3, dtype=tf.int32, seed=4))
show("eager int64", tf.random.uniform([2, 2], -(2**40), 2**40, dtype=tf.int64, seed=4))
show("eager empty with minval == maxval", tf.random.uniform([0], 5, 5, dtype=tf.int32))
show_error("eager minval >= maxval", lambda: tf.random.uniform([3], 5, 5, dtype=tf.int32))
show_error("eager minval a vector", lambda: tf.random.uniform([3], [1, 2], 5, dtype=tf.int32))


@tf.function
def draw_with_vector_minval():
    return tf.random.uniform([3], tf.constant([1, 2]), 5, dtype=tf.int32)


show_error("tracing minval a vector", draw_with_vector_minval)
show_error("eager maxval missing", lambda: tf.random.uniform([3], dtype=tf.int32))


# ---- stateless_uniform of floats with tensor bounds: TensorFlow's rnd * (maxval - minval) + minval ----
@tf.function
def stateless_draw(lo, hi):
    return tf.random.stateless_uniform([3], seed=[1, 2], minval=lo, maxval=hi)


show("stateless float bounds", stateless_draw(tf.constant(-2.0), tf.constant(10.0)))
show("stateless float vector minval", stateless_draw(tf.constant([-2.0, 0.0, 1.0]), tf.constant(10.0)))
