"""keras.name_scope and keras.device: Keras 3's scopes on the TensorFlow backend, over tf.name_scope and
tf.device; keras.name_scope also starts the paths of the variables made inside it."""

import threading

import tfpp as _tf
from .. import _tfpp

_open = threading.local()  # .scopes: this thread's entered keras.name_scopes, innermost last


def _open_scopes():
    if not hasattr(_open, "scopes"):
        _open.scopes = []
    return _open.scopes


def current_path():
    """The path the open scopes give ("outer/inner"); a scope's override_parent replaces those before it."""
    parts = []
    for scope in _open_scopes():
        if scope.override_parent is not None:
            parts = [part for part in scope.override_parent.split("/") if part]
        parts.append(scope.name)
    return "/".join(parts)


def _set_variable_path(old, new):
    # The C++ layers read the path from their own stack, which holds it as its one entry.
    if old:
        _tfpp.keras.pop_name_scope()
    if new:
        _tfpp.keras.push_name_scope(new)


class name_scope:
    """keras.name_scope(name): a name scope for the ops made inside it (tf.name_scope) and the start
    of the paths of the variables made inside it. Reentering the innermost scope with the same
    `caller` opens nothing new (unless deduplicate=False); override_parent (or the caller's
    _parent_path) replaces the path of the scopes around it."""

    def __init__(self, name, caller=None, deduplicate=True, override_parent=None):
        if not isinstance(name, str) or "/" in name:
            raise ValueError("Argument `name` must be a string and cannot contain character `/`. Received: name=%s"
                             % (name,))
        self.name = name
        self.caller = caller
        self.deduplicate = deduplicate
        self.override_parent = override_parent
        if override_parent is None and deduplicate and getattr(caller, "_parent_path", None) is not None:
            self.override_parent = caller._parent_path
        self._pop_on_exit = False
        self._tf_scope = None

    def __enter__(self):
        scopes = _open_scopes()
        if self.deduplicate and scopes and self.caller is not None:
            innermost = scopes[-1]
            if innermost.caller is self.caller and innermost.name == self.name:
                return self
        old_path = current_path()
        scopes.append(self)
        self._pop_on_exit = True
        _set_variable_path(old_path, current_path())
        self._tf_scope = _tf.name_scope(self.name)
        self._tf_scope.__enter__()
        return self

    def __exit__(self, *exc_info):
        if not self._pop_on_exit:
            return None
        self._pop_on_exit = False
        old_path = current_path()
        _open_scopes().pop()
        _set_variable_path(old_path, current_path())
        scope, self._tf_scope = self._tf_scope, None
        return scope.__exit__(*exc_info)


def device(device_name):
    """keras.device("cpu:0"): places the ops made inside it (tf.device, as Keras' TensorFlow backend)."""
    return _tf.device(device_name)
