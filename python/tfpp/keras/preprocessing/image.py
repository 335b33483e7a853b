"""tf.keras.preprocessing.image: load_img, img_to_array, array_to_img, save_img, smart_resize."""

from ..image_utils import array_to_img, img_to_array, load_img, save_img, smart_resize  # noqa: F401
