"""keras.applications ResNet101, ResNet152, ResNet101V2 and ResNet152V2 at 32x32: layer names and
classes, parameter counts and predictions with the same weights."""
import importlib
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from applications_harness import describe, images, predictions, set_stable_weights  # noqa: E402

tf = importlib.import_module(os.environ.get("TFPP_TEST_MODULE", "tensorflow"))
apps = tf.keras.applications

X = images((32, 32, 3))
for constructor, preprocess in ((apps.ResNet101, apps.resnet.preprocess_input),
                                (apps.ResNet152, apps.resnet.preprocess_input),
                                (apps.ResNet101V2, apps.resnet_v2.preprocess_input),
                                (apps.ResNet152V2, apps.resnet_v2.preprocess_input)):
    model = constructor(weights=None, input_shape=(32, 32, 3), classes=10)
    describe(model)
    set_stable_weights(model)
    predictions(model, preprocess(X.copy()))
