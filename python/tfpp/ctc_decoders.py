"""tf.nn.ctc_greedy_decoder and ctc_beam_search_decoder: the decoded labels of CTC logits as lists of
SparseTensors (one per path) with their scores; tf.compat.v1.nn's beam search keeps merge_repeated."""

from . import _tfpp
from .sparse_tensor import SparseTensor


def ctc_greedy_decoder(inputs, sequence_length, merge_repeated=True, blank_index=None):
    """([SparseTensor of the decoded labels [batch, longest]], minus the sum of each step's largest
    logit [batch, 1]) for logits [max_time, batch, num_classes]; the blank is the last class unless
    blank_index names another (negative counts from the end)."""
    indices, values, dense_shape, log_probability = _tfpp.nn._ctc_greedy_decoder(
        inputs, sequence_length, merge_repeated, -1 if blank_index is None else blank_index)
    return [SparseTensor(indices, values, dense_shape)], log_probability


def ctc_beam_search_decoder_v1(inputs, sequence_length, beam_width=100, top_paths=1, merge_repeated=True):
    """tf.compat.v1.nn.ctc_beam_search_decoder: ([top_paths SparseTensors [batch, longest], the j-th
    holding each batch entry's j-th best path], log probabilities [batch, top_paths]) by prefix beam
    search over logits [max_time, batch, num_classes] whose last class is the blank; merge_repeated
    collapses equal consecutive labels of each returned path."""
    paths, log_probability = _tfpp.nn._ctc_beam_search_decoder(inputs, sequence_length, beam_width, top_paths,
                                                               merge_repeated)
    return [SparseTensor(indices, values, dense_shape) for indices, values, dense_shape in paths], log_probability


def ctc_beam_search_decoder(inputs, sequence_length, beam_width=100, top_paths=1):
    """tf.nn.ctc_beam_search_decoder: as the v1 function with merge_repeated=False, which TensorFlow 2
    dropped from its API because merging returns low-probability paths."""
    return ctc_beam_search_decoder_v1(inputs, sequence_length, beam_width=beam_width, top_paths=top_paths,
                                      merge_repeated=False)
