"""tf.keras.regularizers: weight penalties as layers take them (their Keras config)."""


class Regularizer:
    """keras.regularizers.Regularizer: its class name and factors."""

    def __init__(self, **config):
        self._config = config

    def get_config(self):
        return dict(self._config)

    def _serialized(self):
        return {"class_name": type(self).__name__, "config": dict(self._config)}


class L1(Regularizer):
    """keras.regularizers.L1."""

    def __init__(self, l1=0.01):
        super().__init__(l1=l1)


class L2(Regularizer):
    """keras.regularizers.L2."""

    def __init__(self, l2=0.01):
        super().__init__(l2=l2)


class L1L2(Regularizer):
    """keras.regularizers.L1L2."""

    def __init__(self, l1=0.0, l2=0.0):
        super().__init__(l1=l1, l2=l2)


l1, l2, l1_l2 = L1, L2, L1L2
