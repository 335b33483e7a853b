"""tf.keras.Model, Sequential, load_model and model_from_json over tfpp's C++ models.

compile, fit, evaluate and predict run the C++ training loop (traced train steps, Keras' progress
bar printed to sys.stdout); NumPy arrays go in as tensors (floating arrays as float32, as Keras
standardizes them) and predictions come back as NumPy arrays.
"""

import inspect as _inspect

import numpy as _np

from .. import _tfpp
from .. import errors as _errors
from .. import _nest
from ..extension_type import ExtensionTypeSpec as _ExtensionTypeSpec
from . import _registration
from . import callbacks as _callbacks
from .compile_metrics import CompileMetrics as _CompileMetrics
from . import layers as _layers
from . import losses as _losses
from . import metrics as _metrics
from . import optimizers as _optimizers
from . import config as _keras_config

_k = _tfpp.keras


def _as_input(value):
    """A NumPy array or tensor as fit takes it: floating arrays as float32, other integers as int32."""
    if isinstance(value, (_tfpp.Tensor, _tfpp.Variable)):
        return value
    array = _np.asarray(value)
    if array.dtype.kind == "f" and array.dtype != _np.float32:
        return array.astype(_np.float32)
    if array.dtype.kind in "iu" and array.dtype not in (_np.int32, _np.int64):
        return array.astype(_np.int64 if array.dtype.itemsize > 4 else _np.int32)
    return array


def _as_list(x, keys=None):
    """Inputs or targets as the list the C++ model takes: a dict's values in the order of `keys`
    (the model's input or output keys, else the dict's sorted keys, as Keras 3 flattens it)."""
    if x is None:
        return None
    if isinstance(x, dict):
        return [_as_input(v) for v in _by_keys(x, keys)]
    if isinstance(x, (list, tuple)):
        return [_as_input(v) for v in x]
    return [_as_input(x)]


def _by_keys(values, keys):
    """A dict's values in the order of `keys` (default: its sorted keys); ValueError, as Keras', for
    a missing one."""
    keys = sorted(values) if keys is None else keys
    missing = [k for k in keys if k not in values]
    if missing:
        raise ValueError("Missing data for the model's keys %s: expected the keys %s, got %s" % (
            missing, keys, sorted(values)))
    return [values[k] for k in keys]


def _is_dataset(x):
    """True for a tf.data.Dataset of tfpp.data (TypeError for one of extension types, which
    tfpp's fit, evaluate and predict do not take yet)."""
    if not getattr(x, "_tfpp_dataset", False):
        return False
    if any(isinstance(spec, _ExtensionTypeSpec) for spec in _nest.flatten(x.element_spec)):
        raise TypeError("tfpp's fit, evaluate and predict take datasets of tensors, not of extension types: "
                        "element_spec is %r" % (x.element_spec,))
    return True


def _is_sequence(x):
    """True for a keras.utils.PyDataset (Sequence)."""
    from .utils import PyDataset
    return isinstance(x, PyDataset)


def _verbosity(verbose):
    if not _keras_config.is_interactive_logging_enabled():
        return 0  # Keras then sends progress to absl logging, which prints nothing by default
    return 1 if verbose == "auto" else int(verbose)


def _cpp_spec(value):
    """A loss, metric or optimizer argument of compile with tfpp.keras objects as their C++ ones."""
    if isinstance(value, (list, tuple)):
        return [_cpp_spec(v) for v in value]
    if isinstance(value, dict):
        return {k: _cpp_spec(v) for k, v in value.items()}
    return getattr(value, "_cpp", value)


def _cpp_callbacks(callbacks, model):
    out = []
    for callback in callbacks or []:
        if getattr(callback, "_cpp", None) is not None:
            out.append(callback._cpp)
        else:
            out.append(_k.python_callback(callback, _callbacks.overridden_hooks(callback)))
        callback.set_model(model)
    return out


def _numpy(t):
    return _np.array(t)


class Model(_layers.Layer):
    """keras.Model: Model(inputs, outputs) builds a Functional model of the layers between them."""

    _prepares_call_inputs = False  # __call__ converts its inputs to the model's input dtypes

    def __new__(cls, *args, **kwargs):
        # Keras' Model.__new__ keeps no arguments: a subclass' automatic config holds its
        # __init__'s defaults, not the values it was called with. Model(inputs, outputs) is a
        # Functional, as in Keras 3.
        if cls is Model and ("inputs" in kwargs or len(args) >= 2):
            cls = Functional
        return super().__new__(cls)

    def __init__(self, *args, **kwargs):
        if type(self) not in (Model, Functional) and "inputs" not in kwargs and len(args) < 2:
            self._init_subclass(**kwargs)
            return
        inputs = kwargs.pop("inputs", args[0] if args else None)
        outputs = kwargs.pop("outputs", args[1] if len(args) > 1 else None)
        name = kwargs.pop("name", None) or ""
        kwargs.pop("trainable", None)
        kwargs.pop("dtype", None)  # a Functional model's weights take their layers' dtypes
        if inputs is None or outputs is None:
            raise ValueError("Model() needs inputs and outputs (the Functional API)")
        if kwargs:
            raise TypeError("Model() got unexpected arguments %s" % sorted(kwargs))
        # Dicts of inputs or outputs are flattened in their sorted keys' order, as Keras 3's tree does.
        self._input_keys = sorted(inputs) if isinstance(inputs, dict) else None
        self._output_keys = sorted(outputs) if isinstance(outputs, dict) else None
        self._single_output = not isinstance(outputs, (list, tuple, dict))
        structure = (isinstance(inputs, (list, tuple, dict)), not self._single_output, self._input_keys or [],
                     self._output_keys or [])
        inputs = _by_keys(inputs, None) if isinstance(inputs, dict) else (
            list(inputs) if isinstance(inputs, (list, tuple)) else [inputs])
        outputs = _by_keys(outputs, None) if isinstance(outputs, dict) else (
            list(outputs) if isinstance(outputs, (list, tuple)) else [outputs])
        cls = type(self)
        if cls in (Model, Functional):
            self._attach(_k.functional(inputs, outputs, name, *structure))
        else:  # Model(inputs, outputs) in a subclass: a Functional model of that class, as in Keras 3
            self._python_subclass = True
            self._attach(_k.python_functional(self, inputs, outputs, name, cls.__name__, *structure,
                                              _steps_in_python(cls, "train_step"), _steps_in_python(cls, "test_step")))

    def _init_subclass(self, name=None, trainable=True, dtype=None, **kwargs):
        """A model subclassed in Python: a C++ model calling its call (and build, train_step,
        test_step when the subclass defines them)."""
        if kwargs:
            raise ValueError("Unrecognized keyword arguments passed to %s: %s" % (type(self).__name__, kwargs))
        cls = type(self)
        self._single_output = True
        self._python_subclass = True
        self._attach(_k.python_model(self, name or "", cls.__name__, cls.build is not Model.build,
                                     _steps_in_python(cls, "train_step"), _steps_in_python(cls, "test_step")))
        if not trainable:
            self.trainable = False

    def _attach(self, cpp):
        super()._attach(cpp)
        self._optimizer = None
        self.history = None
        if not hasattr(self, "_single_output"):
            # A loaded Functional model returns a list when its config lists its outputs.
            self._single_output = not (cpp.is_functional and cpp.nested_outputs and cpp.class_name != "Sequential")
        if not hasattr(self, "_input_keys"):  # a loaded or deserialized model: dicts as its config has them
            self._input_keys = list(cpp.input_names) or None
            self._output_keys = list(cpp.output_names) or None
        self._loss_keys = None
        from .. import distribute
        self._distribute_strategy = distribute.get_strategy() if distribute.has_strategy() else None

    @property
    def distribute_strategy(self):
        """The tf.distribute strategy the model was made in, or the current one."""
        from .. import distribute
        return self._distribute_strategy or distribute.get_strategy()

    def _structured_outputs(self, outputs):
        """A list of outputs as the model was given them: a dict by output key, the one output, or the list."""
        if self._output_keys is not None:
            return dict(zip(self._output_keys, outputs))
        return outputs[0] if self._single_output else outputs

    # ---- Structure ------------------------------------------------------------------------------

    def build(self, input_shape=None):
        """Builds the model for inputs of `input_shape` (batch first); without one, a model that
        knows its input (Functional, or Sequential given an Input or input_shape) is built already."""
        if input_shape is None:
            if not self.built:
                raise ValueError("You must provide an `input_shape` argument.")
            return
        self._cpp.build(input_shape)

    @property
    def layers(self):
        """The model's layers (its operation nodes, keras.ops on KerasTensors, are not layers)."""
        return [_layers.wrap(layer) for layer in self._cpp.layers if not _k.is_op_layer(layer)]

    @property
    def operations(self):
        """The model's layers and operation nodes, in the order Keras lists them."""
        return [_layers.wrap(layer) for layer in self._cpp.layers]

    @property
    def inputs(self):
        return list(self._cpp.inputs)

    @property
    def outputs(self):
        return list(self._cpp.outputs)

    @property
    def input(self):
        inputs = self._cpp.inputs
        if self._input_keys is not None:
            return dict(zip(self._input_keys, inputs))
        return inputs[0] if len(inputs) == 1 else list(inputs)

    @property
    def output(self):
        outputs = self._cpp.outputs
        if self._output_keys is not None:
            return dict(zip(self._output_keys, outputs))
        return outputs[0] if len(outputs) == 1 else list(outputs)

    @property
    def input_shape(self):
        """Keras' Model.input_shape: the inputs' shapes (one tuple for a single input)."""
        return self._symbolic_shapes(self._cpp.inputs, "input")

    @property
    def output_shape(self):
        """Keras' Model.output_shape: the outputs' shapes (one tuple for a single output)."""
        return self._symbolic_shapes(self._cpp.outputs, "output")

    def _symbolic_shapes(self, tensors, which):
        shapes = [tuple(t.shape) for t in tensors]
        if not shapes:
            raise AttributeError("%s model '%s' has no defined %s shape yet." % (type(self).__name__, self.name, which))
        return shapes[0] if len(shapes) == 1 else shapes

    def get_layer(self, name=None, index=None):
        if index is not None:
            return self.layers[index]
        if name is None:
            raise ValueError("Provide either a layer name or layer index at `get_layer`.")
        return _layers.wrap(self._cpp.get_layer(name))

    def summary(self, line_length=None, positions=None, print_fn=None, expand_nested=False, show_trainable=False,
                layer_range=None):
        if layer_range is not None:
            if len(layer_range) != 2:
                raise ValueError("layer_range must be a list or tuple of length 2. Received: layer_range = %s of length %d"
                                 % (layer_range, len(layer_range)))
            if not all(isinstance(bound, str) for bound in layer_range):
                raise ValueError("layer_range should contain string type only. Received: %s" % (layer_range,))
            layer_range = tuple(layer_range)
        try:
            text = self._cpp.summary_text(-1 if line_length is None else int(line_length),
                                          [float(p) for p in positions or []], bool(expand_nested), bool(show_trainable),
                                          layer_range)
        except _errors.InvalidArgumentError as e:  # Keras: ValueError("Insufficient console width ...")
            raise ValueError(e.message) from None
        if print_fn is not None:
            print_fn(text)  # Keras 3 captures the whole table and calls print_fn once
        else:
            print(text, end="" if text.endswith("\n") else "\n")

    # ---- Training -------------------------------------------------------------------------------

    def compile(self, optimizer="rmsprop", loss=None, loss_weights=None, metrics=None, weighted_metrics=None,
                run_eagerly=False, steps_per_execution=1, jit_compile="auto", auto_scale_loss=True):
        for argument, value in (("metrics", metrics), ("weighted_metrics", weighted_metrics)):
            if value and not isinstance(value, (list, tuple, dict)):
                raise ValueError("Expected `%s` argument to be a list, tuple, or dict. Received instead: %s=%s of type %s"
                                 % (argument, argument, value, type(value)))
        if isinstance(optimizer, str):
            optimizer = _optimizers.get(optimizer)
        self._loss_keys = list(loss) if isinstance(loss, dict) and self._output_keys is not None else None
        try:
            self._cpp.compile(optimizer._cpp, _cpp_spec(loss), _cpp_spec(metrics), _cpp_spec(weighted_metrics),
                              loss_weights, bool(run_eagerly), int(steps_per_execution))
        except _errors.InvalidArgumentError as e:  # an unknown loss or metric: Keras' ValueError
            raise ValueError(str(e)) from None
        self._optimizer = optimizer

    @property
    def optimizer(self):
        if self._optimizer is None and self._cpp.compiled:
            self._optimizer = _optimizers.wrap(self._cpp.optimizer)
        return self._optimizer

    @property
    def compiled(self):
        return self._cpp.compiled

    @property
    def metrics_names(self):
        """Keras 3's names: "loss", then "compile_metrics" standing for the compiled metrics."""
        if not self._cpp.compiled:
            return []
        return ["loss"] + (["compile_metrics"] if self._has_compile_metrics() else [])

    def _has_compile_metrics(self):
        config = self._cpp.get_compile_config()
        has_metrics = config["metrics"] is not None or config["weighted_metrics"] is not None
        return has_metrics or len(self._cpp.metric_names()) > 1

    @property
    def metrics(self):
        """As Keras 3 lists them: the loss tracker, the compiled metrics as one `compile_metrics`
        object, then the outputs' loss trackers (once the first batch has built them)."""
        if not self._cpp.compiled:
            return []
        tracked = self._cpp.metrics()
        output_losses = len(self._cpp.metric_names()) - len(self._cpp.metric_base_names()) - 1
        loss_trackers = [_metrics.wrap(m, "Mean") for m in tracked[:1 + output_losses]]
        if not self._has_compile_metrics():
            return loss_trackers
        compiled = _CompileMetrics(self, [_metrics.wrap(m) for m in tracked[1 + output_losses:]])
        return loss_trackers[:1] + [compiled] + loss_trackers[1:]

    @property
    def stop_training(self):
        return self._cpp.stop_training

    @stop_training.setter
    def stop_training(self, value):
        self._cpp.stop_training = bool(value)

    def fit(self, x=None, y=None, batch_size=None, epochs=1, verbose="auto", callbacks=None, validation_split=0.0,
            validation_data=None, shuffle=True, class_weight=None, sample_weight=None, initial_epoch=0,
            steps_per_epoch=None, validation_steps=None, validation_batch_size=None, validation_freq=1):
        self._require_compiled()
        given_verbose, verbose = verbose, _verbosity(verbose)
        epochs, steps_per_epoch = _keras_config._capped_epochs(epochs), _keras_config._capped_steps(steps_per_epoch)
        if validation_data is not None or validation_split:
            validation_steps = _keras_config._capped_steps(validation_steps)
        if _is_sequence(x):
            x.on_epoch_end()  # Keras' epoch iterator resets the PyDataset once before training
            history = _callbacks.History()
            callbacks = self._with_metric_resets(callbacks) + [_SequenceEpochBegin(x), history]
            history_dict, epochs_run = _k.fit_sequence(self._cpp, x, int(epochs), verbose,
                                                       _cpp_callbacks(callbacks, self), bool(shuffle),
                                                       int(initial_epoch), steps_per_epoch)
            return self._history(history, history_dict, epochs_run, given_verbose, epochs, steps_per_epoch)
        if _is_dataset(x):
            return self._fit_dataset(x, epochs, verbose, given_verbose, callbacks, validation_data, shuffle,
                                     class_weight, initial_epoch, steps_per_epoch, validation_steps, validation_freq)
        validation = None
        if validation_data is not None:
            validation = self._x(validation_data[0]) + self._y(validation_data[1])
            if len(validation_data) > 2 and validation_data[2] is not None:
                validation.append(_as_input(validation_data[2]))
        history = _callbacks.History()
        cpp_callbacks = _cpp_callbacks(self._with_metric_resets(callbacks) + [history], self)
        history_dict, epochs_run = self._cpp.fit(
            self._x(x), self._y(y), batch_size, int(epochs), verbose, cpp_callbacks, float(validation_split),
            validation, bool(shuffle), {int(k): float(v) for k, v in (class_weight or {}).items()},
            None if sample_weight is None else _as_input(sample_weight), int(initial_epoch), steps_per_epoch,
            validation_steps, validation_batch_size, int(validation_freq))
        return self._history(history, history_dict, epochs_run, given_verbose, epochs, steps_per_epoch)

    def _history(self, history, history_dict, epochs_run, verbose, epochs, steps_per_epoch):
        """`history`, which fit's callbacks included (so it has fit's params: the steps an epoch
        took), holding the C++ loop's record; its params keep `verbose` as given ("auto"), as Keras'."""
        history.set_model(self)
        history.history = history_dict
        history.epoch = epochs_run
        history.params = dict(history.params or {"verbose": verbose, "epochs": int(epochs), "steps": steps_per_epoch},
                              verbose=verbose)
        self.history = history
        return history

    def _fit_dataset(self, dataset, epochs, verbose, given_verbose, callbacks, validation_data, shuffle, class_weight,
                     initial_epoch, steps_per_epoch, validation_steps, validation_freq):
        if validation_data is not None and not _is_dataset(validation_data):
            raise TypeError("with a dataset, give validation_data as a dataset too")
        history = _callbacks.History()
        dataset = self._targets_by_output_names(dataset)
        history_dict, epochs_run = _k.fit_dataset(
            self._cpp, dataset._pipeline, int(epochs), verbose,
            _cpp_callbacks(self._with_metric_resets(callbacks) + [history], self),
            None if validation_data is None else validation_data._pipeline, bool(shuffle),
            {int(k): float(v) for k, v in (class_weight or {}).items()}, int(initial_epoch), steps_per_epoch,
            validation_steps, int(validation_freq))
        return self._history(history, history_dict, epochs_run, given_verbose, epochs, steps_per_epoch)

    def _targets_by_output_names(self, dataset):
        """`dataset` with dict targets given in the order of a Functional model's outputs (by their
        names, as Keras 3 matches them), not in the sorted order a dict is flattened in."""
        spec = dataset.element_spec
        if (self._output_keys is not None or not self._cpp.is_functional or not isinstance(spec, tuple)
                or len(spec) < 2 or not isinstance(spec[1], dict)):
            return dataset
        names = self.output_names
        return dataset.map(lambda x, y, *weights: (x, tuple(_by_keys(y, names)), *weights))

    def _x(self, x):
        """Inputs as the C++ model's list: a dict by the model's input keys, or for a Functional model
        of a list of inputs, by the inputs' names (as Keras 3 reconciles the two)."""
        keys = self._input_keys
        if keys is None and isinstance(x, dict) and self._cpp.is_functional:
            keys = [t._layer.name for t in self._cpp.inputs]
        return _as_list(x, keys)

    def _y(self, y):
        """Targets as the C++ model's list: a dict by the model's output keys, or for a Functional
        model of a list of outputs, by the output layers' names (Keras 3's output_names)."""
        keys = self._output_keys
        if keys is None and isinstance(y, dict) and self._cpp.is_functional:
            keys = self.output_names
        return _as_list(y, keys)

    @property
    def output_names(self):
        """The names of the outputs (a Functional model's: its output layers' names), as Keras 3's."""
        if self._output_keys is not None:
            return list(self._output_keys)
        return [t._layer.name for t in self._cpp.outputs] if self._cpp.is_functional else []

    def _require_compiled(self):
        if not self._cpp.compiled:
            raise ValueError("You must call `compile()` before using the model.")

    def _with_metric_resets(self, callbacks):
        """The callbacks, plus one resetting the metrics a subclass lists itself (the C++ loop
        resets the compiled ones)."""
        callbacks = list(callbacks or [])
        if type(self).metrics is not Model.metrics:
            callbacks.append(_ResetMetrics(self))
        return callbacks

    def _ordered(self, logs, return_dict):
        if return_dict:
            return logs
        # As Keras 3's _flatten_metrics_in_order: the logs named as the loss, the compiled metrics'
        # own names (before output prefixes and renaming, so a name may come twice or not at all)
        # and the outputs' losses, then the other logs in sorted order.
        names, base_names = self._cpp.metric_names(), list(self._cpp.metric_base_names())
        output_losses = names[1:len(names) - len(base_names)]
        if self._loss_keys is not None:  # Keras tracks a dict of outputs' losses in the loss dict's order
            output_losses.sort(key=lambda n: self._loss_keys.index(n[:-len("_loss")]))
        names = names[:1] + base_names + output_losses
        values = [logs[name] for name in names if name in logs]
        values += [logs[name] for name in sorted(logs) if name not in names]
        return values[0] if len(values) == 1 else values

    def evaluate(self, x=None, y=None, batch_size=None, verbose="auto", sample_weight=None, steps=None, callbacks=None,
                 return_dict=False):
        self._require_compiled()
        steps = _keras_config._capped_steps(steps)
        if _is_dataset(x):
            logs = _k.evaluate_dataset(self._cpp, self._targets_by_output_names(x)._pipeline, _verbosity(verbose), steps,
                                       _cpp_callbacks(self._with_metric_resets(callbacks), self))
            return self._ordered(logs, return_dict)
        logs = self._cpp.evaluate(self._x(x), self._y(y), batch_size, _verbosity(verbose),
                                  None if sample_weight is None else _as_input(sample_weight), steps,
                                  _cpp_callbacks(self._with_metric_resets(callbacks), self))
        return self._ordered(logs, return_dict)

    def predict(self, x, batch_size=None, verbose="auto", steps=None, callbacks=None):
        steps = _keras_config._capped_steps(steps)
        if _is_dataset(x):
            return self._structured_outputs([_numpy(t) for t in _k.predict_dataset(
                self._cpp, x._pipeline, _verbosity(verbose), steps, _cpp_callbacks(callbacks, self))])
        outputs = [_numpy(t) for t in self._cpp.predict(self._x(x), batch_size, _verbosity(verbose), steps,
                                                        _cpp_callbacks(callbacks, self))]
        return self._structured_outputs(outputs)

    def train_on_batch(self, x, y=None, sample_weight=None, class_weight=None, return_dict=False):
        logs = self._cpp.train_on_batch(self._x(x), self._y(y), None if sample_weight is None else _as_input(sample_weight))
        return self._ordered(logs, return_dict)

    def test_on_batch(self, x, y=None, sample_weight=None, return_dict=False):
        logs = self._cpp.test_on_batch(self._x(x), self._y(y), None if sample_weight is None else _as_input(sample_weight))
        return self._ordered(logs, return_dict)

    def predict_on_batch(self, x):
        return self.predict(x, batch_size=len(self._x(x)[0]), verbose=0)

    def __call__(self, inputs, training=None, mask=None, **kwargs):
        if isinstance(inputs, dict):
            inputs = self._x(inputs) if not _layers._is_symbolic(list(inputs.values())) else _by_keys(
                inputs, self._input_keys)
        if isinstance(inputs, (list, tuple)) and not _layers._is_symbolic(inputs):
            inputs = [_as_input(i) if isinstance(i, _np.ndarray) else i for i in inputs]
        elif isinstance(inputs, _np.ndarray):
            inputs = _as_input(inputs)
        outputs = super().__call__(inputs, training=training, mask=mask, **kwargs)
        if self._single_output:
            return outputs
        outputs = outputs if isinstance(outputs, list) else [outputs]  # Layer.__call__ unpacks one output
        return dict(zip(self._output_keys, outputs)) if self._output_keys is not None else outputs

    # ---- Customizing fit (train_step / test_step) ------------------------------------------------

    def train_step(self, data):
        """Keras' step: forward pass, loss (compute_loss), gradients, optimizer update, metrics
        (compute_metrics). The C++ step runs it unless the class overrides compute_loss or
        compute_metrics, which Keras' step calls."""
        x, y, sample_weight = _unpack(data)
        if not _overrides_step_parts(type(self)):
            return _k.default_train_step(self._cpp, self._x(x), self._y(y), sample_weight)
        with _tfpp.GradientTape() as tape:
            y_pred = self(x, training=True)
            loss = self._compute_loss(x, y, y_pred, sample_weight, training=True)
        _k.track_loss(self._cpp, loss, _first_input(x))
        trainable = self.trainable_weights
        if trainable:
            self.optimizer.apply(tape.gradient(loss, trainable), trainable)
            _k.apply_constraints(self._cpp)
        return self.compute_metrics(x, y, y_pred, sample_weight=sample_weight)

    def test_step(self, data):
        """Keras' evaluation step: forward pass, loss (compute_loss), metrics (compute_metrics)."""
        x, y, sample_weight = _unpack(data)
        if not _overrides_step_parts(type(self)):
            return _k.default_test_step(self._cpp, self._x(x), self._y(y), sample_weight)
        y_pred = self(x, training=False)
        loss = self._compute_loss(x, y, y_pred, sample_weight, training=False)
        _k.track_loss(self._cpp, loss, _first_input(x))
        return self.compute_metrics(x, y, y_pred, sample_weight=sample_weight)

    def _compute_loss(self, x, y, y_pred, sample_weight, training):
        """compute_loss, given `training` only if it takes one, as Keras 3 calls it."""
        if "training" in _inspect.signature(self.compute_loss).parameters:
            return self.compute_loss(x, y, y_pred, sample_weight, training=training)
        return self.compute_loss(x, y, y_pred, sample_weight)

    def _step_from_cpp(self, method, x, y, sample_weight):
        """Runs train_step or test_step on a batch from the C++ loop: (x, y, sample_weight) as Keras
        unpacks them, dicts for a model of dicts, one tensor for one input or output. As Keras'
        pack_x_y_sample_weight, inputs alone come unwrapped unless they are a tuple."""
        inputs = _structured(x, self._input_keys)
        if not y and sample_weight is None and not isinstance(inputs, tuple):
            return getattr(self, method)(inputs)
        data = (inputs,)
        if y:
            data += (_structured(y, self._output_keys),)
        if sample_weight is not None:
            data += (sample_weight,)
        return getattr(self, method)(data)

    def compute_loss(self, x=None, y=None, y_pred=None, sample_weight=None, training=True):
        """The compiled loss of y_pred against y plus the model's losses (regularization, add_loss)."""
        return _k.compute_loss(self._cpp, self._x(x), self._y(y), self._y(y_pred), sample_weight)

    def compiled_loss(self, y, y_pred, sample_weight=None, regularization_losses=None):
        """Keras 2's compiled loss: the compiled loss alone."""
        return _k.compiled_loss(self._cpp, self._y(y), self._y(y_pred), sample_weight)

    def compute_metrics(self, x, y, y_pred, sample_weight=None):
        """Updates the compiled metrics (the weighted ones with sample_weight) and returns
        get_metrics_result()."""
        _k.compiled_metrics_update(self._cpp, self._y(y), self._y(y_pred), sample_weight)
        return self.get_metrics_result()

    @property
    def compiled_metrics(self):
        """Keras 2's compiled metrics: update_state(y, y_pred, sample_weight=None)."""
        return _CompiledMetrics(self)

    def get_metrics_result(self):
        """The metrics' current values by name (tensors; symbolic inside a traced step)."""
        return _k.get_metrics_result(self._cpp)

    def reset_metrics(self):
        for metric in self.metrics:
            metric.reset_state()

    # ---- Saving ---------------------------------------------------------------------------------

    def save(self, filepath, overwrite=True, zipped=None, **kwargs):
        path = str(filepath)
        if path.endswith((".h5", ".hdf5")):
            raise NotImplementedError("tfpp writes Keras 3's `.keras` format, not the legacy HDF5 model format: save "
                                      "to a `.keras` file (or save_weights to a `.weights.h5` file). Received: "
                                      "filepath=%s" % path)
        if not path.endswith(".keras"):
            raise ValueError("Invalid filepath extension for saving. Please add either a `.keras` extension for the "
                             "native Keras format (recommended) or a `.h5` extension. Use `model.export(filepath)` if "
                             "you want to export a SavedModel for use with TFLite/TFServing/etc. Received: filepath=%s."
                             % path)
        self._cpp.save(path)

    def export(self, filepath, format="tf_saved_model", verbose=None, input_signature=None, **kwargs):
        """Exports the model's forward pass as a SavedModel with the endpoint `serve` (also the
        `serving_default` signature), as Keras 3's model.export does."""
        from . import export
        export.export(self, filepath, format, verbose, input_signature, **kwargs)

    def save_weights(self, filepath, overwrite=True, max_shard_size=None):
        path = str(filepath)
        if not path.endswith(".weights.h5"):
            raise ValueError("The filename must end in `.weights.h5`. Received: filepath=%s" % path)
        if not self.built:
            raise ValueError("You are saving a model that has not yet been built. Try building the model first by "
                             "calling it on some data or by using `build()`.")
        self._cpp.save_weights(path)

    def load_weights(self, filepath, skip_mismatch=False, **kwargs):
        try:
            self._cpp.load_weights(str(filepath), bool(skip_mismatch))
        except _errors.InvalidArgumentError as e:  # weights that do not match the model: Keras' ValueError
            raise ValueError(str(e)) from None

    def to_json(self, **kwargs):
        return self._cpp.to_json()

    def get_compile_config(self):
        return self._cpp.get_compile_config()

    @_layers.default_method
    def get_config(self):
        """The model's config. A Functional model of a Python class has Functional's config when its
        __init__ takes Functional's arguments, else Keras' base config (without the automatic one)."""
        if getattr(self, "_python_subclass", False) and self._cpp.is_functional:
            if _functional_like(type(self)):
                return _k.functional_config(self._cpp)
            return _k.base_layer_config(self._cpp)
        return super().get_config()

    @classmethod
    def from_config(cls, config, custom_objects=None):
        functional_keys = ("name", "layers", "input_layers", "output_layers")
        if cls not in (Model, Functional, Sequential) and all(k in config for k in functional_keys) and \
                _functional_like(cls, True):
            # A Functional model of the class, from the layers of its config (Keras' functional_from_config).
            functional = Model.from_config(config, custom_objects)
            other = {k: v for k, v in config.items() if k not in functional_keys + ("trainable",)}
            return cls(inputs=functional.input, outputs=functional.output, name=config["name"],
                       trainable=config.get("trainable", True), **other)
        if cls not in (Model, Functional, Sequential):  # a subclass gets its config as arguments, as in Keras
            try:
                return cls(**config)
            except TypeError as e:
                raise TypeError("Unable to revive model from config. When overriding the `get_config()` method, make "
                                "sure that the returned config contains all items used as arguments in the constructor "
                                "to %s, which is the default behavior.\n\nReceived config=%s\n\nError encountered "
                                "during deserialization: %s" % (cls, config, e)) from e
        class_name = "Sequential" if cls is Sequential else "Functional"
        # custom_objects also name the activation functions the layers' configs refer to.
        with _registration.missing_class_as_type_error(), _registration.CustomObjectScope(
                _registration.active_custom_objects(custom_objects)):
            return _layers.wrap(_k.deserialize_layer({"class_name": class_name, "config": config},
                                                     _registration.layer_classes(custom_objects)))

    def _saveable_attributes(self):
        # Keras also walks a subclassed model's `layers`: the layers its attributes hold (directly
        # or in lists, tuples and dicts), in the order they were assigned.
        attributes = super()._saveable_attributes()
        layers = []
        for value in attributes.values():
            values = value.values() if isinstance(value, dict) else value if isinstance(value, (list, tuple)) else [value]
            layers.extend(v for v in values if isinstance(v, _layers.Layer) and all(v is not seen for seen in layers))
        attributes["layers"] = layers
        return attributes

    def __repr__(self):
        return "<%s name=%s, built=%s>" % (type(self).__name__, self.name, self.built)


class Functional(Model):
    """What keras.Model(inputs, outputs) makes: a model of the layers between its inputs and outputs."""


def _functional_like(cls, or_variadic=False):
    """Whether the class' __init__ takes Functional's arguments (inputs, outputs, name), or with
    `or_variadic`, only *args and **kwargs: Keras then treats its configs as Functional ones."""
    spec = _inspect.getfullargspec(cls.__init__)
    return spec.args[1:] == ["inputs", "outputs", "name"] or (or_variadic and spec.varargs == "args" and
                                                               spec.varkw == "kwargs")


def _steps_in_python(cls, method):
    """Whether a Model subclass' train_step or test_step runs in Python: the class overrides it, or
    compute_loss / compute_metrics, which Keras' default steps call."""
    return getattr(cls, method) is not getattr(Model, method) or _overrides_step_parts(cls)


def _overrides_step_parts(cls):
    return cls.compute_loss is not Model.compute_loss or cls.compute_metrics is not Model.compute_metrics


def _structured(values, keys):
    """A batch's tensors as a step gets them: a dict by `keys`, the one tensor, or a tuple."""
    if keys is not None:
        return dict(zip(keys, values))
    return values[0] if len(values) == 1 else tuple(values)


def _first_input(x):
    """The first tensor of a batch of inputs (a tensor, or a list or dict of them): its length is
    the batch size."""
    return next(iter(x.values())) if isinstance(x, dict) else x[0] if isinstance(x, (list, tuple)) else x


def _unpack(data):
    """(x, y, sample_weight) of a step's data, as keras.utils.unpack_x_y_sample_weight."""
    if not isinstance(data, tuple):
        return data, None, None
    return tuple(data) + (None,) * (3 - len(data))


class _CompiledMetrics:
    """model.compiled_metrics of Keras 2."""

    def __init__(self, model):
        self._model = model

    def update_state(self, y_true, y_pred, sample_weight=None):
        _k.compiled_metrics_update(self._model._cpp, y_true, y_pred, sample_weight)


class _ResetMetrics(_callbacks.Callback):
    """Resets a subclass' own `metrics` at every epoch and evaluation, as Keras' loop does."""

    def __init__(self, model):
        super().__init__()
        self._metrics_of = model

    def on_epoch_begin(self, epoch, logs=None):
        self._metrics_of.reset_metrics()

    def on_test_begin(self, logs=None):
        self._metrics_of.reset_metrics()


class _SequenceEpochBegin(_callbacks.Callback):
    """Calls a PyDataset's on_epoch_begin at every epoch, as Keras' adapter does."""

    def __init__(self, sequence):
        super().__init__()
        self._sequence = sequence

    def on_epoch_begin(self, epoch, logs=None):
        self._sequence.on_epoch_begin()


class Sequential(Model):
    """keras.Sequential: a linear stack of layers."""

    def __init__(self, layers=None, trainable=True, name=None):
        cpp_layers = []
        for layer in layers or []:
            cpp_layers.extend(self._cpp_layers(layer, first=not cpp_layers))
        self._single_output = True
        self._attach(_k.sequential(cpp_layers, name or ""))
        if not trainable:
            self.trainable = False

    @staticmethod
    def _cpp_layers(layer, first):
        if isinstance(layer, _layers.KerasTensor):  # keras.Input(...): its InputLayer
            return [layer._layer]
        shape = getattr(layer, "_input_shape_arg", None)
        if first and shape is None and isinstance(layer, Model) and layer._cpp.inputs:
            # Keras builds a Sequential on its first layer's input_shape (a Functional model's).
            input_shape = layer.input_shape
            shape = input_shape[1:] if len(layer._cpp.inputs) == 1 else None
        if first and shape is not None:
            return [_k.Input(list(shape))._layer, layer._cpp]
        return [layer._cpp]

    def add(self, layer, rebuild=True):
        for cpp in self._cpp_layers(layer, first=not self._cpp.layers):
            self._cpp.add(cpp)

    def pop(self, rebuild=True):
        layer = self.layers[-1]
        self._cpp.pop()
        return layer


def save_model(model, filepath, overwrite=True, zipped=None, **kwargs):
    """keras.models.save_model: model.save to a .keras file (Keras' checks of the file name)."""
    path = str(filepath)
    if zipped is False and path.endswith(".keras"):
        raise ValueError("When using `zipped=False`, the `filepath` argument should not end in `.keras`. Received: "
                         "filepath=%s" % path)
    if not path.endswith((".keras", ".h5", ".hdf5")) and zipped is not False:
        raise ValueError("Invalid filepath extension for saving. Please add either a `.keras` extension for the native "
                         "Keras format (recommended) or a `.h5` extension. Use `model.export(filepath)` if you want to "
                         "export a SavedModel for use with TFLite/TFServing/etc. Received: filepath=%s." % path)
    model.save(path, overwrite=overwrite, zipped=zipped, **kwargs)


def load_model(filepath, custom_objects=None, compile=True, safe_mode=True):
    """keras.models.load_model: a .keras file (written by tfpp or Keras 3) with its weights; custom
    Layer and Model classes are found by their registered name in custom_objects, the open
    custom_object_scope or the registry (and made with their from_config)."""
    # keras.config.enable_unsafe_deserialization() overrides safe_mode, as in Keras.
    outer_safe_mode = _keras_config.in_safe_mode()
    # custom_objects also holds functions (a Lambda layer's), which from_config looks up in the scope.
    with _registration.missing_class_as_type_error(), _keras_config.SafeModeScope(
            safe_mode if outer_safe_mode is None else outer_safe_mode), _registration.CustomObjectScope(
            _registration.active_custom_objects(custom_objects)):
        try:
            return _layers.wrap(_k.load_model(str(filepath), bool(compile), _registration.layer_classes(custom_objects)))
        except _errors.InvalidArgumentError as e:
            if "/model.weights.h5': " not in str(e):
                raise
            raise ValueError(str(e)) from None  # weights that do not fit the model rebuilt from the config: Keras' ValueError


def model_from_json(json_string, custom_objects=None):
    """keras.models.model_from_json: the model to_json describes, with new weights."""
    with _registration.missing_class_as_type_error():
        return _layers.wrap(_k.model_from_json(json_string, _registration.layer_classes(custom_objects)))


def clone_model(model, input_tensors=None, clone_function=None, call_function=None, recursive=False, **kwargs):
    """keras.models.clone_model: a new model of the same config with new weights (a subclassed
    model through its class' from_config, as Keras clones it)."""
    if input_tensors is not None or clone_function is not None or call_function is not None or recursive or kwargs:
        raise NotImplementedError("tfpp's clone_model clones a model from its config only (no input_tensors, "
                                  "clone_function, call_function or recursive)")
    if getattr(model, "_python_subclass", False):
        return type(model).from_config(model.get_config())
    serialized = model._cpp.serialize()
    serialized.pop("compile_config", None)
    # Keras clones each layer with its own class' from_config: the model's classes need no registration.
    own_classes = {_registration.get_registered_name(type(layer)): type(layer) for layer in model.layers
                   if getattr(layer, "_python_subclass", False)}
    return _layers.wrap(_k.deserialize_layer(serialized, {**own_classes, **_registration.layer_classes()}))
