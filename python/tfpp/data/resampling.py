"""Dataset.rejection_resample, built from tf.data's transformations as TensorFlow builds it: each
element is kept with its class's acceptance probability (a filter over uniform draws), mixed with
the untouched dataset so that as little as possible is rejected. Without an initial distribution
it is estimated while streaming, from the classes of batches of 32 elements seen so far (counts
starting at 10 per class). TensorFlow's note on stderr when most elements are rejected is left out."""

import numpy as _np

from .. import _tfpp
from ..array_everyday import get_static_value
from .dataset_ops import DatasetV2

_math = _tfpp.math
_ESTIMATION_BATCH_SIZE = 32
_SMOOTHING_COUNT = 10


def rejection_resample(dataset, class_func, target_dist, initial_dist=None, seed=None):
    """(class_func(element), element) pairs whose classes follow `target_dist`."""
    target = _math.cast(_tfpp.convert_to_tensor(target_dist), _tfpp.float32)
    if initial_dist is not None:
        initial = _math.cast(_tfpp.convert_to_tensor(initial_dist), _tfpp.float32)
        acceptance, prob_of_original = _acceptance_and_mixing(initial, target)
        acceptance_ds = DatasetV2.from_tensors(acceptance).repeat()
        prob_of_original_ds = DatasetV2.from_tensors(prob_of_original).repeat()
    else:
        mixing_ds = _estimated_initial_dist(target, dataset.map(class_func)).map(
            lambda initial: _acceptance_and_mixing(initial, target))
        acceptance_ds = mixing_ds.map(lambda acceptance, _: acceptance)
        prob_of_original_ds = mixing_ds.map(lambda _, prob_of_original: prob_of_original)
    filtered = _filtered(dataset, acceptance_ds, class_func, seed).prefetch(3)

    def with_class(*element):
        return class_func(*element), element[0] if len(element) == 1 else element

    if initial_dist is not None:
        static_initial, static_target = get_static_value(initial), get_static_value(target)
        if static_initial is not None and static_target is not None:
            static_prob_of_original = _np.min(static_target / static_initial)
            if static_prob_of_original == 1:
                return dataset.map(with_class)
            if static_prob_of_original == 0:
                return filtered
    return DatasetV2.sample_from_datasets([dataset.map(with_class), filtered],
                                          weights=prob_of_original_ds.map(lambda prob: _tfpp.stack([prob, 1.0 - prob])),
                                          seed=seed, stop_on_empty_dataset=True)


def _filtered(dataset, acceptance_ds, class_func, seed):
    """(class, element) for the elements a uniform draw below their class's acceptance keeps."""

    def class_acceptance_element(acceptance, element):
        class_value = class_func(*element) if isinstance(element, tuple) else class_func(element)
        return class_value, _tfpp.gather(acceptance, class_value), element

    def accepted(unused_class_value, acceptance, unused_element):
        return _tfpp.random.uniform([], seed=seed, dtype=acceptance.dtype) < acceptance

    return DatasetV2.zip((acceptance_ds, dataset)).map(class_acceptance_element).filter(accepted).map(
        lambda class_value, _, element: (class_value, element))


def _estimated_initial_dist(target, class_values_ds):
    """For each element, the class distribution estimated from the batch of 32 it belongs to and
    those before it."""
    num_classes = target.shape[0]

    def update(counts, classes):
        counts = counts + _math.reduce_sum(_tfpp.one_hot(classes, num_classes, dtype=_tfpp.int64), 0)
        dist = _math.cast(_math.truediv(counts, _math.reduce_sum(counts)), _tfpp.float32)
        return counts, _tfpp.tile(_tfpp.expand_dims(dist, 0), [_ESTIMATION_BATCH_SIZE, 1])

    initial_counts = _tfpp.fill([num_classes], _np.int64(_SMOOTHING_COUNT))
    return class_values_ds.batch(_ESTIMATION_BATCH_SIZE).scan(initial_counts, update).unbatch()


def _acceptance_and_mixing(initial, target):
    """Per-class acceptance probabilities a_i = (r_i - m) / (max r - m) of the ratios
    r_i = target_i / initial_i, and the probability m = min r of drawing from the original data
    instead: the mixture that follows `target` while rejecting least."""
    ratio = target / (initial + _np.finfo(_np.float32).tiny)
    max_ratio, min_ratio = _math.reduce_max(ratio), _math.reduce_min(ratio)
    return (ratio - min_ratio) / (max_ratio - min_ratio), min_ratio
