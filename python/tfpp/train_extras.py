"""tf.train.ExponentialMovingAverage, load_variable, get_checkpoint_state and checkpoints_iterator,
over tfpp's variables and its checkpoint reader."""

import ast
import os
import re
import time

from . import _tfpp
from .framework_scopes import init_scope

_math = _tfpp.math


class ExponentialMovingAverage:
    """Keeps a moving average of variables: apply(var_list) sets each average (a non-trainable
    variable named "<var>/<name>", starting at the variable's value) to
    average - (1 - decay) * (average - value)."""

    def __init__(self, decay, num_updates=None, zero_debias=False, name="ExponentialMovingAverage"):
        self._decay = decay
        self._num_updates = num_updates
        self._zero_debias = zero_debias
        self._name = name
        self._averages = {}  # id(variable) -> (variable, average)

    @property
    def name(self):
        """The name of this object, which the averages' names end with."""
        return self._name

    def apply(self, var_list=None):
        """Creates the averages of `var_list` not averaged yet and updates all of theirs (None: no
        variables, as TensorFlow 2 finds none eagerly). Returns None, as TensorFlow's group does."""
        var_list = list(var_list or [])
        for var in var_list:
            if not isinstance(var, _tfpp.Variable):
                raise TypeError("tf.train.ExponentialMovingAverage does not support non-Variable tensors when eager "
                                "execution is enabled.")
            if var.dtype not in (_tfpp.bfloat16, _tfpp.float16, _tfpp.float32, _tfpp.float64):
                raise TypeError("The variables must be half, float, or double: %s" % var.name)
            if id(var) not in self._averages:
                with init_scope():  # created once, eagerly, even when apply runs in a tf.function
                    average = _tfpp.Variable(var.read_value(), trainable=False, name=self._base_name(var))
                self._averages[id(var)] = (var, average)
        decay = _tfpp.constant(self._decay, _tfpp.float32)
        if self._num_updates is not None:
            num_updates = _math.cast(self._num_updates, _tfpp.float32)
            decay = _tfpp.math.minimum(decay, (1.0 + num_updates) / (10.0 + num_updates))
        for var in var_list:
            average = self._averages[id(var)][1]
            rate = _math.cast(1.0 - decay, average.dtype)
            average.assign_sub((average - var) * rate)
        return None

    def average(self, var):
        """The moving-average variable of `var`, or None if apply has not seen it."""
        entry = self._averages.get(id(var))
        return entry[1] if entry else None

    def average_name(self, var):
        """The name of `var`'s average ("<var>/<name>")."""
        entry = self._averages.get(id(var))
        return entry[1].name[:-len(":0")] if entry else self._base_name(var)

    def _base_name(self, var):
        return var.name[:-len(":0")] + "/" + self._name

    def variables_to_restore(self, moving_avg_variables=None):
        """{average name: variable} for `moving_avg_variables` (for name-based restoring)."""
        return {self.average_name(v): v for v in (moving_avg_variables or [])}


def load_variable(ckpt_dir_or_file, name):
    """The value saved under `name` in a checkpoint (a prefix, or a directory's latest), as NumPy."""
    from .train import load_checkpoint  # noqa: PLC0415 - tf.train imports this module
    if name.endswith(":0"):
        name = name[:-2]
    return load_checkpoint(ckpt_dir_or_file).get_tensor(name)


class CheckpointState:
    """What a directory's `checkpoint` file records (TensorFlow's CheckpointState message)."""

    _FIELDS = ("model_checkpoint_path", "all_model_checkpoint_paths", "all_model_checkpoint_timestamps",
               "last_preserved_timestamp")

    def __init__(self):
        self.model_checkpoint_path = ""
        self.all_model_checkpoint_paths = []
        self.all_model_checkpoint_timestamps = []
        self.last_preserved_timestamp = 0.0

    def __str__(self):
        lines = []
        for field in self._FIELDS:
            value = getattr(self, field)
            for item in value if isinstance(value, list) else ([value] if value else []):
                lines.append('%s: %s' % (field, '"%s"' % item if isinstance(item, str) else repr(item)))
        return "\n".join(lines) + ("\n" if lines else "")


_STATE_LINE = re.compile(r'^\s*(\w+)\s*:\s*(.+?)\s*$')


def get_checkpoint_state(checkpoint_dir, latest_filename=None):
    """The CheckpointState in `checkpoint_dir` (relative paths made to start with the directory),
    or None if it has none or it does not parse."""
    checkpoint_dir = os.fspath(checkpoint_dir)
    path = os.path.join(checkpoint_dir, latest_filename or "checkpoint")
    if not os.path.isfile(path):
        return None
    state = CheckpointState()
    try:
        with open(path, encoding="utf-8") as f:
            for line in f:
                match = _STATE_LINE.match(line)
                if not match:
                    continue
                key, value = match.group(1), ast.literal_eval(match.group(2))
                if key in ("all_model_checkpoint_paths", "all_model_checkpoint_timestamps"):
                    getattr(state, key).append(value)
                elif key in CheckpointState._FIELDS:
                    setattr(state, key, value)
    except (ValueError, SyntaxError):
        return None
    if not state.model_checkpoint_path:
        return None
    resolve = lambda p: p if os.path.isabs(p) else os.path.join(checkpoint_dir, p)  # noqa: E731
    state.model_checkpoint_path = resolve(state.model_checkpoint_path)
    state.all_model_checkpoint_paths = [resolve(p) for p in state.all_model_checkpoint_paths]
    return state


def _wait_for_new_checkpoint(checkpoint_dir, last_checkpoint, seconds_to_sleep, timeout):
    from .train import latest_checkpoint  # noqa: PLC0415 - tf.train imports this module
    stop_time = time.time() + timeout if timeout is not None else None
    while True:
        path = latest_checkpoint(checkpoint_dir)
        if path is not None and path != last_checkpoint:
            return path
        if stop_time is not None and time.time() + seconds_to_sleep > stop_time:
            return None
        time.sleep(seconds_to_sleep)


def checkpoints_iterator(checkpoint_dir, min_interval_secs=0, timeout=None, timeout_fn=None):
    """Yields each new latest checkpoint of `checkpoint_dir` as it appears, at most one per
    `min_interval_secs`; after `timeout` seconds without one it stops, unless timeout_fn() is False."""
    checkpoint_path = None
    while True:
        new_path = _wait_for_new_checkpoint(checkpoint_dir, checkpoint_path, 1, timeout)
        if new_path is None:
            if not timeout_fn or timeout_fn():
                return
            continue
        start = time.time()
        checkpoint_path = new_path
        yield checkpoint_path
        remaining = start + min_interval_secs - time.time()
        if remaining > 0:
            time.sleep(remaining)
