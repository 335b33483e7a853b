"""keras.ops' CTC: ctc_loss over tf.nn.ctc_loss (the forward algorithm in log space, composed from
tfpp's ops in C++), and ctc_decode's greedy and beam-search strategies."""

import numpy as _np

import tfpp as tf

from . import _ops_dtypes as _dtypes
from ._ops_convert import convert_to_tensor, dtype_name as _name


def ctc_loss(target, output, target_length, output_length, mask_index=0):
    """keras.ops.ctc_loss: per sample, -log p(target | output) for output logits (batch, time,
    classes), target labels (batch, max_label_length) and their lengths; mask_index is the blank.
    As Keras' TensorFlow backend: tf.nn.ctc_loss, with float64 logits computed in float32."""
    output = convert_to_tensor(output)
    result_dtype = _dtypes.result_type(_name(output), "float32")
    compute = "float32" if result_dtype == "float64" else result_dtype
    loss = tf.nn.ctc_loss(tf.cast(convert_to_tensor(target), "int32"), tf.cast(output, compute),
                          convert_to_tensor(target_length), convert_to_tensor(output_length),
                          logits_time_major=False, blank_index=mask_index)
    return tf.cast(loss, result_dtype)


def ctc_decode(inputs, sequence_lengths, strategy="greedy", beam_width=100, top_paths=1, merge_repeated=True,
               mask_index=0):
    """keras.ops.ctc_decode: (decoded labels (paths, batch, time) padded with -1, scores). Greedy: one
    path, scores (batch, 1) = -sum of the best logits. Beam search: top_paths paths by
    tf.nn.ctc_beam_search_decoder, scores (batch, top_paths) their log probabilities."""
    if strategy not in ("greedy", "beam_search"):
        raise ValueError("Invalid strategy %s. Supported values are 'greedy' and 'beam_search'." % (strategy,))
    if strategy == "beam_search":
        return _beam_search_decode(inputs, sequence_lengths, beam_width, top_paths, mask_index)
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


def _beam_search_decode(inputs, sequence_lengths, beam_width, top_paths, mask_index):
    """As Keras' TensorFlow backend: the mask column moved last (where TensorFlow's decoder wants the
    blank), decoded, and the labels at or past it shifted back up by one."""
    inputs = convert_to_tensor(inputs)
    dense_shape = tf.cast(tf.shape(inputs)[:2], "int64")
    classes = tf.shape(inputs)[-1]
    inputs = tf.transpose(inputs, (1, 0, 2))
    inputs = tf.cast(inputs, _dtypes.result_type(_name(inputs), "float32"))
    if mask_index is not None:
        # Keras' slices, taken as written (a negative mask_index leaves the mask column out).
        inputs = tf.concat([inputs[..., :mask_index], inputs[..., mask_index + 1:],
                            inputs[..., mask_index:mask_index + 1]], axis=-1)
    decoded, scores = tf.nn.ctc_beam_search_decoder(inputs, convert_to_tensor(sequence_lengths, "int32"),
                                                    beam_width=beam_width, top_paths=top_paths)
    dense = tf.cast(tf.stack([tf.sparse.to_dense(tf.SparseTensor(path.indices, path.values, dense_shape),
                                                 default_value=-1) for path in decoded], axis=0), "int32")
    if mask_index is not None:
        if mask_index < 0:
            mask_index = mask_index + classes
        dense = tf.where(dense >= mask_index, dense + 1, dense)
    return dense, scores
