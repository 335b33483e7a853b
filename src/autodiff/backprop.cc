// The backward pass over a tape (TensorFlow's imperative_grad).
//
// Records are in execution order, which is a topological order: every consumer of a tensor
// was recorded after its producer. So one sweep from the last record to the first sees all
// of a tensor's gradient contributions before the op that produced it. A first, forward
// sweep marks what depends on the sources, so ops that cannot reach a source are skipped and
// gradient functions are told which inputs need no gradient. Variable reads are logged apart
// from the op records (Note [Variable reads on the tape], tape.h): a read is reached in the
// forward sweep when its variable is a source, and passes its gradient to the variable last.
#include <string>

#include "autodiff/complex_gradients.h"
#include "autodiff/grad_utils.h"
#include "autodiff/tape.h"
#include "ops/array/gradient_shape_ops.h"
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/math_ops.h"
#include "autodiff/trainable_dtype.h"

namespace tf::autodiff {
namespace {

bool carries_gradient(DType d) { return is_trainable_dtype(d) || d == DType::kVariant; }

// Gradients of lists (variant tensors) add element by element, with the list ops' own op.
Tensor add_gradients(const Tensor& a, const Tensor& b) {
  if (a.dtype() != DType::kVariant) return add(a, b);
  static const ops::OpDef* list_add = ops::find_op("TensorListAdd");
  return ops::execute(*list_add, {a, b})[0];
}

void accumulate(Tensor& sum, const Tensor& g) { sum = sum.defined() ? add_gradients(sum, g) : g; }


std::string op_name(const OpRecord& r) { return r.op ? r.op->name : "custom_gradient"; }

// Input gradients of one record from its output gradients.
Grads backward_of(const OpRecord& r, std::span<const Tensor> grads, std::span<const char> needs) {
  if (r.backward) return (*r.backward)(grads);
  if (!r.op->gradient)
    throw LookupError("[GradientTape] gradient registry has no entry for: " + r.op->name +
                      " (register one with tf::RegisterGradient)");
  GradientContext ctx(*r.op, std::span<const Tensor>(r.inputs.data(), r.inputs.size()),
                      std::span<const Tensor>(r.outputs.data(), r.outputs.size()),
                      std::span<const ops::TensorInfo>(r.input_infos.data(), r.input_infos.size()), r.attrs,
                      needs);
  if (conjugates_gradient(*r.op, std::span<const ops::TensorInfo>(r.input_infos.data(), r.input_infos.size()))) {  // Note [Gradients of complex numbers]
    const Grads conj_grads = conjugate_all(grads);
    return conjugate_all(r.op->gradient->fn(ctx, std::span<const Tensor>(conj_grads.data(), conj_grads.size())));
  }
  return r.op->gradient->fn(ctx, grads);
}

// Whether `known` fixes a dimension (or the rank) that `shape` leaves unknown.
bool knows_more(const TensorShape& known, const TensorShape& shape) {
  if (known.has_unknown_rank()) return false;
  if (shape.has_unknown_rank()) return true;
  for (int d = 0; d < known.rank(); ++d)
    if (shape.dim(d) == None && known.dim(d) != None) return true;
  return false;
}

// Throws when a gradient function returned something that cannot be input i's gradient. A
// gradient built from run-time shapes gets the input's static shape back, checked when it runs.
void check_gradient(const OpRecord& r, std::size_t i, Tensor& g) {
  const ops::TensorInfo& info = r.input_infos[i];
  if (g.dtype() != info.dtype || !g.shape().is_compatible_with(info.shape))
    throw InternalError("[GradientTape] the gradient of " + op_name(r) + " for input " + std::to_string(i) + " has " +
                        std::string(dtype_name(g.dtype())) + g.shape().debug_string() + ", but the input is " +
                        std::string(dtype_name(info.dtype)) + info.shape.debug_string());
  if (knows_more(info.shape, g.shape())) g = ops::array::ensure_shape(g, info.shape);
}

}  // namespace

std::vector<Tensor> compute_gradients(Tape& tape, std::span<const Tensor> targets,
                                      std::span<const detail::GradientSource> sources,
                                      std::span<const Tensor> output_gradients, UnconnectedGradients unconnected) {
  if (!output_gradients.empty() && output_gradients.size() != targets.size())
    throw InvalidArgumentError("[GradientTape] got " + std::to_string(output_gradients.size()) +
                               " output_gradients for " + std::to_string(targets.size()) + " targets");
  const std::deque<OpRecord>& records = tape.records();
  const std::size_t num_records = records.size();  // ops recorded while differentiating come later
  // Indexed, not iterated: gradient functions may read variables, appending to the log.
  const std::vector<VariableRead>& reads = tape.variable_reads();
  const std::size_t num_reads = reads.size();
  TensorId num_ids = 0;
  for (const OpRecord& r : records)
    for (TensorId id : r.output_ids) num_ids = std::max(num_ids, id + 1);
  for (std::size_t k = 0; k < num_reads; ++k) num_ids = std::max(num_ids, reads[k].value_id + 1);

  std::vector<TensorId> source_ids;
  for (const detail::GradientSource& s : sources) {
    TensorId id = kNoId;
    if (s.variable.defined()) id = is_trainable_dtype(s.variable.dtype()) ? tape.id_of(s.variable) : kNoId;
    else if (!s.tensor.defined()) throw InvalidArgumentError("[GradientTape] a gradient source is an undefined tensor");
    else id = carries_gradient(s.tensor.dtype()) ? tape.id_of(s.tensor) : kNoId;
    source_ids.push_back(id);
    num_ids = std::max(num_ids, id + 1);
  }

  // Forward sweep: which tensors depend on a source, and which records matter.
  std::vector<char> reached(num_ids, 0), keep(num_ids, 0);
  for (TensorId id : source_ids)
    if (id != kNoId) reached[id] = keep[id] = 1;
  for (std::size_t k = 0; k < num_reads; ++k)
    if (reached[reads[k].variable_id]) reached[reads[k].value_id] = 1;
  std::vector<char> relevant(num_records, 0);
  for (std::size_t i = 0; i < num_records; ++i) {
    const OpRecord& r = records[i];
    for (TensorId id : r.input_ids) relevant[i] |= id != kNoId && id < num_ids && reached[id];
    if (relevant[i])
      for (TensorId id : r.output_ids)
        if (id != kNoId) reached[id] = 1;
  }

  // Seeds: ones (a non-scalar target is summed) or the given output gradients.
  std::vector<Tensor> grads(num_ids);
  for (std::size_t t = 0; t < targets.size(); ++t) {
    const Tensor& target = targets[t];
    if (!target.defined()) throw InvalidArgumentError("[GradientTape] a gradient target is an undefined tensor");
    const TensorId id = carries_gradient(target.dtype()) ? tape.id_of(target) : kNoId;
    if (id == kNoId || id >= num_ids || !reached[id]) continue;
    Tensor seed = output_gradients.empty() ? ones_like(target) : output_gradients[t];
    if (seed.dtype() != target.dtype() || !seed.shape().is_compatible_with(target.shape()))
      throw InvalidArgumentError("[GradientTape] output_gradients " + std::to_string(t) + " is " +
                                 std::string(dtype_name(seed.dtype())) + seed.shape().debug_string() +
                                 " but its target is " + std::string(dtype_name(target.dtype())) +
                                 target.shape().debug_string());
    accumulate(grads[id], seed);
  }

  // Backward sweep.
  ops::Outputs out_grads;
  std::vector<char> needs;
  for (std::size_t i = num_records; i-- > 0;) {
    if (!relevant[i]) continue;
    const OpRecord& r = records[i];
    out_grads.clear();
    bool any = false;
    for (TensorId id : r.output_ids) {
      out_grads.push_back(id != kNoId ? grads[id] : Tensor());
      any |= out_grads.back().defined();
    }
    if (!any) continue;
    if (r.op && r.op->no_gradient) continue;
    // Floating outputs without a gradient get zeros; integer and list outputs stay undefined.
    for (std::size_t o = 0; o < out_grads.size(); ++o)
      if (!out_grads[o].defined() && is_trainable_dtype(r.output_infos[o].dtype))
        out_grads[o] = zeros_shaped(r.outputs[o], r.output_infos[o].shape, r.output_infos[o].dtype);
    needs.assign(r.input_ids.size(), 0);
    for (std::size_t j = 0; j < needs.size(); ++j) needs[j] = r.input_ids[j] != kNoId && reached[r.input_ids[j]];
    Grads in_grads = backward_of(r, std::span<const Tensor>(out_grads.data(), out_grads.size()), needs);
    if (in_grads.size() != r.input_ids.size())
      throw InternalError("[GradientTape] the gradient of " + op_name(r) + " returned " +
                          std::to_string(in_grads.size()) + " gradients for " +
                          std::to_string(r.input_ids.size()) + " inputs");
    for (TensorId id : r.output_ids)  // consumed: free what no source needs
      if (id != kNoId && !keep[id]) grads[id] = Tensor();
    for (std::size_t j = 0; j < in_grads.size(); ++j) {
      if (!needs[j] || !in_grads[j].defined()) continue;
      check_gradient(r, j, in_grads[j]);
      accumulate(grads[r.input_ids[j]], in_grads[j]);
    }
  }
  for (std::size_t k = num_reads; k-- > 0;) {  // identities into the variables, in the sweep's order
    const VariableRead read = reads[k];
    if (!reached[read.variable_id] || !grads[read.value_id].defined()) continue;
    accumulate(grads[read.variable_id], grads[read.value_id]);
    if (!keep[read.value_id]) grads[read.value_id] = Tensor();
  }

  std::vector<Tensor> result;
  for (std::size_t s = 0; s < sources.size(); ++s) {
    Tensor g = source_ids[s] != kNoId ? grads[source_ids[s]] : Tensor();
    const bool is_var = sources[s].variable.defined();
    const DType dtype = is_var ? sources[s].variable.dtype() : sources[s].tensor.dtype();
    if (!g.defined() && unconnected == UnconnectedGradients::ZERO && is_trainable_dtype(dtype))
      g = is_var ? zeros(sources[s].variable.shape(), dtype)
                 : zeros_shaped(sources[s].tensor, sources[s].tensor.shape(), dtype);
    result.push_back(std::move(g));
  }
  return result;
}

}  // namespace tf::autodiff
