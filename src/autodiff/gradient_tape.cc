#include "tfpp/gradient_tape.h"

#include "autodiff/grad_utils.h"
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"

#include "autodiff/tape.h"
#include "autodiff/trainable_dtype.h"

namespace tf {

GradientTape::GradientTape(GradientTapeOptions options) : tape_(std::make_shared<autodiff::Tape>(options)) {
  tape_->start_recording();
}

GradientTape::~GradientTape() { tape_->stop_recording(); }

void GradientTape::watch(const Tensor& t) {
  if (!t.defined()) throw InvalidArgumentError("[GradientTape] cannot watch an undefined tensor");
  tape_->watch(t);
}
void GradientTape::watch(const Variable& v) {
  if (!v.defined()) throw InvalidArgumentError("[GradientTape] cannot watch an undefined variable");
  tape_->watch(v);
}
void GradientTape::watch(const std::vector<Tensor>& ts) {
  for (const Tensor& t : ts) watch(t);
}
void GradientTape::watch(const std::vector<Variable>& vs) {
  for (const Variable& v : vs) watch(v);
}

std::vector<Variable> GradientTape::watched_variables() const { return tape_->watched_variables(); }

GradientTape::StopRecording::StopRecording(GradientTape& tape) : tape_(tape), was_recording_(tape.tape_->recording()) {
  tape_.tape_->stop_recording();
}
GradientTape::StopRecording::~StopRecording() {
  if (was_recording_) tape_.tape_->start_recording();
}

void GradientTape::reset() { tape_->clear(); }

std::vector<Tensor> GradientTape::compute(const GradientTargets& target,
                                          const std::vector<detail::GradientSource>& sources,
                                          const OutputGradients& output_gradients, UnconnectedGradients unconnected) {
  tape_->begin_gradient();
  // As in TensorFlow, a non-persistent tape stops recording once asked for its gradient.
  if (!tape_->options().persistent) tape_->stop_recording();
  std::vector<Tensor> result =
      autodiff::compute_gradients(*tape_, target.tensors(), sources, output_gradients.tensors(), unconnected);
  if (!tape_->options().persistent) tape_->clear();
  return result;
}

namespace {

// A tensor shaped like `like`, all zeros but a one at flat position i.
Tensor one_hot_like(const Tensor& like, std::int64_t i) {
  Tensor t = zeros(like.shape(), like.dtype());
  visit_dtype(like.dtype(), [&](auto tag) {
    using T = decltype(tag);
    if constexpr (std::is_floating_point_v<T>) t.mutable_data<T>()[i] = T(1);
  });
  return t;
}

TensorShape concat_shapes(const TensorShape& a, std::span<const std::int64_t> b) {
  TensorShape s = a;
  for (std::int64_t d : b) s.append(d);
  return s;
}

// A Jacobian has one row per target element, so it needs the target's and source's sizes
// (inside tf::function, TensorFlow would build a while_loop or pfor over them instead).
void require_known_shapes(const char* what, const TensorShape& target, const TensorShape& source) {
  if (!target.is_fully_defined() || !source.is_fully_defined())
    throw UnimplementedError(std::string("[GradientTape] ") + what + " needs fully known shapes, got target " +
                             target.debug_string() + " and source " + source.debug_string() +
                             "; give the tf::function an input_signature with these sizes known");
}

}  // namespace

Tensor GradientTape::jacobian_of(const Tensor& target, const detail::GradientSource& source,
                                 UnconnectedGradients unconnected) {
  const TensorShape& source_static = source.variable.defined() ? source.variable.shape() : source.tensor.shape();
  require_known_shapes("jacobian", target.shape(), source_static);
  tape_->begin_gradient();
  if (!tape_->options().persistent) tape_->stop_recording();
  const DType dtype = source.variable.defined() ? source.variable.dtype() : source.tensor.dtype();
  const TensorShape source_shape = source.variable.defined() ? source.variable.shape() : source.tensor.shape();
  const std::int64_t n = target.num_elements();
  std::vector<Tensor> rows;
  bool any = false;
  for (std::int64_t i = 0; i < n; ++i) {
    const Tensor seed = one_hot_like(target, i);
    rows.push_back(autodiff::compute_gradients(*tape_, std::span<const Tensor>(&target, 1),
                                               std::span<const detail::GradientSource>(&source, 1),
                                               std::span<const Tensor>(&seed, 1), unconnected)[0]);
    any |= rows.back().defined();
  }
  if (!tape_->options().persistent) tape_->clear();
  if (!autodiff::is_trainable_dtype(dtype)) return Tensor();
  if (!any && n > 0 && unconnected == UnconnectedGradients::NONE) return Tensor();
  for (Tensor& row : rows)
    if (!row.defined()) row = zeros(source_shape, dtype);
  if (n == 0) return zeros(concat_shapes(target.shape(), source_shape.dims()), dtype);
  return reshape(stack(rows), autodiff::dims_of(concat_shapes(target.shape(), source_shape.dims())));
}

Tensor GradientTape::batch_jacobian(const Tensor& target, const Tensor& source, UnconnectedGradients unconnected) {
  if (target.rank() < 1 || source.rank() < 1 || target.shape().dim(0) != source.shape().dim(0))
    throw InvalidArgumentError("[GradientTape] batch_jacobian needs target and source with the same first (batch) "
                               "dimension, got " + target.shape().debug_string() + " and " + source.shape().debug_string());
  require_known_shapes("batch_jacobian", target.shape(), source.shape());
  tape_->begin_gradient();
  if (!tape_->options().persistent) tape_->stop_recording();
  const std::int64_t batch = target.shape().dim(0);
  const std::int64_t cols = batch ? target.num_elements() / batch : 0, src_cols = batch ? source.num_elements() / batch : 0;
  std::vector<Tensor> rows;  // rows[j]: d target[:, j] / d source, shape source.shape
  bool any = false;
  for (std::int64_t j = 0; j < cols; ++j) {
    Tensor seed = zeros(target.shape(), target.dtype());
    visit_dtype(target.dtype(), [&](auto tag) {
      using T = decltype(tag);
      if constexpr (std::is_floating_point_v<T>)
        for (std::int64_t b = 0; b < batch; ++b) seed.mutable_data<T>()[b * cols + j] = T(1);
    });
    detail::GradientSource src{source, {}};
    rows.push_back(autodiff::compute_gradients(*tape_, std::span<const Tensor>(&target, 1),
                                               std::span<const detail::GradientSource>(&src, 1),
                                               std::span<const Tensor>(&seed, 1), unconnected)[0]);
    any |= rows.back().defined();
  }
  if (!tape_->options().persistent) tape_->clear();
  if (!autodiff::is_trainable_dtype(source.dtype())) return Tensor();
  if (!any && cols > 0 && unconnected == UnconnectedGradients::NONE) return Tensor();
  const TensorShape shape = concat_shapes(target.shape(), source.shape().dims().subspan(1));
  if (cols == 0 || batch == 0) return zeros(shape, source.dtype());
  for (Tensor& row : rows)
    if (!row.defined()) row = zeros(source.shape(), source.dtype());
  // rows: [cols][B, src...] -> [B, cols, src...] -> [B, target dims..., src...]
  std::vector<std::int64_t> as_matrix{cols, batch, src_cols};
  Tensor stacked = reshape(stack(rows), as_matrix);
  return reshape(transpose(stacked, {1, 0, 2}), autodiff::dims_of(shape));
}

Tensor GradientTape::jacobian(const Tensor& target, const Tensor& source, UnconnectedGradients unconnected) {
  return jacobian_of(target, {source, {}}, unconnected);
}

Tensor GradientTape::jacobian(const Tensor& target, const Variable& source, UnconnectedGradients unconnected) {
  return jacobian_of(target, {{}, source}, unconnected);
}

}  // namespace tf
