"""tf.nn.collapse_repeated and tf.nn.ctc_unique_labels: label preprocessing for CTC, composed of tfpp
ops in the steps TensorFlow's ctc_ops.py takes, so they trace and give TensorFlow's dtypes."""

import tfpp as tf


def _dim(tensor, i):
    """tensor.shape[i] when static, else the dynamic size."""
    return tensor.shape[i] or tf.shape(tensor)[i]


def collapse_repeated(labels, seq_length, name=None):
    """(labels [batch, max_len] with each run of equal labels within seq_length merged into one and
    the rest zero, padded to the longest new length; the new lengths in seq_length's dtype)."""
    labels = tf.convert_to_tensor(labels, name="labels")
    seq_length = tf.convert_to_tensor(seq_length, name="seq_length")
    # Keep a label that differs from the one before it and lies within its sequence.
    label_mask = tf.concat([tf.ones_like(labels[:, :1], tf.bool), tf.not_equal(labels[:, 1:], labels[:, :-1])], axis=1)
    label_mask = tf.logical_and(label_mask, tf.sequence_mask(seq_length, maxlen=_dim(labels, 1)))
    new_seq_len = tf.reduce_sum(tf.cast(label_mask, tf.int32), axis=1)
    new_maxlen = tf.reduce_max(new_seq_len)
    # Scatter the kept labels to the front of each row of the [batch, new_maxlen] result.
    flat_idx_mask = tf.reshape(tf.sequence_mask(new_seq_len, maxlen=new_maxlen), [-1])
    idx = tf.range(_dim(flat_idx_mask, 0))
    flat = tf.scatter_nd(indices=tf.expand_dims(tf.boolean_mask(idx, flat_idx_mask), axis=1),
                         updates=tf.boolean_mask(tf.reshape(labels, [-1]), tf.reshape(label_mask, [-1])),
                         shape=tf.shape(flat_idx_mask))
    return tf.reshape(flat, tf.stack([_dim(labels, 0), new_maxlen])), tf.cast(new_seq_len, seq_length.dtype)


def ctc_unique_labels(labels, name=None):
    """[the distinct labels of each row in order of first appearance, zero-padded, int64; each label's
    index among them, int32], both [batch, max_label_length], for tf.nn.ctc_loss's `unique`."""
    labels = tf.convert_to_tensor(labels, name="labels")

    def unique_row(row):
        u = tf.unique(row)
        y = tf.pad(u.y, tf.reshape(tf.stack([0, _dim(u.idx, 0) - _dim(u.y, 0)]), [1, 2]))
        return [tf.cast(y, tf.int64), u.idx]

    return tf.map_fn(unique_row, labels, dtype=[tf.int64, tf.int32])
