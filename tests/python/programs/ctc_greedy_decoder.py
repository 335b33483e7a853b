"""tf.nn.ctc_greedy_decoder: the best class per step (the first on ties), blanks dropped, repeats
merged or not, blank_index (default the last class, negative from the end), sequence lengths
shorter than the time axis and zero, float64 logits, the SparseTensor's parts and the scores, the
errors TensorFlow raises, and use inside tf.function."""
import numpy as np

from harness import tf


def show(label, fn):
    try:
        decoded, scores = fn()
    except Exception as e:  # noqa: BLE001 - the class and message are compared
        message = str(e).split(" [Op:")[0].split("}}")[-1].strip()
        print(label, "raises", type(e).__name__, message[message.find("] ") + 2:] if message.startswith("[") else message)
        return
    sparse = decoded[0]
    print(label, len(decoded), type(sparse).__name__, sparse.indices.numpy().tolist(), sparse.values.numpy().tolist(),
          sparse.dense_shape.numpy().tolist(), scores.dtype.name, np.round(scores.numpy(), 5).tolist())


rng = np.random.RandomState(3)
logits = rng.randn(6, 3, 4).astype(np.float32)
logits[1, 0] = logits[0, 0]  # a repeat at batch 0
logits[2, 1, :] = [0.5, 0.5, 0.1, 0.0]  # a tie: the first wins
lengths = [6, 4, 0]
for merge in [True, False]:
    for blank in [None, 0, 2, -1, -4]:
        show("merge %s blank %s" % (merge, blank), lambda: tf.nn.ctc_greedy_decoder(logits, lengths, merge, blank))
show("float64", lambda: tf.nn.ctc_greedy_decoder(logits.astype(np.float64), lengths))
show("all blanks", lambda: tf.nn.ctc_greedy_decoder(np.tile([0.0, 0.0, 5.0], (2, 1, 1)).astype(np.float32), [2]))

show("rank 2", lambda: tf.nn.ctc_greedy_decoder(logits[0], lengths))
show("lengths of a matrix", lambda: tf.nn.ctc_greedy_decoder(logits, [lengths]))
show("too few lengths", lambda: tf.nn.ctc_greedy_decoder(logits, [6, 4]))
show("too long", lambda: tf.nn.ctc_greedy_decoder(logits, [7, 1, 1]))
show("blank outside", lambda: tf.nn.ctc_greedy_decoder(logits, lengths, blank_index=4))
show("empty", lambda: tf.nn.ctc_greedy_decoder(np.zeros((0, 3, 4), np.float32), lengths))


@tf.function
def traced(x, n):
    decoded, scores = tf.nn.ctc_greedy_decoder(x, n)
    print("traced", decoded[0].indices.shape, decoded[0].values.shape, decoded[0].dense_shape.shape, scores.shape)
    return tf.sparse.to_dense(decoded[0], default_value=-1), scores


dense, scores = traced(tf.constant(logits), tf.constant(lengths))
print(dense.numpy().tolist(), np.round(scores.numpy(), 5).tolist())
