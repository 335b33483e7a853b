"""The `compile_metrics` entry of model.metrics: Keras 3 groups the metrics given to compile (and
weighted_metrics) in one object, listed after the loss tracker."""


class CompileMetrics:
    """The compiled metrics as one metric: update_state(y_true, y_pred, sample_weight) updates them
    all, result() is a dict of their values by name (which the fit loop flattens into the logs)."""

    def __init__(self, model, metrics):
        self._model = model
        self.metrics = metrics

    @property
    def name(self):
        return "compile_metrics"

    @property
    def variables(self):
        return [v for metric in self.metrics for v in metric.variables]

    def update_state(self, y_true, y_pred, sample_weight=None):
        self._model.compiled_metrics.update_state(y_true, y_pred, sample_weight)

    def result(self):
        return {metric.name: metric.result() for metric in self.metrics}

    def reset_state(self):
        for metric in self.metrics:
            metric.reset_state()

    def __repr__(self):
        return "<CompileMetrics name=compile_metrics>"
