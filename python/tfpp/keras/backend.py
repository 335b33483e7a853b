"""tf.keras.backend: Keras 3's (floatx, epsilon, image_data_format and their setters, clear_session,
get_uid, is_keras_tensor, the dtype helpers) with the Keras 2 functions TensorFlow 2.21's
tf.keras.backend keeps: tensor functions (int_shape, variable, sum, ...: backend_tensor_functions),
batch_dot and the focal losses, random tensors, convolutions and pooling, rnn and the loops, CTC."""

import builtins as _builtins

import numpy as _np

from .. import _tfpp
from .backend_ctc_functions import *  # noqa: F401,F403
from .backend_dot_and_loss_functions import *  # noqa: F401,F403
from .backend_nn_functions import *  # noqa: F401,F403
from .backend_random_functions import *  # noqa: F401,F403
from .backend_rnn_functions import *  # noqa: F401,F403
from .backend_tensor_functions import *  # noqa: F401,F403
from .config import backend, epsilon, floatx, image_data_format, set_epsilon, set_floatx, set_image_data_format

# Keras 3's dtype names (standardize_dtype): Python's and NumPy's float and int mean 64 bits.
_ALLOWED_DTYPES = {"float16", "float32", "float64", "uint8", "uint16", "uint32", "uint64", "int8", "int16", "int32",
                   "int64", "bfloat16", "bool", "string", "float8_e4m3fn", "float8_e5m2", "complex64", "complex128"}
_PYTHON_DTYPES = {int: "int64", float: "float32", bool: "bool", str: "string", "int": "int64", complex: "complex128"}


def clear_session(free_memory=True):
    """keras.backend.clear_session: new layers take plain names again, and the global dtype policy
    follows floatx again."""
    from .utils import clear_session as _clear_session
    _clear_session(free_memory)


def get_uid(prefix=""):
    """keras.backend.get_uid: 1 the first time for `prefix`, then 2, 3, ... (layers' automatic
    names count too; clear_session resets)."""
    return _tfpp.keras.get_uid(prefix)


def is_keras_tensor(x):
    """keras.backend.is_keras_tensor: whether `x` is a symbolic Functional-API tensor."""
    return isinstance(x, _tfpp.keras.KerasTensor)


def standardize_dtype(dtype):
    """keras.backend.standardize_dtype: the Keras name of a dtype ("float32"); None is floatx."""
    if dtype is None:
        return floatx()
    if dtype in _PYTHON_DTYPES:
        return _PYTHON_DTYPES[dtype]
    name = getattr(dtype, "name", None)
    if not isinstance(name, str):
        name = _np.dtype(dtype).name if isinstance(dtype, type) else str(dtype)
    if name == "str":
        name = "string"
    if name not in _ALLOWED_DTYPES:
        raise ValueError("Invalid dtype: %s" % (dtype,))
    return name


def is_float_dtype(dtype):
    """keras.backend.is_float_dtype."""
    name = standardize_dtype(dtype)
    return name.startswith("float") or name.startswith("bfloat")


def is_int_dtype(dtype):
    """keras.backend.is_int_dtype."""
    name = standardize_dtype(dtype)
    return name.startswith("int") or name.startswith("uint")


def result_type(*dtypes):
    """keras.backend.result_type: the dtype Keras' ops give a mix of `dtypes`: NumPy's promotion,
    except that integers mixed with floats give the floats' type (no dtypes: floatx)."""
    if not dtypes:
        return floatx()
    names = [standardize_dtype(d) for d in dtypes]
    if _builtins.any(n in ("bfloat16", "string") or n.startswith("float8") for n in names):
        raise ValueError("tfpp's keras.backend.result_type takes NumPy's dtypes; got %s" % (names,))
    floats = [n for n in names if n.startswith("float") or n.startswith("complex")]
    return _np.result_type(*[_np.dtype(n) for n in (floats or names)]).name
