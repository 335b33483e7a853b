"""What the keras_ops_* programs share: `ops` (tf.keras.ops of TensorFlow or tfpp), `show` to print
a result's dtype, shape and values (floats rounded), and `attempt` to print a result or the class of
what the call raised."""
import numpy as np

from harness import rounded, tf

ops = tf.keras.ops


def show(label, value):
    """Prints a tensor (or a tuple / list of them) as dtype, shape and values."""
    if isinstance(value, (tuple, list)):
        for k, item in enumerate(value):
            show("%s[%d]" % (label, k), item)
        return
    if not hasattr(value, "dtype"):
        print(label, type(value).__name__, value)
    elif np.issubdtype(np.asarray(value).dtype, np.floating):
        print(label, rounded(value, 4))
    else:
        print(label, "%s%s %s" % (value.dtype.name, tuple(value.shape), np.asarray(value).tolist()))


def attempt(label, fn):
    """Shows fn()'s result, or the class of what it raised."""
    try:
        value = fn()
    except Exception as e:  # noqa: BLE001 - the class is what is compared
        print(label, "raises", type(e).__name__)
    else:
        show(label, value)
