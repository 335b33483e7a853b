#include "tfpp/constant.h"
#include "tfpp/errors.h"
#include "tfpp/keras/constraints.h"
#include "tfpp/keras/min_max_norm.h"
#include "tfpp/keras/regularizers.h"
#include "tfpp/math_ops.h"
#include "tfpp/reduction_ops.h"

namespace tf::keras {

namespace regularizers {

Regularizer L1(double l1) {
  return Regularizer("L1", {{"l1", l1}}, [l1](const Tensor& w) { return reduce_sum(math::abs(w)) * l1; });
}
Regularizer L2(double l2) {
  return Regularizer("L2", {{"l2", l2}}, [l2](const Tensor& w) { return reduce_sum(math::square(w)) * l2; });
}
Regularizer L1L2(double l1, double l2) {
  return Regularizer("L1L2", {{"l1", l1}, {"l2", l2}}, [l1, l2](const Tensor& w) {
    return reduce_sum(math::abs(w)) * l1 + reduce_sum(math::square(w)) * l2;
  });
}
Regularizer::Regularizer(const char* name) : Regularizer(get(name)) {}
Regularizer::Regularizer(const std::string& name) : Regularizer(get(name)) {}
Regularizer get(const std::string& name) {
  if (name == "l1") return L1();
  if (name == "l2") return L2();
  if (name == "l1_l2") return L1L2(0.01, 0.01);
  throw InvalidArgumentError("[regularizers] unknown regularizer '" + name + "'; known: l1, l2, l1_l2");
}

}  // namespace regularizers

namespace constraints {

Constraint MaxNorm(double max_value, std::int64_t axis) {
  return Constraint("MaxNorm", {{"max_value", max_value}, {"axis", double(axis)}}, [max_value, axis](const Tensor& w) {
    Tensor norms = math::sqrt(reduce_sum(math::square(w), {axis}, {.keepdims = true}));
    Tensor desired = clip_by_value(norms, 0.0, max_value);
    return w * (desired / (norms + 1e-7));
  });
}
Constraint NonNeg() {
  // maximum, as Keras: negative entries become +0, not the -0 of w * (w >= 0).
  return Constraint("NonNeg", {}, [](const Tensor& w) { return maximum(w, zeros_like(w)); });
}
Constraint UnitNorm(std::int64_t axis) {
  return Constraint("UnitNorm", {{"axis", double(axis)}}, [axis](const Tensor& w) {
    return w / (math::sqrt(reduce_sum(math::square(w), {axis}, {.keepdims = true})) + 1e-7);
  });
}
Constraint MinMaxNorm(double min_value, double max_value, double rate, std::int64_t axis) {
  return Constraint("MinMaxNorm", {{"min_value", min_value}, {"max_value", max_value}, {"rate", rate}, {"axis", double(axis)}},
                    [min_value, max_value, rate, axis](const Tensor& w) {
                      Tensor norms = math::sqrt(reduce_sum(math::square(w), {axis}, {.keepdims = true}));
                      Tensor desired = clip_by_value(norms, min_value, max_value) * rate + norms * (1.0 - rate);
                      return w * (desired / (norms + 1e-7));
                    });
}
Constraint::Constraint(const char* name) : Constraint(get(name)) {}
Constraint::Constraint(const std::string& name) : Constraint(get(name)) {}
Constraint get(const std::string& name) {
  if (name == "max_norm") return MaxNorm();
  if (name == "non_neg") return NonNeg();
  if (name == "unit_norm") return UnitNorm();
  if (name == "min_max_norm") return MinMaxNorm();
  throw InvalidArgumentError("[constraints] unknown constraint '" + name +
                             "'; known: max_norm, min_max_norm, non_neg, unit_norm");
}

}  // namespace constraints

}  // namespace tf::keras
