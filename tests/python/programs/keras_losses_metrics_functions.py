"""keras.losses and keras.metrics as functions (per-sample values, positional and keyword
arguments, the aliases), the losses Keras 3 added (CategoricalFocalCrossentropy, Dice, Tversky)
with their configs, MeanMetricWrapper over a function, serialize / deserialize, and
keras.initializers' names, get and calls."""
import numpy as np

from harness import rounded, show_error, tf

L, M, I = tf.keras.losses, tf.keras.metrics, tf.keras.initializers

y_true = np.array([[0.0, 1.0, 0.0], [0.0, 0.0, 1.0], [1.0, 0.0, 0.0]], np.float32)
y_pred = np.array([[0.05, 0.9, 0.05], [0.1, 0.85, 0.05], [0.6, 0.3, 0.1]], np.float32)
regression_true = np.array([[1.0, 2.0], [3.0, -1.0]], np.float32)
regression_pred = np.array([[1.5, 1.0], [2.0, -0.5]], np.float32)

for name in ("mse", "MSE", "mae", "MAE", "mape", "MAPE", "msle", "MSLE", "kld", "KLD", "kullback_leibler_divergence",
             "logcosh", "huber", "cosine_similarity", "poisson", "hinge", "squared_hinge",
             "categorical_hinge"):
    print("losses.%s" % name, getattr(L, name).__name__, rounded(getattr(L, name)(regression_true, regression_pred)))
print("huber delta positional", rounded(L.huber(regression_true, regression_pred, 0.5)))
print("cosine_similarity axis 0", rounded(L.cosine_similarity(regression_true, regression_pred, axis=0)))
print("float64 stays float64", rounded(L.mse(regression_true.astype(np.float64), regression_pred.astype(np.float64))))

print("binary_focal_crossentropy", rounded(L.binary_focal_crossentropy(y_true, y_pred)))
print("binary_focal_crossentropy balanced", rounded(L.binary_focal_crossentropy(y_true, y_pred, True, 0.3, 1.5)))
print("categorical_focal_crossentropy", rounded(L.categorical_focal_crossentropy(y_true, y_pred)))
print("categorical_focal_crossentropy smoothed", rounded(L.categorical_focal_crossentropy(
    y_true, y_pred, alpha=0.5, gamma=1.0, label_smoothing=0.1)))
print("categorical_focal_crossentropy logits", rounded(L.categorical_focal_crossentropy(y_true, y_pred * 3,
                                                                                      from_logits=True)))
masks = np.array([[[[1.0], [1.0]], [[0.0], [0.0]]], [[[1.0], [1.0]], [[0.0], [0.0]]]], np.float32)
scores = np.array([[[[0.0], [1.0]], [[0.0], [1.0]]], [[[0.4], [0.0]], [[0.0], [0.9]]]], np.float32)
print("dice", rounded(L.dice(masks, scores)))
print("dice axes", rounded(L.dice(masks, scores, axis=(1, 2, 3))))
print("tversky", rounded(L.tversky(masks, scores)))
print("tversky axes", rounded(L.tversky(masks, scores, 0.3, 0.7, axis=(1, 2, 3))))

for loss in (L.CategoricalFocalCrossentropy(), L.CategoricalFocalCrossentropy(alpha=0.4, gamma=3.0, from_logits=True),
             L.Dice(), L.Dice(axis=[1, 2, 3], reduction="sum"), L.Tversky(alpha=0.2, beta=0.8),
             L.Tversky(axis=[1, 2], name="tv")):
    print(type(loss).__name__, sorted(loss.get_config().items()))
print("CategoricalFocalCrossentropy()", rounded(L.CategoricalFocalCrossentropy()(y_true, y_pred)))
print("... weighted", rounded(L.CategoricalFocalCrossentropy()(y_true, y_pred, sample_weight=np.array([0.3, 0.7, 1.0]))))
print("... none", rounded(L.CategoricalFocalCrossentropy(reduction=None)(y_true, y_pred)))
print("... \"none\"", rounded(L.CategoricalFocalCrossentropy(reduction="none")(y_true, y_pred)))
print("Dice()", rounded(L.Dice()(masks, scores)))
print("Dice(axis)", rounded(L.Dice(axis=(1, 2, 3), reduction="none")(masks, scores)))
print("Tversky(axis)", rounded(L.Tversky(0.3, 0.7, axis=(1, 2, 3))(masks, scores)))

print("serialize a class", L.serialize(L.Dice(axis=[1, 2, 3]))["class_name"])
print("serialize a function", L.serialize(L.mse))
restored = L.deserialize(L.serialize(L.Tversky(alpha=0.1, beta=0.9)))
print("deserialize", type(restored).__name__, sorted(restored.get_config().items()))
print("deserialize a function", L.deserialize(L.serialize(L.dice)) is L.dice)
print("get", type(L.get("CategoricalFocalCrossentropy")).__name__, type(L.get("Dice")).__name__)
print("Reduction", L.Reduction.SUM, L.Reduction.all())
show_error("Reduction.validate", lambda: L.Reduction.validate("mean"))

for name in ("mse", "mae", "msle", "kld", "logcosh", "poisson", "huber", "hinge", "squared_hinge",
             "categorical_hinge", "binary_crossentropy", "categorical_crossentropy", "binary_focal_crossentropy",
             "categorical_focal_crossentropy"):
    print("metrics.%s" % name, getattr(M, name) is getattr(L, name), rounded(getattr(M, name)(y_true, y_pred)))
print("sparse_categorical_crossentropy", rounded(M.sparse_categorical_crossentropy(np.array([1, 2, 0]), y_pred)))
print("binary_accuracy", rounded(M.binary_accuracy(y_true, y_pred)))
print("binary_accuracy threshold", rounded(M.binary_accuracy(y_true, y_pred, threshold=0.08)))
print("categorical_accuracy", rounded(M.categorical_accuracy(y_true, y_pred)))
print("sparse_categorical_accuracy", rounded(M.sparse_categorical_accuracy(np.array([[1], [2], [0]]), y_pred)))
print("top_k_categorical_accuracy", rounded(M.top_k_categorical_accuracy(y_true, y_pred, k=1)))
print("top_k_categorical_accuracy k=2", rounded(M.top_k_categorical_accuracy(y_true, y_pred, 2)))
print("sparse_top_k_categorical_accuracy", rounded(M.sparse_top_k_categorical_accuracy(np.array([1, 2, 0]), y_pred,
                                                                                       k=2)))

wrapper = M.MeanMetricWrapper(L.mse, name="wrapped_mse")
wrapper.update_state(regression_true, regression_pred)
wrapper.update_state(regression_true, regression_pred * 2, sample_weight=np.array([1.0, 0.5]))
print("MeanMetricWrapper", rounded(wrapper.result()), wrapper.name, sorted(wrapper.get_config().items()))
wrapper = M.MeanMetricWrapper(M.binary_accuracy, threshold=0.7)
wrapper.update_state(np.array([[1.0, 0.0]]), np.array([[0.6, 0.2]]))
print("MeanMetricWrapper kwargs", rounded(wrapper.result()), wrapper.name, sorted(wrapper.get_config().items()))
wrapper.reset_state()
print("after reset", rounded(wrapper.result()))
print("serialize a metric", M.serialize(M.AUC())["class_name"], M.serialize(M.mse))

model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(3, activation="softmax",
                                                                         kernel_initializer="ones")])
model.compile("sgd", loss=L.categorical_focal_crossentropy, metrics=[M.categorical_accuracy, M.mae])
print("compile with functions", {k: round(float(v), 4) for k, v in sorted(model.evaluate(
    y_pred, y_true, verbose=0, return_dict=True).items())})
model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(3, activation="softmax",
                                                                         kernel_initializer="ones")])
model.compile("sgd", loss=L.Dice())
print("compile with Dice", {k: round(float(v), 4) for k, v in model.evaluate(y_pred, y_true, verbose=0,
                                                                             return_dict=True).items()})

print("initializer aliases", I.lecun_normal is I.LecunNormal, I.random_normal is I.RandomNormal,
      I.truncated_normal is I.TruncatedNormal, I.orthogonal is I.Orthogonal, I.random_uniform is I.RandomUniform)
for init in (I.Zeros(), I.Constant(2.5), I.RandomNormal(seed=3), I.RandomUniform(minval=-1.0), I.lecun_uniform(),
             I.Orthogonal(gain=2.0)):
    print(type(init).__name__, sorted(init.get_config().items()), I.serialize(init)["class_name"])
print("Constant call", rounded(I.Constant(2.0)((2, 2))))
print("Ones call float64", rounded(I.Ones()(shape=(3,), dtype="float64")))
print("Zeros call int32", rounded(I.Zeros()((2,), "int32")))
print("get name", type(I.get("he_normal")).__name__, type(I.get("ones")).__name__)
print("get config", sorted(I.get({"class_name": "Constant", "config": {"value": 2.0}}).get_config().items()))
print("deserialize", type(I.deserialize(I.serialize(I.TruncatedNormal(stddev=0.3)))).__name__,
      sorted(I.deserialize(I.serialize(I.TruncatedNormal(stddev=0.3))).get_config().items()))
print("random shape", tuple(I.GlorotUniform(seed=1)((4, 5)).shape), tuple(I.he_normal(seed=1)((3, 2)).shape))
show_error("get of an unknown name", lambda: I.get("nope"))

# keras.losses.get as Keras 3: functions for function names and aliases, new objects for class
# names, None for None, ValueError otherwise; loss objects' get_config keys in Keras' order.
for name in ("ctc", "mse", "MSE", "mae", "bce", "BCE", "kld", "mape", "msle", "mean_squared_error", "huber", "log_cosh",
             "categorical_crossentropy", "sparse_categorical_crossentropy", "binary_focal_crossentropy", "dice",
             "MeanSquaredError", "CategoricalCrossentropy", "Huber", "CTC", "Tversky"):
    obj = L.get(name)
    print("get", name, type(obj).__name__, getattr(obj, "__name__", None) or obj.name)
print("get None", L.get(None), "get callable", L.get(L.hinge).__name__,
      "get dict", type(L.get({"class_name": "Huber", "config": {"delta": 2.0}})).__name__)
for bad in ("nope", 3):
    show_error("get %r" % (bad,), lambda bad=bad: L.get(bad))
for loss in (L.MeanSquaredError(), L.CategoricalCrossentropy(), L.SparseCategoricalCrossentropy(),
             L.BinaryCrossentropy(from_logits=True), L.Huber(delta=2.0), L.CTC(), L.BinaryFocalCrossentropy(),
             L.CategoricalFocalCrossentropy(), L.CosineSimilarity(axis=0), L.Dice(), L.Tversky(), L.KLDivergence(),
             L.Poisson(), L.LogCosh(), L.CategoricalHinge()):
    print("config", type(loss).__name__, loss.get_config())
