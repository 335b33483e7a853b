"""tf.keras.initializers: initializer objects as layers take them (their Keras config is what the
C++ layer reads)."""

_PARAMETERS = {
    "Zeros": (), "Ones": (), "Constant": ("value",), "RandomNormal": ("mean", "stddev", "seed"),
    "TruncatedNormal": ("mean", "stddev", "seed"), "RandomUniform": ("minval", "maxval", "seed"),
    "GlorotUniform": ("seed",), "GlorotNormal": ("seed",), "HeNormal": ("seed",), "HeUniform": ("seed",),
    "LecunNormal": ("seed",), "LecunUniform": ("seed",), "Orthogonal": ("gain", "seed"),
}


class Initializer:
    """keras.initializers.Initializer: its class name and arguments."""

    def __init__(self, *args, **kwargs):
        parameters = _PARAMETERS[type(self).__name__]
        if len(args) > len(parameters):
            raise TypeError("%s() takes at most %d arguments" % (type(self).__name__, len(parameters)))
        self._config = dict(zip(parameters, args), **kwargs)

    def get_config(self):
        return dict(self._config)

    def _serialized(self):
        return {"class_name": type(self).__name__, "config": dict(self._config)}


for _name in _PARAMETERS:
    globals()[_name] = type(_name, (Initializer,), {"__module__": __name__, "__doc__": "keras.initializers.%s." % _name})
zeros, ones, constant = Zeros, Ones, Constant
glorot_uniform, glorot_normal, he_normal, he_uniform = GlorotUniform, GlorotNormal, HeNormal, HeUniform
