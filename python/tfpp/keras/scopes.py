"""keras.name_scope and keras.device: Keras 3's scopes on the TensorFlow backend, over tf.name_scope and
tf.device."""

import tfpp as _tf


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
        self._scope = _tf.name_scope(self.name)
        self._scope.__enter__()
        return self

    def __exit__(self, *exc_info):
        scope, self._scope = self._scope, None
        return scope.__exit__(*exc_info)


def device(device_name):
    """keras.device("cpu:0"): places the ops made inside it (tf.device, as Keras' TensorFlow backend)."""
    return _tf.device(device_name)
