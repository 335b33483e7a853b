#include "autodiff/tape.h"
#include "function/call_gradient.h"
#include "function/call_observer.h"
#include "device/device.h"
#include "function/concrete_function_impl.h"

#include <atomic>
#include <cstdint>
#include <ostream>
#include <sstream>

#include "ops/execute.h"
#include "profiler/trace_recorder.h"
#include "tfpp/variable.h"

namespace tf {

std::string inference_name(const std::string& name) {
  static std::atomic<std::uint64_t> next{1};
  return "__inference_" + name + "_" + std::to_string(next.fetch_add(1, std::memory_order_relaxed));
}

std::vector<Tensor> ConcreteFunction::call_flat(const std::vector<Tensor>& args) const {
  if (!impl_) throw InvalidArgumentError("[ConcreteFunction] calling an empty concrete function");
  const auto& specs = impl_->inputs;
  if (args.size() != specs.size())
    throw InvalidArgumentError("[" + impl_->name + "] expects " + std::to_string(specs.size()) + " tensor arguments, got " +
                               std::to_string(args.size()));
  for (std::size_t i = 0; i < args.size(); ++i)
    if (!args[i].defined() || !specs[i].is_compatible_with(args[i].dtype(), args[i].shape()))
      throw InvalidArgumentError("[" + impl_->name + "] argument " + std::to_string(i) + " must match " +
                                 specs[i].to_string() + ", got " +
                                 (args[i].defined() ? std::string(dtype_name(args[i].dtype())) +
                                                          args[i].shape().debug_string()
                                                    : std::string("an undefined tensor")));
  if (function_ops::CallObserver observe = function_ops::call_observer()) observe(impl_->graph);
  if (device_impl::log_device_placement() && !impl_->placement_logged.exchange(true))
    device_impl::log_graph_placement(impl_->replay_executor.graph());
  const std::vector<Tensor>* all = &args;
  std::vector<Tensor> with_captures;
  if (!impl_->captured_inputs.empty()) {
    with_captures = args;
    with_captures.insert(with_captures.end(), impl_->captured_inputs.begin(), impl_->captured_inputs.end());
    all = &with_captures;
  }
  // Inside another trace the ops join that graph one by one; under a recording tape the call
  // is one tape record (Note [Gradients through a call], call_gradient.cc).
  if (ops::current_context()) return impl_->replay_executor.replay(*all);
  profiler::ScopedEvent call_event, local_event;  // as TensorFlow's eager call of a function
  if (profiler::recording(profiler::Level::kOps)) {
    call_event.begin("EagerExecute", {}, {{"eager_op", profiler::StatRef{impl_->inference_name}}, {"is_func", std::int64_t{1}}});
    local_event.begin("EagerLocalExecute: " + impl_->inference_name);
  }
  if (autodiff::any_tape_recording()) return function_ops::call_recorded(impl_, *all);
  return impl_->executor.run(*all);
}

Tensor ConcreteFunction::argument(std::size_t i, const Variable& v) const {
  const bool handle = impl_ && i < impl_->inputs.size() && impl_->inputs[i].dtype == DType::kResource;
  return handle ? v.handle() : v.read_value();
}

Tensor ConcreteFunction::single_output(std::vector<Tensor> outputs) const {
  if (outputs.size() != 1)
    throw InvalidArgumentError("[" + impl_->name + "] has " + std::to_string(outputs.size()) +
                               " outputs; use call_flat to get them all");
  return outputs[0];
}

FuncGraph ConcreteFunction::graph() const { return FuncGraph(impl_->graph); }
const std::vector<TensorSpec>& ConcreteFunction::inputs() const { return impl_->inputs; }
const std::vector<std::string>& ConcreteFunction::output_keys() const { return impl_->output_keys; }

std::string ConcreteFunction::pretty_printed_signature() const {
  // TensorFlow 2.21's layout: the parameters (named as the placeholders), the output structure
  // and the captured variable handles.
  std::ostringstream os;
  const graph::Graph& g = *impl_->graph;
  const std::size_t num_args = impl_->inputs.size();  // the captured variables follow them
  auto spec_text = [](const ops::TensorInfo& info, const std::string& name) {
    return TensorSpec(info.shape, info.dtype, name).to_string();
  };
  os << "Input Parameters:\n";
  for (std::size_t i = 0; i < num_args; ++i) {
    const graph::Node& arg = g.node(g.args()[i]);
    os << "  " << arg.name << " (POSITIONAL_OR_KEYWORD): " << spec_text(arg.outputs[0], impl_->inputs[i].name) << "\n";
  }
  os << "Output Type:\n  ";
  const auto& outputs = g.outputs();
  if (outputs.empty()) {
    os << "Literal[None]";
  } else if (!impl_->output_keys.empty()) {
    os << "Dict[";
    for (std::size_t i = 0; i < outputs.size(); ++i)
      os << (i ? ", " : "") << "['" << impl_->output_keys[i] << "', " << spec_text(g.info(outputs[i]), "") << "]";
    os << "]";
  } else if (outputs.size() == 1) {
    os << spec_text(g.info(outputs[0]), "");
  } else {
    os << "Tuple[";
    for (std::size_t i = 0; i < outputs.size(); ++i) os << (i ? ", " : "") << spec_text(g.info(outputs[i]), "");
    os << "]";
  }
  os << "\nCaptures:\n";
  if (impl_->captured_inputs.empty()) os << "  None\n";
  for (const Tensor& handle : impl_->captured_inputs)  // Python shows id(handle); the handle's address here
    os << "  " << reinterpret_cast<std::uintptr_t>(handle.impl().get()) << ": "
       << TensorSpec(TensorShape{}, resource).to_string() << "\n";
  return os.str();
}

std::ostream& operator<<(std::ostream& os, const ConcreteFunction& fn) {
  return os << "ConcreteFunction " << fn.pretty_printed_signature();
}

bool TensorSpec::is_compatible_with(DType other_dtype, const TensorShape& other_shape) const {
  return dtype == other_dtype && shape.is_compatible_with(other_shape);
}

std::string TensorSpec::to_string() const {
  return "TensorSpec(shape=" + shape.to_string() + ", dtype=tf." + std::string(dtype_name(dtype)) +
         ", name=" + (name.empty() ? "None" : "'" + name + "'") + ")";
}

}  // namespace tf
