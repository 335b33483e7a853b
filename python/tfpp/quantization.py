"""tf.quantization: TensorFlow's fake quantization and quantize-and-dequantize ops
(tfpp._tfpp.quantization), the Vars gradients returned as TensorFlow's named tuples."""
import collections

from ._tfpp import quantization as _quantization

fake_quant_with_min_max_args = _quantization.fake_quant_with_min_max_args
fake_quant_with_min_max_args_gradient = _quantization.fake_quant_with_min_max_args_gradient
fake_quant_with_min_max_vars = _quantization.fake_quant_with_min_max_vars
fake_quant_with_min_max_vars_per_channel = _quantization.fake_quant_with_min_max_vars_per_channel
quantize_and_dequantize_v2 = _quantization.quantize_and_dequantize_v2
quantize_and_dequantize = _quantization.quantize_and_dequantize

_VarsGradient = collections.namedtuple(
    "FakeQuantWithMinMaxVarsGradient", ["backprops_wrt_input", "backprop_wrt_min", "backprop_wrt_max"])
_PerChannelGradient = collections.namedtuple(
    "FakeQuantWithMinMaxVarsPerChannelGradient", ["backprops_wrt_input", "backprop_wrt_min", "backprop_wrt_max"])


def fake_quant_with_min_max_vars_gradient(gradients, inputs, min, max, num_bits=8, narrow_range=False, name=None):
    """The gradients of fake_quant_with_min_max_vars for its inputs, min and max."""
    return _VarsGradient(*_quantization._fake_quant_with_min_max_vars_gradient(
        gradients, inputs, min, max, num_bits=num_bits, narrow_range=narrow_range, name=name))


def fake_quant_with_min_max_vars_per_channel_gradient(gradients, inputs, min, max, num_bits=8, narrow_range=False,
                                                      name=None):
    """The gradients of fake_quant_with_min_max_vars_per_channel for its inputs and each channel's min and max."""
    return _PerChannelGradient(*_quantization._fake_quant_with_min_max_vars_per_channel_gradient(
        gradients, inputs, min, max, num_bits=num_bits, narrow_range=narrow_range, name=name))
