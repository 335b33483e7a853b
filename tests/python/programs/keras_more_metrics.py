"""Keras 3's confusion-count metrics (TruePositives, FalsePositives, TrueNegatives,
FalseNegatives with thresholds), the *At* metrics (PrecisionAtRecall, RecallAtPrecision,
SensitivityAtSpecificity, SpecificityAtSensitivity), MeanIoU, R2Score, F1Score and FBetaScore:
results over several batches with sample weights, configs, variables, serialize / get, and use
in compile()."""
import numpy as np

from harness import rounded, show_error, tf

M = tf.keras.metrics

labels = np.array([1.0, 0.0, 1.0, 1.0, 0.0, 0.0, 1.0, 0.0], np.float32)
scores = np.array([0.9, 0.35, 0.62, 0.2, 0.55, 0.05, 0.48, 0.71], np.float32)
weights = np.array([1.0, 2.0, 0.5, 1.0, 0.0, 1.5, 1.0, 3.0], np.float32)
multi_labels = np.array([[1.0, 0.0, 1.0], [0.0, 1.0, 1.0], [1.0, 1.0, 0.0], [0.0, 0.0, 1.0]], np.float32)
multi_scores = np.array([[0.8, 0.3, 0.45], [0.1, 0.65, 0.9], [0.55, 0.25, 0.3], [0.4, 0.15, 0.7]], np.float32)


def run(metric, batches):
    for batch in batches:
        metric.update_state(*batch)
    config = {k: v for k, v in sorted(metric.get_config().items())}
    print(type(metric).__name__, rounded(tf.convert_to_tensor(metric.result())), config, [v.name.split("/")[-1].split(":")[0] for v in metric.variables])
    metric.reset_state()
    print("  after reset", rounded(tf.convert_to_tensor(metric.result())))


binary_batches = [(labels, scores, weights), (labels[:4].reshape(4, 1), scores[4:].reshape(4, 1))]
multi_batches = [(multi_labels, multi_scores), (multi_labels[:1], multi_scores[1:2], np.array([2.0], np.float32))]
run(M.TruePositives(), binary_batches)
run(M.FalsePositives(thresholds=[0.2, 0.5, 0.8]), binary_batches)
run(M.TrueNegatives([0.4]), multi_batches)
run(M.FalseNegatives([0.3, 0.6], name="fn"), multi_batches)
run(M.PrecisionAtRecall(0.6), binary_batches)
run(M.PrecisionAtRecall(recall=0.4, num_thresholds=7, class_id=2, name="par_class"), multi_batches)
run(M.RecallAtPrecision(0.7, num_thresholds=50), binary_batches)
run(M.RecallAtPrecision(precision=1.0, num_thresholds=1, name="rap_one"), multi_batches)
run(M.SensitivityAtSpecificity(0.5), binary_batches)
run(M.SpecificityAtSensitivity(0.8, num_thresholds=11), multi_batches)
run(M.MeanIoU(num_classes=3), [(np.array([0, 1, 2, 2, 1]), np.array([0, 2, 2, 1, 1]))])
run(M.MeanIoU(3, name="iou_scores", sparse_y_pred=False), [(np.array([0, 1, 2]), np.array([[0.7, 0.2, 0.1], [0.1, 0.1, 0.8], [0.2, 0.2, 0.6]]))])
run(M.IoU(3, [0, 2]), [(np.array([0, 1, 2, 2, 1]), np.array([0, 2, 2, 1, 1]), np.array([1.0, 0.5, 2.0, 1.0, 0.0]))])
run(M.IoU(num_classes=3, target_class_ids=[1], ignore_class=2, name="iou_ignore"),
    [(np.array([0, 1, 2, 2, 1]), np.array([0, 2, 2, 1, 1]))])
run(M.OneHotIoU(3, [0, 1]), [(np.eye(3)[[0, 1, 2]], np.array([[0.7, 0.2, 0.1], [0.1, 0.1, 0.8], [0.2, 0.2, 0.6]]))])
run(M.OneHotMeanIoU(num_classes=3), [(np.eye(3)[[0, 1, 2]], np.array([[0.7, 0.2, 0.1], [0.1, 0.1, 0.8], [0.2, 0.2, 0.6]]))])
show_error("IoU target out of range", lambda: M.IoU(3, [3]))

one_hot = np.eye(3, dtype=np.float32)[[2, 0, 1, 2, 1]]
class_scores = np.array([[0.2, 0.3, 0.5], [0.6, 0.3, 0.1], [0.3, 0.4, 0.3], [0.1, 0.7, 0.2], [0.35, 0.35, 0.3]], np.float32)
f_batches = [(one_hot, class_scores, np.array([1.0, 0.5, 0.0, 2.0, 1.0], np.float32)), (multi_labels, multi_scores)]
run(M.F1Score(), f_batches)
run(M.F1Score(average="micro", threshold=0.45, name="f1_micro"), f_batches)
run(M.F1Score("macro", 0.3, name="f1_macro"), f_batches)
run(M.F1Score(average="weighted", name="f1_weighted"), f_batches)
run(M.FBetaScore(beta=2.0), f_batches)
run(M.FBetaScore(average="weighted", beta=0.5, threshold=0.3, name="fbeta_weighted"), f_batches)
regression_true = np.array([[1.0, 2.0, -1.0], [0.5, 1.5, 0.0], [2.0, -0.5, 1.0], [1.5, 0.5, 2.5]], np.float32)
regression_pred = np.array([[0.8, 2.2, -0.5], [0.7, 1.0, 0.3], [1.6, 0.0, 1.2], [1.0, 0.9, 2.0]], np.float32)
r2_batches = [(regression_true[:2], regression_pred[:2], np.array([1.0, 0.5], np.float32)),
              (regression_true[2:], regression_pred[2:])]
run(M.R2Score(), r2_batches)
run(M.R2Score(class_aggregation="variance_weighted_average", name="r2_variance"), r2_batches)
run(M.R2Score(None, num_regressors=2, name="r2_adjusted"), r2_batches)
show_error("FBetaScore average", lambda: M.FBetaScore(average="median"))

print("serialize", sorted(M.serialize(M.TruePositives(thresholds=[0.3], name="tp"))["config"].items()))
restored = M.deserialize(M.serialize(M.SensitivityAtSpecificity(0.3, num_thresholds=20, name="sas")))
print("deserialize", type(restored).__name__, sorted(restored.get_config().items()))
print("get", type(M.get("TruePositives")).__name__, type(M.get("FalseNegatives")).__name__)
show_error("a threshold above 1", lambda: M.TruePositives(thresholds=[1.5]))
show_error("recall above 1", lambda: M.PrecisionAtRecall(1.5))

model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1, activation="sigmoid",
                                                                         kernel_initializer="ones")])
model.compile("sgd", "binary_crossentropy", metrics=[M.TruePositives(name="tp"), M.FalseNegatives(name="fn"),
                                                     M.PrecisionAtRecall(0.5, name="par"), "TrueNegatives"])
x = np.array([[0.2, -0.5, 0.1], [0.9, 0.4, -0.3], [-0.7, -0.2, 0.1], [0.3, 0.3, 0.3]], np.float32)
y = np.array([[1.0], [1.0], [0.0], [0.0]], np.float32)
print("evaluate", {k: round(float(v), 4) for k, v in sorted(model.evaluate(x, y, verbose=0, return_dict=True).items())})
