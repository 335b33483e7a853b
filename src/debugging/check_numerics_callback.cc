// enable_check_numerics: an op callback that checks every floating-point output, eagerly by
// counting non-finite values, and in a graph being traced by routing the output through
// CheckNumericsV2 (TensorFlow's check_numerics_callback), with its report text.
#include "debugging/numerics.h"
#include "graph/tracer.h"
#include "ops/op_callbacks.h"
#include "core/tensor_impl.h"
#include "tfpp/debugging.h"
#include "tfpp/name_scope.h"

namespace tf::debugging {
namespace {

std::string report(const ops::OpDef& op, std::size_t slot, std::size_t num_outputs, const Tensor& output,
                   std::span<const Tensor> inputs, const detail::NonFinite* counts) {
  std::string text = "\n\n!!! Detected Infinity or NaN in output " + std::to_string(slot) + " of " +
                     (counts ? "eagerly-executing" : "graph") + " op \"" + op.name + "\" (# of outputs: " +
                     std::to_string(num_outputs) + ") !!!\n";
  text += "  dtype: <dtype: '" + std::string(dtype_name(output.dtype())) + "'>\n";
  text += "  shape: " + output.shape().to_string() + "\n";
  if (counts) {
    if (counts->negative_inf) text += "  # of -Inf elements: " + std::to_string(counts->negative_inf) + "\n";
    if (counts->positive_inf) text += "  # of +Inf elements: " + std::to_string(counts->positive_inf) + "\n";
    if (counts->nan) text += "  # of +NaN elements: " + std::to_string(counts->nan) + "\n";
  }
  if (inputs.size() == 1) {
    text += "\n  Input tensor: " + inputs[0].to_string() + "\n";
  } else if (inputs.size() > 1) {
    text += "\n  Input tensors (" + std::to_string(inputs.size()) + "):\n";
    for (std::size_t i = 0; i < inputs.size(); ++i) text += "         " + std::to_string(i) + ": " + inputs[i].to_string() + "\n";
  }
  if (!counts && !graph::current_name_scope().empty()) text += "  Name scope: \"" + graph::current_name_scope() + "\"\n";
  return text + "\n";
}

void check_outputs(const ops::OpDef& op, std::span<const Tensor> inputs, std::span<const ops::AttrValue>,
                   ops::Outputs& outputs) {
  for (std::size_t slot = 0; slot < outputs.size(); ++slot) {
    Tensor& out = outputs[slot];
    if (!out.defined() || !is_floating(out.dtype())) continue;
    if (out.is_symbolic()) {
      const std::string text = report(op, slot, outputs.size(), out, inputs, nullptr);
      // TensorFlow names the check after the op it checks: "blk/mul/CheckNumericsV2".
      const tf::detail::SymbolicValue& value = *out.impl()->symbolic;
      const std::string node = value.name.substr(0, value.name.rfind(':'));
      const std::string& scope = graph::current_name_scope();
      name_scope op_scope(node.starts_with(scope) ? node.substr(scope.size()) : node);
      out = detail::check_numerics_v2(out, text);
      continue;
    }
    const detail::NonFinite counts = detail::count_non_finite(out);
    if (counts.any())
      throw InvalidArgumentError(report(op, slot, outputs.size(), out, inputs, &counts) + " : " +
                                 detail::non_finite_summary(counts, /*signed_inf=*/true));
  }
}

}  // namespace

void enable_check_numerics() { ops::add_op_callback(check_outputs); }
void disable_check_numerics() { ops::remove_op_callback(check_outputs); }

}  // namespace tf::debugging
