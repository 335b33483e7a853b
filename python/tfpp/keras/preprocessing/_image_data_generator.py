"""keras.preprocessing.image.ImageDataGenerator: Keras' legacy image augmentation and
normalization, in NumPy. Random transforms draw from NumPy's global generator in Keras' order."""

import math
import warnings

import numpy as np

from ._image_iterators import _DEFAULT_DATA_FORMAT, _DEFAULT_DTYPE, DirectoryIterator, NumpyArrayIterator
from ._image_transforms import apply_affine_transform, apply_brightness_shift, apply_channel_shift, flip_axis


def _not_fit_warning(option):
    warnings.warn("This ImageDataGenerator specifies `%s`, but it hasn't been fit on any training data. Fit it first "
                  "by calling `.fit(numpy_data)`." % option)


def _random_shift(shift_range, size):
    """A shift in pixels: a signed choice among the values of a list (or of 1..n for an int n), or
    uniform in [-f, f] of `size` for a float f < 1."""
    try:
        shift = np.random.choice(shift_range)
        shift *= np.random.choice([-1, 1])
    except ValueError:  # a float: NumPy cannot choose from it
        shift = np.random.uniform(-shift_range, shift_range)
    if np.max(shift_range) < 1:
        shift *= size
    return shift


class ImageDataGenerator:
    """Augments images (random rotations, shifts, shears, zooms, channel and brightness shifts,
    flips) and normalizes them (rescale, sample- or feature-wise centering and scaling, ZCA
    whitening from `fit`), in batches through flow and flow_from_directory."""

    def __init__(self, featurewise_center=False, samplewise_center=False, featurewise_std_normalization=False,
                 samplewise_std_normalization=False, zca_whitening=False, zca_epsilon=1e-6, rotation_range=0,
                 width_shift_range=0.0, height_shift_range=0.0, brightness_range=None, shear_range=0.0,
                 zoom_range=0.0, channel_shift_range=0.0, fill_mode="nearest", cval=0.0, horizontal_flip=False,
                 vertical_flip=False, rescale=None, preprocessing_function=None, data_format=None,
                 validation_split=0.0, interpolation_order=1, dtype=None):
        data_format = data_format or _DEFAULT_DATA_FORMAT
        self.featurewise_center, self.samplewise_center = featurewise_center, samplewise_center
        self.featurewise_std_normalization = featurewise_std_normalization
        self.samplewise_std_normalization = samplewise_std_normalization
        self.zca_whitening, self.zca_epsilon = zca_whitening, zca_epsilon
        self.rotation_range = rotation_range
        self.width_shift_range, self.height_shift_range = width_shift_range, height_shift_range
        self.shear_range, self.zoom_range, self.channel_shift_range = shear_range, zoom_range, channel_shift_range
        self.fill_mode, self.cval = fill_mode, cval
        self.horizontal_flip, self.vertical_flip = horizontal_flip, vertical_flip
        self.rescale, self.preprocessing_function = rescale, preprocessing_function
        self.dtype = dtype or _DEFAULT_DTYPE
        self.interpolation_order = interpolation_order
        if data_format not in {"channels_last", "channels_first"}:
            raise ValueError('`data_format` should be `"channels_last"` (channel after row and column) or '
                             '`"channels_first"` (channel before row and column). Received: %s' % (data_format,))
        self.data_format = data_format
        self.channel_axis, self.row_axis, self.col_axis = (3, 1, 2) if data_format == "channels_last" else (1, 2, 3)
        if validation_split and not 0 < validation_split < 1:
            raise ValueError("`validation_split` must be strictly between 0 and 1.  Received: %s" % (validation_split,))
        self._validation_split = validation_split
        self.mean = self.std = self.zca_whitening_matrix = None
        if isinstance(zoom_range, (float, int)):
            self.zoom_range = [1 - zoom_range, 1 + zoom_range]
        elif len(zoom_range) == 2 and all(isinstance(value, (float, int)) for value in zoom_range):
            self.zoom_range = [zoom_range[0], zoom_range[1]]
        else:
            raise ValueError("`zoom_range` should be a float or a tuple or list of two floats. Received: %s"
                             % (zoom_range,))
        self._resolve_normalization_options(featurewise_center, samplewise_center, featurewise_std_normalization,
                                            samplewise_std_normalization)
        if brightness_range is not None and (not isinstance(brightness_range, (tuple, list))
                                             or len(brightness_range) != 2):
            raise ValueError("`brightness_range should be tuple or list of two floats. Received: %s"
                             % (brightness_range,))
        self.brightness_range = brightness_range

    def _resolve_normalization_options(self, featurewise_center, samplewise_center, featurewise_std_normalization,
                                       samplewise_std_normalization):
        """ZCA implies feature-wise centering and replaces feature-wise scaling; scaling implies
        centering. Each override warns with Keras' text; as in Keras, each test reads the
        arguments, so ZCA with feature-wise scaling gives all three warnings."""
        if self.zca_whitening:
            if not featurewise_center:
                self.featurewise_center = True
                warnings.warn("This ImageDataGenerator specifies `zca_whitening`, which overrides setting of "
                              "`featurewise_center`.")
            if featurewise_std_normalization:
                self.featurewise_std_normalization = False
                warnings.warn("This ImageDataGenerator specifies `zca_whitening` which overrides setting of"
                              "`featurewise_std_normalization`.")
        if featurewise_std_normalization and not featurewise_center:
            self.featurewise_center = True
            warnings.warn("This ImageDataGenerator specifies `featurewise_std_normalization`, which overrides setting "
                          "of `featurewise_center`.")
        if samplewise_std_normalization and not samplewise_center:
            self.samplewise_center = True
            warnings.warn("This ImageDataGenerator specifies `samplewise_std_normalization`, which overrides setting "
                          "of `samplewise_center`.")

    def flow(self, x, y=None, batch_size=32, shuffle=True, sample_weight=None, seed=None, save_to_dir=None,
             save_prefix="", save_format="png", ignore_class_split=False, subset=None):
        """A NumpyArrayIterator over the images x (rank 4) and labels y."""
        return NumpyArrayIterator(x, y, self, batch_size=batch_size, shuffle=shuffle, sample_weight=sample_weight,
                                  seed=seed, data_format=self.data_format, save_to_dir=save_to_dir,
                                  save_prefix=save_prefix, save_format=save_format,
                                  ignore_class_split=ignore_class_split, subset=subset, dtype=self.dtype)

    def flow_from_directory(self, directory, target_size=(256, 256), color_mode="rgb", classes=None,
                            class_mode="categorical", batch_size=32, shuffle=True, seed=None, save_to_dir=None,
                            save_prefix="", save_format="png", follow_links=False, subset=None,
                            interpolation="nearest", keep_aspect_ratio=False):
        """A DirectoryIterator over the images of `directory`'s class subfolders."""
        return DirectoryIterator(directory, self, target_size=target_size, color_mode=color_mode,
                                 keep_aspect_ratio=keep_aspect_ratio, classes=classes, class_mode=class_mode,
                                 data_format=self.data_format, batch_size=batch_size, shuffle=shuffle, seed=seed,
                                 save_to_dir=save_to_dir, save_prefix=save_prefix, save_format=save_format,
                                 follow_links=follow_links, subset=subset, interpolation=interpolation,
                                 dtype=self.dtype)

    def standardize(self, x):
        """x (changed in place where it can be) through preprocessing_function, rescale, the
        sample-wise then the fitted feature-wise normalization, and ZCA whitening."""
        if self.preprocessing_function:
            x = self.preprocessing_function(x)
        if self.rescale:
            x *= self.rescale
        if self.samplewise_center:
            x -= np.mean(x, keepdims=True)
        if self.samplewise_std_normalization:
            x /= np.std(x, keepdims=True) + 1e-6
        if self.featurewise_center:
            if self.mean is None:
                _not_fit_warning("featurewise_center")
            else:
                x -= self.mean
        if self.featurewise_std_normalization:
            if self.std is None:
                _not_fit_warning("featurewise_std_normalization")
            else:
                x /= self.std + 1e-6
        if self.zca_whitening:
            if self.zca_whitening_matrix is None:
                _not_fit_warning("zca_whitening")
            else:
                flat = x.reshape(-1, math.prod(x.shape[-3:]))
                x = np.reshape(flat @ self.zca_whitening_matrix, x.shape)
        return x

    def get_random_transform(self, img_shape, seed=None):
        """The random parameters for one image of shape img_shape (theta, tx, ty, shear, zx, zy,
        flips, channel_shift_intensity, brightness), drawn in Keras' order."""
        if seed is not None:
            np.random.seed(seed)
        theta = np.random.uniform(-self.rotation_range, self.rotation_range) if self.rotation_range else 0
        tx = _random_shift(self.height_shift_range, img_shape[self.row_axis - 1]) if self.height_shift_range else 0
        ty = _random_shift(self.width_shift_range, img_shape[self.col_axis - 1]) if self.width_shift_range else 0
        shear = np.random.uniform(-self.shear_range, self.shear_range) if self.shear_range else 0
        if self.zoom_range[0] == 1 and self.zoom_range[1] == 1:
            zx, zy = 1, 1
        else:
            zx, zy = np.random.uniform(self.zoom_range[0], self.zoom_range[1], 2)
        flip_horizontal = (np.random.random() < 0.5) * self.horizontal_flip
        flip_vertical = (np.random.random() < 0.5) * self.vertical_flip
        channel_shift_intensity = None
        if self.channel_shift_range != 0:
            channel_shift_intensity = np.random.uniform(-self.channel_shift_range, self.channel_shift_range)
        brightness = None
        if self.brightness_range is not None:
            brightness = np.random.uniform(self.brightness_range[0], self.brightness_range[1])
        return {"theta": theta, "tx": tx, "ty": ty, "shear": shear, "zx": zx, "zy": zy,
                "flip_horizontal": flip_horizontal, "flip_vertical": flip_vertical,
                "channel_shift_intensity": channel_shift_intensity, "brightness": brightness}

    def apply_transform(self, x, transform_parameters):
        """One image (rank 3) with the given parameters applied: the affine warp, channel shift,
        flips, then brightness."""
        row_axis, col_axis, channel_axis = self.row_axis - 1, self.col_axis - 1, self.channel_axis - 1
        params = transform_parameters
        x = apply_affine_transform(x, params.get("theta", 0), params.get("tx", 0), params.get("ty", 0),
                                   params.get("shear", 0), params.get("zx", 1), params.get("zy", 1),
                                   row_axis=row_axis, col_axis=col_axis, channel_axis=channel_axis,
                                   fill_mode=self.fill_mode, cval=self.cval, order=self.interpolation_order)
        if params.get("channel_shift_intensity") is not None:
            x = apply_channel_shift(x, params["channel_shift_intensity"], channel_axis)
        if params.get("flip_horizontal", False):
            x = flip_axis(x, col_axis)
        if params.get("flip_vertical", False):
            x = flip_axis(x, row_axis)
        if params.get("brightness") is not None:
            x = apply_brightness_shift(x, params["brightness"], False)
        return x

    def random_transform(self, x, seed=None):
        """One image randomly augmented (get_random_transform then apply_transform)."""
        return self.apply_transform(x, self.get_random_transform(x.shape, seed))

    def fit(self, x, augment=False, rounds=1, seed=None):
        """Computes the feature-wise mean, std and ZCA matrix the normalization options need, from
        the images x (rank 4), rescaled and, with `augment`, randomly augmented `rounds` times."""
        x = np.asarray(x, dtype=self.dtype)
        if x.ndim != 4:
            raise ValueError("Input to `.fit()` should have rank 4. Got array with shape: " + str(x.shape))
        if x.shape[self.channel_axis] not in {1, 3, 4}:
            warnings.warn('Expected input to be images (as Numpy array) following the data format convention "%s" '
                          "(channels on axis %d), i.e. expected either 1, 3 or 4 channels on axis %d. However, it was "
                          "passed an array with shape %s (%d channels)." % (
                              self.data_format, self.channel_axis, self.channel_axis, x.shape,
                              x.shape[self.channel_axis]))
        if seed is not None:
            np.random.seed(seed)
        x = np.copy(x)
        if self.rescale:
            x *= self.rescale
        if augment:
            augmented = np.zeros((rounds * x.shape[0],) + x.shape[1:], dtype=self.dtype)
            for r in range(rounds):
                for i in range(x.shape[0]):
                    augmented[i + r * x.shape[0]] = self.random_transform(x[i])
            x = augmented
        broadcast_shape = [1, 1, 1]
        broadcast_shape[self.channel_axis - 1] = x.shape[self.channel_axis]
        if self.featurewise_center:
            self.mean = np.reshape(np.mean(x, axis=(0, self.row_axis, self.col_axis)), broadcast_shape)
            x -= self.mean
        if self.featurewise_std_normalization:
            self.std = np.reshape(np.std(x, axis=(0, self.row_axis, self.col_axis)), broadcast_shape)
            x /= self.std + 1e-6
        if self.zca_whitening:
            n = len(x)
            u, s, _ = np.linalg.svd(np.reshape(x, (n, -1)).T, full_matrices=False)
            self.zca_whitening_matrix = (u * (np.sqrt(n) / (s + self.zca_epsilon))).dot(u.T)
