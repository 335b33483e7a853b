"""tfpp: TensorFlow 2's programming model over tfpp's C++ core, for Python.

    import tfpp as tf
    x = tf.Variable(3.0)
    with tf.GradientTape() as tape:
        y = x * x
    tape.gradient(y, x)          # <tf.Tensor: shape=(), dtype=float32, numpy=6.0>

Names follow TensorFlow's module layout (tf.math, tf.nn, tf.random, tf.linalg, tf.errors,
tf.config, tf.summary, tf.strings, tf.io); the ones TensorFlow also exports at top level are here too.
"""

import enum as _enum
import sys as _sys
import types as _types

from . import _tfpp
from . import audio
from . import autograph
from . import compat
from . import data
from . import distribute
from . import errors
from . import io
from . import keras
from . import linalg_factorizations as _linalg_factorizations
from . import lookup
from . import nest
from . import profiler
from . import ragged
from .ragged import ragged_array_ops as _ragged_array_ops, ragged_ops as _ragged_ops, ragged_reduce as _ragged_reduce
from .ragged import ragged_strings as _ragged_strings
from .ragged import ragged_ngrams as _ragged_ngrams
from . import saved_model
from . import summary
from .control_flow import cond, while_loop
from .functional_ops import foldl, foldr, map_fn, scan
from ._tfpp import Assert, ensure_shape
from . import train
from .module import Module
from .tensor_conversion import register_tensor_conversion_function
from .ragged.ragged_tensor import RaggedTensor
from .sparse_tensor import SparseTensor
from .indexed_slices import IndexedSlices
from . import indexed_slices as _indexed_slices
from .type_spec import (IndexedSlicesSpec, NoneTensorSpec, RaggedTensorSpec, SparseTensorSpec, TypeSpec,
                        type_spec_from_value)
from . import sparse_ops as _sparse_ops
from .array_everyday import (broadcast_static_shape, get_static_value, identity_n, is_tensor, no_op, shape_n, unique,
                             unique_with_counts)
from . import dtype_limits as _dtype_limits  # noqa: F401  (installs DType.min, .max, ...)
from . import tensor_methods as _tensor_methods  # noqa: F401  (installs Tensor.numpy, __getitem__, ...)
from . import tensor_spec_methods as _tensor_spec_methods  # noqa: F401  (installs TensorSpec.from_tensor, ...)
from . import variable_methods as _variable_methods  # noqa: F401  (installs Variable.scatter_add, ...)
from .function import function
from .linspace import linspace
from .gradients import RegisterGradient, custom_gradient
from .printing import print  # noqa: A001
from .tensor_shape import TensorShape
from .tensor_util import make_ndarray, make_tensor_proto
from ._tfpp import (DType, GradientTape, Tensor, TensorArray, TensorSpec, Variable, argsort, bool, boolean_mask,
                    broadcast_dynamic_shape, broadcast_to, clip_by_global_norm, clip_by_norm, concat, constant,
                    convert_to_tensor, einsum, executing_eagerly, expand_dims, eye, fill, float32, float64, gather,
                    gather_nd, identity, int32, int64, meshgrid, name_scope, norm, one_hot, ones, ones_like,
                    pad, range, rank, repeat, reshape, reverse, reverse_sequence, roll, searchsorted, sequence_mask, shape,
                    size, slice, sort, split, squeeze, stack, stop_gradient, strided_slice, string,
                    tensor_scatter_nd_add, tensor_scatter_nd_max, tensor_scatter_nd_min, tensor_scatter_nd_sub,
                    tensor_scatter_nd_update, tensordot, tile, transpose, truncatediv, truncatemod, uint8, unravel_index,
                    unstack, resource, variant, zeros, zeros_like)
from ._tfpp import bitcast, int8, int16, uint16, uint32, uint64  # TensorFlow's other integer dtypes
double = float64
from ._tfpp import complex, complex64, complex128  # noqa: A004  (tf.complex, as TensorFlow names it)
from . import signal
from . import quantization
from ._tfpp import bfloat16, float16  # noqa: E402

math = _tfpp.math
nn = _tfpp.nn
random = _tfpp.random
from . import random_composites as _random_composites  # noqa: E402
random.experimental.index_shuffle = _random_composites.index_shuffle
from .random_uniform import uniform as _uniform  # noqa: E402
random.uniform = _uniform
random_index_shuffle = random._random_index_shuffle
del random._random_index_shuffle
config = _tfpp.config
bitwise = _tfpp.bitwise
debugging = _tfpp.debugging
image = _tfpp.image
strings = _tfpp.strings
strings.split = _ragged_strings.split
strings.bytes_split = _ragged_strings.bytes_split
strings.unicode_split = _ragged_strings.unicode_split
strings.reduce_join = _ragged_ops.dispatch_for_ragged(strings.reduce_join, _ragged_strings.reduce_join)
strings.ngrams = _ragged_ngrams.ngrams
as_string = strings.as_string
fingerprint = _tfpp.fingerprint
assert_equal, assert_less, assert_greater, assert_rank = (debugging.assert_equal, debugging.assert_less,
                                                          debugging.assert_greater, debugging.assert_rank)
newaxis = None


class UnconnectedGradients(_enum.Enum):
    """What GradientTape.gradient gives for a source the target does not depend on."""

    NONE = "none"
    ZERO = "zero"


# Reductions and casts of RaggedTensors go to tf.ragged's versions.
for _name in ("reduce_all", "reduce_any", "reduce_max", "reduce_mean", "reduce_min", "reduce_prod", "reduce_sum"):
    setattr(math, _name, _ragged_reduce.reduction(_name[len("reduce_"):]))
concat = _ragged_array_ops.dispatch_for_lists(concat, _ragged_array_ops.concat)
stack = _ragged_array_ops.dispatch_for_lists(stack, _ragged_array_ops.stack)
expand_dims = _ragged_ops.dispatch_for_ragged(expand_dims, _ragged_array_ops.expand_dims_of_ragged)
zeros_like, ones_like = _ragged_ops.elementwise(zeros_like, 1), _ragged_ops.elementwise(ones_like, 1)

# Elementwise functions apply to RaggedTensors' flat values (Note [Ragged elementwise dispatch]).
for _names, _module, _arity in ((_ragged_ops.UNARY, math, 1), (_ragged_ops.BINARY, math, 2),
                                (_ragged_ops.NN_UNARY, nn, 1)):
    for _name in _names:
        setattr(_module, _name, _ragged_ops.elementwise(getattr(_module, _name), _arity))
truncatediv, truncatemod = _ragged_ops.elementwise(truncatediv, 2), _ragged_ops.elementwise(truncatemod, 2)
nn.softsign = math.softsign  # one function in TensorFlow too

from . import math_composites as _math_composites  # noqa: E402
math.matmul = _math_composites.matmul  # TensorFlow's adjoint_* and output_type arguments

# tf.math functions that TensorFlow also exports at top level.
for _name in ("abs", "acos", "acosh", "add", "add_n", "argmax", "argmin", "asin", "asinh", "atan", "atan2", "atanh",
              "cast", "ceil", "clip_by_value", "cos", "cosh", "cumsum", "divide", "equal", "exp", "floor", "greater",
              "greater_equal", "less", "less_equal", "logical_and", "logical_not", "logical_or", "matmul", "maximum",
              "minimum", "multiply", "negative", "not_equal", "pow", "reduce_all", "reduce_any", "reduce_logsumexp",
              "reduce_max", "reduce_mean", "reduce_min", "reduce_prod", "reduce_sum", "round", "sigmoid", "sign", "sin",
              "sinh", "sqrt", "square", "subtract", "tan", "tanh", "truediv", "where"):
    globals()[_name] = getattr(math, _name)

linalg = _types.ModuleType("tfpp.linalg", "tf.linalg: matrix products, matrix structure and norms.")
linalg.matmul = math.matmul
linalg.einsum = einsum
linalg.tensordot = tensordot
linalg.eye = eye
linalg.norm = norm
for _name in ("adjoint", "band_part", "diag", "diag_part", "global_norm", "matrix_transpose", "set_diag", "trace"):
    setattr(linalg, _name, getattr(_tfpp._linalg, _name))
linalg.l2_normalize = math.l2_normalize
_linalg_factorizations.install(linalg)
linalg.eig = _tfpp._linalg_eig
linalg.eigvals = _tfpp._linalg_eigvals
from . import linalg_composites as _linalg_composites  # noqa: E402
linalg.tensor_diag, linalg.tensor_diag_part = _linalg_composites.tensor_diag, _linalg_composites.tensor_diag_part
linalg.tridiagonal_matmul = _linalg_composites.tridiagonal_matmul
for _name in ("tridiagonal_solve", "sqrtm", "logm", "banded_triangular_solve", "eigh_tridiagonal"):
    setattr(linalg, _name, getattr(_tfpp._linalg_matrix_functions, _name))
nn.l2_normalize = math.l2_normalize
nn.zero_fraction = math.zero_fraction
nn.in_top_k = math.in_top_k

dtypes = _types.ModuleType("tfpp.dtypes", "tf.dtypes: the element types.")
half = float16  # tf.half: another name of tf.float16
for _name in ("DType", "float32", "float64", "double", "int32", "int64", "uint8", "bool", "string", "resource", "variant",
              "complex64", "complex128", "float16", "half", "bfloat16"):
    setattr(dtypes, _name, globals()[_name])
for _name in ("int8", "int16", "uint16", "uint32", "uint64"):
    setattr(dtypes, _name, globals()[_name])
from .dtype_enums import as_dtype as _as_dtype  # noqa: E402
dtypes.as_dtype = _as_dtype

sparse = _types.ModuleType("tfpp.sparse", "tf.sparse: sparse tensors.")
sparse.SparseTensor = SparseTensor
for _name in _sparse_ops.__all__:
    setattr(sparse, _name, getattr(_sparse_ops, _name))
sparse.mask = _indexed_slices.mask
from . import sets  # noqa: E402 (tf.sets)
from . import autodiff  # noqa: E402 (tf.autodiff)

from .data.optional_ops import Optional as _Optional, OptionalSpec  # noqa: E402
from . import core_types as _core_types  # noqa: E402
types = _types.ModuleType("tfpp.types", "tf.types: the interfaces of tfpp's functions and tensors.")
types.experimental = _types.ModuleType("tfpp.types.experimental", _core_types.__doc__)
for _name in ("Callable", "ConcreteFunction", "GenericFunction", "PolymorphicFunction", "TensorLike"):
    setattr(types.experimental, _name, getattr(_core_types, _name))
_sys.modules[__name__ + ".types"], _sys.modules[__name__ + ".types.experimental"] = types, types.experimental
experimental = _types.ModuleType("tfpp.experimental", "tf.experimental: Optional, dlpack, extension types.")
experimental.Optional = _Optional
_sys.modules[__name__ + ".experimental"] = experimental
from . import extension_type as _extension_type  # noqa: E402
for _name in ("ExtensionType", "BatchableExtensionType", "ExtensionTypeSpec"):
    setattr(experimental, _name, getattr(_extension_type, _name))
experimental.extension_type = _types.ModuleType("tfpp.experimental.extension_type", "as_dict")
experimental.extension_type.as_dict = _extension_type.as_dict
_sys.modules[__name__ + ".experimental.extension_type"] = experimental.extension_type
from . import dispatch as _dispatch  # noqa: E402
for _name in ("dispatch_for_api", "dispatch_for_unary_elementwise_apis", "dispatch_for_binary_elementwise_apis",
              "unregister_dispatch_for"):
    setattr(experimental, _name, getattr(_dispatch, _name))
from . import dlpack as _dlpack  # noqa: E402
experimental.dlpack = _sys.modules[__name__ + ".experimental.dlpack"] = _dlpack
data.experimental.Optional = _Optional

# tf.* functions composed in Python or bound from existing C++ (framework scopes, partitions,
# histograms, space/batch moves, more of tf.math, tf.nn, tf.config, tf.debugging and tf.train).
from . import config_devices as _config_devices, math_composites as _math_composites, nn_composites as _nn_composites
from . import train_extras as _train_extras
from .framework_scopes import (DeviceSpec, control_dependencies, device, get_current_name_scope, group, init_scope,
                               inside_function, is_symbolic_tensor)
from ._tfpp import timestamp
from .grad_pass_through import grad_pass_through
from .script_ops import numpy_function, py_function
from .edit_distance import edit_distance
from .control_flow_extras import case, parallel_stack, recompute_grad, switch_case, vectorized_map
from . import framework_constants as _framework_constants
from .framework_constants import AggregationMethod, VariableAggregation, VariableSynchronization, get_logger
from .variable_creator_scope import variable_creator_scope
from . import init_ops as _init_ops
zeros_initializer, ones_initializer, constant_initializer = _init_ops.Zeros, _init_ops.Ones, _init_ops.Constant
random_normal_initializer, random_uniform_initializer = _init_ops.RandomNormal, _init_ops.RandomUniform
from .histograms import histogram_fixed_width, histogram_fixed_width_bins
from ._tfpp import dynamic_partition, dynamic_stitch
from ._tfpp import batch_to_space, space_to_batch, space_to_batch_nd
from .space_batch_paddings import required_space_to_batch_paddings
guarantee_const = identity  # a hint to TensorFlow's graph optimizer; the value passes through
from ._tfpp import scatter_nd
nn.space_to_batch = space_to_batch
eig, eigvals, as_dtype, scalar_mul = linalg.eig, linalg.eigvals, dtypes.as_dtype, math.scalar_mul
realdiv = math.realdiv = _math_composites.realdiv
saturate_cast = math.saturate_cast = _math_composites.saturate_cast
dtypes.cast, dtypes.complex, dtypes.saturate_cast = cast, complex, saturate_cast  # tf.dtypes holds them too
math.erfcinv, math.accumulate_n = _math_composites.erfcinv, _math_composites.accumulate_n
math.softmax, math.log_softmax = nn.softmax, nn.log_softmax
math.top_k = nn.top_k = _nn_composites.top_k
approx_top_k = _nn_composites.approx_top_k
conv = _nn_composites.conv
math.approx_max_k = nn.approx_max_k = _nn_composites.approx_max_k
math.approx_min_k = nn.approx_min_k = _nn_composites.approx_min_k
for _name in ("sufficient_statistics", "conv1d_transpose", "conv_transpose", "dilation2d", "erosion2d", "atrous_conv2d",
              "atrous_conv2d_transpose", "batch_norm_with_global_normalization", "isotonic_regression"):
    setattr(nn, _name, getattr(_nn_composites, _name))
from . import fractional_pool as _fractional_pool  # noqa: E402
nn.fractional_max_pool, nn.fractional_avg_pool = _fractional_pool.fractional_max_pool, _fractional_pool.fractional_avg_pool
from .embedding_sparse import embedding_lookup_sparse as _embedding_lookup_sparse  # noqa: E402
nn.embedding_lookup_sparse = _embedding_lookup_sparse
from .embedding_sparse import safe_embedding_lookup_sparse as _safe_embedding_lookup_sparse  # noqa: E402
nn.safe_embedding_lookup_sparse = _safe_embedding_lookup_sparse
from .with_space_to_batch import with_space_to_batch as _with_space_to_batch  # noqa: E402
nn.with_space_to_batch = _with_space_to_batch
nn.experimental = _types.ModuleType("tfpp.nn.experimental", "tf.nn.experimental: stateless_dropout.")
nn.experimental.stateless_dropout = _nn_composites.stateless_dropout
_sys.modules[__name__ + ".nn.experimental"] = nn.experimental
from . import ctc_decoders as _ctc_decoders, ctc_labels as _ctc_labels  # noqa: E402
nn.ctc_greedy_decoder = _ctc_decoders.ctc_greedy_decoder
nn.ctc_beam_search_decoder = _ctc_decoders.ctc_beam_search_decoder
nn.collapse_repeated, nn.ctc_unique_labels = _ctc_labels.collapse_repeated, _ctc_labels.ctc_unique_labels
compat.v1.nn = _types.ModuleType("tfpp.compat.v1.nn", "tf.compat.v1.nn: the CTC decoders and the sampled losses with their TF1 signatures.")
compat.v1.nn.ctc_greedy_decoder = _ctc_decoders.ctc_greedy_decoder
compat.v1.nn.ctc_beam_search_decoder = _ctc_decoders.ctc_beam_search_decoder_v1
compat.v1.nn.ctc_beam_search_decoder_v2 = _ctc_decoders.ctc_beam_search_decoder
from . import candidate_sampling as _candidate_sampling  # noqa: E402
for _name in ("uniform_candidate_sampler", "log_uniform_candidate_sampler", "learned_unigram_candidate_sampler",
              "fixed_unigram_candidate_sampler", "all_candidate_sampler"):
    setattr(random, _name, getattr(_candidate_sampling, _name))
    setattr(compat.v1.nn, _name, getattr(_candidate_sampling, _name))
# TensorFlow 2's tf.nn keeps the samplers it did not deprecate there.
for _name in ("learned_unigram_candidate_sampler", "fixed_unigram_candidate_sampler", "all_candidate_sampler",
              "compute_accidental_hits", "nce_loss", "sampled_softmax_loss"):
    setattr(nn, _name, getattr(_candidate_sampling, _name))
compat.v1.nn.compute_accidental_hits = _candidate_sampling.compute_accidental_hits
compat.v1.nn.fractional_max_pool = _fractional_pool.fractional_max_pool_v1
compat.v1.nn.fractional_avg_pool = _fractional_pool.fractional_avg_pool_v1
compat.v1.nn.nce_loss = _candidate_sampling.nce_loss_v1
compat.v1.nn.sampled_softmax_loss = _candidate_sampling.sampled_softmax_loss_v1
_sys.modules[__name__ + ".compat.v1.nn"] = compat.v1.nn
for _name in ("get_soft_device_placement", "set_soft_device_placement", "get_visible_devices", "set_visible_devices",
              "LogicalDeviceConfiguration", "set_logical_device_configuration", "get_logical_device_configuration"):
    setattr(config, _name, getattr(_config_devices, _name))
config.experimental = _config_devices.experimental_module(config)
_sys.modules[__name__ + ".config.experimental"] = config.experimental
_config_devices.install_log_device_placement(debugging)
from .debugging_extras import assert_proper_iterable as _assert_proper_iterable  # noqa: E402
debugging.assert_proper_iterable = _assert_proper_iterable
config.experimental_run_functions_eagerly = config.run_functions_eagerly
config.experimental_functions_run_eagerly = config.functions_run_eagerly
from . import testing as test  # noqa: E402  (tf.test)
for _name in ("enable_traceback_filtering", "disable_traceback_filtering", "is_traceback_filtering_enabled"):
    setattr(debugging, _name, getattr(_config_devices, _name))
from . import unicode_strings as _unicode_strings
for _name in ("unicode_decode", "unicode_decode_with_offsets", "unicode_split_with_offsets", "unicode_encode"):
    setattr(strings, _name, getattr(_unicode_strings, _name))
io.encode_base64, io.decode_base64 = _tfpp._io.encode_base64, _tfpp._io.decode_base64
from . import gfile as _gfile
io.gfile = _gfile
from .csv_decoding import decode_csv as _decode_csv  # noqa: E402
io.decode_csv = _decode_csv
io.matching_files = _tfpp._io.matching_files
for _name in ("ExponentialMovingAverage", "load_variable", "get_checkpoint_state", "checkpoints_iterator"):
    setattr(train, _name, getattr(_train_extras, _name))

for _name, _module in (("math", math), ("nn", nn), ("random", random), ("config", config), ("linalg", linalg),
                       ("dtypes", dtypes), ("debugging", debugging), ("image", image), ("strings", strings),
                       ("sparse", sparse), ("bitwise", bitwise)):
    _sys.modules[__name__ + "." + _name] = _module

from . import linalg_operators as _linalg_operators  # noqa: E402  (after linalg and math exist)
for _operator in _linalg_operators.OPERATORS:
    setattr(linalg, _operator.__name__, _operator)

# TensorFlow's top-level names for Keras' modules and for tf.linalg.sqrtm.
losses, metrics, optimizers, initializers = keras.losses, keras.metrics, keras.optimizers, keras.initializers
matrix_square_root = linalg.sqrtm

__version__ = "0.1.0"
# tf.gradients, the function; the tfpp.gradients module (custom_gradient, RegisterGradient) stays in sys.modules.
from .symbolic_gradients import gradients, hessians, no_gradient  # noqa: E402
version = _framework_constants.version_module(__version__)
_sys.modules[__name__ + ".version"] = version
from . import experimental_numpy as _experimental_numpy  # noqa: E402  (after tf.math and tf.linalg exist)
experimental.numpy = _sys.modules[__name__ + ".experimental.numpy"] = _experimental_numpy
from . import raw_ops  # noqa: E402  (last: its table refers to the functions above)
from .framework_scopes import tuple  # noqa: E402, A001  (last: it shadows the builtin in this module)
