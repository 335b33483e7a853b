"""tf.keras.backend's CTC functions (Keras 3's legacy backend): batch-major softmax outputs with
the blank as the last class, labels as dense [batch, max_label_length] rows padded past each row's
length."""

from .config import epsilon as _epsilon


def _tf():
    import tfpp
    return tfpp


def ctc_label_dense_to_sparse(labels, label_lengths):
    """The first label_lengths[i] labels of each row of `labels` as a SparseTensor of labels' shape."""
    tf = _tf()
    label_shape = tf.shape(labels)
    # Entry (i, j) is kept when j < label_lengths[i].
    dense_mask = tf.expand_dims(tf.range(label_shape[1]), 0) < tf.expand_dims(label_lengths, 1)
    indices = tf.where(dense_mask)
    return tf.SparseTensor(tf.cast(indices, tf.int64), tf.gather_nd(labels, indices), tf.cast(label_shape, tf.int64))


def ctc_batch_cost(y_true, y_pred, input_length, label_length):
    """The CTC loss of each batch entry, [batch, 1], for softmax outputs y_pred [batch, time, classes],
    labels y_true [batch, max_label_length] and the lengths as [batch, 1] tensors."""
    tf = _tf()
    label_length = tf.cast(tf.squeeze(label_length, axis=-1), tf.int32)
    input_length = tf.cast(tf.squeeze(input_length, axis=-1), tf.int32)
    y_pred = tf.math.log(tf.transpose(y_pred, perm=[1, 0, 2]) + _epsilon())
    # Keras gives TensorFlow 1's ctc_loss the labels as a SparseTensor (ctc_label_dense_to_sparse);
    # tfpp's ctc_loss takes them dense with their lengths, which is the same loss.
    loss = tf.nn.ctc_loss(labels=tf.cast(y_true, tf.int32), logits=y_pred, label_length=label_length,
                          logit_length=input_length, logits_time_major=True, blank_index=-1)
    return tf.expand_dims(loss, 1)


def ctc_decode(y_pred, input_length, greedy=True, beam_width=100, top_paths=1):
    """The best path (greedy) or the top_paths best beam-search paths of softmax outputs
    y_pred [batch, time, classes]: ([each path as [batch, time], padded with -1], log probabilities)."""
    tf = _tf()
    input_shape = tf.shape(y_pred)
    num_samples, num_steps = input_shape[0], input_shape[1]
    y_pred = tf.math.log(tf.transpose(y_pred, perm=[1, 0, 2]) + _epsilon())
    input_length = tf.cast(input_length, tf.int32)
    if greedy:
        decoded, log_prob = tf.nn.ctc_greedy_decoder(inputs=y_pred, sequence_length=input_length)
    else:
        # TensorFlow 1's decoder, as Keras calls it: merge_repeated=True merges a label repeated in a path.
        decoded, log_prob = tf.compat.v1.nn.ctc_beam_search_decoder(inputs=y_pred, sequence_length=input_length,
                                                                    beam_width=beam_width, top_paths=top_paths)
    decoded_dense = [tf.sparse.to_dense(sp_input=tf.SparseTensor(st.indices, st.values, (num_samples, num_steps)),
                                        default_value=-1)
                     for st in decoded]
    return decoded_dense, log_prob
