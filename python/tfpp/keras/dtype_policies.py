"""keras.dtype_policies: DTypePolicy (the mixed-precision policy of keras.mixed_precision), its
FloatDTypePolicy subclass, and get / serialize / deserialize of policies."""

from .mixed_precision import DTypePolicy

__all__ = ["DTypePolicy", "FloatDTypePolicy", "deserialize", "get", "serialize"]


class FloatDTypePolicy(DTypePolicy):
    """keras.dtype_policies.FloatDTypePolicy: a DTypePolicy of float dtypes (Keras 3 keeps the name)."""


_CLASSES = {"DTypePolicy": DTypePolicy, "FloatDTypePolicy": FloatDTypePolicy}


def serialize(dtype_policy):
    """{"module": "keras", "class_name", "config": {"name"}, "registered_name": None}."""
    return {"module": "keras", "class_name": "DTypePolicy" if type(dtype_policy) is DTypePolicy else
            type(dtype_policy).__name__, "config": dtype_policy.get_config(), "registered_name": None}


def deserialize(config, custom_objects=None):
    """The policy `config` (serialize's output) describes."""
    class_name = config.get("class_name")
    cls = (custom_objects or {}).get(class_name) or _CLASSES.get(class_name)
    if cls is None:
        raise ValueError("Unknown dtype policy class: %r (known: %s)" % (class_name, ", ".join(sorted(_CLASSES))))
    return cls.from_config(config.get("config", {}))


def get(identifier):
    """A DTypePolicy from a policy, its name ("mixed_float16", "float32") or its serialized form."""
    if isinstance(identifier, DTypePolicy):
        return identifier
    if isinstance(identifier, dict):
        return deserialize(identifier)
    if isinstance(identifier, str):
        try:
            return DTypePolicy(identifier)
        except ValueError:
            raise ValueError("Cannot convert '%s' to a mixed precision DTypePolicy. Valid policies include "
                             "'mixed_float16', 'mixed_bfloat16', and the name of any float dtype such as 'float32'."
                             % identifier) from None
    raise ValueError("Cannot interpret `dtype` argument. Expected a string or an instance of DTypePolicy. Received: "
                     "dtype=%s" % (identifier,))
