"""tf.keras.callbacks: Python Callback subclasses (their hooks called by the C++ fit loop with the
logs as a dict) and Keras' built-in callbacks, which are tfpp's C++ ones."""

import inspect as _inspect
import json as _json
import os as _os
import shutil as _shutil

from .. import _tfpp

_k = _tfpp.keras

_HOOKS = ("on_train_begin", "on_train_end", "on_epoch_begin", "on_epoch_end", "on_train_batch_begin",
          "on_train_batch_end", "on_test_begin", "on_test_end", "on_test_batch_begin", "on_test_batch_end",
          "on_predict_begin", "on_predict_end", "on_predict_batch_begin", "on_predict_batch_end")


class Callback:
    """keras.callbacks.Callback: override the hooks you need; `self.model` and `self.params` are set by fit."""

    def __init__(self):
        self.model = None
        self.params = {}

    def set_model(self, model):
        self.model = model

    def set_params(self, params):
        self.params = params

    def on_batch_begin(self, batch, logs=None):
        pass

    def on_batch_end(self, batch, logs=None):
        pass

    def on_train_batch_begin(self, batch, logs=None):
        self.on_batch_begin(batch, logs=logs)

    def on_train_batch_end(self, batch, logs=None):
        self.on_batch_end(batch, logs=logs)


def _no_op(self, *args, logs=None):
    pass


for _hook in _HOOKS:
    if not hasattr(Callback, _hook):
        setattr(Callback, _hook, _no_op)


def overridden_hooks(callback):
    """The hooks `callback`'s class defines itself (the only ones the C++ loop calls)."""
    cls = type(callback)
    hooks = [h for h in _HOOKS if getattr(cls, h) is not getattr(Callback, h)]
    if cls.on_batch_begin is not Callback.on_batch_begin:
        hooks.append("on_train_batch_begin")
    if cls.on_batch_end is not Callback.on_batch_end:
        hooks.append("on_train_batch_end")
    hooks += [h for h in _HOOKS if h in vars(callback)]  # LambdaCallback's per-instance hooks
    return hooks


class History(Callback):
    """keras.callbacks.History: what fit returns; `history` maps each metric to its values per epoch."""

    def __init__(self):
        super().__init__()
        self.history = {}
        self.epoch = []

    def on_train_begin(self, logs=None):
        self.epoch = []

    def on_epoch_end(self, epoch, logs=None):
        self.epoch.append(epoch)
        for key, value in (logs or {}).items():
            self.history.setdefault(key, []).append(value)
        self.model.history = self


class LambdaCallback(Callback):
    """keras.callbacks.LambdaCallback: a callback of functions, each called for its hook."""

    def __init__(self, on_epoch_begin=None, on_epoch_end=None, on_train_begin=None, on_train_end=None,
                 on_train_batch_begin=None, on_train_batch_end=None, **kwargs):
        super().__init__()
        hooks = dict(kwargs, on_epoch_begin=on_epoch_begin, on_epoch_end=on_epoch_end, on_train_begin=on_train_begin,
                     on_train_end=on_train_end, on_train_batch_begin=on_train_batch_begin,
                     on_train_batch_end=on_train_batch_end)
        for name, fn in hooks.items():
            if fn is not None:
                setattr(self, name, fn)


class _BuiltinCallback(Callback):
    """A C++ callback; `_cpp` is what fit runs. Its hooks, called from Python (CallbackList, custom
    training loops), run the C++ ones and update the logs dict in place, as Keras' callbacks share it."""

    _cpp = None

    def set_model(self, model):
        super().set_model(model)
        if getattr(model, "_cpp", None) is not None:
            self._cpp.set_model(model._cpp)

    def set_params(self, params):
        super().set_params(params)
        self._cpp.set_params(int(params.get("verbose", 1)), int(params.get("epochs", 1)), params.get("steps"))


def _forward(hook, indexed):
    def call(self, *args, logs=None):
        index = args[0] if indexed else None
        if len(args) > int(indexed):
            logs = args[int(indexed)]
        left = self._cpp.call_hook(hook, index, logs)
        if logs is not None:
            logs.clear()
            logs.update(left)
    call.__name__ = hook
    return call


for _hook in _HOOKS:
    setattr(_BuiltinCallback, _hook, _forward(_hook, "batch" in _hook or "epoch" in _hook))
_BuiltinCallback.on_batch_begin = _BuiltinCallback.on_train_batch_begin
_BuiltinCallback.on_batch_end = _BuiltinCallback.on_train_batch_end


class EarlyStopping(_BuiltinCallback):
    """keras.callbacks.EarlyStopping."""

    def __init__(self, monitor="val_loss", min_delta=0, patience=0, verbose=0, mode="auto", baseline=None,
                 restore_best_weights=False, start_from_epoch=0):
        super().__init__()
        self._cpp = _k.EarlyStopping(monitor, float(min_delta), int(patience), int(verbose), mode, baseline,
                                     bool(restore_best_weights), int(start_from_epoch))


class ReduceLROnPlateau(_BuiltinCallback):
    """keras.callbacks.ReduceLROnPlateau."""

    def __init__(self, monitor="val_loss", factor=0.1, patience=10, verbose=0, mode="auto", min_delta=1e-4, cooldown=0,
                 min_lr=0.0, **kwargs):
        super().__init__()
        self._cpp = _k.ReduceLROnPlateau(monitor, float(factor), int(patience), int(verbose), mode, float(min_delta),
                                         int(cooldown), float(min_lr))


class ModelCheckpoint(_BuiltinCallback):
    """keras.callbacks.ModelCheckpoint."""

    def __init__(self, filepath, monitor="val_loss", verbose=0, save_best_only=False, save_weights_only=False,
                 mode="auto", save_freq="epoch", initial_value_threshold=None):
        super().__init__()
        self._cpp = _k.ModelCheckpoint(str(filepath), monitor, int(verbose), bool(save_best_only),
                                       bool(save_weights_only), mode, save_freq, initial_value_threshold)


class CSVLogger(_BuiltinCallback):
    """keras.callbacks.CSVLogger."""

    def __init__(self, filename, separator=",", append=False):
        super().__init__()
        self._cpp = _k.CSVLogger(str(filename), separator, bool(append))


class TerminateOnNaN(_BuiltinCallback):
    """keras.callbacks.TerminateOnNaN."""

    def __init__(self, raise_error=False):
        super().__init__()
        self._cpp = _k.TerminateOnNaN(bool(raise_error))


class LearningRateScheduler(_BuiltinCallback):
    """keras.callbacks.LearningRateScheduler: schedule(epoch, lr) -> the epoch's learning rate."""

    def __init__(self, schedule, verbose=0):
        super().__init__()
        self.schedule = schedule
        try:
            takes_rate = len(_inspect.signature(schedule).parameters) >= 2
        except (TypeError, ValueError):
            takes_rate = True
        self._cpp = _k.LearningRateScheduler(schedule if takes_rate else lambda epoch, lr: schedule(epoch), int(verbose))


class TensorBoard(_BuiltinCallback):
    """keras.callbacks.TensorBoard: epoch (and by update_freq, batch) scalars, weight histograms
    every histogram_freq epochs and the model's graph under log_dir/train and log_dir/validation."""

    def __init__(self, log_dir="logs", histogram_freq=0, write_graph=True, write_images=False,
                 write_steps_per_second=False, update_freq="epoch", profile_batch=0, embeddings_freq=0,
                 embeddings_metadata=None):
        super().__init__()
        unsupported = {"write_images": write_images, "write_steps_per_second": write_steps_per_second,
                       "profile_batch": profile_batch, "embeddings_freq": embeddings_freq,
                       "embeddings_metadata": embeddings_metadata}
        for name, value in unsupported.items():
            if value:
                raise NotImplementedError("tfpp's TensorBoard callback does not support `%s` (got %r)" % (name, value))
        if update_freq not in ("epoch", "batch") and not isinstance(update_freq, int):
            raise ValueError("Unrecognized update_freq: %s" % (update_freq,))
        self.log_dir, self.histogram_freq, self.write_graph = str(log_dir), histogram_freq, write_graph
        self.write_images, self.write_steps_per_second = write_images, write_steps_per_second
        self.update_freq = 1 if update_freq == "batch" else update_freq
        self.embeddings_freq, self.embeddings_metadata = embeddings_freq, embeddings_metadata
        self._cpp = _k.TensorBoard(self.log_dir, int(histogram_freq), bool(write_graph), update_freq)


class ProgbarLogger(_BuiltinCallback):
    """keras.callbacks.ProgbarLogger: Keras' progress bar (fit adds one unless given one)."""

    def __init__(self):
        super().__init__()
        self._cpp = _k.ProgbarLogger()


class CallbackList(Callback):
    """keras.callbacks.CallbackList: calls a list of callbacks' hooks in order with one logs dict
    (adding History / ProgbarLogger when asked), for custom training loops."""

    def __init__(self, callbacks=None, add_history=False, add_progbar=False, model=None, **params):
        super().__init__()
        self.callbacks = _flatten(callbacks) if callbacks else []
        self._history = next((cb for cb in self.callbacks if isinstance(cb, History)), None)
        self._progbar = next((cb for cb in self.callbacks if isinstance(cb, ProgbarLogger)), None)
        if self._history is None and add_history:
            self._history = History()
            self.callbacks.append(self._history)
        if self._progbar is None and add_progbar:
            self._progbar = ProgbarLogger()
            self.callbacks.append(self._progbar)
        self.set_model(model)
        self.set_params(params)

    def set_params(self, params):
        self.params = params
        if params:
            for callback in self.callbacks:
                callback.set_params(params)

    def set_model(self, model):
        if not model:
            return
        super().set_model(model)
        if self._history:
            model.history = self._history
        for callback in self.callbacks:
            callback.set_model(model)


def _flatten(callbacks):
    if isinstance(callbacks, (list, tuple)):
        return [cb for item in callbacks for cb in _flatten(item)]
    return [callbacks]


def _dispatch(hook, indexed):
    def call(self, *args, logs=None):
        index = args[0] if indexed else None
        if len(args) > int(indexed):
            logs = args[int(indexed)]
        logs = dict(logs or {})  # Keras hands the callbacks a copy of the caller's logs
        for callback in self.callbacks:
            if indexed:
                getattr(callback, hook)(index, logs)
            else:
                getattr(callback, hook)(logs)
    call.__name__ = hook
    return call


for _hook in _HOOKS + ("on_batch_begin", "on_batch_end"):
    setattr(CallbackList, _hook, _dispatch(_hook, "batch" in _hook or "epoch" in _hook))


class BackupAndRestore(Callback):
    """keras.callbacks.BackupAndRestore: saves the weights and the epoch reached to backup_dir
    every epoch (or every save_freq batches); a later fit with the same backup_dir restores them and
    resumes at that epoch. The backup is deleted when fit ends normally (delete_checkpoint)."""

    def __init__(self, backup_dir, save_freq="epoch", double_checkpoint=False, delete_checkpoint=True):
        super().__init__()
        if not backup_dir:
            raise ValueError("Empty `backup_dir` argument passed")
        if save_freq != "epoch" and not isinstance(save_freq, int):
            raise ValueError("Invalid value for argument `save_freq`. Received: save_freq=%s. Expected either 'epoch' "
                             "or an integer value." % (save_freq,))
        self.backup_dir, self.save_freq = backup_dir, save_freq
        self.double_checkpoint, self.delete_checkpoint = double_checkpoint, delete_checkpoint
        self._batches_seen_since_last_saving = 0
        self._last_batch_seen = 0
        self._current_epoch = 0
        self._weights_path = _os.path.join(backup_dir, "latest.weights.h5")
        self._training_metadata_path = _os.path.join(backup_dir, "training_metadata.json")
        self._prev_weights_path = self._weights_path + ".bkp"
        self._prev_training_metadata_path = self._training_metadata_path + ".bkp"

    def on_train_begin(self, logs=None):
        try:
            self._load_model()
        except OSError:
            if not _os.path.exists(self._prev_weights_path):
                raise
            _shutil.copy(self._prev_weights_path, self._weights_path)
            if _os.path.exists(self._prev_training_metadata_path):
                _shutil.copy(self._prev_training_metadata_path, self._training_metadata_path)
            elif _os.path.exists(self._training_metadata_path):
                _os.remove(self._training_metadata_path)
            self._load_model()

    def _load_model(self):
        if not self.model.built:
            raise ValueError("To use the BackupAndRestore callback, you model must be built before you call `fit()`. "
                             "Model %s is unbuilt. You can build it beforehand by calling it on a batch of data." %
                             self.model)
        if _os.path.exists(self._weights_path):
            self.model.load_weights(self._weights_path)
        if _os.path.exists(self._training_metadata_path):
            with open(self._training_metadata_path) as f:
                self._current_epoch = _json.loads(f.read())["epoch"]
            _k.resume_fit_at(self.model._cpp, int(self._current_epoch))

    def on_epoch_end(self, epoch, logs=None):
        self._current_epoch = epoch + 1
        self._last_batch_seen = 0
        if self.save_freq == "epoch":
            self._save_model()

    def on_train_batch_end(self, batch, logs=None):
        if self._should_save_on_batch(batch):
            self._save_model()

    def _save_model(self):
        _os.makedirs(self.backup_dir, exist_ok=True)
        if self.double_checkpoint and _os.path.exists(self._weights_path):
            _shutil.copy(self._weights_path, self._prev_weights_path)
        if self.double_checkpoint and _os.path.exists(self._training_metadata_path):
            _shutil.copy(self._training_metadata_path, self._prev_training_metadata_path)
        self.model.save_weights(self._weights_path, overwrite=True)
        with open(self._training_metadata_path, "w") as f:
            f.write(_json.dumps({"epoch": self._current_epoch, "batch": self._last_batch_seen}))

    def _should_save_on_batch(self, batch):
        if self.save_freq == "epoch":
            return False
        added = batch + 1 if batch <= self._last_batch_seen else batch - self._last_batch_seen
        self._batches_seen_since_last_saving += added
        self._last_batch_seen = batch
        if self._batches_seen_since_last_saving >= self.save_freq:
            self._batches_seen_since_last_saving = 0
            return True
        return False

    def on_train_end(self, logs=None):
        if self.delete_checkpoint and _os.path.exists(self.backup_dir):
            _shutil.rmtree(self.backup_dir)


class SwapEMAWeights(Callback):
    """keras.callbacks.SwapEMAWeights: evaluates and predicts with the optimizer's moving averages
    (use_ema=True), swapping them with the model's weights around those runs, and with
    swap_on_epoch=True also over each epoch's end (for a ModelCheckpoint after it)."""

    def __init__(self, swap_on_epoch=False):
        super().__init__()
        self.swap_on_epoch = swap_on_epoch
        self._ema_weights_in_model = False

    def _optimizer(self):
        optimizer = self.model.optimizer
        optimizer = getattr(optimizer, "inner_optimizer", optimizer)
        use_ema = optimizer.get_config().get("use_ema", False)
        if not use_ema:
            raise ValueError("SwapEMAWeights must be used when `use_ema=True` is set on the optimizer. Received: "
                             "use_ema=%s" % (use_ema,))
        return optimizer

    def _swap_variables(self):
        self._optimizer()._cpp._swap_ema_weights()

    def _finalize_ema_values(self):
        self._optimizer()._cpp._finalize_ema_values()

    def on_epoch_begin(self, epoch, logs=None):
        if self.swap_on_epoch and self._ema_weights_in_model:
            self._swap_variables()
            self._ema_weights_in_model = False

    def on_epoch_end(self, epoch, logs=None):
        if self.swap_on_epoch and not self._ema_weights_in_model:
            self._swap_variables()
            self._ema_weights_in_model = True
            # The averages become the weights: fit's end copies them back into the model.
            if epoch == self.params["epochs"] - 1:
                self._finalize_ema_values()

    def on_test_begin(self, logs=None):
        if not self._ema_weights_in_model:
            self._swap_variables()
            self._ema_weights_in_model = True

    def on_test_end(self, logs=None):
        if self._ema_weights_in_model:
            self._swap_variables()
            self._ema_weights_in_model = False

    def on_predict_begin(self, logs=None):
        if not self._ema_weights_in_model:
            self._swap_variables()
            self._ema_weights_in_model = True

    def on_predict_end(self, logs=None):
        # As Keras 3.15 writes it: the condition never holds after on_predict_begin.
        if not self._ema_weights_in_model:
            self._swap_variables()
            self._ema_weights_in_model = False
