"""The batch iterators of ImageDataGenerator.flow and .flow_from_directory: keras.utils.PyDataset
objects (len, batch by index, reshuffled at on_epoch_end) that also iterate endlessly with next().
Shuffling draws from NumPy's global generator, reseeded with seed + batches seen, as Keras does."""

import os
import threading
import warnings

import numpy as np

from ..image_utils import array_to_img, img_to_array, load_img
from ..utils import PyDataset

_DEFAULT_DATA_FORMAT = "channels_last"  # Keras' backend.image_data_format() default
_DEFAULT_DTYPE = "float32"  # Keras' backend.floatx() default


class Iterator(PyDataset):
    """Batches of `batch_size` indices into n samples, in order or shuffled once per pass; subclasses
    turn an index array into a batch (_get_batches_of_transformed_samples)."""

    white_list_formats = ("png", "jpg", "jpeg", "bmp", "ppm", "tif", "tiff")

    def __init__(self, n, batch_size, shuffle, seed, **kwargs):
        super().__init__(**kwargs)
        self.n, self.batch_size, self.seed, self.shuffle = n, batch_size, seed, shuffle
        self.batch_index = 0
        self.total_batches_seen = 0
        self.lock = threading.Lock()
        self.index_array = None
        self.index_generator = self._flow_index()

    def _set_index_array(self):
        self.index_array = np.arange(self.n)
        if self.shuffle:
            self.index_array = np.random.permutation(self.n)

    def _reseed(self):
        if self.seed is not None:
            np.random.seed(self.seed + self.total_batches_seen)

    def __getitem__(self, idx):
        if idx >= len(self):
            raise ValueError("Asked to retrieve element {idx}, but the Sequence has length {length}".format(
                idx=idx, length=len(self)))
        self._reseed()
        self.total_batches_seen += 1
        if self.index_array is None:
            self._set_index_array()
        return self._get_batches_of_transformed_samples(
            self.index_array[self.batch_size * idx:self.batch_size * (idx + 1)])

    def __len__(self):
        return (self.n + self.batch_size - 1) // self.batch_size

    def on_epoch_end(self):
        self._set_index_array()

    def reset(self):
        self.batch_index = 0

    def _flow_index(self):
        """Index arrays forever: a fresh (re)shuffled pass whenever the last one ran out."""
        self.reset()
        while True:
            self._reseed()
            if self.batch_index == 0:
                self._set_index_array()
            current = 0 if self.n == 0 else (self.batch_index * self.batch_size) % self.n
            self.batch_index = self.batch_index + 1 if self.n > current + self.batch_size else 0
            self.total_batches_seen += 1
            yield self.index_array[current:current + self.batch_size]

    def __iter__(self):
        return self

    def __next__(self):
        with self.lock:
            index_array = next(self.index_generator)
        return self._get_batches_of_transformed_samples(index_array)

    def _get_batches_of_transformed_samples(self, index_array):
        raise NotImplementedError


def _augmented(generator, x):
    """One image through the generator's random transform and standardization."""
    params = generator.get_random_transform(x.shape)
    return generator.standardize(generator.apply_transform(x, params))


def _save_batch(batch_x, index_array, data_format, directory, prefix, file_format, hash_limit):
    """Each augmented image written as {prefix}_{index}_{random}.{format}, for looking at."""
    for image, index in zip(batch_x, index_array):
        name = "{prefix}_{index}_{hash}.{format}".format(prefix=prefix, index=index,
                                                          hash=np.random.randint(hash_limit), format=file_format)
        array_to_img(image, data_format, scale=True).save(os.path.join(directory, name))


class NumpyArrayIterator(Iterator):
    """Batches of augmented images of a rank-4 array, with their labels, extra inputs (x given as
    (images, arrays)) and sample weights, optionally only the validation or training split."""

    def __init__(self, x, y, image_data_generator, batch_size=32, shuffle=False, sample_weight=None, seed=None,
                 data_format=None, save_to_dir=None, save_prefix="", save_format="png", subset=None,
                 ignore_class_split=False, dtype=None):
        data_format = data_format or _DEFAULT_DATA_FORMAT
        self.dtype = dtype or _DEFAULT_DTYPE
        x_misc = []
        if isinstance(x, (tuple, list)):
            x_misc = [np.asarray(x[1])] if not isinstance(x[1], list) else [np.asarray(xx) for xx in x[1]]
            x = x[0]
            for xx in x_misc:
                if len(x) != len(xx):
                    raise ValueError("All of the arrays in `x` should have the same length. Found a pair with: "
                                     "len(x[0]) = %d, len(x[?]) = %d" % (len(x), len(xx)))
        if y is not None and len(x) != len(y):
            raise ValueError("`x` (images tensor) and `y` (labels) should have the same length. Found: x.shape = %s, "
                             "y.shape = %s" % (np.asarray(x).shape, np.asarray(y).shape))
        if sample_weight is not None and len(x) != len(sample_weight):
            raise ValueError("`x` (images tensor) and `sample_weight` should have the same length. "
                             "Found: x.shape = %s, sample_weight.shape = %s"
                             % (np.asarray(x).shape, np.asarray(sample_weight).shape))
        if subset is not None:
            if subset not in {"training", "validation"}:
                raise ValueError('Invalid subset name: %s; expected "training" or "validation".' % (subset,))
            split = int(len(x) * image_data_generator._validation_split)
            if (y is not None and not ignore_class_split
                    and not np.array_equal(np.unique(y[:split]), np.unique(y[split:]))):
                raise ValueError("Training and validation subsets have different number of classes after the split. "
                                 "If your numpy arrays are sorted by the label, you might want to shuffle them.")
            part = slice(None, split) if subset == "validation" else slice(split, None)
            x = x[part]
            x_misc = [np.asarray(xx[part]) for xx in x_misc]
            y = None if y is None else y[part]
        self.x = np.asarray(x, dtype=self.dtype)
        self.x_misc = x_misc
        if self.x.ndim != 4:
            raise ValueError("Input data in `NumpyArrayIterator` should have rank 4. You passed an array with shape %s"
                             % (self.x.shape,))
        channels_axis = 3 if data_format == "channels_last" else 1
        if self.x.shape[channels_axis] not in {1, 3, 4}:
            warnings.warn('NumpyArrayIterator is set to use the data format convention "%s" (channels on axis %d), '
                          "i.e. expected either 1, 3, or 4 channels on axis %d. However, it was passed an array with "
                          "shape %s (%d channels)." % (data_format, channels_axis, channels_axis, self.x.shape,
                                                       self.x.shape[channels_axis]))
        self.y = None if y is None else np.asarray(y)
        self.sample_weight = None if sample_weight is None else np.asarray(sample_weight)
        self.image_data_generator = image_data_generator
        self.data_format = data_format
        self.save_to_dir, self.save_prefix, self.save_format = save_to_dir, save_prefix, save_format
        super().__init__(x.shape[0], batch_size, shuffle, seed)

    def _get_batches_of_transformed_samples(self, index_array):
        batch_x = np.zeros((len(index_array),) + self.x.shape[1:], dtype=self.dtype)
        for i, j in enumerate(index_array):
            batch_x[i] = _augmented(self.image_data_generator, self.x[j].astype(self.dtype))
        if self.save_to_dir:
            _save_batch(batch_x, index_array, self.data_format, self.save_to_dir, self.save_prefix, self.save_format,
                        1e4)
        extra = [xx[index_array] for xx in self.x_misc]
        inputs = [batch_x] + extra if extra else batch_x
        if self.y is None:
            return inputs
        if self.sample_weight is None:
            return inputs, self.y[index_array]
        return inputs, self.y[index_array], self.sample_weight[index_array]


def _valid_files(directory, white_list_formats, follow_links):
    """(folder, file name) of the images under `directory`, folders and names in sorted order."""
    for root, _, files in sorted(os.walk(directory, followlinks=follow_links), key=lambda walked: walked[0]):
        for name in sorted(files):
            if name.lower().endswith(".tiff"):
                warnings.warn('Using ".tiff" files with multiple bands will cause distortion. '
                              "Please verify your output.")
            if name.lower().endswith(white_list_formats):
                yield root, name


def _class_files(directory, white_list_formats, split, class_index, follow_links):
    """The images of one class folder as paths relative to its parent, only the `split` fraction
    (start, stop) of them if given."""
    files = _valid_files(directory, white_list_formats, follow_links)
    if split:
        files = list(files)
        files = files[int(split[0] * len(files)):int(split[1] * len(files))]
    folder = os.path.basename(directory)
    paths = [os.path.join(folder, os.path.relpath(os.path.join(root, name), directory)) for root, name in files]
    return paths, class_index


class DirectoryIterator(Iterator):
    """Batches of augmented images read from one subfolder per class (sorted names unless `classes`
    lists them), resized to target_size, with labels per class_mode."""

    allowed_class_modes = {"categorical", "binary", "sparse", "input", None}

    def __init__(self, directory, image_data_generator, target_size=(256, 256), color_mode="rgb", classes=None,
                 class_mode="categorical", batch_size=32, shuffle=True, seed=None, data_format=None, save_to_dir=None,
                 save_prefix="", save_format="png", follow_links=False, subset=None, interpolation="nearest",
                 keep_aspect_ratio=False, dtype=None):
        data_format = data_format or _DEFAULT_DATA_FORMAT
        self.dtype = dtype or _DEFAULT_DTYPE
        self.image_data_generator = image_data_generator
        self.target_size = tuple(target_size)
        self.keep_aspect_ratio = keep_aspect_ratio
        channels = {"rgba": 4, "rgb": 3, "grayscale": 1}
        if color_mode not in channels:
            raise ValueError('Invalid color mode: %s; expected "rgb", "rgba", or "grayscale".' % (color_mode,))
        self.color_mode, self.data_format = color_mode, data_format
        if data_format == "channels_last":
            self.image_shape = self.target_size + (channels[color_mode],)
        else:
            self.image_shape = (channels[color_mode],) + self.target_size
        self.save_to_dir, self.save_prefix, self.save_format = save_to_dir, save_prefix, save_format
        self.interpolation = interpolation
        self.split = None
        if subset is not None:
            validation_split = image_data_generator._validation_split
            if subset not in ("validation", "training"):
                raise ValueError('Invalid subset name: %s;expected "training" or "validation"' % (subset,))
            self.split = (0, validation_split) if subset == "validation" else (validation_split, 1)
        self.subset = subset
        self.directory = directory
        if class_mode not in self.allowed_class_modes:
            raise ValueError("Invalid class_mode: %s; expected one of: %s" % (class_mode, self.allowed_class_modes))
        self.class_mode = class_mode
        if not classes:
            classes = [name for name in sorted(os.listdir(directory)) if os.path.isdir(os.path.join(directory, name))]
        self.num_classes = len(classes)
        self.class_indices = dict(zip(classes, range(len(classes))))
        self.filenames, labels = [], []
        for name in classes:
            files, index = _class_files(os.path.join(directory, name), self.white_list_formats, self.split,
                                        self.class_indices[name], follow_links)
            self.filenames += files
            labels += [index] * len(files)
        self.samples = len(self.filenames)
        self.classes = np.array(labels, dtype="int32")
        print("Found %d images belonging to %d classes." % (self.samples, self.num_classes))
        self._filepaths = [os.path.join(directory, name) for name in self.filenames]
        super().__init__(self.samples, batch_size, shuffle, seed)

    @property
    def filepaths(self):
        """Every image's path (directory joined with its filename)."""
        return self._filepaths

    @property
    def labels(self):
        """Every image's class index."""
        return self.classes

    @property
    def sample_weight(self):
        return None

    def _get_batches_of_transformed_samples(self, index_array):
        batch_x = np.zeros((len(index_array),) + self.image_shape, dtype=self.dtype)
        for i, j in enumerate(index_array):
            img = load_img(self._filepaths[j], color_mode=self.color_mode, target_size=self.target_size,
                           interpolation=self.interpolation, keep_aspect_ratio=self.keep_aspect_ratio)
            x = img_to_array(img, data_format=self.data_format)
            img.close()
            if self.image_data_generator:
                x = _augmented(self.image_data_generator, x)
            batch_x[i] = x
        if self.save_to_dir:
            _save_batch(batch_x, index_array, self.data_format, self.save_to_dir, self.save_prefix, self.save_format,
                        1e7)
        if self.class_mode == "input":
            return batch_x, batch_x.copy()
        if self.class_mode in ("binary", "sparse"):
            return batch_x, self.classes[index_array].astype(self.dtype)
        if self.class_mode == "categorical":
            batch_y = np.zeros((len(batch_x), len(self.class_indices)), dtype=self.dtype)
            batch_y[np.arange(len(index_array)), self.classes[index_array]] = 1.0
            return batch_x, batch_y
        return batch_x
