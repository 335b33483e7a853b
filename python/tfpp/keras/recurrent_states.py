"""The kept states of keras.layers.RNN, SimpleRNN, LSTM, GRU and ConvLSTM1D/2D/3D made with
stateful=True, as Keras 3: layer.states (the "rnn_state" variables, None until the first call and
for a layer that keeps none), layer.reset_state() and its older name reset_states()."""

from .. import _tfpp
from .. import errors as _errors

_k = _tfpp.keras


def _states(self):
    return _k._recurrent_states(self._cpp) or None


def _reset_state(self):
    """Sets the kept states to zeros; a layer keeping none is left as it is."""
    _k._recurrent_reset_states(self._cpp)


def _checked_call(call):
    def __call__(self, *args, **kwargs):
        try:
            return call(self, *args, **kwargs)
        except _errors.InvalidArgumentError as e:  # Keras checks the kept states' batch size with ValueError
            if "If an RNN is stateful" not in e.message:
                raise
            raise ValueError(e.message) from None

    return __call__


def install(layers):
    """Gives the recurrent classes of the keras.layers module `layers` Keras' state members."""
    for name in ("RNN", "SimpleRNN", "LSTM", "GRU", "ConvLSTM1D", "ConvLSTM2D", "ConvLSTM3D"):
        cls = getattr(layers, name)
        cls.states = property(_states)
        cls.reset_state = _reset_state
        cls.reset_states = _reset_state
        cls.__call__ = _checked_call(cls.__call__)
