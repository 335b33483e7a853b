"""tf.image.stateless_sample_distorted_bounding_box (TensorFlow's window for a seed, every image_size
dtype, the whole image when no attempt fits or without boxes) and sample_distorted_bounding_box
(windows inside the image with the asked aspect ratio, area and coverage), errors and traced shapes."""
import numpy as np

from harness import show_error, tf

boxes = tf.constant([[[0.1, 0.2, 0.6, 0.7], [0.3, 0.3, 0.9, 0.95]]])


def show(label, r):
    print(label, type(r).__name__, r._fields, [(t.dtype.name, tuple(t.shape), np.asarray(t).ravel().tolist()) for t in r])


for seed in [(1, 2), (7, 11), (123, 456), (-5, 2**31 - 1)]:
    show("stateless %s" % (seed,), tf.image.stateless_sample_distorted_bounding_box([480, 640, 3], boxes, seed=seed,
                                                                                     min_object_covered=0.3))
show("int64 ranges", tf.image.stateless_sample_distorted_bounding_box(tf.constant([48, 64, 1], tf.int64), boxes, seed=(3, 4),
                                                                      aspect_ratio_range=(0.5, 2.0), area_range=(0.2, 0.6),
                                                                      max_attempts=5))
show("uint8 no boxes", tf.image.stateless_sample_distorted_bounding_box(tf.constant([48, 64, 1], tf.uint8), tf.zeros([1, 0, 4]),
                                                                        seed=(3, 4), use_image_if_no_bounding_boxes=True))
show("int8 int64 seed", tf.image.stateless_sample_distorted_bounding_box(tf.constant([100, 30, 3], tf.int8), boxes,
                                                                         seed=tf.constant([9, 8], tf.int64), min_object_covered=0.0))
show("fallback", tf.image.stateless_sample_distorted_bounding_box([48, 64, 3], boxes, seed=(3, 4), min_object_covered=1.0,
                                                                  area_range=(0.01, 0.02)))
show("one attempt", tf.image.stateless_sample_distorted_bounding_box([7, 5, 3], boxes, seed=(1, 1), max_attempts=1))


def constraints(r, height, width, aspect, area, covered):
    begin, size, window = (np.asarray(t) for t in r)
    y, x = int(begin[0]), int(begin[1])
    h, w = int(size[0]), int(size[1])
    inside = 0 <= y and 0 <= x and y + h <= height and x + w <= width and begin[2] == 0 and size[2] == -1
    whole = (y, x, h, w) == (0, 0, height, width)
    ratio_ok = aspect[0] - 0.02 <= w / h <= aspect[1] + 0.02
    area_ok = area[0] * height * width - w <= w * h <= area[1] * height * width + w
    box = np.asarray(boxes)[0] * [height, width, height, width]
    cover = max(max(0, min(y + h, int(b[2])) - max(y, int(b[0]))) * max(0, min(x + w, int(b[3])) - max(x, int(b[1]))) /
                ((int(b[2]) - int(b[0])) * (int(b[3]) - int(b[1]))) for b in box)
    same_window = np.allclose(window.ravel(), [y / height, x / width, (y + h) / height, (x + w) / width])
    return inside and same_window and (whole or (ratio_ok and area_ok and cover >= covered))


ok = []
for seed in range(1, 41):
    r = tf.image.sample_distorted_bounding_box([120, 90, 3], boxes, seed=seed, min_object_covered=0.4,
                                               aspect_ratio_range=(0.6, 1.6), area_range=(0.1, 0.8))
    ok.append(constraints(r, 120, 90, (0.6, 1.6), (0.1, 0.8), 0.4))
print("stateful windows satisfy the constraints", all(ok), len(ok))
r = tf.image.sample_distorted_bounding_box([120, 90, 3], boxes)
print("stateful", type(r).__name__, r._fields, [(t.dtype.name, tuple(t.shape)) for t in r], r.begin.numpy()[2], r.size.numpy()[2])
print("stateless repeats", all(np.array_equal(a, b) for a, b in zip(
    tf.image.stateless_sample_distorted_bounding_box([480, 640, 3], boxes, seed=(5, 6)),
    tf.image.stateless_sample_distorted_bounding_box([480, 640, 3], boxes, seed=(5, 6)))))
show("stateful fallback", tf.image.sample_distorted_bounding_box([48, 64, 3], boxes, seed=3, min_object_covered=1.0,
                                                                 area_range=(0.01, 0.02)))

for label, kw in [("negative coverage", {"min_object_covered": -1.0}), ("area above 1", {"area_range": (0.1, 1.5)}),
                  ("area 0", {"area_range": (0.0, 1.0)}), ("aspect 0", {"aspect_ratio_range": (0.0, 1.0)}),
                  ("no attempts", {"max_attempts": 0})]:
    show_error(label, lambda: tf.image.stateless_sample_distorted_bounding_box([48, 64, 3], boxes, seed=(3, 4), **kw))
show_error("image_size of 2", lambda: tf.image.stateless_sample_distorted_bounding_box([48, 64], boxes, seed=(3, 4)))
show_error("boxes outside", lambda: tf.image.stateless_sample_distorted_bounding_box([48, 64, 3], boxes * 2, seed=(3, 4)))
show_error("boxes rank 2", lambda: tf.image.stateless_sample_distorted_bounding_box([48, 64, 3], boxes[0], seed=(3, 4)))
show_error("no boxes", lambda: tf.image.stateless_sample_distorted_bounding_box([48, 64, 3], tf.zeros([1, 0, 4]), seed=(3, 4)))
show_error("seed of 3", lambda: tf.image.stateless_sample_distorted_bounding_box([48, 64, 3], boxes, seed=(3, 4, 5)))
show_error("float image_size", lambda: tf.image.stateless_sample_distorted_bounding_box([48.0, 64, 3], boxes, seed=(3, 4)))


@tf.function
def traced(size, b, seed):
    r = tf.image.stateless_sample_distorted_bounding_box(size, b, seed=seed)
    print("traced", [t.shape.as_list() for t in r])
    return r


show("traced", traced(tf.constant([480, 640, 3]), boxes, tf.constant([1, 2])))
