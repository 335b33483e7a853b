// Keras 3's Discretization (discretization.py), its quantile summary included: summarize() keeps
// every step-th sorted value with weight step, merge_summaries() sorts two summaries together and
// compress_summary() interpolates the cumulative weights at epsilon steps (as np.interp).
#include "tfpp/keras/layers/discretization.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "keras/layers/categorical_encoding.h"
#include "keras/layers/config_util.h"
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/errors.h"
#include "tfpp/keras/layers/deserialize.h"
#include "tfpp/math_ops.h"
#include "tfpp/search_ops.h"

namespace tf::keras::layers {

namespace {

// A summary: sorted values and their weights (float32, as Keras keeps them).
struct Summary {
  std::vector<float> values, weights;
};

Summary summarize(std::vector<float> values, double epsilon) {
  std::sort(values.begin(), values.end());
  const double increment = static_cast<double>(values.size()) / (1.0 / epsilon);
  const double step = std::max(increment, 1.0);
  Summary s;
  const auto stride = static_cast<std::size_t>(step);
  for (std::size_t i = static_cast<std::size_t>(step - 1); i < values.size(); i += stride) {
    s.values.push_back(values[i]);
    s.weights.push_back(static_cast<float>(step));
  }
  return s;
}

// np.interp(x, xp, fp) for increasing xp.
double interp(double x, const std::vector<double>& xp, const std::vector<double>& fp) {
  if (x <= xp.front()) return fp.front();
  if (x >= xp.back()) return fp.back();
  const std::size_t j = static_cast<std::size_t>(std::upper_bound(xp.begin(), xp.end(), x) - xp.begin()) - 1;
  const double slope = (fp[j + 1] - fp[j]) / (xp[j + 1] - xp[j]);
  return slope * (x - xp[j]) + fp[j];
}

Summary compress(const Summary& s, double epsilon) {
  if (static_cast<double>(s.values.size()) * epsilon < 1) return s;
  std::vector<double> percents;
  const auto n = static_cast<std::size_t>(std::ceil(1.0 / epsilon));
  for (std::size_t i = 0; i < n; ++i) percents.push_back(epsilon + static_cast<double>(i) * epsilon);
  std::vector<float> cumulative(s.weights.size());
  std::partial_sum(s.weights.begin(), s.weights.end(), cumulative.begin());
  std::vector<double> cum_percents, cum_weights, values(s.values.begin(), s.values.end());
  for (float c : cumulative) {
    cum_percents.push_back(static_cast<double>(c / cumulative.back()));
    cum_weights.push_back(static_cast<double>(c));
  }
  Summary out;
  double previous = 0;
  for (double p : percents) {
    out.values.push_back(static_cast<float>(interp(p, cum_percents, values)));
    const double w = interp(p, cum_percents, cum_weights);
    out.weights.push_back(static_cast<float>(w - previous));
    previous = w;
  }
  return out;
}

Summary merge(const Summary& a, const Summary& b, double epsilon) {
  std::vector<std::size_t> order(a.values.size() + b.values.size());
  std::iota(order.begin(), order.end(), 0);
  auto value = [&](std::size_t i) { return i < a.values.size() ? a.values[i] : b.values[i - a.values.size()]; };
  auto weight = [&](std::size_t i) { return i < a.weights.size() ? a.weights[i] : b.weights[i - a.weights.size()]; };
  std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) { return value(x) < value(y); });
  Summary merged;
  for (std::size_t i : order) merged.values.push_back(value(i)), merged.weights.push_back(weight(i));
  return compress(merged, epsilon);
}

}  // namespace

struct Discretization::State {
  std::optional<std::vector<double>> boundaries;
  Summary summary;
};

Discretization::Discretization(DiscretizationOptions options)
    : Layer(layer_options(options, "Discretization")), options_(std::move(options)), state_(std::make_shared<State>()) {
  const std::string who = name();
  const std::string& mode = options_.output_mode;
  if (mode != "int" && mode != "one_hot" && mode != "multi_hot" && mode != "count")
    throw InvalidArgumentError("[" + who + "] The `output_mode` argument must be one of ('int', 'one_hot', 'multi_hot', "
                               "'count'). Received: " + mode);
  if (options_.sparse) throw InvalidArgumentError("[" + who + "] sparse outputs are not supported by tfpp");
  if (options_.num_bins && *options_.num_bins < 0)
    throw InvalidArgumentError("[" + who + "] `num_bins` must be greater than or equal to 0. Received: `num_bins=" +
                               std::to_string(*options_.num_bins) + "`");
  if (options_.num_bins && options_.bin_boundaries)
    throw InvalidArgumentError("[" + who + "] Both `num_bins` and `bin_boundaries` should not be set.");
  if (!options_.num_bins && !options_.bin_boundaries)
    throw InvalidArgumentError("[" + who + "] You need to set either `num_bins` or `bin_boundaries`.");
  state_->boundaries = options_.bin_boundaries;
}

void Discretization::reset_state() { state_->summary = {}; }

void Discretization::update_state(const Tensor& batch) {
  const Summary s = summarize(cast(batch, float32).numpy<float>(), options_.epsilon);
  state_->summary = merge(s, state_->summary, options_.epsilon);
}

void Discretization::finalize_state() {
  if (!options_.num_bins) return;
  const Summary s = compress(state_->summary, 1.0 / static_cast<double>(*options_.num_bins));
  std::vector<double> boundaries(s.values.begin(), s.values.end());
  if (!boundaries.empty()) boundaries.pop_back();
  state_->boundaries = boundaries;
}

void Discretization::adapt(const Tensor& data) { adapt(data::Dataset::from_tensors({data})); }

void Discretization::adapt(const data::Dataset& dataset) {
  if (!options_.num_bins)
    throw InvalidArgumentError("[" + name() + "] Cannot adapt a Discretization layer that has been initialized with "
                               "`bin_boundaries`, use `num_bins` instead.");
  reset_state();
  for (const data::Element& element : dataset) {
    if (element.empty()) throw InvalidArgumentError("[" + name() + "] adapt() got an empty dataset element");
    update_state(element[0]);
  }
  finalize_state();
}

std::vector<double> Discretization::bin_boundaries() const { return state_->boundaries.value_or(std::vector<double>{}); }

Tensor Discretization::call(const Tensor& inputs, bool) {
  if (!state_->boundaries)
    throw InvalidArgumentError("[" + name() + "] You need to either pass the `bin_boundaries` argument at construction "
                               "time or call `adapt(dataset)` before you can start using the `Discretization` layer.");
  const std::vector<double>& b = *state_->boundaries;
  // np.digitize: the number of boundaries <= x, through a sorted search of the flat values.
  const DType value_dtype = is_floating(inputs.dtype()) ? inputs.dtype() : float32;
  const Tensor boundaries = cast(constant(b, TensorShape({static_cast<std::int64_t>(b.size())})), value_dtype);
  const Tensor flat = reshape(cast(inputs, value_dtype), {-1});
  const Tensor ids = reshape(searchsorted(boundaries, flat, "right", int32), tf::shape(inputs));
  const std::string& mode = options_.output_mode;
  return detail::encode_categorical(ids, mode, static_cast<std::int64_t>(b.size()) + 1, mode == "int" ? int32 : dtype());
}

Config Discretization::get_config() const {
  Config c;
  c["bin_boundaries"] = state_->boundaries ? ConfigValue(ConfigValue::List(state_->boundaries->begin(), state_->boundaries->end()))
                                           : ConfigValue(nullptr);
  c["num_bins"] = options_.num_bins ? ConfigValue(*options_.num_bins) : ConfigValue(nullptr);
  c["epsilon"] = options_.epsilon;
  c["output_mode"] = options_.output_mode;
  c["sparse"] = options_.sparse;
  c["name"] = name();
  c["dtype"] = std::string(dtype_name(dtype()));  // Keras writes the dtype's name here, not a policy
  return c;
}

Discretization Discretization::from_config(const Config& c) {
  DiscretizationOptions o;
  detail::read_common(c, o);
  auto present = [&](const char* key) -> const ConfigValue* {
    auto it = c.find(key);
    return it == c.end() || it->second.is_null() ? nullptr : &it->second;
  };
  std::optional<std::vector<double>> boundaries;
  if (auto* v = present("bin_boundaries")) {
    boundaries.emplace();
    for (const ConfigValue& x : v->get<ConfigValue::List>()) boundaries->push_back(x.as_double());
  }
  if (auto* v = present("num_bins")) o.num_bins = v->get<std::int64_t>();
  if (auto* v = present("epsilon")) o.epsilon = v->as_double();
  if (auto* v = present("output_mode")) o.output_mode = v->get<std::string>();
  if (auto* v = present("sparse")) o.sparse = v->get<bool>();
  if (!o.num_bins) o.bin_boundaries = boundaries;  // adapted boundaries come back with num_bins, as Keras
  Discretization layer(o);
  if (o.num_bins && boundaries) layer.state_->boundaries = boundaries;
  return layer;
}

namespace {
[[maybe_unused]] const bool registered = [] {
  register_layer_class("Discretization",
                       [](const Config& c) { return std::make_shared<Discretization>(Discretization::from_config(c)); });
  return true;
}();
}  // namespace

}  // namespace tf::keras::layers
