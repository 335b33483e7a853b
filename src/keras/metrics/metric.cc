// The Metric base and Keras 3's reduction metrics (keras/src/metrics/reduction_metrics.py):
// Sum, Mean and MeanMetricWrapper.
#include <numeric>

#include "keras/metrics/metric_names.h"
#include "keras/losses/loss_utils.h"
#include "tfpp/array_ops.h"
#include "tfpp/keras/losses.h"
#include "tfpp/keras/metrics.h"
#include "tfpp/math_ops.h"
#include "tfpp/reduction_ops.h"

namespace tf::keras::metrics {

using naming::default_name;
using naming::given_or_auto_name;

namespace {

std::vector<std::int64_t> axes_from(int first, int end) {
  std::vector<std::int64_t> axes(static_cast<std::size_t>(std::max(0, end - first)));
  std::iota(axes.begin(), axes.end(), first);
  return axes;
}

using ReduceFn = Tensor (*)(const Tensor&, const Axes&, const ReduceOptions&);

// `value` broadcast to `like`'s shape (a select that always picks `value`, since tfpp has no
// BroadcastTo; `like` only contributes its shape).
Tensor broadcast_like(const Tensor& value, const Tensor& like) {
  if (value.shape() == like.shape() && value.shape().is_fully_defined()) return value;
  return where(constant(true), value, like);
}

struct SamplewiseValues {
  Tensor values;
  Tensor sample_weight;
};

// Keras' reduce_to_samplewise_values.
SamplewiseValues reduce_to_samplewise_values(Tensor values, Tensor sample_weight, ReduceFn reduce_fn, DType dtype) {
  values = keras::detail::cast_if_needed(values, dtype);
  if (sample_weight.defined()) {
    sample_weight = keras::detail::cast_if_needed(sample_weight, dtype);
    std::tie(values, sample_weight) = losses::squeeze_or_expand_to_same_rank(values, sample_weight);
    const int weight_ndim = sample_weight.rank();
    if (values.rank() > weight_ndim) values = reduce_fn(values, axes_from(weight_ndim, values.rank()), {});
    if (weight_ndim > values.rank())  // Keras' broadcast_to fails the same way
      throw InvalidArgumentError("sample_weight of shape " + sample_weight.shape().debug_string() +
                                 " cannot be broadcast to the per-sample values of shape " +
                                 values.shape().debug_string());
    sample_weight = broadcast_like(sample_weight, values);
    values = values * sample_weight;
    if (weight_ndim > 1) sample_weight = reduce_fn(sample_weight, axes_from(1, weight_ndim), {});
  }
  if (values.rank() > 1) values = reduce_fn(values, axes_from(1, values.rank()), {});
  return {values, sample_weight};
}

Tensor mean_over(const Tensor& t, const Axes& axes, const ReduceOptions& options) { return reduce_mean(t, axes, options); }
Tensor sum_over(const Tensor& t, const Axes& axes, const ReduceOptions& options) { return reduce_sum(t, axes, options); }

std::function<std::string()> inputs_context(const Tensor& y_true, const Tensor& y_pred, const Tensor& sample_weight) {
  return [&] {
    std::string text = "y_true is " + keras::detail::describe(y_true) + ", y_pred is " + keras::detail::describe(y_pred);
    if (sample_weight.defined()) text += ", sample_weight is " + keras::detail::describe(sample_weight);
    return text;
  };
}

std::function<std::string()> values_context(const Tensor& values, const Tensor& sample_weight) {
  return [&] {
    std::string text = "values are " + keras::detail::describe(values);
    if (sample_weight.defined()) text += ", sample_weight is " + keras::detail::describe(sample_weight);
    return text;
  };
}

void check_defined(const std::string& name, std::initializer_list<const Tensor*> tensors) {
  for (const Tensor* t : tensors)
    if (!t->defined()) throw InvalidArgumentError("[" + name + "] update_state needs defined input tensors");
}

}  // namespace

Metric::Metric(std::string name, std::optional<DType> dtype) : name_(std::move(name)), dtype_(dtype.value_or(float32)) {}

Variable Metric::add_variable(const TensorShape& shape, const std::string& name, std::optional<DType> dtype) {
  Variable v(zeros(shape, dtype.value_or(dtype_)), {.name = name_ + "/" + name, .trainable = false});
  variables_.push_back(v);
  return v;
}

void Metric::reset_state() {
  for (Variable& v : variables_) v.assign(zeros(v.shape(), v.dtype()));
}

Tensor Metric::operator()(const Tensor& y_true, const Tensor& y_pred, const Tensor& sample_weight) {
  update_state(y_true, y_pred, sample_weight);
  return result();
}

Config Metric::get_config() const { return {{"name", name_}, {"dtype", std::string(dtype_name(dtype_))}}; }

Sum::Sum(MetricOptions options) : Metric(default_name(options.name, "sum"), options.dtype) {
  total_ = add_variable({}, "total");
}

void Sum::update_state(const Tensor& values, const Tensor& sample_weight) {
  check_defined(name(), {&values});
  keras::detail::naming_errors(name(), values_context(values, sample_weight), [&] {
    const SamplewiseValues reduced = reduce_to_samplewise_values(values, sample_weight, sum_over, dtype());
    total_.assign_add(reduce_sum(reduced.values));
  });
}

void Sum::update_state(const Tensor&, const Tensor&, const Tensor&) {
  throw InvalidArgumentError("[" + name() + "] Sum.update_state takes (values, sample_weight), not (y_true, y_pred, sample_weight)");
}

Tensor Sum::result() const { return total_.read_value(); }

Mean::Mean(MetricOptions options) : Metric(default_name(options.name, "mean"), options.dtype) {
  total_ = add_variable({}, "total");
  count_ = add_variable({}, "count");
}

void Mean::accumulate(const Tensor& values, const Tensor& sample_weight) {
  const SamplewiseValues reduced = reduce_to_samplewise_values(values, sample_weight, mean_over, dtype());
  total_.assign_add(reduce_sum(reduced.values));
  if (reduced.sample_weight.defined()) {
    count_.assign_add(reduce_sum(reduced.sample_weight));
  } else if (reduced.values.rank() >= 1) {
    const std::int64_t n = reduced.values.shape().dim(0);
    count_.assign_add(n >= 0 ? constant(static_cast<double>(n), dtype())
                             : cast(strided_slice(shape(reduced.values), {0}, {1}, {1}, {.shrink_axis_mask = 1}),
                                    dtype()));
  } else {
    count_.assign_add(constant(1.0, dtype()));
  }
}

void Mean::update_state(const Tensor& values, const Tensor& sample_weight) {
  check_defined(name(), {&values});
  keras::detail::naming_errors(name(), values_context(values, sample_weight), [&] { accumulate(values, sample_weight); });
}

void Mean::update_state(const Tensor&, const Tensor&, const Tensor&) {
  throw InvalidArgumentError("[" + name() + "] Mean.update_state takes (values, sample_weight), not (y_true, y_pred, sample_weight)");
}

Tensor Mean::result() const { return keras::detail::divide_no_nan_value(total_.read_value(), count_.read_value()); }

MeanMetricWrapper::MeanMetricWrapper(MetricFunction fn, MetricOptions options)
    : Mean({.name = given_or_auto_name(options.name, "mean_metric_wrapper"), .dtype = options.dtype}), fn_(std::move(fn)) {
  if (!fn_) throw InvalidArgumentError("[" + name() + "] MeanMetricWrapper needs a function");
}

void MeanMetricWrapper::update_state(const Tensor& y_true, const Tensor& y_pred, const Tensor& sample_weight) {
  check_defined(name(), {&y_true, &y_pred});
  keras::detail::naming_errors(name(), inputs_context(y_true, y_pred, sample_weight),
                               [&] { accumulate(fn_(y_true, y_pred), sample_weight); });
}

}  // namespace tf::keras::metrics
