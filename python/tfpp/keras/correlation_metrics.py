"""keras.metrics' correlation metrics: pearson_correlation and concordance_correlation per sample
(along `axis`), and PearsonCorrelation / ConcordanceCorrelation, their running means."""

_EPSILON = 1e-7  # keras.backend.epsilon()


def _same_rank(y_true, y_pred):
    """Keras' squeeze_or_expand_to_same_rank: drops a trailing dimension of 1 from the longer one."""
    import tfpp as tf
    if len(y_true.shape) == len(y_pred.shape) + 1 and y_true.shape[-1] == 1:
        y_true = tf.squeeze(y_true, -1)
    elif len(y_pred.shape) == len(y_true.shape) + 1 and y_pred.shape[-1] == 1:
        y_pred = tf.squeeze(y_pred, -1)
    return y_true, y_pred


def _tensors(y_true, y_pred):
    import tfpp as tf
    y_pred = tf.convert_to_tensor(y_pred)
    y_true = tf.cast(tf.convert_to_tensor(y_true), y_pred.dtype)
    return _same_rank(y_true, y_pred)


def pearson_correlation(y_true, y_pred, axis=-1):
    """keras.metrics.pearson_correlation: the correlation of y_true and y_pred along `axis`."""
    import tfpp as tf
    y_true, y_pred = _tensors(y_true, y_pred)
    t = y_true - tf.reduce_mean(y_true, axis=axis, keepdims=True)
    p = y_pred - tf.reduce_mean(y_pred, axis=axis, keepdims=True)
    t = t / tf.math.reduce_std(t, axis=axis, keepdims=True)
    p = p / tf.math.reduce_std(p, axis=axis, keepdims=True)
    return tf.reduce_mean(t * p, axis=axis)


def concordance_correlation(y_true, y_pred, axis=-1):
    """keras.metrics.concordance_correlation: Lin's concordance of y_true and y_pred along `axis`
    (with Keras' covariance term, which centres y_true on y_pred's mean)."""
    import tfpp as tf
    y_true, y_pred = _tensors(y_true, y_pred)
    true_mean = tf.reduce_mean(y_true, axis=axis, keepdims=True)
    pred_mean = tf.reduce_mean(y_pred, axis=axis, keepdims=True)
    true_var = tf.math.reduce_variance(y_true - true_mean, axis=axis, keepdims=True)
    pred_var = tf.math.reduce_variance(y_pred - pred_mean, axis=axis, keepdims=True)
    covariance = (y_true - pred_mean) * (y_pred - pred_mean)
    norm = true_var + pred_var + tf.square(true_mean - pred_mean)
    return tf.reduce_mean(2 * covariance / (norm + _EPSILON), axis=axis)


def make_classes(mean_metric_wrapper):
    """PearsonCorrelation and ConcordanceCorrelation over keras.metrics.MeanMetricWrapper."""

    def make(class_name, fn):
        def __init__(self, name=fn.__name__, dtype=None, axis=-1):
            mean_metric_wrapper.__init__(self, fn, name=name, dtype=dtype, axis=axis)
            self.axis = axis

        def get_config(self):
            return {"name": self.name, "dtype": self._dtype, "axis": self.axis}

        return type(class_name, (mean_metric_wrapper,), {
            "__init__": __init__, "get_config": get_config, "from_config": classmethod(lambda cls, c: cls(**c)),
            "__module__": "tfpp.keras.metrics", "__doc__": "keras.metrics.%s: the running mean of %s." % (
                class_name, fn.__name__)})

    return make("PearsonCorrelation", pearson_correlation), make("ConcordanceCorrelation", concordance_correlation)
