"""tf.keras.preprocessing.image: load_img, img_to_array, array_to_img, save_img, smart_resize, and
Keras' legacy augmentation: ImageDataGenerator, its iterators and the per-image transforms."""

from ..image_utils import array_to_img, img_to_array, load_img, save_img, smart_resize  # noqa: F401
from ._image_data_generator import ImageDataGenerator  # noqa: F401
from ._image_iterators import DirectoryIterator, Iterator, NumpyArrayIterator  # noqa: F401
from ._image_transforms import (apply_affine_transform, apply_brightness_shift, apply_channel_shift,  # noqa: F401
                                random_brightness, random_channel_shift, random_rotation, random_shear, random_shift,
                                random_zoom)
