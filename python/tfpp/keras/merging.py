"""Keras' functional forms of the merging layers: keras.layers.add(inputs) is Add()(inputs), and
likewise subtract, multiply, average, maximum, minimum, concatenate(axis) and dot(axes).

    merged = tf.keras.layers.concatenate([a, b], axis=1)
"""


def install(layers):
    """Adds the functions to the keras.layers module `layers` (which holds the layer classes)."""

    def merge_function(class_name):
        def merge(inputs, **kwargs):
            return getattr(layers, class_name)(**kwargs)(inputs)

        merge.__name__ = class_name.lower()
        merge.__doc__ = "keras.layers.%s(inputs, **kwargs): %s(**kwargs)(inputs)." % (merge.__name__, class_name)
        return merge

    for class_name in ("Add", "Subtract", "Multiply", "Average", "Maximum", "Minimum"):
        setattr(layers, class_name.lower(), merge_function(class_name))

    def concatenate(inputs, axis=-1, **kwargs):
        """keras.layers.concatenate(inputs, axis=-1, **kwargs): Concatenate(axis, **kwargs)(inputs)."""
        return layers.Concatenate(axis=axis, **kwargs)(inputs)

    def dot(inputs, axes=-1, **kwargs):
        """keras.layers.dot(inputs, axes=-1, **kwargs): Dot(axes, **kwargs)(inputs)."""
        return layers.Dot(axes=axes, **kwargs)(inputs)

    layers.concatenate, layers.dot = concatenate, dot
