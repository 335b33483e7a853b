// tf.signal.fftnd, ifftnd, rfftnd and irfftnd with TensorFlow's arguments (input_tensor,
// fft_length, axes, norm, name), added to the tf.signal submodule bind_signal_ops made.
#include <nanobind/stl/string.h>

#include "argument_errors.h"
#include "bindings.h"
#include "tfpp/signal_fftnd.h"

namespace tfpp_python {
namespace {

using namespace nb::literals;

// `preferred`: the dtype Python numbers and lists become (complex64, or float32 for rfftnd), as TensorFlow's wrappers convert.
void bind_fftnd(nb::module_& signal, const char* name, tf::Tensor (*fn)(const tf::Tensor&, const tf::signal::FftNdOptions&),
                tf::DType preferred) {
  signal.def(name, [fn, name, preferred](nb::handle input, nb::handle fft_length, nb::handle axes, nb::handle norm,
                                         nb::handle op_name) {
    NodeName named(op_name);
    tf::signal::FftNdOptions options;
    if (!fft_length.is_none()) options.fft_length = int_list(fft_length);
    if (!axes.is_none()) options.axes = int_list(axes);
    if (!norm.is_none()) options.norm = nb::cast<std::string>(norm);
    return python_argument_errors(name, [&] { return fn(to_tensor_hinted(input, preferred), options); });
  }, "input_tensor"_a, "fft_length"_a = nb::none(), "axes"_a = nb::none(), "norm"_a = nb::none(), "name"_a = nb::none());
}

}  // namespace

void bind_signal_fftnd(nb::module_& m) {
  nb::module_ signal = nb::borrow<nb::module_>(m.attr("signal"));
  bind_fftnd(signal, "fftnd", tf::signal::fftnd, tf::complex64);
  bind_fftnd(signal, "ifftnd", tf::signal::ifftnd, tf::complex64);
  bind_fftnd(signal, "rfftnd", tf::signal::rfftnd, tf::float32);
  bind_fftnd(signal, "irfftnd", tf::signal::irfftnd, tf::complex64);
}

}  // namespace tfpp_python
