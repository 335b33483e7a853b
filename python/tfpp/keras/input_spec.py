"""keras.InputSpec and the check Keras' Layer.__call__ runs with it: a Python layer that sets
`self.input_spec` gets Keras' ValueErrors, word for word, when an input's count, rank, dtype or
sizes break it (keras.src.layers.input_spec)."""


def _dtype_name(dtype):
    return getattr(dtype, "name", None) or str(dtype)


def _shape_tuple(shape):
    return tuple(None if d is None else int(d) for d in shape)


def _flatten(structure):
    if isinstance(structure, dict):
        return [x for key in sorted(structure) for x in _flatten(structure[key])]
    if isinstance(structure, (list, tuple)):
        return [x for item in structure for x in _flatten(item)]
    return [structure]


class InputSpec:
    """What a layer expects of one input: dtype, shape (None for any size), ndim, max_ndim, min_ndim,
    sizes of some axes, a name (the key of a dict input) and whether it is optional."""

    def __init__(self, dtype=None, shape=None, ndim=None, max_ndim=None, min_ndim=None, axes=None,
                 allow_last_axis_squeeze=False, name=None, optional=False):
        self.dtype = _dtype_name(dtype) if dtype is not None else None
        if shape is not None:
            self.shape = _shape_tuple(shape)
            self.ndim = len(shape)
        else:
            self.ndim = ndim
            self.shape = None
        self.max_ndim = max_ndim
        self.min_ndim = min_ndim
        self.name = name
        self.optional = optional
        self.allow_last_axis_squeeze = allow_last_axis_squeeze
        try:
            axes = axes or {}
            self.axes = {int(k): axes[k] for k in axes}
        except (ValueError, TypeError):
            raise TypeError("Argument `axes` must be a dict with integer keys. Received: axes=%s" % (axes,)) from None
        if self.axes and (self.ndim is not None or self.max_ndim is not None):
            max_dim = (self.ndim if self.ndim else self.max_ndim) - 1
            if max(self.axes) > max_dim:
                raise ValueError("Axis {} is greater than the maximum allowed value: {}".format(max(self.axes), max_dim))

    def __repr__(self):
        parts = [("dtype=%s" % self.dtype) if self.dtype else "", ("shape=%s" % (self.shape,)) if self.shape else "",
                 ("ndim=%s" % self.ndim) if self.ndim else "", ("max_ndim=%s" % self.max_ndim) if self.max_ndim else "",
                 ("min_ndim=%s" % self.min_ndim) if self.min_ndim else "", ("axes=%s" % self.axes) if self.axes else ""]
        return "InputSpec(%s)" % ", ".join(p for p in parts if p)

    def get_config(self):
        return {"dtype": self.dtype, "shape": self.shape, "ndim": self.ndim, "max_ndim": self.max_ndim,
                "min_ndim": self.min_ndim, "axes": self.axes, "optional": self.optional}

    @classmethod
    def from_config(cls, config):
        return cls(**config)


def assert_input_compatibility(input_spec, inputs, layer_name):
    """Raises Keras' ValueError when `inputs` break `input_spec` (an InputSpec or a structure of them)."""
    if not input_spec:
        return
    specs = _flatten(input_spec)
    if isinstance(inputs, dict):
        names = [spec.name for spec in specs]
        if all(names):
            missing = [n for n in names if n not in inputs]
            if missing:
                raise ValueError('Missing data for input "%s". You passed a data dictionary with keys %s. '
                                 "Expected the following keys: %s" % (missing[0], list(inputs.keys()), names))
            inputs = [inputs[n] for n in names]
    tensors = _flatten(inputs)
    if len(tensors) != len(specs):
        spec_names = [spec.name for spec in specs if spec is not None]
        if len(spec_names) == len(specs) and all(spec_names):
            raise ValueError('Layer "%s" expects %d named input(s) with keys %s, but it received %d input tensors. '
                             "Pass inputs as a dict, e.g. `layer({%s})`." % (
                                 layer_name, len(specs), spec_names, len(tensors),
                                 ", ".join("'%s': ..." % n for n in spec_names)))
        raise ValueError('Layer "%s" expects %d input(s), but it received %d input tensors. Inputs received: %s'
                         % (layer_name, len(specs), len(tensors), tensors))
    for index, (x, spec) in enumerate(zip(tensors, specs)):
        if spec is None or (x is None and spec.optional):
            continue
        if not hasattr(x, "shape"):
            raise ValueError("Inputs to a layer should be tensors. Got '%s' (of type %s) as input for layer '%s'."
                             % (x, type(x), layer_name))
        shape = _shape_tuple(x.shape)
        ndim = len(shape)
        where = "Input %d with name '%s' of layer '%s' is incompatible with the layer: " % (index, spec.name, layer_name)
        if spec.ndim is not None and not spec.allow_last_axis_squeeze and ndim != spec.ndim:
            raise ValueError(where + "expected ndim=%s, found ndim=%d. Full shape received: %s" % (spec.ndim, ndim, shape))
        if spec.max_ndim is not None and ndim > spec.max_ndim:
            raise ValueError(where + "expected max_ndim=%s, found ndim=%d" % (spec.max_ndim, ndim))
        if spec.min_ndim is not None and ndim < spec.min_ndim:
            raise ValueError(where + "expected min_ndim=%s, found ndim=%d. Full shape received: %s"
                             % (spec.min_ndim, ndim, shape))
        if spec.dtype is not None and _dtype_name(x.dtype) != spec.dtype:
            raise ValueError(where + "expected dtype=%s, found dtype=%s" % (spec.dtype, _dtype_name(x.dtype)))
        for axis, value in spec.axes.items():
            if value is not None and shape[axis] not in {value, None}:
                raise ValueError(where + "expected axis %d of input shape to have value %s, but received input with "
                                 "shape %s" % (axis, value, shape))
        if spec.shape is not None:
            spec_shape, got = spec.shape, shape
            if spec.allow_last_axis_squeeze:
                got = got[:-1] if got and got[-1] == 1 else got
                spec_shape = spec_shape[:-1] if spec_shape and spec_shape[-1] == 1 else spec_shape
            for spec_dim, dim in zip(spec_shape, got):
                if spec_dim is not None and dim is not None and spec_dim != dim:
                    raise ValueError(where + "expected shape=%s, found shape=%s" % (spec.shape, shape))
