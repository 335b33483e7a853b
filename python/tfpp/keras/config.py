"""keras.config: Keras 3's global settings (floatx, epsilon, image_data_format, the dtype policy,
unsafe deserialization, interactive logging, traceback filtering, the debugging caps on epochs
and steps, flash attention, the backend).

    tf.keras.config.set_floatx("float64")               # layers made from now on hold float64 weights
    tf.keras.config.set_image_data_format("channels_first")

Settings act as in Keras: floatx is the dtype policy of new layers until a policy is set (Keras
fixes the policy when the first layer is made after clear_session, so set_floatx then needs
clear_session), image_data_format is the `data_format` of layers made without one, and epsilon
is what keras.backend.epsilon() returns.
"""

import os as _os
import warnings as _warnings

from .. import _tfpp
from . import mixed_precision as _mixed_precision

_k = _tfpp.keras

_FLOATX_VALUES = ("bfloat16", "float16", "float32", "float64")
_state = {"floatx": "float32", "epsilon": 1e-7, "image_data_format": "channels_last", "safe_mode": None,
          "interactive_logging": True, "traceback_filtering": True, "policy_fixed": False,
          # Keras reads the debugging caps from the environment when it is imported.
          "max_epochs": int(_os.environ["KERAS_MAX_EPOCHS"]) if _os.environ.get("KERAS_MAX_EPOCHS") else None,
          "max_steps_per_epoch": (int(_os.environ["KERAS_MAX_STEPS_PER_EPOCH"])
                                  if _os.environ.get("KERAS_MAX_STEPS_PER_EPOCH") else None),
          "flash_attention": None}


def backend():
    """keras.config.backend: the backend Keras runs on ("tensorflow")."""
    return "tensorflow"


def floatx():
    """keras.config.floatx: the default float dtype ("float32")."""
    return _state["floatx"]


def set_floatx(value):
    """keras.config.set_floatx: "bfloat16", "float16", "float32" or "float64"."""
    if value not in _FLOATX_VALUES:
        raise ValueError("Unknown `floatx` value: %s. Expected one of %s" % (value, _python_set(_FLOATX_VALUES)))
    _state["floatx"] = str(value)
    if not _state["policy_fixed"]:
        _k.set_global_policy(_state["floatx"])


def epsilon():
    """keras.config.epsilon: the fuzz factor of numeric expressions (1e-7)."""
    return _state["epsilon"]


def set_epsilon(value):
    """keras.config.set_epsilon (also what the C++ losses, metrics and layers use)."""
    _state["epsilon"] = value
    _tfpp.keras.set_epsilon(float(value))


def image_data_format():
    """keras.config.image_data_format: "channels_last" or "channels_first"."""
    return _state["image_data_format"]


def set_image_data_format(data_format):
    """keras.config.set_image_data_format: the data_format of image layers made without one."""
    data_format = str(data_format).lower()
    if data_format not in ("channels_first", "channels_last"):
        raise ValueError("The `data_format` argument must be one of {'channels_first', 'channels_last'}. "
                         "Received: data_format=%s" % data_format)
    _state["image_data_format"] = data_format


def dtype_policy():
    """keras.config.dtype_policy: the global DTypePolicy (floatx's until one is set)."""
    fix_dtype_policy()
    return _mixed_precision.global_policy()


def set_dtype_policy(policy):
    """keras.config.set_dtype_policy: the policy of layers made from now on."""
    _mixed_precision.set_global_policy(policy)
    _state["policy_fixed"] = True


def fix_dtype_policy():
    """What making a layer does in Keras: the global policy stops following set_floatx."""
    _state["policy_fixed"] = True


def reset_dtype_policy():
    """What clear_session does in Keras: the global policy follows floatx again."""
    _state["policy_fixed"] = False
    _k.set_global_policy(_state["floatx"])


def enable_unsafe_deserialization():
    """keras.config.enable_unsafe_deserialization: Lambda layers of Python lambdas load."""
    _state["safe_mode"] = False


def in_safe_mode():
    """The open loading call's safe_mode (None when unset: deserialization is safe)."""
    return _state["safe_mode"]


class SafeModeScope:
    """Keras' SafeModeScope: `safe_mode` for the deserialization within `with`."""

    def __init__(self, safe_mode=True):
        self.safe_mode = safe_mode

    def __enter__(self):
        self._outer = _state["safe_mode"]
        _state["safe_mode"] = self.safe_mode
        return self

    def __exit__(self, *exc_info):
        _state["safe_mode"] = self._outer


def enable_interactive_logging():
    """keras.config.enable_interactive_logging: progress bars and messages on stdout."""
    _state["interactive_logging"] = True


def disable_interactive_logging():
    """keras.config.disable_interactive_logging: fit, evaluate and predict print no progress."""
    _state["interactive_logging"] = False


def is_interactive_logging_enabled():
    """keras.config.is_interactive_logging_enabled."""
    return _state["interactive_logging"]


def enable_traceback_filtering():
    """keras.config.enable_traceback_filtering (tfpp's tracebacks hold no Keras internals to filter)."""
    _state["traceback_filtering"] = True


def disable_traceback_filtering():
    """keras.config.disable_traceback_filtering."""
    _state["traceback_filtering"] = False


def is_traceback_filtering_enabled():
    """keras.config.is_traceback_filtering_enabled."""
    return _state["traceback_filtering"]


def max_epochs():
    """keras.config.max_epochs: the cap on the epochs of any fit (set_max_epochs or KERAS_MAX_EPOCHS), or None."""
    return _state["max_epochs"]


def set_max_epochs(max_epochs):
    """keras.config.set_max_epochs: caps the epochs of every fit (None: no cap); for debugging runs."""
    _state["max_epochs"] = max_epochs


def max_steps_per_epoch():
    """keras.config.max_steps_per_epoch: the cap on the steps of any fit / evaluate / predict epoch, or None."""
    return _state["max_steps_per_epoch"]


def set_max_steps_per_epoch(max_steps_per_epoch):
    """keras.config.set_max_steps_per_epoch: caps the steps of every epoch (None: no cap); for debugging runs."""
    _state["max_steps_per_epoch"] = max_steps_per_epoch


def _capped_epochs(epochs):
    """fit's epochs under max_epochs, with Keras' warning when the cap applies."""
    cap = _state["max_epochs"]
    if cap and cap < epochs:
        _warnings.warn("Limiting epochs to %d" % cap)
        return cap
    return epochs


def _capped_steps(steps):
    """An epoch's steps under max_steps_per_epoch, with Keras' warning when the cap applies."""
    cap = _state["max_steps_per_epoch"]
    if cap and (not steps or cap < steps):
        _warnings.warn("Limiting steps_per_epoch to %d" % cap)
        return cap
    return steps


def enable_flash_attention():
    """keras.config.enable_flash_attention: lets attention layers choose it (the TensorFlow backend has none)."""
    _state["flash_attention"] = None


def disable_flash_attention():
    """keras.config.disable_flash_attention."""
    _state["flash_attention"] = False


def is_flash_attention_enabled():
    """keras.config.is_flash_attention_enabled: None (the layers choose) unless disabled."""
    return _state["flash_attention"]


def is_nnx_enabled():
    """keras.config.is_nnx_enabled: False (Flax NNX belongs to the JAX backend)."""
    return False


def set_backend(backend):
    """keras.config.set_backend: tfpp.keras runs on tfpp, Keras' "tensorflow" backend, only."""
    if backend != "tensorflow":
        raise ValueError("tfpp.keras runs only the 'tensorflow' backend; received backend=%r" % (backend,))
    _os.environ["KERAS_BACKEND"] = backend


def _python_set(values):
    """How Python prints a set of these strings (its order is a hash order: print them sorted)."""
    return "{%s}" % ", ".join("'%s'" % v for v in sorted(values))
