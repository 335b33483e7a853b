"""The read-only mapping an extension type keeps a `Mapping[...]` field in, as TensorFlow's
ImmutableDict: a field cannot change after construction, not even through its dict."""

import collections.abc


class ImmutableDict(collections.abc.Mapping):
    """A mapping without item assignment or deletion."""

    def __init__(self, *args, **kwargs):
        self._dict = dict(*args, **kwargs)

    def __getitem__(self, key):
        return self._dict[key]

    def __iter__(self):
        return iter(self._dict)

    def __len__(self):
        return len(self._dict)

    def __contains__(self, key):
        return key in self._dict

    def __repr__(self):
        return "ImmutableDict(%r)" % (self._dict,)
