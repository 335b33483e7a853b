"""keras.utils' dataset builders: timeseries_dataset_from_array (windows of an array, by start
position and sampling rate), and text_dataset_from_directory and image_dataset_from_directory (one
text or image file per sample, labelled by its class subdirectory), as Keras 3 builds them over
tf.data."""

import os

import numpy as _np

from .. import _tfpp
from .. import data as _data
from .. import io as _io
from .image_utils import smart_resize


def _check_positive_below(name, value, length):
    if value <= 0:
        raise ValueError("`%s` must be higher than 0. Received: %s=%s" % (name, name, value))
    if value >= length:
        raise ValueError("`%s` must be lower than the length of the data. Received: %s=%s, for data of length %d"
                         % (name, name, value, length))


def _check_indices(start_index, end_index, length):
    if start_index:
        if start_index < 0:
            raise ValueError("`start_index` must be 0 or greater. Received: start_index=%s" % start_index)
        if start_index >= length:
            raise ValueError("`start_index` must be lower than the length of the data. Received: start_index=%s, "
                             "for data of length %d" % (start_index, length))
    if end_index:
        if start_index and end_index <= start_index:
            raise ValueError("`end_index` must be higher than `start_index`. Received: start_index=%s, and "
                             "end_index=%s " % (start_index, end_index))
        if end_index >= length:
            raise ValueError("`end_index` must be lower than the length of the data. Received: end_index=%s, for "
                             "data of length %d" % (end_index, length))
        if end_index <= 0:
            raise ValueError("`end_index` must be higher than 0. Received: end_index=%s" % end_index)


def timeseries_dataset_from_array(data, targets, sequence_length, sequence_stride=1, sampling_rate=1, batch_size=128,
                                  shuffle=False, seed=None, start_index=None, end_index=None):
    """Batches of windows of `data` (rows start_index..end_index): window i takes `sequence_length`
    rows, `sampling_rate` apart, from start position i * sequence_stride; with `targets`, each
    window comes with targets[start_index + its start position]. Shuffling reorders the start
    positions with NumPy's seeded generator, then shuffles locally."""
    length = len(data)
    _check_indices(start_index, end_index, length)
    _check_positive_below("sampling_rate", sampling_rate, length)
    _check_positive_below("sequence_stride", sequence_stride, length)
    start = start_index or 0
    end = length if end_index is None else end_index
    count = end - start - (sequence_length - 1) * sampling_rate
    if targets is not None:
        count = min(count, len(targets))
    index_dtype = "int32" if count < 2 ** 31 - 1 else "int64"  # the narrowest that holds the positions
    starts = _np.arange(0, count, sequence_stride, dtype=index_dtype)
    if shuffle:
        seed = _np.random.randint(1e6) if seed is None else seed
        _np.random.RandomState(seed).shuffle(starts)

    rows = _tfpp._convert_to_tensor(_np.asarray(data)[start:end])
    span = _tfpp.constant(sequence_length * sampling_rate, dtype=index_dtype)
    rate = _tfpp.constant(sampling_rate, dtype=index_dtype)
    positions = _data.Dataset.from_tensor_slices(starts)
    # A window's length is known per window (as Keras' range of tensors gives it): shape (None, ...).
    windows = positions.map(lambda first: _tfpp.gather(rows, _tfpp.range(first, first + span, rate)),
                            num_parallel_calls=_data.AUTOTUNE)
    if targets is not None:
        target_rows = _tfpp._convert_to_tensor(_np.asarray(targets)[start:end])
        labels = positions.map(lambda first: _tfpp.gather(target_rows, first), num_parallel_calls=_data.AUTOTUNE)
        windows = _data.Dataset.zip((windows, labels))
    windows = windows.prefetch(_data.AUTOTUNE)
    if batch_size is None:
        return windows.shuffle(1024, seed=seed) if shuffle else windows
    if shuffle:
        windows = windows.shuffle(batch_size * 8, seed=seed)
    return windows.batch(batch_size)


def _check_validation_split(validation_split, subset, shuffle, seed):
    if validation_split and not 0 < validation_split < 1:
        raise ValueError("`validation_split` must be between 0 and 1, received: %s" % validation_split)
    if (validation_split or subset) and not (validation_split and subset):
        raise ValueError("If `subset` is set, `validation_split` must be set, and inversely.")
    if subset not in ("training", "validation", "both", None):
        raise ValueError('`subset` must be either "training", "validation" or "both", received: %s' % subset)
    if validation_split and shuffle and seed is None:
        raise ValueError("If using `validation_split` and shuffling the data, you must provide a `seed` argument, to "
                         "make sure that there is no overlap between the training and validation subset.")


def _class_subdirectories(directory, class_names):
    found = sorted(name for name in os.listdir(directory)
                   if os.path.isdir(os.path.join(directory, name)) and not name.startswith("."))
    if class_names is None:
        return found
    if not set(class_names) <= set(found):
        raise ValueError("The `class_names` passed did not match the names of the subdirectories of the target "
                         "directory. Expected: %s (or a subset of it), but received: class_names=%s"
                         % (found, class_names))
    return list(class_names)


def _files_under(directory, formats, follow_links):
    """The files of `formats` below `directory`, directories and names in sorted order."""
    for root, _, names in sorted(os.walk(directory, followlinks=follow_links), key=lambda entry: entry[0]):
        for name in sorted(names):
            if name.lower().endswith(formats):
                yield os.path.join(root, name)


def index_directory(directory, labels, formats, class_names=None, shuffle=True, seed=None, follow_links=False,
                    verbose=True):
    """The sample files under `directory`, their labels and the class names, as Keras indexes them:
    with labels="inferred" each class is a subdirectory (sorted by name, or as class_names orders
    them); shuffled with NumPy's generator seeded by `seed`."""
    if labels == "inferred":
        classes = _class_subdirectories(directory, class_names)
    else:
        if class_names is not None:
            raise ValueError("When `labels=None` (no labels), argument `class_names` cannot be specified."
                             if labels is None else
                             "When argument `labels` is specified, argument `class_names` cannot be specified (the "
                             "`class_names` will be the sorted list of labels).")
        classes = [""]
    paths, inferred = [], []
    for index, subdirectory in enumerate(classes):
        found = list(_files_under(os.path.join(directory, subdirectory), formats, follow_links))
        paths += found
        inferred += [index] * len(found)
    if labels == "inferred":
        labels = _np.array(inferred, dtype=_np.int32)
    elif labels is None:
        classes = None
    else:
        if len(labels) != len(paths):
            raise ValueError("Expected the lengths of `labels` to match the number of files in the target directory. "
                             "len(labels) is %d while we found %d files in directory %s."
                             % (len(labels), len(paths), directory))
        classes = [str(label) for label in sorted(set(labels))]
    if verbose:
        print("Found %d files." % len(paths) if labels is None else
              "Found %d files belonging to %d classes." % (len(paths), len(classes)))
    if shuffle:
        seed = _np.random.randint(1e6) if seed is None else seed
        _np.random.RandomState(seed).shuffle(paths)
        if labels is not None:
            _np.random.RandomState(seed).shuffle(labels)
    return paths, labels, classes


def training_or_validation_split(samples, labels, validation_split, subset):
    """The training part (all but the last validation_split of the samples) or the validation part."""
    if not validation_split:
        return samples, labels
    held_out = int(validation_split * len(samples))
    if subset == "training":
        print("Using %d files for training." % (len(samples) - held_out))
        return samples[:-held_out], None if labels is None else labels[:-held_out]
    if subset == "validation":
        print("Using %d files for validation." % held_out)
        return samples[-held_out:], None if labels is None else labels[-held_out:]
    raise ValueError('`subset` must be either "training" or "validation", received: %s' % subset)


def labels_dataset(labels, label_mode, num_classes):
    """The labels as int32 scalars, float32 [1] vectors ("binary") or one-hot vectors ("categorical")."""
    dataset = _data.Dataset.from_tensor_slices(labels)
    if label_mode == "binary":
        return dataset.map(lambda label: _tfpp.expand_dims(_tfpp.math.cast(label, _tfpp.float32), -1))
    if label_mode == "categorical":
        return dataset.map(lambda label: _tfpp.one_hot(label, num_classes))
    return dataset


def _text_dataset(paths, labels, label_mode, num_classes, max_length, shuffle, shuffle_buffer_size, seed):
    def read(path):
        text = _io.read_file(path)
        return text if max_length is None else _tfpp.strings.substr(text, 0, max_length)
    dataset = _data.Dataset.from_tensor_slices(paths)
    if label_mode:
        dataset = _data.Dataset.zip((dataset, labels_dataset(labels, label_mode, num_classes)))
    if shuffle:
        dataset = dataset.shuffle(shuffle_buffer_size, seed=seed)
    if label_mode:
        return dataset.map(lambda path, label: (read(path), label), num_parallel_calls=_data.AUTOTUNE)
    return dataset.map(read, num_parallel_calls=_data.AUTOTUNE)


def _check_labels(labels, label_mode, class_names, files, samples):
    """Keras' checks of the `labels`, `label_mode` and `class_names` arguments, naming the kind of
    `files` a directory holds and the `samples` a dataset without labels would hold."""
    if labels not in ("inferred", None):
        if not isinstance(labels, (list, tuple)):
            raise ValueError("`labels` argument should be a list/tuple of integer labels, of the same size as the "
                             "number of %s in the target directory. If you wish to infer the labels from the "
                             "subdirectory names in the target directory, pass `labels=\"inferred\"`. If you wish to "
                             "get a dataset that only contains %s (no labels), pass `labels=None`. "
                             "Received: labels=%s" % (files, samples, labels))
        if class_names:
            raise ValueError("You can only pass `class_names` if `labels=\"inferred\"`. Received: labels=%s, and "
                             "class_names=%s" % (labels, class_names))
    if label_mode not in ("int", "categorical", "binary", None):
        raise ValueError('`label_mode` argument must be one of "int", "categorical", "binary", or None. Received: '
                         "label_mode=%s" % label_mode)


def text_dataset_from_directory(directory, labels="inferred", label_mode="int", class_names=None, batch_size=32,
                                max_length=None, shuffle=True, seed=None, validation_split=None, subset=None,
                                follow_links=False, format="tf", verbose=True):
    """Batches of (text, label) from the .txt files under `directory`, one class per subdirectory
    (labels="inferred"), or with the given labels, or none; `class_names` on the result."""
    _check_labels(labels, label_mode, class_names, "text files", "text samples")
    if format != "tf":
        raise ValueError('tfpp builds tf.data datasets: `format` must be "tf". Received: format=%s' % format)
    if labels is None or label_mode is None:
        labels, label_mode = None, None
    _check_validation_split(validation_split, subset, shuffle, seed)
    seed = _np.random.randint(1e6) if seed is None else seed
    paths, labels, class_names = index_directory(directory, labels, (".txt",), class_names, shuffle, seed,
                                                 follow_links, verbose)
    if label_mode == "binary" and len(class_names) != 2:
        raise ValueError('When passing `label_mode="binary"`, there must be exactly 2 class_names. Received: '
                         "class_names=%s" % class_names)
    buffer_size = 1024 if batch_size is None else batch_size * 8
    num_classes = len(class_names) if class_names else 0

    def build(subset_name, shuffled):
        part_paths, part_labels = training_or_validation_split(paths, labels, validation_split, subset_name)
        if not part_paths:
            kind = {"training": "training ", "validation": "validation "}.get(subset_name if subset == "both" else "", "")
            raise ValueError("No %stext files found in directory %s. Allowed format: .txt" % (kind, directory))
        dataset = _text_dataset(part_paths, part_labels, label_mode, num_classes, max_length, shuffled, buffer_size,
                                seed)
        if batch_size is not None:
            dataset = dataset.batch(batch_size)
        dataset = dataset.prefetch(_data.AUTOTUNE)
        dataset.class_names = class_names
        return dataset

    if subset == "both":
        return [build("training", shuffle), build("validation", False)]
    return build(subset, shuffle)


IMAGE_FORMATS = (".bmp", ".gif", ".jpeg", ".jpg", ".png")  # Keras' ALLOWLIST_FORMATS
_COLOR_CHANNELS = {"grayscale": 1, "rgb": 3, "rgba": 4}
_IMAGE_INTERPOLATIONS = ("bilinear", "nearest", "bicubic", "area", "lanczos3", "lanczos5", "gaussian", "mitchellcubic")


def _resize_with_pad(image, size, interpolation):
    """tf.image.resize_with_pad of one image whose size is known when the pipeline runs: resized to
    fit inside `size` keeping its aspect ratio, then zero-padded evenly (TensorFlow's arithmetic)."""
    import tfpp as tf
    shape = tf.cast(tf.shape(image), tf.float32)
    height, width = shape[0], shape[1]
    target_height, target_width = float(size[0]), float(size[1])
    ratio = tf.maximum(width / target_width, height / target_height)
    resized_height, resized_width = height / ratio, width / ratio
    resized = tf.image.resize(image, tf.cast(tf.floor(tf.stack([resized_height, resized_width])), tf.int32), method=interpolation)
    top = tf.maximum(0, tf.cast(tf.floor((target_height - resized_height) / 2), tf.int32))
    left = tf.maximum(0, tf.cast(tf.floor((target_width - resized_width) / 2), tf.int32))
    resized_shape = tf.shape(resized)
    bottom = size[0] - resized_shape[0] - top
    right = size[1] - resized_shape[1] - left
    return tf.pad(resized, tf.stack([tf.stack([top, bottom]), tf.stack([left, right]), tf.zeros([2], tf.int32)]))


def _load_image(path, image_size, num_channels, interpolation, data_format, crop_to_aspect_ratio, pad_to_aspect_ratio):
    """One image file decoded with num_channels channels and resized to image_size, as Keras'
    _load_image_tf (float32, except for nearest-neighbour resizing, which keeps uint8)."""
    import tfpp as tf
    image = tf.image.decode_image(tf.io.read_file(path), channels=num_channels, expand_animations=False)
    if crop_to_aspect_ratio:
        image = smart_resize(image, image_size, interpolation)
    elif pad_to_aspect_ratio:
        image = _resize_with_pad(image, image_size, interpolation)
    else:
        image = tf.image.resize(image, image_size, method=interpolation)
    image = tf.ensure_shape(image, (image_size[0], image_size[1], num_channels))
    return tf.transpose(image, (2, 0, 1)) if data_format == "channels_first" else image


def image_dataset_from_directory(directory, labels="inferred", label_mode="int", class_names=None, color_mode="rgb",
                                 batch_size=32, image_size=(256, 256), shuffle=True, seed=None, validation_split=None,
                                 subset=None, interpolation="bilinear", follow_links=False, crop_to_aspect_ratio=False,
                                 pad_to_aspect_ratio=False, data_format=None, format="tf", verbose=True):
    """Batches of (image, label) from the image files under `directory`, one class per
    subdirectory (labels="inferred"), or with the given labels, or none; each image decoded with
    the channels of color_mode and resized to image_size; `class_names` and `file_paths` on the result."""
    _check_labels(labels, label_mode, class_names, "image files", "images")
    if labels is None or label_mode is None:
        labels, label_mode = None, None
    if color_mode not in _COLOR_CHANNELS:
        raise ValueError('`color_mode` must be one of {"rgb", "rgba", "grayscale"}. Received: color_mode=%s' % color_mode)
    num_channels = _COLOR_CHANNELS[color_mode]
    if isinstance(image_size, int):
        image_size = (image_size, image_size)
    elif not isinstance(image_size, (list, tuple)) or len(image_size) != 2:
        raise ValueError("Invalid `image_size` value. Expected a tuple of 2 integers. Received: image_size=%s"
                         % (image_size,))
    interpolation = interpolation.lower()
    if interpolation not in _IMAGE_INTERPOLATIONS:
        raise ValueError("Argument `interpolation` should be one of %s. Received: interpolation=%s"
                         % (_IMAGE_INTERPOLATIONS, interpolation))
    if format != "tf":
        raise ValueError('tfpp builds tf.data datasets: `format` must be "tf". Received: format=%s' % format)
    if crop_to_aspect_ratio and pad_to_aspect_ratio:
        raise ValueError("Only one of `pad_to_aspect_ratio`, `crop_to_aspect_ratio` can be set to `True`.")
    data_format = data_format or "channels_last"
    if data_format not in ("channels_last", "channels_first"):
        raise ValueError("The `data_format` argument must be one of {'channels_first', 'channels_last'}. "
                         "Received: data_format=%s" % data_format)
    _check_validation_split(validation_split, subset, shuffle, seed)
    seed = _np.random.randint(1e6) if seed is None else seed
    paths, labels, class_names = index_directory(directory, labels, IMAGE_FORMATS, class_names, shuffle, seed,
                                                 follow_links, verbose)
    if label_mode == "binary" and len(class_names) != 2:
        raise ValueError('When passing `label_mode="binary"`, there must be exactly 2 class_names. Received: '
                         "class_names=%s" % class_names)
    buffer_size = 1024 if batch_size is None else batch_size * 8
    num_classes = len(class_names) if class_names else 0

    def load(path):
        return _load_image(path, tuple(image_size), num_channels, interpolation, data_format, crop_to_aspect_ratio,
                           pad_to_aspect_ratio)

    def build(subset_name, shuffled):
        part_paths, part_labels = training_or_validation_split(paths, labels, validation_split, subset_name)
        if not part_paths:
            kind = {"training": "training ", "validation": "validation "}.get(subset_name if subset == "both" else "", "")
            raise ValueError("No %simages found in directory %s. Allowed formats: %s" % (kind, directory, IMAGE_FORMATS))
        dataset = _data.Dataset.from_tensor_slices(part_paths)
        if label_mode:
            dataset = _data.Dataset.zip((dataset, labels_dataset(part_labels, label_mode, num_classes)))
        if shuffled:
            dataset = dataset.shuffle(buffer_size, seed=seed)
        if label_mode:
            dataset = dataset.map(lambda path, label: (load(path), label), num_parallel_calls=_data.AUTOTUNE)
        else:
            dataset = dataset.map(load, num_parallel_calls=_data.AUTOTUNE)
        if batch_size is not None:
            dataset = dataset.batch(batch_size)
        dataset = dataset.prefetch(_data.AUTOTUNE)
        dataset.class_names = class_names
        dataset.file_paths = part_paths
        return dataset

    if subset == "both":
        return [build("training", shuffle), build("validation", False)]
    return build(subset, shuffle)
