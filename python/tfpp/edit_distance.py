"""tf.edit_distance: Levenshtein distances between the sequences of two SparseTensors."""

from . import _tfpp
from .sparse_tensor import SparseTensor


def edit_distance(hypothesis, truth, normalize=True, name="edit_distance"):
    """The edit distance of each hypothesis sequence to its truth sequence (divided by the truth's
    length when normalize), float32, shaped as the SparseTensors' leading dimensions."""
    if not isinstance(hypothesis, SparseTensor):
        raise TypeError("Hypothesis must be a SparseTensor.")
    if not isinstance(truth, SparseTensor):
        raise TypeError("Truth must be a SparseTensor.")
    return _tfpp._edit_distance(hypothesis.indices, hypothesis.values, hypothesis.dense_shape, truth.indices,
                                truth.values, truth.dense_shape, normalize, name)
