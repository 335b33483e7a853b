"""tf.keras.preprocessing: Keras' image and sequence helpers and the dataset builders under their
older names (keras.preprocessing.image, .sequence, .text, image_dataset_from_directory, ...)."""

from ..dataset_utils import image_dataset_from_directory, text_dataset_from_directory, timeseries_dataset_from_array
from . import image, sequence, text
