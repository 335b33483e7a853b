"""tf.image.draw_bounding_boxes: TensorFlow's default color table (and white on gray images), a
given color table cycling over the boxes, clipping, boxes inverted or wholly outside, corners
truncated from box * (size - 1), RGBA images, traced shapes, and errors."""
import numpy as np

from harness import show_error, tf

images = tf.constant(np.arange(2 * 5 * 7 * 3, dtype=np.float32).reshape(2, 5, 7, 3) / 200)
boxes = tf.constant([[[0.0, 0.0, 1.0, 1.0], [0.2, 0.3, 0.6, 0.9], [0.5, -0.5, 1.5, 0.5], [0.7, 0.7, 0.2, 0.9]],
                     [[-1.0, -1.0, -0.5, -0.5], [0.25, 0.1, 0.26, 0.99], [0.3, 0.3, 0.3, 0.3], [-0.2, 0.4, 1.2, 2.0]]])


def show(label, t):
    print(label, t.dtype.name, tuple(t.shape), np.round(np.asarray(t), 4).ravel().tolist())


show("default", tf.image.draw_bounding_boxes(images, boxes, None))
show("colors", tf.image.draw_bounding_boxes(images, boxes, [[0.1, 0.2, 0.3, 0.4], [0.9, 0.8, 0.7, 0.6]]))
show("empty colors", tf.image.draw_bounding_boxes(images, boxes, tf.zeros([0, 4])))
show("gray", tf.image.draw_bounding_boxes(images[:, :, :, :1], boxes, None))
show("gray colors", tf.image.draw_bounding_boxes(images[:, :, :, :1], boxes, [[0.5], [0.25]]))
rgba = tf.concat([images, images[:, :, :, :1]], -1)
show("rgba", tf.image.draw_bounding_boxes(rgba, boxes, None))
many = tf.constant([[[i / 20, i / 20, i / 20 + 0.1, i / 20 + 0.1] for i in range(12)]] * 2)
show("eleven colors cycle", tf.image.draw_bounding_boxes(tf.zeros([2, 12, 12, 3]), many, None))
show_error("rank 3 images", lambda: tf.image.draw_bounding_boxes(images[0], boxes, None))
show_error("depth 2", lambda: tf.image.draw_bounding_boxes(images[:, :, :, :2], boxes, None))
show_error("box size 3", lambda: tf.image.draw_bounding_boxes(images, boxes[:, :, :3], None))
show_error("batch mismatch", lambda: tf.image.draw_bounding_boxes(images[:1], boxes, None))
show_error("narrow colors", lambda: tf.image.draw_bounding_boxes(images, boxes, [[1.0, 0.0]]))
show_error("colors rank 1", lambda: tf.image.draw_bounding_boxes(images, boxes, [1.0, 0.0, 0.0]))
show_error("uint8 images", lambda: tf.image.draw_bounding_boxes(tf.zeros([2, 5, 7, 3], tf.uint8), boxes, None))


@tf.function
def traced(x, b):
    drawn = tf.image.draw_bounding_boxes(x, b, [[1.0, 0.0, 0.0]])
    print("traced", drawn.shape.as_list())
    return drawn


show("traced", traced(images, boxes))
traced.get_concrete_function(tf.TensorSpec([None, None, None, 3]), tf.TensorSpec([None, None, 4]))
x = tf.Variable(images)
with tf.GradientTape() as tape:
    drawn = tf.reduce_sum(tf.image.draw_bounding_boxes(x, boxes, None))
show_error("gradient", lambda: tape.gradient(drawn, x))
