"""tf.nn.ctc_beam_search_decoder (TensorFlow 2's, repeats kept) and tf.compat.v1.nn's (merge_repeated
both ways): several top paths, lengths shorter than the time axis, equally likely prefixes, float64,
a beam of one, the errors TensorFlow raises, use inside tf.function; tf.nn.collapse_repeated and
tf.nn.ctc_unique_labels, eagerly and traced; keras.ops.ctc_decode's beam search with the mask
column first, inside and absent."""
import numpy as np

from harness import rounded, tf


def show(label, result):
    decoded, log_probability = result
    print(label, len(decoded), [type(d).__name__ for d in decoded])
    for d in decoded:
        print("  ", d.indices.numpy().tolist(), d.values.dtype.name, d.values.numpy().tolist(), d.dense_shape.numpy().tolist())
    print("  ", rounded(log_probability, 5))


def error(label, fn):
    """Prints the class and message of what fn() raises, without TensorFlow's node and op decorations."""
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - class and message are compared
        message = str(e).split("\n")[0].split(" [Op:")[0].split("}}")[-1].strip()
        print(label, "raises", type(e).__name__, message[message.find("] ") + 2:] if message.startswith("[") else message)
    else:
        print(label, "no error")


rng = np.random.RandomState(11)
logits = tf.constant(rng.randn(7, 3, 5).astype(np.float32) * 2)
lengths = tf.constant([7, 4, 1])
show("v2 top 3", tf.nn.ctc_beam_search_decoder(logits, lengths, beam_width=5, top_paths=3))
show("v2 defaults", tf.nn.ctc_beam_search_decoder(logits, lengths))
show("v2 beam 1", tf.nn.ctc_beam_search_decoder(logits, lengths, beam_width=1))
show("v2 float64", tf.nn.ctc_beam_search_decoder(tf.cast(logits, tf.float64), lengths, beam_width=4, top_paths=2))
ties = tf.constant(np.round(rng.randn(6, 2, 4) * 1.5).astype(np.float32))
show("v2 ties", tf.nn.ctc_beam_search_decoder(ties, [6, 5], beam_width=3, top_paths=3))
for merge in [True, False]:
    show("v1 merge %s" % merge, tf.compat.v1.nn.ctc_beam_search_decoder(logits, lengths, beam_width=6, top_paths=4,
                                                                       merge_repeated=merge))
    show("v1 ties merge %s" % merge, tf.compat.v1.nn.ctc_beam_search_decoder(ties, [6, 3], 4, 2, merge))

error("top_paths > beam_width", lambda: tf.nn.ctc_beam_search_decoder(logits, lengths, beam_width=2, top_paths=3))
error("fewer leaves", lambda: tf.nn.ctc_beam_search_decoder(logits, [7, 4, 0], beam_width=3, top_paths=2))
error("beam_width 0", lambda: tf.nn.ctc_beam_search_decoder(logits, lengths, beam_width=0))
error("rank 2", lambda: tf.nn.ctc_beam_search_decoder(logits[0], lengths))
error("lengths of a matrix", lambda: tf.nn.ctc_beam_search_decoder(logits, [[7, 4, 1]]))
error("too few lengths", lambda: tf.nn.ctc_beam_search_decoder(logits, [7, 4]))
error("too long", lambda: tf.nn.ctc_beam_search_decoder(logits, [8, 1, 1]))
error("empty", lambda: tf.nn.ctc_beam_search_decoder(tf.zeros((0, 3, 5)), lengths))


@tf.function
def traced(x, n):
    decoded, log_probability = tf.nn.ctc_beam_search_decoder(x, n, beam_width=4, top_paths=2)
    print("traced", [(d.indices.shape, d.values.shape, d.dense_shape.shape) for d in decoded], log_probability.shape)
    return [tf.sparse.to_dense(d, default_value=-1) for d in decoded], log_probability


dense, log_probability = traced(logits, lengths)
print([d.numpy().tolist() for d in dense], rounded(log_probability, 5))

labels = tf.constant([[1, 1, 2, 2, 1, 3], [4, 4, 4, 5, 5, 5], [7, 7, 8, 8, 8, 9]])
for seq_length in ([6, 6, 6], [5, 2, 0], tf.constant([4, 6, 3], tf.int64)):
    collapsed, new_length = tf.nn.collapse_repeated(labels, seq_length)
    print("collapse_repeated", collapsed.dtype.name, collapsed.numpy().tolist(), new_length.dtype.name, new_length.numpy().tolist())
collapsed, new_length = tf.function(tf.nn.collapse_repeated)(tf.cast(labels, tf.int64), tf.constant([3, 6, 2]))
print("collapse_repeated traced", collapsed.dtype.name, collapsed.numpy().tolist(), new_length.numpy().tolist())
for value in ([[3, 4, 4, 3], [1, 1, 0, 0], [5, 6, 7, 8]], tf.constant([[2, 0, 2, 9, 9]], tf.int64)):
    unique, index = tf.nn.ctc_unique_labels(value)
    print("ctc_unique_labels", unique.dtype.name, unique.numpy().tolist(), index.dtype.name, index.numpy().tolist())

ops = tf.keras.ops
batch_major = tf.transpose(logits, (1, 0, 2))
for kwargs in ({}, {"mask_index": 2, "top_paths": 2, "beam_width": 4}, {"mask_index": 4, "top_paths": 3},
               {"mask_index": None, "beam_width": 3}):
    decoded, scores = ops.ctc_decode(batch_major, lengths, strategy="beam_search", **kwargs)
    print("ctc_decode", kwargs, decoded.dtype.name, decoded.numpy().tolist(), rounded(scores, 5))
decoded, scores = ops.ctc_decode(tf.cast(batch_major, tf.float64), lengths, strategy="beam_search", top_paths=2)
print("ctc_decode float64", decoded.numpy().tolist(), rounded(scores, 5))
