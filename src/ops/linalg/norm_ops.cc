// tf.norm, tf.clip_by_norm, tf.clip_by_global_norm and tf.linalg.global_norm, composed of
// elementwise ops, reductions (and, for the spectral norm, Svd) exactly as TensorFlow's
// linalg_ops.py and clip_ops.py compose them, so values (NaN and inf included) and gradients
// follow from those ops.
#include <cmath>

#include "tfpp/array_ops.h"
#include "tfpp/errors.h"
#include "tfpp/linalg_factorizations.h"
#include "tfpp/math_ops.h"
#include "tfpp/norm_ops.h"
#include "tfpp/reduction_ops.h"

namespace tf {
namespace {

using OptionalAxes = std::optional<std::vector<std::int64_t>>;

OptionalAxes only(std::int64_t axis) { return std::vector<std::int64_t>{axis}; }

// Sum or max over `axes` (all when none), keeping the reduced dimensions.
Tensor sum_kept(const Tensor& t, const OptionalAxes& axes) {
  return axes ? reduce_sum(t, Axes(*axes), {.keepdims = true}) : reduce_sum(t, {.keepdims = true});
}
Tensor max_kept(const Tensor& t, const OptionalAxes& axes) {
  return axes ? reduce_max(t, Axes(*axes), {.keepdims = true}) : reduce_max(t, {.keepdims = true});
}

std::string order_text(const NormOrder& ord) {
  if (!ord.name().empty()) return ord.name();
  if (std::isinf(ord.p())) return ord.p() > 0 ? "inf" : "-inf";
  std::string s = std::to_string(ord.p());  // "-1.000000" -> "-1", as Python prints the number
  s.erase(s.find_last_not_of('0') + 1);
  if (s.back() == '.') s.pop_back();
  return s;
}

// Checks the order against the kind of norm, with TensorFlow's messages.
void check_order(const NormOrder& ord, bool matrix) {
  const double p = ord.p();
  if (matrix) {
    if (ord.name().empty() && p != 1 && p != 2 && !std::isinf(p))
      throw InvalidArgumentError("[norm] 'ord' must be a supported matrix norm in ['euclidean', 'fro', 1, 2, inf], got " +
                                 order_text(ord));
  } else if (ord.name() == "fro" || (ord.name().empty() && !(p > 0))) {
    throw InvalidArgumentError("[norm] 'ord' must be a supported vector norm, got " + order_text(ord));
  } else if (!ord.name().empty() && ord.name() != "euclidean") {
    throw InvalidArgumentError("[norm] 'ord' must be a supported vector norm, got " + ord.name());
  }
}

// The spectral norm (the largest singular value) over the two `axes`, kept with size 1, as
// TensorFlow computes it: those axes moved last, then Svd without singular vectors.
Tensor spectral_norm_kept(const Tensor& tensor, const std::vector<std::int64_t>& axes) {
  const TensorShape& s = tensor.shape();
  if (s.has_unknown_rank()) throw InvalidArgumentError("[norm] the spectral norm needs the tensor's rank");
  const int rank = s.rank();
  std::vector<std::int64_t> last;
  for (std::int64_t a : axes) {
    if (a < -rank || a >= rank)
      throw InvalidArgumentError("[norm] axis " + std::to_string(a) + " is out of range for rank " + std::to_string(rank));
    last.push_back(a < 0 ? a + rank : a);
  }
  std::vector<std::int64_t> before;
  for (std::int64_t d = 0; d < rank; ++d)
    if (d != last[0] && d != last[1]) before.push_back(d);
  before.insert(before.end(), last.begin(), last.end());
  std::vector<std::int64_t> after(rank);
  for (int d = 0; d < rank; ++d) after[before[d]] = d;
  const Tensor values = linalg::singular_values(transpose(tensor, before));
  return transpose(expand_dims(reduce_max(abs(values), -1, {.keepdims = true}), -1), after);
}

}  // namespace

Tensor norm(const Tensor& tensor, const NormOptions& options) {
  const OptionalAxes& axis = options.axis;
  const bool matrix = axis && axis->size() == 2;
  if (axis && (axis->empty() || axis->size() > 2 || (matrix && (*axis)[0] == (*axis)[1])))
    throw InvalidArgumentError("[norm] 'axis' must be None, an integer, or a tuple of 2 unique integers, got " +
                               std::to_string(axis->size()) + " axes");
  const NormOrder& ord = options.ord;
  check_order(ord, matrix);
  const double p = ord.p();
  Tensor result;
  if (matrix && ord.name().empty() && p == 2) {
    result = spectral_norm_kept(tensor, *axis);
  } else if (p == 2) {
    result = sqrt(sum_kept(tensor * tensor, axis));
  } else if (p == 1) {  // matrices: the largest column sum
    result = sum_kept(abs(tensor), axis ? only((*axis)[0]) : OptionalAxes{});
    if (matrix) result = max_kept(result, only((*axis)[1]));
  } else if (std::isinf(p)) {  // matrices: the largest row sum
    Tensor a = abs(tensor);
    if (matrix) a = sum_kept(a, only((*axis)[1]));
    result = max_kept(a, axis ? only((*axis)[0]) : OptionalAxes{});
  } else {
    result = pow(sum_kept(pow(abs(tensor), scalar_like(tensor, p)), axis), scalar_like(tensor, 1.0 / p));
  }
  if (options.keepdims) return result;
  return squeeze(result, axis.value_or(std::vector<std::int64_t>{}));
}

Tensor clip_by_norm(const Tensor& t, const Tensor& clip_norm, const OptionalAxes& axes) {
  const Tensor clip = cast(maximum(clip_norm, scalar_like(clip_norm, 0)), t.dtype());
  const Tensor l2sum = sum_kept(t * t, axes);
  // A zero norm would divide 0 by 0 in the gradient of sqrt: take it through a safe value.
  const Tensor positive = greater(l2sum, scalar_like(l2sum, 0));
  const Tensor l2norm = where(positive, sqrt(where(positive, l2sum, ones_like(l2sum))), l2sum);
  return identity((t * clip) / maximum(l2norm, clip));
}

Tensor clip_by_norm(const Tensor& t, double clip_norm, const OptionalAxes& axes) {
  return clip_by_norm(t, scalar_like(t, std::max(clip_norm, 0.0)), axes);
}

namespace linalg {
Tensor global_norm(const std::vector<Tensor>& t_list) {
  std::vector<Tensor> half_squares;  // TensorFlow's L2Loss: sum(t * t * 0.5)
  for (const Tensor& t : t_list)
    if (t.defined()) half_squares.push_back(reduce_sum(t * t * scalar_like(t, 0.5)));
  if (half_squares.empty()) return constant(0.0f);  // TensorFlow's float32 zero for no tensors
  const Tensor half = reduce_sum(stack(half_squares));
  return sqrt(half * scalar_like(half, 2.0));
}
}  // namespace linalg

std::pair<std::vector<Tensor>, Tensor> clip_by_global_norm(const std::vector<Tensor>& t_list, const Tensor& clip_norm,
                                                           std::optional<Tensor> use_norm) {
  const Tensor norm = use_norm ? *use_norm : linalg::global_norm(t_list);
  const Tensor clip = cast(clip_norm, norm.dtype());
  // norm - norm is NaN exactly when the norm is not finite: every value becomes NaN then.
  const Tensor scale = clip * minimum(math::reciprocal(norm), scalar_like(norm, 1.0) / clip) + (norm - norm);
  std::vector<Tensor> clipped;
  for (const Tensor& t : t_list) clipped.push_back(t.defined() ? identity(t * cast(scale, t.dtype())) : Tensor());
  return {clipped, norm};
}

std::pair<std::vector<Tensor>, Tensor> clip_by_global_norm(const std::vector<Tensor>& t_list, double clip_norm,
                                                           std::optional<Tensor> use_norm) {
  const Tensor norm = use_norm ? *use_norm : linalg::global_norm(t_list);
  return clip_by_global_norm(t_list, scalar_like(norm, clip_norm), norm);
}

}  // namespace tf
