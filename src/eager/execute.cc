#include "ops/execute.h"
#include "ops/op_callbacks.h"
#include "ops/recorded_forms.h"

#include <utility>
#include <vector>

#include "core/cpu_features.h"
#include "core/tensor_impl.h"
#include "profiler/trace_recorder.h"

namespace tf::ops {
namespace {

thread_local ExecutionContext* tls_context = nullptr;
thread_local int tls_active_recorders = 0;
RecordHook record_hook = nullptr;

// The registered recorded forms (Note [Recorded forms]): a handful, so a scan.
std::vector<std::pair<const OpDef*, RecordedFormFn>>& recorded_forms() {
  static auto* forms = new std::vector<std::pair<const OpDef*, RecordedFormFn>>;  // used until exit
  return *forms;
}

void check_arity(const OpDef& op, std::size_t given) {
  if (op.num_inputs >= 0 && given != static_cast<std::size_t>(op.num_inputs))
    throw InvalidArgumentError("[" + op.name + "] expects " + std::to_string(op.num_inputs) + " inputs, got " +
                               std::to_string(given));
}

}  // namespace

ExecutionContext* current_context() { return tls_context; }

bool set_recorded_form(const OpDef& op, RecordedFormFn form) {
  recorded_forms().emplace_back(&op, form);
  return true;
}

RecordedFormFn recorded_form(const OpDef& op) {
  for (const auto& [o, form] : recorded_forms())
    if (o == &op) return form;
  return nullptr;
}

void set_record_hook(RecordHook hook) { record_hook = hook; }
void add_active_recorders(int delta) { tls_active_recorders += delta; }

ContextScope::ContextScope(ExecutionContext* context) : previous_(tls_context) { tls_context = context; }
ContextScope::~ContextScope() { tls_context = previous_; }

OutputInfos infer_outputs(const OpDef& op, std::span<const Tensor> inputs, std::span<const AttrValue> attrs) {
  check_arity(op, inputs.size());
  for (std::size_t i = 0; i < inputs.size(); ++i)
    if (!inputs[i].defined())
      throw InvalidArgumentError("[" + op.name + "] input " + std::to_string(i) + " is an undefined tensor");
  ShapeContext ctx(op, inputs, attrs);
  op.shape_fn(ctx);
  return std::move(ctx.outputs());
}

Outputs execute_eagerly(const OpDef& op, std::span<const Tensor> inputs, std::span<const AttrValue> attrs) {
  core::flush_denormals_on_this_thread();
  OutputInfos infos = infer_outputs(op, inputs, attrs);
  // An op with neither inputs nor outputs acts on a resource its attributes name (OpDef::kernels).
  const DType dispatch = !inputs.empty() ? inputs[0].dtype() : infos.empty() ? DType::kResource : infos[0].dtype;
  KernelFn kernel = kernel_for(op, dispatch);
  Outputs outputs(infos.size());
  if (!op.kernel_allocates_outputs)
    for (std::size_t i = 0; i < infos.size(); ++i) outputs[i] = core::empty(infos[i].dtype, infos[i].shape);
  KernelContext ctx(op, inputs, attrs, std::span<Tensor>(outputs.data(), outputs.size()));
  profiler::ScopedEvent kernel_event;  // TensorFlow's op kernel event: "<name>:<type>", shown as the type
  if (profiler::recording(profiler::Level::kOps)) kernel_event.begin(op.name + ":" + op.name, op.name);
  kernel(ctx);
  return outputs;
}

Outputs execute(const OpDef& op, std::span<const Tensor> inputs, std::span<const AttrValue> attrs) {
  if (tls_active_recorders > 0)
    if (RecordedFormFn form = recorded_form(op)) return form(inputs, attrs);
  profiler::ScopedEvent eager_event;  // TensorFlow's EagerExecute event around an eager op
  if (!tls_context && profiler::recording(profiler::Level::kOps))
    eager_event.begin("EagerExecute", {}, {{"eager_op", profiler::StatRef{op.name}}, {"is_func", std::int64_t{0}}});
  Outputs outputs = tls_context ? tls_context->execute(op, inputs, attrs) : execute_eagerly(op, inputs, attrs);
  if (tls_active_recorders > 0) record_hook(op, inputs, attrs, outputs);
  if (op_callbacks_installed()) run_op_callbacks(op, inputs, attrs, outputs);
  return outputs;
}

}  // namespace tf::ops
