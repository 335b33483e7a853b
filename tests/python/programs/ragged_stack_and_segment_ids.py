"""tf.ragged.stack (tensors and RaggedTensors of every rank, on every axis), stack_dynamic_partitions
(partitions of rank 0, 1 and 2, dense and ragged data) and the conversions between row splits and
segment ids, with their dtypes and errors."""
import numpy as np

from harness import show_error, show_error_message, tf


def show(label, value):
    if isinstance(value, tf.RaggedTensor):
        print(label, "RaggedTensor", value.dtype.name, value.row_splits.dtype.name, value.ragged_rank, value.to_list())
    else:
        print(label, "Tensor", value.dtype.name, tuple(value.shape), np.asarray(value).tolist())


show("row_splits_to_segment_ids", tf.ragged.row_splits_to_segment_ids([0, 3, 3, 5, 6, 9]))
show("row_splits_to_segment_ids int32", tf.ragged.row_splits_to_segment_ids(tf.constant([0, 2, 2, 4], tf.int32)))
show("row_splits_to_segment_ids out_type", tf.ragged.row_splits_to_segment_ids([0, 1, 3], out_type=tf.int32))
show("row_splits_to_segment_ids one row", tf.ragged.row_splits_to_segment_ids([0]))
show_error_message("row_splits_to_segment_ids float", lambda: tf.ragged.row_splits_to_segment_ids([0.0, 1.0]))
show_error_message("row_splits_to_segment_ids rank 2", lambda: tf.ragged.row_splits_to_segment_ids([[0, 1]]))
show_error_message("row_splits_to_segment_ids empty", lambda: tf.ragged.row_splits_to_segment_ids(
    tf.constant([], tf.int64)))

show("segment_ids_to_row_splits", tf.ragged.segment_ids_to_row_splits([0, 0, 0, 2, 2, 3, 4, 4, 4]))
show("segment_ids_to_row_splits int32", tf.ragged.segment_ids_to_row_splits(tf.constant([0, 1, 1, 3], tf.int32)))
show("segment_ids_to_row_splits num_segments", tf.ragged.segment_ids_to_row_splits([0, 1, 1], num_segments=5))
show("segment_ids_to_row_splits fewer segments", tf.ragged.segment_ids_to_row_splits([0, 1, 1, 3], num_segments=2))
show("segment_ids_to_row_splits tensor num_segments", tf.ragged.segment_ids_to_row_splits(
    [0, 2], num_segments=tf.constant(3, tf.int32)))
show("segment_ids_to_row_splits out_type", tf.ragged.segment_ids_to_row_splits([1, 1], out_type="int32"))
show("segment_ids_to_row_splits empty", tf.ragged.segment_ids_to_row_splits(tf.constant([], tf.int64)))
show_error_message("segment_ids_to_row_splits float", lambda: tf.ragged.segment_ids_to_row_splits([0.5, 1.0]))
show_error_message("segment_ids_to_row_splits rank 2", lambda: tf.ragged.segment_ids_to_row_splits([[0, 1]]))
show_error_message("segment_ids_to_row_splits num_segments rank 1",
                   lambda: tf.ragged.segment_ids_to_row_splits([0, 1], num_segments=[2]))

a = tf.constant([1, 2, 3])
b = tf.constant([4, 5])
rt = tf.ragged.constant([[1, 2], [3]])
rt32 = tf.RaggedTensor.from_row_splits(tf.constant([7, 8, 9]), tf.constant([0, 1, 3], tf.int32))
show("stack rank 1", tf.ragged.stack([a, b]))
show("stack rank 1 axis -2", tf.ragged.stack([a, b], axis=-2))
show("stack rank 1 axis 1", tf.ragged.stack([a, tf.constant([4, 5, 6])], axis=1))
show("stack rank 2 axis 0", tf.ragged.stack([tf.constant([[1, 2, 3], [4, 5, 6]]), tf.constant([[5], [6], [7]])]))
show("stack rank 2 axis 1", tf.ragged.stack([tf.constant([[1, 2], [3, 4]]), tf.constant([[5, 6], [7, 8]])], axis=1))
show("stack rank 2 axis 2", tf.ragged.stack([tf.constant([[1, 2], [3, 4]]), tf.constant([[5, 6], [7, 8]])], axis=2))
show("stack ragged", tf.ragged.stack([rt, tf.ragged.constant([[4], [], [5, 6]])]))
show("stack ragged axis 1", tf.ragged.stack([rt, tf.ragged.constant([[4], [5, 6]])], axis=1))
show("stack ragged and tensor", tf.ragged.stack([rt, tf.constant([[9, 9], [8, 8]])]))
show("stack int32 splits", tf.ragged.stack([rt32, rt32]))
show("stack one", tf.ragged.stack([rt]))
show_error_message("stack empty", lambda: tf.ragged.stack([]))
show_error("stack axis out of range", lambda: tf.ragged.stack([a, b], axis=2))

data = tf.constant(["a", "b", "c", "d", "e"])
show("stack_dynamic_partitions", tf.ragged.stack_dynamic_partitions(data, [3, 0, 2, 2, 3], 5))
show("stack_dynamic_partitions int64", tf.ragged.stack_dynamic_partitions(
    tf.constant([[1, 2], [3, 4], [5, 6]]), tf.constant([1, 0, 1], tf.int64), tf.constant(2, tf.int64)))
show("stack_dynamic_partitions rank 0", tf.ragged.stack_dynamic_partitions(tf.constant([1, 2]), 1, 3))
show("stack_dynamic_partitions rank 2", tf.ragged.stack_dynamic_partitions(
    tf.constant([[1, 2, 3], [4, 5, 6]]), [[0, 1, 0], [2, 2, 0]], 3))
show("stack_dynamic_partitions ragged data", tf.ragged.stack_dynamic_partitions(
    tf.ragged.constant([[1, 2], [3], [4, 5, 6]]), [1, 1, 0], 2))
show("stack_dynamic_partitions ragged partitions", tf.ragged.stack_dynamic_partitions(
    tf.ragged.constant([[1, 2], [3], [4, 5, 6]]), tf.ragged.constant([[0, 1], [1], [0, 0, 1]]), 2))
show("stack_dynamic_partitions empty", tf.ragged.stack_dynamic_partitions(tf.constant([], tf.float32),
                                                                          tf.constant([], tf.int32), 2))
show_error("stack_dynamic_partitions too large", lambda: tf.ragged.stack_dynamic_partitions(a, [0, 3, 1], 3))
show_error("stack_dynamic_partitions negative", lambda: tf.ragged.stack_dynamic_partitions(a, [0, -1, 1], 3))
show_error_message("stack_dynamic_partitions shapes", lambda: tf.ragged.stack_dynamic_partitions(a, [0, 1], 3))
show_error_message("stack_dynamic_partitions num_partitions rank",
                   lambda: tf.ragged.stack_dynamic_partitions(a, [0, 1, 1], [3]))
