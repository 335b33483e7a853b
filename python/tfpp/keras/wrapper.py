"""keras.layers.Wrapper: the base of Python layers that wrap another layer (Keras' TimeDistributed
and Bidirectional derive from it): the wrapped layer in `layer`, built with the wrapper, and
serialized inside the wrapper's config."""

from .layers import Layer, deserialize, serialize


class Wrapper(Layer):
    """A layer around `layer`; subclasses write call()."""

    def __init__(self, layer, **kwargs):
        if not isinstance(layer, Layer):
            raise ValueError("Layer %s supplied to Wrapper isn't a supported layer type. Please ensure wrapped layer "
                             "is a valid Keras layer." % (layer,))
        super().__init__(**kwargs)
        self.layer = layer

    def build(self, input_shape=None):
        if not self.layer.built:
            self.layer.build(input_shape)

    def get_config(self):
        return {**super().get_config(), "layer": serialize(self.layer)}

    @classmethod
    def from_config(cls, config, custom_objects=None):
        config = dict(config)
        layer = deserialize(config.pop("layer"), custom_objects=custom_objects)
        return cls(layer, **config)
