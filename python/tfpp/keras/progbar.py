"""keras.utils.Progbar: Keras' progress bar, drawn by tfpp's C++ one (the bar fit draws)."""

import numpy as _np

from .. import _tfpp


class Progbar:
    """A progress bar towards `target` steps (None: unknown) showing running metric values:
    averaged over the steps, except the stateful_metrics (shown as given)."""

    def __init__(self, target, width=20, verbose=1, interval=0.05, stateful_metrics=None, stateless_metrics=None,
                 unit_name="step"):
        self.width, self.verbose, self.interval, self.unit_name = width, verbose, interval, unit_name
        self.stateful_metrics = set(stateful_metrics or ())
        self.stateless_metrics = set(stateless_metrics or ())
        self._bar = _tfpp.keras.Progbar(target, width, verbose, interval, None if stateful_metrics is None else
                                        set(stateful_metrics), None if stateless_metrics is None else
                                        set(stateless_metrics), unit_name)

    @property
    def target(self):
        return self._bar.target

    @target.setter
    def target(self, target):
        self._bar.target = target

    def update(self, current, values=None, finalize=None):
        """Records that `current` steps are done with these (name, value) pairs and redraws."""
        self._bar.update(current, _numbers(values), finalize)

    def add(self, n, values=None):
        """update(steps so far + n, values)."""
        self._bar.add(n, _numbers(values))


def _numbers(values):
    # A value may be a tensor or an array: the bar shows its mean, as Keras does.
    return [(name, float(_np.mean(_np.asarray(value)))) for name, value in values or ()]
