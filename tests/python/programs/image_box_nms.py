"""tf.image.combined_non_max_suppression (classes with shared and own boxes, pad_per_class,
clip_boxes, thresholds), non_max_suppression_overlaps and non_max_suppression_padded (padding,
score threshold, tiles, sorted and canonical inputs, batches), traced shapes and errors."""
import numpy as np

from harness import show_error, tf


def show(label, *ts):
    print(label, [(t.dtype.name, tuple(t.shape), np.asarray(t).ravel().tolist()) for t in ts])


corners = [[0, 0, 1, 1], [0, 0.1, 1, 1.1], [0, -0.1, 1, 0.9], [0, 10, 1, 11], [0, 10.1, 1, 11.1], [0, 100, 1, 101]]
boxes = tf.constant([[[c] for c in corners], [[[y / 2 for y in c]] for c in corners[::-1]]], tf.float32)
scores = tf.constant([[[0.9, 0.1], [0.75, 0.8], [0.6, 0.3], [0.95, 0.2], [0.5, 0.7], [0.3, 0.6]],
                      [[0.2, 0.4], [0.25, 0.8], [0.6, 0.35], [0.95, 0.9], [0.5, 0.7], [0.3, 0.6]]], tf.float32)
show("combined", *tf.image.combined_non_max_suppression(boxes, scores, 2, 5))
show("combined padded per class", *tf.image.combined_non_max_suppression(boxes, scores, 2, 10, pad_per_class=True, clip_boxes=False))
show("combined small total", *tf.image.combined_non_max_suppression(boxes, scores, 3, 2, pad_per_class=True))
show("combined thresholds", *tf.image.combined_non_max_suppression(boxes, scores, 4, 8, iou_threshold=0.8, score_threshold=0.5))
own = tf.concat([boxes, boxes[:, ::-1] * 3.0], axis=2)
show("combined class boxes", *tf.image.combined_non_max_suppression(own, scores, 6, 12, clip_boxes=False))
r = tf.image.combined_non_max_suppression(boxes, scores, 2, 5)
print("fields", type(r).__name__, r._fields)
show_error("max per class 0", lambda: tf.image.combined_non_max_suppression(boxes, scores, 0, 5))
show_error("max total 0", lambda: tf.image.combined_non_max_suppression(boxes, scores, 2, 0))
show_error("iou 2", lambda: tf.image.combined_non_max_suppression(boxes, scores, 2, 5, iou_threshold=2.0))
show_error("batch", lambda: tf.image.combined_non_max_suppression(boxes[:1], scores, 2, 5))
show_error("q", lambda: tf.image.combined_non_max_suppression(tf.tile(boxes, [1, 1, 3, 1]), scores, 2, 5))
show_error("columns", lambda: tf.image.combined_non_max_suppression(boxes[:, :, :, :3], scores, 2, 5))
show_error("num boxes", lambda: tf.image.combined_non_max_suppression(boxes[:, :5], scores, 2, 5))
show_error("float64", lambda: tf.image.combined_non_max_suppression(tf.cast(boxes, tf.float64), scores, 2, 5))

overlaps = tf.constant([[1, 0.6, 0.2, 0.0], [0.6, 1, 0.7, 0.1], [0.2, 0.7, 1, 0.4], [0, 0.1, 0.4, 1]], tf.float32)
ranks = tf.constant([0.9, 0.8, 0.7, 0.6])
show("overlaps", tf.image.non_max_suppression_overlaps(overlaps, ranks, 4, overlap_threshold=0.5))
show("overlaps score threshold", tf.image.non_max_suppression_overlaps(overlaps, ranks, 4, score_threshold=0.65))
show("overlaps max 1", tf.image.non_max_suppression_overlaps(overlaps, ranks, 1, overlap_threshold=0.1))
show_error("overlaps not square", lambda: tf.image.non_max_suppression_overlaps(tf.zeros([3, 4]), tf.zeros([3]), 2))
show_error("overlaps scores", lambda: tf.image.non_max_suppression_overlaps(tf.zeros([3, 3]), tf.zeros([4]), 2))
show_error("overlaps negative size", lambda: tf.image.non_max_suppression_overlaps(tf.zeros([3, 3]), tf.zeros([3]), -1))

flat = tf.constant(corners, tf.float32)
flat_scores = tf.constant([0.9, 0.75, 0.6, 0.95, 0.5, 0.3])
for kw in [{}, {"pad_to_max_output_size": True}, {"score_threshold": 0.55, "pad_to_max_output_size": True},
           {"tile_size": 2}, {"tile_size": 1, "iou_threshold": 0.3}, {"sorted_input": True},
           {"canonicalized_coordinates": True}, {"iou_threshold": 0.95}]:
    show("padded %s" % sorted(kw.items()), *tf.image.non_max_suppression_padded(flat, flat_scores, 4, **kw))
flipped = tf.constant([[c[2], c[3], c[0], c[1]] for c in corners], tf.float32)
show("padded flipped corners", *tf.image.non_max_suppression_padded(flipped, flat_scores, 6))
show("padded negative coordinates", *tf.image.non_max_suppression_padded(flat - 200.0, flat_scores, 6))
batch = tf.stack([tf.stack([flat, flat[::-1]]), tf.stack([flat * 2, flat + 0.05])])
show("padded batch", *tf.image.non_max_suppression_padded(batch, tf.stack([tf.stack([flat_scores] * 2)] * 2), 3,
                                                           pad_to_max_output_size=True, tile_size=4))
show("padded max 0", *tf.image.non_max_suppression_padded(flat, flat_scores, 0, pad_to_max_output_size=True))
show_error("padded batch without padding", lambda: tf.image.non_max_suppression_padded(batch, flat_scores, 3))


@tf.function
def traced(b, s):
    r = tf.image.combined_non_max_suppression(b, s, 2, 5)
    i = tf.image.non_max_suppression_overlaps(overlaps, ranks, 4)
    print("traced", [t.shape.as_list() for t in r], i.shape.as_list())
    return r.nmsed_scores, i


show("traced", *traced(boxes, scores))
