"""keras.ops' CTC: ctc_loss by the forward algorithm in log space (differentiable through tfpp's
ops; a Python loop over the time steps), and ctc_decode's greedy strategy."""

import numpy as _np

import tfpp as tf

from . import _ops_dtypes as _dtypes
from ._ops_convert import convert_to_tensor, dtype_name as _name

_NEGATIVE = -1e30  # log(0) that stays finite through logsumexp


def _log_add(a, b):
    bigger = tf.math.maximum(a, b)
    return bigger + tf.math.log(tf.math.exp(a - bigger) + tf.math.exp(b - bigger))


def ctc_loss(target, output, target_length, output_length, mask_index=0):
    """keras.ops.ctc_loss: per sample, -log p(target | output) for output logits (batch, time,
    classes), target labels (batch, max_label_length) and their lengths; mask_index is the blank."""
    output = convert_to_tensor(output)
    result_dtype = _dtypes.result_type(_name(output), "float32")
    compute = "float32" if result_dtype == "float64" else result_dtype
    log_probs = tf.nn.log_softmax(tf.cast(output, compute), axis=-1)
    labels = tf.cast(convert_to_tensor(target), "int32")
    label_length = tf.cast(convert_to_tensor(target_length), "int32")
    logit_length = tf.cast(convert_to_tensor(output_length), "int32")
    batch, steps = log_probs.shape[0], log_probs.shape[1]
    max_labels = labels.shape[1]
    states = 2 * max_labels + 1
    # The extended label sequence: blank, l1, blank, l2, ..., blank.
    positions = _np.arange(states)
    extended = tf.where(tf.constant(positions % 2 == 0), tf.fill([batch, states], tf.constant(mask_index, "int32")),
                        tf.gather(labels, tf.constant(_np.maximum(positions - 1, 0) // 2), axis=1))
    # A state may also come from two back when it is a label differing from the label before it.
    previous = tf.concat([tf.fill([batch, 2], tf.constant(-1, "int32")), extended[:, :-2]], axis=1)
    skip = tf.math.logical_and(tf.constant(positions % 2 == 1), tf.math.not_equal(extended, previous))
    valid_states = tf.expand_dims(tf.range(states), 0) < tf.expand_dims(2 * label_length + 1, 1)
    negative = tf.fill([batch, states], tf.constant(_NEGATIVE, compute))

    def emissions(t):
        return tf.gather(log_probs[:, t, :], extended, batch_dims=1)

    alpha = tf.where(tf.math.logical_and(tf.constant(positions < 2), valid_states), emissions(0), negative)
    for t in range(1, steps):
        stay = alpha
        step = tf.concat([negative[:, :1], alpha[:, :-1]], axis=1)
        jump = tf.where(skip, tf.concat([negative[:, :2], alpha[:, :-2]], axis=1), negative)
        new = _log_add(_log_add(stay, step), jump) + emissions(t)
        new = tf.where(valid_states, new, negative)
        alpha = tf.where(tf.expand_dims(t < logit_length, 1), new, alpha)  # samples already ended keep theirs
    last = 2 * label_length
    end = _log_add(tf.gather(alpha, tf.expand_dims(last, 1), batch_dims=1)[:, 0],
                   tf.gather(alpha, tf.expand_dims(tf.math.maximum(last - 1, 0), 1), batch_dims=1)[:, 0])
    end = tf.where(label_length > 0, end, tf.gather(alpha, tf.expand_dims(last, 1), batch_dims=1)[:, 0])
    return tf.cast(-end, result_dtype)


def ctc_decode(inputs, sequence_lengths, strategy="greedy", beam_width=100, top_paths=1, merge_repeated=True,
               mask_index=0):
    """keras.ops.ctc_decode: (decoded labels (1, batch, time) padded with -1, scores (batch, 1) =
    -sum of the best logits) by the greedy strategy."""
    del beam_width, top_paths
    if strategy not in ("greedy", "beam_search"):
        raise ValueError("Invalid strategy %s. Supported values are 'greedy' and 'beam_search'." % (strategy,))
    if strategy == "beam_search":
        raise NotImplementedError("tfpp's keras.ops.ctc_decode has the greedy strategy only")
    inputs = convert_to_tensor(inputs)
    inputs = tf.cast(inputs, _dtypes.result_type(_name(inputs), "float32"))
    lengths = _np.asarray(convert_to_tensor(sequence_lengths, "int32"))
    best = _np.asarray(tf.math.argmax(inputs, axis=-1))
    top = _np.asarray(tf.math.reduce_max(inputs, axis=-1))
    batch, steps = best.shape
    decoded = _np.full((1, batch, steps), -1, _np.int32)
    scores = _np.zeros((batch, 1), _np.asarray(top).dtype)
    for b in range(batch):
        labels, before = [], None
        for t in range(int(lengths[b])):
            label = int(best[b, t])
            if label != mask_index and not (merge_repeated and label == before):
                labels.append(label)
            before = label
        decoded[0, b, :len(labels)] = labels
        scores[b, 0] = -top[b, :int(lengths[b])].sum()
    return tf.constant(decoded), tf.constant(scores)
