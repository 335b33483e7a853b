"""The everyday array functions a TensorFlow user reaches for: broadcast_to and broadcast shapes,
meshgrid, roll, reverse_sequence, repeat, sequence_mask, unique, searchsorted, the monotonic checks,
the tensor_scatter_nd_* family, invert_permutation, unravel_index; tf.linalg's band_part, diagonals,
trace and transposes; tf.norm and norm clipping; identity_n, shape_n, is_tensor, get_static_value,
sort/argsort and no_op. Eagerly, inside tf.function (with their static shapes), with gradients, and
their errors."""
import numpy as np

from harness import tf


def show(label, fn):
    try:
        print(label, repr(fn()))
    except Exception as e:  # noqa: BLE001 - the class is what both must agree on
        print(label, "raised", type(e).__name__)


x = tf.reshape(tf.range(12.0), [3, 4])
ints = tf.constant([[1, 2, 3], [4, 5, 6]])

show("broadcast_to", lambda: tf.broadcast_to([1, 2, 3], [2, 3]))
show("broadcast_to bad", lambda: tf.broadcast_to([1, 2, 3], [2, 2]))
show("broadcast_dynamic_shape", lambda: tf.broadcast_dynamic_shape([2, 1], [3, 1, 4]))
show("broadcast_static_shape", lambda: tf.broadcast_static_shape(tf.TensorShape([None, 1]), tf.TensorShape([3])))
show("broadcast_static_shape bad", lambda: tf.broadcast_static_shape(tf.TensorShape([2]), tf.TensorShape([3])))
show("meshgrid xy", lambda: tf.meshgrid([1, 2, 3], [4, 5]))
show("meshgrid ij", lambda: tf.meshgrid([1, 2, 3], [4, 5], indexing="ij"))
show("roll", lambda: tf.roll([1, 2, 3, 4, 5], shift=2, axis=0))
show("roll 2-D", lambda: tf.roll(ints, shift=[1, -1], axis=[0, 1]))
show("roll bad axis", lambda: tf.roll(ints, shift=[1, 1], axis=[0, 2]))
show("reverse_sequence", lambda: tf.reverse_sequence(ints, [2, 3], seq_axis=1, batch_axis=0))
show("reverse_sequence too long", lambda: tf.reverse_sequence(ints, [2, 4], seq_axis=1))
show("repeat per element", lambda: tf.repeat(ints, [1, 2], axis=0))
show("repeat flattened", lambda: tf.repeat(ints, 2))
show("repeat scalar input", lambda: tf.repeat(3, 2))
show("sequence_mask", lambda: tf.sequence_mask([1, 3, 2], 5))
show("sequence_mask float", lambda: tf.sequence_mask([[1, 3], [2, 0]], dtype=tf.float32))
show("unique", lambda: tf.unique([1, 1, 2, 4, 4, 4, 7, 8, 8]))
show("unique int64", lambda: tf.unique([2.5, -1.0, 2.5], out_idx=tf.int64))
show("unique_with_counts", lambda: tf.unique_with_counts(["b", "a", "b"]))
show("unique 2-D", lambda: tf.unique([[1, 2]]))
show("searchsorted", lambda: tf.searchsorted([1.0, 2.0, 3.0], [2.5, 3.0], side="right"))
show("searchsorted batched", lambda: tf.searchsorted([[1, 2, 3], [1, 5, 6]], [[2, 3], [4, 5]], out_type=tf.int64))
show("is_non_decreasing", lambda: tf.math.is_non_decreasing([1, 2, 2]))
show("is_strictly_increasing", lambda: tf.math.is_strictly_increasing([1, 2, 2]))
tensor = tf.constant([1.0, 2.0, 3.0, 4.0])
for kind in ("update", "add", "sub", "max", "min"):
    fn = getattr(tf, "tensor_scatter_nd_" + kind)
    show("tensor_scatter_nd_" + kind, lambda: fn(tensor, [[1], [3]], [9.0, -10.0]))
show("tensor_scatter bad index", lambda: tf.tensor_scatter_nd_update(tensor, [[1], [5]], [9.0, 10.0]))
show("invert_permutation", lambda: tf.math.invert_permutation([3, 4, 0, 2, 1]))
show("unravel_index", lambda: tf.unravel_index([22, 41, 37], [7, 6]))
show("band_part", lambda: tf.linalg.band_part(x, 1, 0))
show("diag", lambda: tf.linalg.diag([1, 2]))
show("diag_part", lambda: tf.linalg.diag_part(x))
show("set_diag", lambda: tf.linalg.set_diag(x, [1.0, 2.0, 3.0]))
show("trace", lambda: tf.linalg.trace(x))
show("matrix_transpose", lambda: tf.linalg.matrix_transpose(x))
show("adjoint", lambda: tf.linalg.adjoint(x))
show("norm", lambda: tf.norm(x))
show("norm axis", lambda: tf.norm(x, ord=1, axis=1, keepdims=True))
show("linalg.norm inf", lambda: tf.linalg.norm(x, ord=np.inf, axis=[0, 1]))
show("norm fro of a vector", lambda: tf.norm(x, ord="fro"))
show("clip_by_norm", lambda: tf.clip_by_norm(tf.constant([3.0, 4.0]), 1.0))
show("clip_by_global_norm", lambda: tf.clip_by_global_norm([x, None, tf.constant([1.0, 2.0])], 5.0))
show("global_norm", lambda: tf.linalg.global_norm([x, tf.constant([1.0, 2.0])]))
show("identity_n", lambda: tf.identity_n([tf.constant(1), tf.constant([2.0])]))
show("shape_n", lambda: tf.shape_n([tf.zeros([2, 3]), tf.zeros([4])], out_type=tf.int64))
print("is_tensor", tf.is_tensor(x), tf.is_tensor(tf.Variable(1.0)), tf.is_tensor(np.ones(2)), tf.is_tensor(3))
show("get_static_value", lambda: tf.get_static_value(tf.constant([1, 2])))
show("get_static_value of a number", lambda: tf.get_static_value(5))
show("sort", lambda: tf.sort([3, 1, 2], direction="DESCENDING"))
show("argsort", lambda: tf.argsort([3.0, 1.0, 2.0]))
show("no_op", lambda: tf.no_op())
show("meshgrid bad indexing", lambda: tf.meshgrid([1], [2], indexing="yx"))
show("repeat bad axis", lambda: tf.repeat([[1, 2]], 2, axis=2))
show("searchsorted bad side", lambda: tf.searchsorted([1, 2], [1], side="middle"))
show("sequence_mask bad maxlen", lambda: tf.sequence_mask([1, 2], [2, 3]))
show("is_non_decreasing of strings", lambda: tf.math.is_non_decreasing(["a", "b"]))
show("matrix_transpose of a vector", lambda: tf.linalg.matrix_transpose([1, 2]))
show("norm of ints", lambda: tf.norm(tf.constant([1, -2]), ord=1))
show("norm of ints euclidean", lambda: tf.norm(tf.constant([1, -2])))
show("global_norm of nothing", lambda: tf.linalg.global_norm([]))
show("clip_by_global_norm of nothing", lambda: tf.clip_by_global_norm([], 1.0))
show("cast of None", lambda: tf.cast(None, tf.float32))
show("reshape to a TensorShape", lambda: tf.reshape(tf.range(6), tf.TensorShape([2, 3])))
show("TensorShape to a tensor", lambda: tf.convert_to_tensor(tf.TensorShape([2, 3])))
show("TensorShape to int64", lambda: tf.convert_to_tensor(tf.TensorShape([2, 3]), dtype=tf.int64))
show("TensorShape too wide for int32", lambda: tf.convert_to_tensor(tf.TensorShape([2**40])))
show("TensorShape to float32", lambda: tf.convert_to_tensor(tf.TensorShape([2, 3]), dtype=tf.float32))
show("partially known TensorShape", lambda: tf.convert_to_tensor(tf.TensorShape([None, 3])))
cube = tf.reshape(tf.range(24.0), [2, 3, 4])
show("tensordot axis lists", lambda: tf.tensordot(cube, tf.ones([4, 3, 5]), axes=[[1, 2], [1, 0]]))
show("tensordot an axis each", lambda: tf.tensordot(x, tf.ones([3, 2]), axes=[0, 0]))
show("tensordot tuple", lambda: tf.tensordot(x, tf.ones([4, 2]), axes=([1], [0])))
show("tensordot three lists", lambda: tf.tensordot(x, tf.ones([4, 2]), axes=[[1], [0], [0]]))


@tf.function(input_signature=[tf.TensorSpec([None, 4], tf.float32)])
def traced(m):
    outs = {
        "broadcast_to": tf.broadcast_to(m[:1], [2, 3, 4]),
        "roll": tf.roll(m, 1, axis=1),
        "repeat": tf.repeat(m, 2, axis=1),
        "band_part": tf.linalg.band_part(m, 0, -1),
        "diag_part": tf.linalg.diag_part(m),
        "norm": tf.norm(m, axis=1),
        "mesh": tf.meshgrid(tf.constant([0.0, 1.0, 2.0]), tf.constant([0.0, 1.0]))[0],
        "sequence_mask": tf.sequence_mask([1, 2], 3),
        "range of a float": tf.range(3.0),
        "range with a dtype": tf.range(1, 7, 2, dtype=tf.float64),
        "zeros_like": tf.zeros_like(m),
        "ones_like": tf.ones_like(tf.cast(m, tf.int64)),
        "zeros_like with a dtype": tf.zeros_like(m, dtype=tf.int32),
        "ones_like with a dtype": tf.ones_like(m, dtype=tf.float64),
    }
    for k, v in outs.items():
        print("static", k, v.shape)
    return outs


for k, v in traced(x).items():
    print("traced", k, repr(v))

with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    losses = {
        "broadcast_to": tf.reduce_sum(tf.broadcast_to(x[:, :1], [2, 3, 4]) ** 2),
        "roll": tf.reduce_sum(tf.roll(x, 1, axis=0) * tf.range(4.0)),
        "repeat": tf.reduce_sum(tf.repeat(x, [2, 0, 1], axis=0) ** 2),
        "tensor_scatter_nd_update": tf.reduce_sum(tf.tensor_scatter_nd_update(x, [[1]], [[1.0, 2.0, 3.0, 4.0]]) ** 2),
        "tensor_scatter_nd_max": tf.reduce_sum(tf.tensor_scatter_nd_max(x, [[0, 1], [2, 2]], [5.0, 5.0])),
        "band_part": tf.reduce_sum(tf.linalg.band_part(x, 1, 1) ** 2),
        "trace": tf.linalg.trace(x[:, :3] ** 2),
        "norm": tf.norm(x),
        "clip_by_norm": tf.reduce_sum(tf.clip_by_norm(x, 2.0) * tf.range(4.0)),
        "clip_by_global_norm": tf.reduce_sum(tf.clip_by_global_norm([x], 2.0)[0][0] * tf.range(4.0)),
    }
# Rounded: the gradients of the division and square root inside the norms round differently in
# the last places.
for k, loss in losses.items():
    print("gradient", k, np.round(tape.gradient(loss, x).numpy(), 5).tolist())
