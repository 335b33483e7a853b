"""tf.keras.callbacks: Python Callback subclasses (their hooks called by the C++ fit loop with the
logs as a dict) and Keras' built-in callbacks, which are tfpp's C++ ones."""

import inspect

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
    """A C++ callback; `_cpp` is what fit runs."""

    _cpp = None


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
            takes_rate = len(inspect.signature(schedule).parameters) >= 2
        except (TypeError, ValueError):
            takes_rate = True
        self._cpp = _k.LearningRateScheduler(schedule if takes_rate else lambda epoch, lr: schedule(epoch), int(verbose))
