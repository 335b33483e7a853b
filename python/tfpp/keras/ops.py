"""keras.ops (tf.keras.ops): Keras 3's backend-agnostic operations over tfpp's functions, with
Keras' argument names, defaults and dtype rules (NumPy's style: ops.mean of int32 gives float32,
ops.arange(5) int32, ops.divide of ints gives floats, Python scalars take the tensor's dtype).

    from tfpp.keras import ops
    ops.softmax(ops.matmul(x, ops.transpose(w)))

The groups Keras exports as submodules are here too: ops.numpy, ops.nn, ops.linalg.
"""

import sys as _sys
import types as _types

from . import (_ops_core, _ops_ctc, _ops_extras, _ops_image, _ops_linalg, _ops_nn, _ops_nn_conv, _ops_numpy_array,
               _ops_numpy_bits, _ops_numpy_math, _ops_numpy_misc, _ops_numpy_more, _ops_numpy_nan)
from ._ops_symbolic import symbolic as _symbolic

# Functions that take callables or describe their argument: not layers of a functional graph.
_NOT_SYMBOLIC = {"cond", "while_loop", "fori_loop", "scan", "map", "vectorized_map", "switch", "custom_gradient",
                 "is_tensor", "dtype", "shape", "convert_to_tensor", "convert_to_numpy", "ndim", "vectorize",
                 "associative_scan"}


def _public(module):
    """A module's ops by name, those that may take KerasTensors made symbolic."""
    return {name: value if name in _NOT_SYMBOLIC else _symbolic(value, name) for name, value in vars(module).items()
            if not name.startswith("_") and callable(value) and getattr(value, "__module__", "").startswith(
                __package__)}


def _group(name, doc, *modules):
    group = _types.ModuleType(__name__ + "." + name, doc)
    for module in modules:
        for key, value in _public(module).items():
            setattr(group, key, value)
    _sys.modules[group.__name__] = group
    return group


numpy = _group("numpy", "keras.ops.numpy: NumPy-style operations.", _ops_numpy_math, _ops_numpy_array,
               _ops_numpy_more, _ops_numpy_bits, _ops_numpy_nan, _ops_numpy_misc)
nn = _group("nn", "keras.ops.nn: activations, normalizations, losses, convolutions.", _ops_nn, _ops_nn_conv,
            _ops_ctc)
nn.adaptive_average_pool = _symbolic(_ops_extras.adaptive_average_pool)
nn.adaptive_max_pool = _symbolic(_ops_extras.adaptive_max_pool)
nn.unfold = _symbolic(_ops_extras.unfold)
nn.fold = _symbolic(_ops_extras.fold)
linalg = _group("linalg", "keras.ops.linalg: linear algebra.", _ops_linalg)
linalg.jvp = _ops_extras.jvp
image = _group("image", "keras.ops.image: resizing, color conversions, padding, cropping, patches.", _ops_image)

# The core and math functions (casts, control flow, segment reductions, stft, ...) only at top level.
globals().update(_public(_ops_core))
stft = _symbolic(_ops_extras.stft)
istft = _ops_extras.istft  # takes a (real, imag) pair
rearrange = _symbolic(_ops_extras.rearrange)
for _group_module in (linalg, nn, numpy):  # numpy last: its names win, as in Keras
    globals().update({k: v for k, v in vars(_group_module).items() if not k.startswith("_")})

