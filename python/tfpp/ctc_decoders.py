"""tf.nn.ctc_greedy_decoder: the best path of CTC logits as a one-element list of SparseTensors."""

from . import _tfpp
from .sparse_tensor import SparseTensor


def ctc_greedy_decoder(inputs, sequence_length, merge_repeated=True, blank_index=None):
    """([SparseTensor of the decoded labels [batch, longest]], minus the sum of each step's largest
    logit [batch, 1]) for logits [max_time, batch, num_classes]; the blank is the last class unless
    blank_index names another (negative counts from the end)."""
    indices, values, dense_shape, log_probability = _tfpp.nn._ctc_greedy_decoder(
        inputs, sequence_length, merge_repeated, -1 if blank_index is None else blank_index)
    return [SparseTensor(indices, values, dense_shape)], log_probability
