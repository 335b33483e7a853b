"""keras.name_scope and keras.device: Keras 3's scopes on the TensorFlow backend, over tf.name_scope and
tf.device; keras.name_scope also starts the paths of the variables made inside it."""

import tfpp as _tf
from .. import _tfpp


class name_scope:
    """keras.name_scope(name): a name scope for the ops made inside it (tf.name_scope)."""

    def __init__(self, name, caller=None, deduplicate=True, override_parent=None, **kwargs):
        if not isinstance(name, str) or "/" in name:
            raise ValueError("Argument `name` must be a string and cannot contain character `/`. Received: name=%s"
                             % (name,))
        self.name = name
        self.caller = caller
        self.deduplicate = deduplicate
        self.override_parent = override_parent
        self._scope = None

    def __enter__(self):
        _tfpp.keras.push_name_scope(self.name)  # Keras' own scope stack: variable paths (block/dense/kernel)
        self._scope = _tf.name_scope(self.name)
        self._scope.__enter__()
        return self

    def __exit__(self, *exc_info):
        scope, self._scope = self._scope, None
        _tfpp.keras.pop_name_scope()
        return scope.__exit__(*exc_info)


def device(device_name):
    """keras.device("cpu:0"): places the ops made inside it (tf.device, as Keras' TensorFlow backend)."""
    return _tf.device(device_name)
