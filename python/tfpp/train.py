"""tf.train's checkpoints over the C++ core's (TensorFlow's format: TensorFlow reads what tfpp
writes and the other way round). A checkpoint tracks tf.Variables, lookup tables (a mutable
table's entries), Keras layers, models and optimizers (the C++ core tracks what they hold) and the
tf.Modules, lists, tuples and dicts that hold them, under their attribute names; before every save
and restore the object graph is refreshed from what the Python objects hold then. CheckpointOptions' write callbacks run once a checkpoint is written (on a save,
after it is recorded as the directory's latest, where TensorFlow runs them just before)."""

import copy
import inspect
import os

from . import _tfpp
from .example import (BytesList, Example, Feature, FeatureList, FeatureLists, Features, FloatList, Int64List,  # noqa: F401
                      SequenceExample)
from .module import Module

_train = _tfpp._train


# How a SavedModel names Python containers, so that loading restores them as lists and dicts.
_SAVED_IDENTIFIERS = {list: "trackable_list_wrapper", tuple: "trackable_tuple_wrapper", dict: "trackable_dict_wrapper"}


class TrackedList(list):
    """A list saved even when empty (as TensorFlow saves the lists an AutoTrackable holds, e.g.
    keras.export's variable lists); other lists are saved only when they hold something trackable."""


class _ObjectGraph:
    """The C++ nodes standing for Python containers, kept per object across saves."""

    def __init__(self):
        self._nodes = {}  # id(object) -> (object, node)

    def handle(self, value):
        """What the C++ checkpoint tracks for `value`: the variable, a table's resource handle, a
        Keras object's C++ object, or the container's node."""
        if isinstance(value, _tfpp.Variable):
            return value
        if _is_keras(value):
            return value._cpp
        if _is_table(value):
            return value.resource_handle
        entry = self._nodes.get(id(value))
        if entry is None:
            kind = list if isinstance(value, TrackedList) else type(value)
            node = _train.Node(_SAVED_IDENTIFIERS.get(kind, "_generic_user_object"))
            entry = self._nodes[id(value)] = (value, node)
        return entry[1]

    def refresh(self, roots, functions=lambda value: []):
        """Refills every container's node reachable from `roots` from its current contents;
        `functions(value)` gives a container's (name, concrete functions callable) to save."""
        done = set()
        pending = [v for v in roots if not isinstance(v, _tfpp.Variable) and not _is_table(v) and not _is_keras(v)]
        while pending:
            value = pending.pop()
            if id(value) in done:
                continue
            done.add(id(value))
            variables, children, tables = [], [], []
            for name, child in _children(value):
                if isinstance(child, _tfpp.Variable):
                    variables.append((name, child))
                elif _is_table(child):
                    tables.append((name, child.resource_handle))
                else:
                    children.append((name, self.handle(child)))
                    if not _is_keras(child):
                        pending.append(child)
            self.handle(value).set(variables, children, functions(value), tables)


def _is_table(value):
    from .lookup import _Table  # tf.lookup imports much of tfpp; import it when first needed

    return isinstance(value, _Table)


def _is_keras(value):
    """Whether `value` is a Keras layer, model or optimizer (a C++ object the core tracks)."""
    return isinstance(getattr(value, "_cpp", None), (_tfpp.keras.Layer, _tfpp.keras.Optimizer))


def _checkpoint_object(value):
    """Whether a Checkpoint keeps `value` as one of its objects: a trackable, or a list, tuple or dict
    (which may hold trackables later), as TensorFlow's Checkpoint tracks them."""
    return _trackable(value) or isinstance(value, (list, tuple, dict))


def _trackable(value):
    if isinstance(value, (_tfpp.Variable, Module, TrackedList, Checkpoint)) or _is_table(value) or _is_keras(value):
        return True
    if isinstance(value, dict):
        return any(_trackable(v) for v in value.values())
    if isinstance(value, (list, tuple)):
        return any(_trackable(v) for v in value)
    return False


def _children(value):
    """(name, child) for each trackable child, as TensorFlow names them (attributes, list indices,
    dict keys)."""
    if isinstance(value, Module):
        items = sorted(vars(value).items())
    elif isinstance(value, Checkpoint):
        if value._keras_root is not None:
            raise TypeError("tfpp's checkpoints take a Checkpoint inside another only without a Keras root object")
        items = list(value._roots.items())
    elif isinstance(value, dict):
        items = sorted((str(k), v) for k, v in value.items())
    else:
        items = [(str(i), v) for i, v in enumerate(value)]
    return [(name, child) for name, child in items if _trackable(child)]


class CheckpointLoadStatus:
    """How a restore matched the objects (Checkpoint.restore's result)."""

    def __init__(self, status):
        self._status = status

    def assert_consumed(self):
        """Raises AssertionError unless every saved value was restored and every variable got one."""
        self._status.assert_consumed()
        return self

    def assert_existing_objects_matched(self):
        """Raises AssertionError unless every existing variable got a value."""
        self._status.assert_existing_objects_matched()
        return self

    def expect_partial(self):
        """Accepts a partial match."""
        self._status.expect_partial()
        return self


class CheckpointOptions:
    """How a checkpoint is saved and restored (tf.train.CheckpointOptions). On one host every I/O
    device reaches the same files and tfpp's checkpoints hold no slot variables to skip, so
    experimental_io_device and experimental_skip_slot_variables change nothing; an async save is
    written before save() returns, so it is readable at once."""

    __slots__ = ("experimental_io_device", "experimental_enable_async_checkpoint", "experimental_write_callbacks",
                 "enable_async", "experimental_sharding_callback", "experimental_skip_slot_variables")

    def __init__(self, experimental_io_device=None, experimental_enable_async_checkpoint=False,
                 experimental_write_callbacks=None, enable_async=False, experimental_skip_slot_variables=False,
                 experimental_sharding_callback=None):
        self.experimental_io_device = experimental_io_device
        self.enable_async = experimental_enable_async_checkpoint or enable_async
        self.experimental_enable_async_checkpoint = self.enable_async
        for callback in experimental_write_callbacks or []:
            assert len(inspect.signature(callback).parameters) <= 1
        self.experimental_write_callbacks = experimental_write_callbacks
        check_sharding_callback(experimental_sharding_callback)
        self.experimental_sharding_callback = experimental_sharding_callback
        self.experimental_skip_slot_variables = experimental_skip_slot_variables

    def __copy__(self):
        result = CheckpointOptions.__new__(CheckpointOptions)
        for name in self.__slots__:
            setattr(result, name, getattr(self, name))
        result.experimental_write_callbacks = copy.copy(self.experimental_write_callbacks)
        return result


def check_sharding_callback(callback):
    """TensorFlow's ValueError for a sharding callback that is not a ShardingCallback: here any,
    as tfpp writes one data file and has no ShardingCallback."""
    if callback is not None:
        raise ValueError("The experimental_sharding_callback checkpoint optionmust be of type ShardingCallback. The "
                         "option providedwas of type %s." % type(callback))


def _run_write_callbacks(options, save_path):
    """Calls each of the options' write callbacks, with the path if it takes an argument."""
    for callback in (options.experimental_write_callbacks if options else None) or []:
        parameters = len(inspect.signature(callback).parameters)
        if parameters > 1:
            raise AssertionError("Callback functions for checkpoint are required to have 0 or 1parameters, but this "
                                 "has %d parameters: %s" % (parameters, callback))
        if parameters == 0:
            callback()
        else:
            callback(save_path)
    return save_path


def _is_async(options):
    return bool(options and options.experimental_enable_async_checkpoint)


def _without_async(options):
    options = copy.copy(options)
    options.experimental_enable_async_checkpoint = False
    return options


class Checkpoint:
    """Saves and restores variables and the modules holding them (tf.train.Checkpoint). Objects
    are given to the constructor or assigned as attributes later (`ckpt.step = tf.Variable(1)`),
    and read back as attributes (`ckpt.step`)."""

    def __init__(self, root=None, **kwargs):
        keras_root = root if _is_keras(root) else None
        if root is not None and keras_root is None:
            kwargs = dict(_children(root), **kwargs)
        for name, value in list(kwargs.items()) + ([("root", root)] if root is not None else []):
            if not _checkpoint_object(value):
                raise ValueError("`Checkpoint` was expecting a trackable object (an object derived from `Trackable`), "
                                 "got %r. If you believe this object should be trackable (i.e. it is part of the "
                                 "TensorFlow Python API and manages state), please open an issue." % (value,))
        if isinstance(getattr(keras_root, "_cpp", None), _tfpp.keras.Layer) and not keras_root.built:
            # Its weights are the checkpoint's root children, read now.
            raise ValueError("tfpp's Checkpoint(root) takes a built Keras layer or model: call or build %s first, or "
                             "pass it by name (Checkpoint(model=...))" % keras_root.name)
        self._roots = dict(sorted(kwargs.items()))
        self._graph = _ObjectGraph()
        self._keras_root = keras_root
        self._impl = None
        self._sync_impl()
        self._async_checkpointer_impl = None
        self._checkpoint_options = None  # the last async options given: restores follow them

    def __setattr__(self, name, value):
        if name.startswith("_"):
            super().__setattr__(name, value)
            return
        if not _checkpoint_object(value):
            super().__setattr__(name, value)  # a plain attribute, as TensorFlow keeps untrackable values
            return
        self.__dict__.pop(name, None)
        self._roots = dict(sorted(dict(self._roots, **{name: value}).items()))
        self._sync_impl()

    def __getattr__(self, name):
        roots = self.__dict__.get("_roots", {})
        if name in roots:
            return roots[name]
        raise AttributeError("'Checkpoint' object has no attribute '%s'" % name)

    def _sync_impl(self):
        """Makes the C++ checkpoint of the current objects again when they changed, its save
        counter carried over."""
        key = [(name, id(value)) for name, value in self._roots.items()]
        if self._impl is not None and key == self._impl_key:
            return
        made = self._impl is not None and self._impl.has_save_counter()
        counter = self._impl.save_counter().numpy() if made else None
        self._impl = _train.Checkpoint([(k, self._graph.handle(v)) for k, v in self._roots.items()],
                                       None if self._keras_root is None else self._keras_root._cpp)
        self._impl_key = key
        if counter is not None:
            self._impl.save_counter().assign(counter)

    def _refresh(self):
        self._sync_impl()
        self._graph.refresh(list(self._roots.values()))

    def _async_checkpointer(self):
        """The checkpoint async saves and restores go through, as TensorFlow's async helper: the
        same objects with a save counter of its own."""
        if self._async_checkpointer_impl is None:
            self._async_checkpointer_impl = Checkpoint(self._keras_root, **self._roots)
        return self._async_checkpointer_impl

    @property
    def save_counter(self):
        """The number of save() calls so far (an int64 variable)."""
        return self._impl.save_counter()

    def save(self, file_prefix, options=None):
        """Writes `<file_prefix>-<n>` for the n-th save and records it as the directory's latest."""
        if _is_async(options):
            self._checkpoint_options = options
            return self._async_checkpointer().save(file_prefix, _without_async(options))
        self._refresh()
        return _run_write_callbacks(options, self._impl.save(os.fspath(file_prefix)))

    def write(self, file_prefix, options=None):
        """Writes the checkpoint at `file_prefix` as it is (no counter)."""
        if _is_async(options):
            self._checkpoint_options = options
            return self._async_checkpointer().write(file_prefix, _without_async(options))
        self._refresh()
        return _run_write_callbacks(options, self._impl.write(os.fspath(file_prefix)))

    def sync(self):
        """Waits for outstanding async saves: none, as tfpp finishes each before save() returns."""

    def restore(self, save_path, options=None):
        """Restores the saved values into the objects, matched by name."""
        if _is_async(options):
            self._checkpoint_options = options
        if _is_async(self._checkpoint_options):
            return self._async_checkpointer().restore(save_path, _without_async(options or self._checkpoint_options))
        self._refresh()
        return CheckpointLoadStatus(self._impl.restore(os.fspath(save_path)))

    def read(self, save_path, options=None):
        """restore() (the pair of write())."""
        return self.restore(save_path, options)


class CheckpointManager:
    """Numbered checkpoints of a Checkpoint in a directory, keeping the newest max_to_keep."""

    def __init__(self, checkpoint, directory, max_to_keep, keep_checkpoint_every_n_hours=None, checkpoint_name="ckpt",
                 step_counter=None, checkpoint_interval=None, init_fn=None):
        self._checkpoint = checkpoint
        self._arguments = (os.fspath(directory), max_to_keep, keep_checkpoint_every_n_hours, checkpoint_name)
        self._impl_for = None
        self._manager()

    @property
    def _impl(self):
        return self._manager()

    def _manager(self):
        """The C++ manager of the checkpoint's current C++ checkpoint (made again after objects
        were assigned to the checkpoint; it reads the directory's record of what it kept)."""
        if self._impl_for is not self._checkpoint._impl:
            self._impl_for = self._checkpoint._impl
            self._cpp_manager = _train.CheckpointManager(self._impl_for, *self._arguments)
        return self._cpp_manager

    def save(self, checkpoint_number=None, check_interval=True, options=None):
        """Saves the next numbered checkpoint (or `checkpoint_number`) and returns its prefix."""
        if _is_async(options):
            self._checkpoint._checkpoint_options = options
        self._checkpoint._refresh()
        path = self._impl.save(None if checkpoint_number is None else int(checkpoint_number))
        return _run_write_callbacks(options, path)

    @property
    def latest_checkpoint(self):
        """The newest checkpoint's prefix, or None."""
        return self._impl.latest_checkpoint()

    @property
    def checkpoints(self):
        """The checkpoints kept, oldest first."""
        return self._impl.checkpoints()

    @property
    def directory(self):
        """The managed directory."""
        return self._impl.directory()

    @property
    def checkpoint(self):
        """The Checkpoint it saves."""
        return self._checkpoint


def latest_checkpoint(checkpoint_dir, latest_filename=None):
    """The prefix of the newest checkpoint recorded in `checkpoint_dir`, or None."""
    return _train.latest_checkpoint(os.fspath(checkpoint_dir))


def list_variables(ckpt_dir_or_file):
    """Every (key, shape) in a checkpoint, sorted by key."""
    return [(key, list(shape)) for key, shape in _train.list_variables(os.fspath(ckpt_dir_or_file))]


class CheckpointReader:
    """Reads a checkpoint's values by key (tf.train.load_checkpoint's result)."""

    def __init__(self, path):
        self._path = path

    def get_tensor(self, name):
        """The value under `name` as a NumPy array."""
        return _train.read_tensor(self._path, name).numpy()

    def get_variable_to_shape_map(self):
        """{key: shape} of every value."""
        return dict(list_variables(self._path))

    def get_variable_to_dtype_map(self):
        """{key: dtype} of every value."""
        return _train.variable_dtypes(self._path)

    def has_tensor(self, name):
        """Whether the checkpoint holds a value under `name`."""
        return name in self.get_variable_to_shape_map()


def load_checkpoint(ckpt_dir_or_file):
    """A reader of the checkpoint at a prefix, or of a directory's latest checkpoint."""
    return CheckpointReader(os.fspath(ckpt_dir_or_file))
