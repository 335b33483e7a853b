"""tf.Module for Python classes: a named container whose variables and submodules are found by
walking its attributes (sorted by name, into lists, tuples and dicts), as TensorFlow walks them."""

import functools
import re

from . import _tfpp


def _camel_to_snake(name):
    return re.sub(r"((?<=[a-z0-9])[A-Z]|(?!^)[A-Z](?=[a-z]))", r"_\1", name).lower()


def _leaves(value):
    """The values inside lists, tuples and dicts (dicts by sorted key), in order."""
    if isinstance(value, dict):
        for key in sorted(value, key=str):
            yield from _leaves(value[key])
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _leaves(item)
    else:
        yield value


class Module:
    """A named container of variables and submodules (tf.Module)."""

    _TF_MODULE_IGNORED_PROPERTIES = frozenset()

    def __init__(self, name=None):
        if name is None:
            name = _camel_to_snake(type(self).__name__)
        elif not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_.\-]*", name):
            raise ValueError("'%s' is not a valid module name. Module names must be valid Python identifiers (e.g. a "
                             "valid class name)." % name)
        self._name = name
        self._scope_name = _tfpp._current_name_scope() + name + "/"  # TensorFlow's: where the module was made

    @property
    def name(self):
        """The module's name (the class name in snake_case unless given)."""
        return self._name

    @property
    def name_scope(self):
        """A name scope named after the module, for the ops of its methods."""
        return _tfpp._module_name_scope(self._scope_name)

    @classmethod
    def with_name_scope(cls, method):
        """Decorates `method` to run inside the module's name scope."""
        @functools.wraps(method)
        def method_with_name_scope(self, *args, **kwargs):
            with self.name_scope:
                return method(self, *args, **kwargs)
        return method_with_name_scope

    def _flatten(self, predicate):
        found, seen, queue = [], {id(self)}, [self]
        while queue:
            module = queue.pop(0)
            submodules = []
            for key in sorted(vars(module)):
                if key in module._TF_MODULE_IGNORED_PROPERTIES:
                    continue
                for leaf in _leaves(vars(module)[key]):
                    if predicate(leaf) and id(leaf) not in seen:
                        seen.add(id(leaf))
                        found.append(leaf)
                    if isinstance(leaf, Module) and leaf is not module:
                        submodules.append(leaf)
            queue.extend(submodules)
        return tuple(found)

    @property
    def variables(self):
        """Every variable of this module and its submodules, each once."""
        return self._flatten(lambda v: isinstance(v, _tfpp.Variable))

    @property
    def trainable_variables(self):
        """The trainable ones among variables."""
        return self._flatten(lambda v: isinstance(v, _tfpp.Variable) and v.trainable)

    @property
    def non_trainable_variables(self):
        """The non-trainable ones among variables."""
        return self._flatten(lambda v: isinstance(v, _tfpp.Variable) and not v.trainable)

    @property
    def submodules(self):
        """Every module below this one, each once (breadth first, attributes by name)."""
        return self._flatten(lambda v: isinstance(v, Module))

    def __repr__(self):
        return "<%s.%s object at 0x%x>" % (type(self).__module__, type(self).__qualname__, id(self))
