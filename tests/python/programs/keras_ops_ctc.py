"""tf.keras.ops' CTC: ctc_loss (against TensorFlow's, with per-sample lengths, repeated labels and
another blank index) and its gradient, and ctc_decode's greedy strategy."""
import numpy as np

from harness import tf
from keras_ops_harness import ops, show

rng = np.random.RandomState(7)
logits = tf.constant(rng.normal(0, 1, (3, 6, 4)).astype(np.float32))
target = tf.constant([[1, 2, 2], [3, 1, 0], [2, 0, 0]])
target_length = tf.constant([3, 2, 1])
output_length = tf.constant([6, 5, 3])
show("ctc_loss", ops.ctc_loss(target, logits, target_length, output_length))
show("ctc_loss mask_index 3", ops.ctc_loss(tf.constant([[0, 1, 1], [2, 0, 0], [1, 2, 0]]), logits,
                                           tf.constant([3, 1, 2]), output_length, mask_index=3))
show("ctc_loss float64", ops.ctc_loss(target, tf.cast(logits, tf.float64), target_length, output_length))

x = tf.Variable(logits)
with tf.GradientTape() as tape:
    loss = ops.sum(ops.ctc_loss(target, x, target_length, output_length))
show("ctc_loss gradient", tape.gradient(loss, x))

show("ctc_decode", ops.ctc_decode(logits, tf.constant([6, 4, 2])))
show("ctc_decode no merge", ops.ctc_decode(logits, tf.constant([6, 6, 6]), merge_repeated=False))
show("ctc_decode mask_index 2", ops.ctc_decode(logits, tf.constant([6, 5, 3]), mask_index=2))
