"""Keras' `get` and `deserialize` for a module whose classes are also named in a table (constraints,
regularizers): a name, a serialized form, a class or an object to the object it stands for."""


def deserialize(config, custom_objects, by_name, module):
    """The object a serialized form (or a name) describes: custom_objects first, then the table,
    then the registry of custom classes; Keras' TypeError for an unknown class of `module`."""
    class_name = config.get("class_name") if isinstance(config, dict) else config
    cls = (custom_objects or {}).get(class_name) or by_name.get(class_name)
    if cls is not None:
        return cls.from_config(config.get("config", {})) if isinstance(config, dict) else cls()
    if isinstance(config, dict) and config.get("module") == module:
        raise TypeError("Could not locate class '%s'. Make sure custom classes are decorated with "
                        "`@keras.saving.register_keras_serializable()`. Full object config: %s" % (class_name, config))
    from ._serialization import deserialize_keras_object
    return deserialize_keras_object(config, custom_objects)


def get(identifier, by_name, deserialize_fn, kind):
    """None, or the object for a name, a serialized form, a class (instantiated) or an object."""
    if identifier is None:
        return None
    if isinstance(identifier, dict):
        obj = deserialize_fn(identifier)
    elif isinstance(identifier, str):
        obj = by_name.get(identifier)
    else:
        obj = identifier
    if callable(obj):
        return obj() if isinstance(obj, type) else obj
    raise ValueError("Could not interpret %s identifier: %s" % (kind, identifier))


def registered_config(obj, register):
    """The config a layer's C++ deserializer reads for a Python subclass: `register` first records
    the class under its registered name, so that the layer calls this class' from_config."""
    from ._registration import get_registered_name
    name = get_registered_name(type(obj))
    register(name, type(obj))
    return {"class_name": name, "config": obj.get_config()}
