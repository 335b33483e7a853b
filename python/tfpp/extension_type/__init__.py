"""Extension types (tf.experimental.ExtensionType): user-defined composite tensors. See
extension_type.py for the classes, specs.py for their type specs, fields.py for field types."""

from .extension_type import BatchableExtensionType, ExtensionType, as_dict
from .specs import BatchableExtensionTypeSpec, ExtensionTypeSpec
