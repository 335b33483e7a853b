#include "autodiff/tape.h"

#include <algorithm>

#include "autodiff/resource_variable_ops.h"
#include "autodiff/variable_impl.h"
#include "autodiff/trainable_dtype.h"

namespace tf::autodiff {
namespace {

thread_local std::vector<Tape*> tls_tapes;

// Lists (variant tensors) carry gradients too: a TensorArray's elements flow through them.
bool differentiable(const Tensor& t) { return is_trainable_dtype(t.dtype()) || t.dtype() == DType::kVariant; }

// Called by ops::execute after every op while some tape records on this thread.
void record_on_tapes(const ops::OpDef& op, std::span<const Tensor> inputs, std::span<const ops::AttrValue> attrs,
                     ops::Outputs& outputs) {
  if (&op == &read_variable_op()) {  // a graph's read (traced, or replayed) of a variable
    const Variable v(handle_variable(inputs[0]));
    if (!inputs[0].is_symbolic())
      for (Tape* tape : tls_tapes) tape->record_read(v, outputs[0]);
    return;
  }
  if (op.no_gradient) return;
  // An op may return a handle some tape already tracks (an input passed through); give
  // such outputs their own identity first, the same for every tape.
  for (Tensor& out : outputs)
    for (Tape* tape : tls_tapes)
      if (out.defined() && tape->id_of(out) != kNoId) {
        out = core::view(out, out.shape());
        break;
      }
  // The values of the variables the op reads through handles, as it read them (Note
  // [Gradients through variable handles], tape.h); the tapes record these reads.
  const ops::Outputs read_values = read_handle_values(inputs);
  for (Tape* tape : tls_tapes) tape->record(op, inputs, attrs, outputs, read_values);
}

[[maybe_unused]] const bool hook_installed = (ops::set_record_hook(&record_on_tapes), true);

ops::TensorInfo info_of(const Tensor& t) { return {t.dtype(), t.shape()}; }

// The value the op read when input i is a variable's handle (Note [Gradients through variable
// handles], tape.h), else null.
const Tensor* read_value(std::span<const Tensor> read_values, std::size_t i) {
  return i < read_values.size() && read_values[i].defined() ? &read_values[i] : nullptr;
}

}  // namespace

ops::Outputs read_handle_values(std::span<const Tensor> inputs) {
  ops::Outputs read_values;
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    if (inputs[i].dtype() != DType::kResource || inputs[i].is_symbolic()) continue;
    const auto v = handle_variable(inputs[i]);
    if (!is_trainable_dtype(v->dtype)) continue;
    read_values.resize(inputs.size());
    read_values[i] = std::move(ops::execute(read_variable_op(), {inputs[i]}, variable_attrs(*v))[0]);
  }
  return read_values;
}

std::vector<Tape*>& recording_tapes() { return tls_tapes; }
bool any_tape_recording() { return !tls_tapes.empty(); }

TensorId Tape::id_of(const Tensor& t) const {
  return tensors_.find(t.impl().get(), kNoId);
}

TensorId Tape::id_of(const Variable& v) const {
  auto it = variable_ids_.find(v.id());
  return it == variable_ids_.end() ? kNoId : it->second;
}

TensorId Tape::watch(const Tensor& t) {
  if (TensorId id = id_of(t); id != kNoId) return id;
  const TensorId id = new_id();
  tensors_.insert(t.impl(), id);
  return id;
}

TensorId Tape::watch(const Variable& v) {
  if (TensorId id = id_of(v); id != kNoId) return id;
  const TensorId id = new_id();
  variable_ids_.emplace(v.id(), id);
  watched_variables_.push_back(v);
  return id;
}

TensorId Tape::track_output(Tensor& t) {
  const TensorId id = new_id();
  tensors_.insert(t.impl(), id);
  return id;
}

bool Tape::input_ids(std::span<const Tensor> inputs, std::span<const Tensor> read_values,
                     core::SmallVector<TensorId, 2>& ids) const {
  ids.resize(inputs.size());
  bool any = false;
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    const Tensor* read = read_value(read_values, i);
    ids[i] = read || differentiable(inputs[i]) ? id_of(read ? *read : inputs[i]) : kNoId;
    any |= ids[i] != kNoId;
  }
  return any;
}

void Tape::record(const ops::OpDef& op, std::span<const Tensor> inputs, std::span<const ops::AttrValue> attrs,
                  ops::Outputs& outputs, std::span<const Tensor> read_values) {
  core::SmallVector<TensorId, 2> input_ids;
  if (!this->input_ids(inputs, read_values, input_ids)) return;
  const Saves saves = op.gradient ? op.gradient->saves : Saves{false, false};
  OpRecord& r = records_.emplace_back();
  r.op = &op;
  r.attrs.assign(attrs.begin(), attrs.end());
  r.input_ids = std::move(input_ids);
  // A tensor whose static shape is not fully known is symbolic (no buffer to hold on to): it is
  // kept for its run-time shape (Note [Gradients with unknown dimensions] in grad_utils.h).
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    const Tensor& in = inputs[i];
    // A variable's handle stands for the value the op read (Note [Gradients through variable handles]).
    if (const Tensor* read = read_value(read_values, i)) {
      r.input_infos.push_back(info_of(*read));
      r.inputs.push_back(*read);
      continue;
    }
    r.input_infos.push_back(info_of(in));
    r.inputs.push_back(saves.inputs || !differentiable(in) || !in.shape().is_fully_defined() ? in : Tensor());
  }
  for (Tensor& out : outputs) {
    r.output_ids.push_back(differentiable(out) ? track_output(out) : kNoId);
    r.output_infos.push_back(info_of(out));
    r.outputs.push_back(saves.outputs || !out.shape().is_fully_defined() ? out : Tensor());
  }
}

void Tape::record_custom(std::span<const Tensor> inputs, ops::Outputs& outputs, std::shared_ptr<BackwardFn> backward,
                         std::span<const Tensor> read_values) {
  core::SmallVector<TensorId, 2> input_ids;
  if (!this->input_ids(inputs, read_values, input_ids)) return;
  OpRecord& r = records_.emplace_back();
  r.backward = std::move(backward);
  r.input_ids = std::move(input_ids);
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    const Tensor* read = read_value(read_values, i);
    r.input_infos.push_back(info_of(read ? *read : inputs[i]));
    r.inputs.push_back(Tensor());
  }
  for (Tensor& out : outputs) {
    r.output_ids.push_back(differentiable(out) ? track_output(out) : kNoId);
    r.output_infos.push_back(info_of(out));
    r.outputs.push_back(Tensor());
  }
}

bool Tape::tracks_reads_of(const Variable& v) const {
  return is_trainable_dtype(v.dtype()) && (id_of(v) != kNoId || (options_.watch_accessed_variables && v.trainable()));
}

void Tape::record_read(const Variable& v, Tensor& value) {
  TensorId vid = id_of(v);
  if (vid == kNoId) {
    if (!options_.watch_accessed_variables || !v.trainable()) return;
    vid = watch(v);
  }
  if (!differentiable(value)) return;
  variable_reads_.push_back({vid, track_output(value)});
}

void Tape::clear() {
  records_.clear();
  variable_reads_.clear();
  tensors_.clear();
  variable_ids_.clear();
}

void Tape::begin_gradient() {
  if (used_ && !options_.persistent)
    throw FailedPreconditionError(
        "[GradientTape] a non-persistent GradientTape can only be used to compute one set of gradients (or "
        "jacobians); create it with {.persistent = true} to call gradient() more than once");
  used_ = true;
}

void Tape::start_recording() {
  if (recording_) return;
  recording_ = true;
  tls_tapes.push_back(this);
  ops::add_active_recorders(1);
}

void Tape::stop_recording() {
  if (!recording_) return;
  recording_ = false;
  auto it = std::find(tls_tapes.begin(), tls_tapes.end(), this);
  if (it != tls_tapes.end()) {
    tls_tapes.erase(it);
    ops::add_active_recorders(-1);
  }
}

SuspendTapes::SuspendTapes() : saved_(std::move(tls_tapes)) {
  tls_tapes.clear();
  ops::add_active_recorders(-static_cast<int>(saved_.size()));
}

SuspendTapes::~SuspendTapes() {
  // Tapes started while suspended (and still alive) stay innermost.
  std::vector<Tape*> inner = std::move(tls_tapes);
  tls_tapes = std::move(saved_);
  tls_tapes.insert(tls_tapes.end(), inner.begin(), inner.end());
  ops::add_active_recorders(static_cast<int>(tls_tapes.size() - inner.size()));
}

}  // namespace tf::autodiff
