// The _tfpp extension module: tfpp's C++ core for Python. The tfpp package (python/tfpp/)
// arranges it under TensorFlow's module paths.
#include "bindings.h"

namespace tfpp_python {
// Declared here rather than in bindings.h, which every binding source includes.
void bind_linalg_factorizations(nb::module_& m);
void bind_linalg_matrix_functions(nb::module_& m);
void bind_image_ops(nb::module_& m);
void bind_lookup_ops(nb::module_& m);  // after bind_string_ops, into its tf.strings
void bind_keras_preprocessing(nb::module_& m);  // after bind_keras, into its keras
void bind_keras_recurrent(nb::module_& m);  // after bind_keras, into its keras
void bind_signal_ops(nb::module_& m);  // after bind_math_ops, into its tf.math (and tf.signal)
void bind_signal_fftnd(nb::module_& m);  // after bind_signal_ops, into its tf.signal
void bind_bitwise_ops(nb::module_& m);
void bind_framework_scopes(nb::module_& m);
void bind_py_function_op(nb::module_& m);
void bind_partition_ops(nb::module_& m);
void bind_space_batch_ops(nb::module_& m);
void bind_timestamp(nb::module_& m);
void bind_decode_csv(nb::module_& m);  // after bind_io, into its _io
void bind_graph_gradients(nb::module_& m);
void bind_edit_distance(nb::module_& m);
void bind_sparse_ops(nb::module_& m);
void bind_histogram_ops(nb::module_& m);
void bind_dilation_ops(nb::module_& m);  // after bind_nn_ops, into its nn
void bind_depthwise_conv_backprops(nb::module_& m);  // after bind_nn_ops, into its nn
void bind_matching_files(nb::module_& m);  // after bind_io, into its _io
void bind_string_encoding_ops(nb::module_& m);  // after bind_io and bind_string_ops, into their modules
void bind_audio_ops(nb::module_& m);  // after bind_io, into its _io
void bind_ctc_decoders(nb::module_& m);  // after bind_nn_ops, into its nn
void bind_quantization_ops(nb::module_& m);
void bind_candidate_sampling(nb::module_& m);  // after bind_nn_ops and bind_array_ops, into nn and random
void bind_fractional_pool(nb::module_& m);  // after bind_nn_ops, into its nn
void bind_isotonic_regression(nb::module_& m);  // after bind_nn_ops, into its nn
void bind_parameterized_truncated_normal(nb::module_& m);  // after bind_nn_ops, into its random
}  // namespace tfpp_python

NB_MODULE(_tfpp, m) {
  using namespace tfpp_python;
  m.doc() = "tfpp's C++ core: tensors, ops, variables, gradient tapes and tf.function tracing.";
  // The dtype objects and cached module references live until exit on purpose.
  nb::set_leak_warnings(false);
  bind_dtypes(m);
  bind_errors(m);
  bind_tensor(m);
  bind_math_ops(m);
  bind_math_reductions(m);
  bind_math_counting(m);
  bind_array_ops(m);
  bind_nn_ops(m);
  bind_variable(m);
  bind_gradient_tape(m);
  bind_function(m);
  bind_control_flow(m);
  bind_tensor_array(m);
  bind_data(m);
  bind_debugging(m);
  bind_checkpoint(m);
  bind_summary(m);
  bind_profiler(m);
  bind_gradients(m);
  bind_image_ops(m);
  bind_saved_model(m);
  bind_keras(m);
  bind_keras_preprocessing(m);
  bind_keras_recurrent(m);
  bind_string_ops(m);
  bind_lookup_ops(m);
  bind_io(m);
  bind_proto_messages(m);
  bind_array_everyday_ops(m);
  bind_linalg_norm_ops(m);
  bind_linalg_factorizations(m);
  bind_linalg_matrix_functions(m);
  bind_signal_ops(m);
  bind_signal_fftnd(m);
  bind_bitwise_ops(m);
  bind_framework_scopes(m);
  bind_py_function_op(m);
  bind_partition_ops(m);
  bind_space_batch_ops(m);
  bind_timestamp(m);
  bind_decode_csv(m);
  bind_graph_gradients(m);
  bind_edit_distance(m);
  bind_sparse_ops(m);
  bind_histogram_ops(m);
  bind_dilation_ops(m);
  bind_depthwise_conv_backprops(m);
  bind_matching_files(m);
  bind_string_encoding_ops(m);
  bind_audio_ops(m);
  bind_ctc_decoders(m);
  bind_quantization_ops(m);
  bind_candidate_sampling(m);
  bind_fractional_pool(m);
  bind_isotonic_regression(m);
  bind_parameterized_truncated_normal(m);
}
