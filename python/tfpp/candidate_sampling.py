"""tf.random's candidate samplers, tf.nn.compute_accidental_hits and the sampled losses tf.nn.nce_loss and
tf.nn.sampled_softmax_loss (and their tf.compat.v1.nn forms with partition_strategy), with TensorFlow's
signatures; each sampler returns the named tuple TensorFlow's op wrapper returns."""

import collections

from . import _tfpp

_FIELDS = ["sampled_candidates", "true_expected_count", "sampled_expected_count"]
_UniformCandidateSampler = collections.namedtuple("UniformCandidateSampler", _FIELDS)
_LogUniformCandidateSampler = collections.namedtuple("LogUniformCandidateSampler", _FIELDS)
_LearnedUnigramCandidateSampler = collections.namedtuple("LearnedUnigramCandidateSampler", _FIELDS)
_FixedUnigramCandidateSampler = collections.namedtuple("FixedUnigramCandidateSampler", _FIELDS)
_AllCandidateSampler = collections.namedtuple("AllCandidateSampler", _FIELDS)
_ComputeAccidentalHits = collections.namedtuple("ComputeAccidentalHits", ["indices", "ids", "weights"])


def uniform_candidate_sampler(true_classes, num_true, num_sampled, unique, range_max, seed=None, name=None):
    """num_sampled classes drawn uniformly from [0, range_max), with the expected counts of the true and
    sampled classes (without replacement when unique)."""
    return _UniformCandidateSampler(*_tfpp.random._uniform_candidate_sampler(
        true_classes, num_true, num_sampled, unique, range_max, seed=seed, name=name))


def log_uniform_candidate_sampler(true_classes, num_true, num_sampled, unique, range_max, seed=None, name=None):
    """Classes drawn with P(c) = log((c + 2) / (c + 1)) / log(range_max + 1) (Zipfian)."""
    return _LogUniformCandidateSampler(*_tfpp.random._log_uniform_candidate_sampler(
        true_classes, num_true, num_sampled, unique, range_max, seed=seed, name=name))


def learned_unigram_candidate_sampler(true_classes, num_true, num_sampled, unique, range_max, seed=None, name=None):
    """Classes drawn by the counts of the true classes seen so far by this sampler (each class starts at 1)."""
    return _LearnedUnigramCandidateSampler(*_tfpp.random._learned_unigram_candidate_sampler(
        true_classes, num_true, num_sampled, unique, range_max, seed=seed, name=name))


def fixed_unigram_candidate_sampler(true_classes, num_true, num_sampled, unique, range_max, vocab_file="",
                                    distortion=1.0, num_reserved_ids=0, num_shards=1, shard=0, unigrams=(),
                                    seed=None, name=None):
    """Classes drawn by fixed weights (a vocabulary file's last column, or unigrams) raised to distortion,
    after num_reserved_ids ids of weight 0, keeping the ids of one shard."""
    return _FixedUnigramCandidateSampler(*_tfpp.random._fixed_unigram_candidate_sampler(
        true_classes, num_true, num_sampled, unique, range_max, vocab_file, distortion, num_reserved_ids, num_shards,
        shard, [float(u) for u in unigrams], seed=seed, name=name))


def all_candidate_sampler(true_classes, num_true, num_sampled, unique, seed=None, name=None):
    """All classes [0, num_sampled), each with expected count 1."""
    return _AllCandidateSampler(*_tfpp.random._all_candidate_sampler(
        true_classes, num_true, num_sampled, unique, seed=seed, name=name))


def compute_accidental_hits(true_classes, sampled_candidates, num_true, seed=None, name=None):
    """(indices, ids, weights): each row of true_classes and position in sampled_candidates where they agree,
    with weight -FLT_MAX."""
    return _ComputeAccidentalHits(*_tfpp.nn._compute_accidental_hits(
        true_classes, sampled_candidates, num_true, seed=seed, name=name))


def _check_strategy(weights, partition_strategy):
    """TensorFlow's ValueError for an unknown strategy, which it checks only for several partitions."""
    if isinstance(weights, (list, tuple)) and len(weights) > 1 and partition_strategy not in ("div", "mod"):
        raise ValueError("Unrecognized partition strategy: %s.Must be one of either `mod` or `div`." % partition_strategy)


def nce_loss_v1(weights, biases, labels, inputs, num_sampled, num_classes, num_true=1, sampled_values=None,
                remove_accidental_hits=False, partition_strategy="mod", name="nce_loss"):
    """tf.compat.v1.nn.nce_loss: the noise-contrastive estimation loss per example, [batch_size]; weights
    is the [num_classes, dim] table or its list of partitions."""
    _check_strategy(weights, partition_strategy)
    return _tfpp.nn._sampled_loss("nce", weights, biases, labels, inputs, num_sampled, num_classes, num_true,
                                  sampled_values, remove_accidental_hits, partition_strategy, None)


def nce_loss(weights, biases, labels, inputs, num_sampled, num_classes, num_true=1, sampled_values=None,
             remove_accidental_hits=False, name="nce_loss"):
    """tf.nn.nce_loss: as the v1 function with partitions in the "div" layout."""
    return nce_loss_v1(weights, biases, labels, inputs, num_sampled, num_classes, num_true=num_true,
                       sampled_values=sampled_values, remove_accidental_hits=remove_accidental_hits,
                       partition_strategy="div", name=name)


def sampled_softmax_loss_v1(weights, biases, labels, inputs, num_sampled, num_classes, num_true=1,
                            sampled_values=None, remove_accidental_hits=True, partition_strategy="mod",
                            name="sampled_softmax_loss", seed=None):
    """tf.compat.v1.nn.sampled_softmax_loss: the softmax cross-entropy over the true and the sampled classes
    per example, [batch_size]."""
    _check_strategy(weights, partition_strategy)
    return _tfpp.nn._sampled_loss("softmax", weights, biases, labels, inputs, num_sampled, num_classes, num_true,
                                  sampled_values, remove_accidental_hits, partition_strategy, seed)


def sampled_softmax_loss(weights, biases, labels, inputs, num_sampled, num_classes, num_true=1, sampled_values=None,
                         remove_accidental_hits=True, seed=None, name="sampled_softmax_loss"):
    """tf.nn.sampled_softmax_loss: as the v1 function with partitions in the "div" layout."""
    return sampled_softmax_loss_v1(weights, biases, labels, inputs, num_sampled, num_classes, num_true=num_true,
                                   sampled_values=sampled_values, remove_accidental_hits=remove_accidental_hits,
                                   partition_strategy="div", name=name, seed=seed)
