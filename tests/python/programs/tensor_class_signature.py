"""inspect.signature of the tf.Tensor and tf.Variable classes: TensorFlow's, no error."""
import inspect

from harness import tf

print(inspect.signature(tf.Tensor), inspect.signature(tf.Variable))
