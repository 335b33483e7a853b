"""Keras' auto_name: layers, optimizers, losses and metrics made without a name (the metrics whose
Keras constructor leaves it None, Python subclasses) and Keras variables share one count per
prefix, "precision" then "precision_1", until clear_session."""
from harness import tf

keras = tf.keras
metrics = keras.metrics


class MyMetric(metrics.Metric):
    def update_state(self, *args, **kwargs):
        pass

    def result(self):
        return 0.0


class MyLoss(keras.losses.Loss):
    def call(self, y_true, y_pred):
        return y_pred


class MyLayer(keras.layers.Layer):
    pass


print(metrics.Mean().name, metrics.Mean().name, metrics.Precision().name, metrics.Precision().name)
print(metrics.AUC().name, metrics.AUC().name, metrics.Recall().name, metrics.Recall(name="recall").name,
      metrics.Recall().name)
print(metrics.TruePositives().name, metrics.TruePositives().name, metrics.FalseNegatives().name)
print(metrics.IoU(2, [0]).name, metrics.IoU(2, [0]).name, metrics.MeanIoU(2).name, metrics.MeanIoU(2).name,
      metrics.OneHotIoU(2, [0]).name, metrics.OneHotMeanIoU(2).name, metrics.BinaryIoU().name, metrics.BinaryIoU().name)
print(metrics.PrecisionAtRecall(0.5).name, metrics.PrecisionAtRecall(0.5).name, metrics.RecallAtPrecision(0.5).name,
      metrics.SensitivityAtSpecificity(0.5).name, metrics.SpecificityAtSensitivity(0.5).name)
print(metrics.MeanMetricWrapper(lambda a, b: a).name, metrics.MeanMetricWrapper(lambda a, b: a).name)
print(MyMetric().name, MyMetric().name, MyLoss().name, MyLoss().name, MyLayer().name, MyLayer().name)
print(keras.optimizers.Adam().name, keras.optimizers.Adam().name, keras.optimizers.SGD().name)
print(keras.layers.Dense(1).name, keras.layers.Dense(1).name, keras.Variable(1.0).path, keras.Variable(1.0).path)
print(keras.losses.MeanSquaredError().name, keras.losses.MeanSquaredError().name)
keras.utils.clear_session()
print(metrics.Precision().name, keras.optimizers.Adam().name, keras.layers.Dense(1).name, keras.Variable(1.0).path,
      MyMetric().name, MyLoss().name)

# name=None is the automatic name, for every built-in layer, loss and metric (Keras' default).
layers = keras.layers
print([layer.name for layer in (layers.Dense(1, name=None), layers.Dense(1, name=None), layers.Conv2D(1, 1, name=None),
                                layers.Dropout(0.1, name=None), layers.Add(name=None), layers.Rescaling(0.5, name=None),
                                layers.BatchNormalization(name=None), layers.LSTM(2, name=None),
                                layers.Embedding(3, 2, name=None), layers.Activation("relu", name=None))])
print(keras.losses.Huber(name=None).name, metrics.AUC(name=None).name, keras.Sequential(name=None).name)
print(layers.Dense(1, name=None).get_config()["name"])
