"""keras.Function: a callable graph of layer calls from `inputs` to `outputs` (KerasTensors), run through a
Functional model of tfpp's C++ Keras."""

from .. import _tfpp
from . import tree as _tree


class Function:
    """keras.Function(inputs, outputs, name=None): calling it on values runs the layers between them."""

    def __init__(self, inputs, outputs, name=None):
        from .models import Model
        self.name = name if name is not None else _tfpp.keras.auto_name("Function")
        self._inputs_struct = inputs
        self._outputs_struct = outputs
        self._model = Model(inputs, outputs, name=self.name)

    @property
    def inputs(self):
        return _tree.flatten(self._inputs_struct)

    @property
    def outputs(self):
        return _tree.flatten(self._outputs_struct)

    def __call__(self, inputs):
        return self._model(inputs)
