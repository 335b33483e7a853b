// Case functions for elementwise math, comparisons, logical ops, casts and activations.
#include "conformance/case_functions.h"
#include "tfpp/bitcast.h"
#include "tfpp/bitwise_ops.h"
#include "tfpp/float_classification_ops.h"
#include "tfpp/logical_xor.h"
#include "tfpp/softsign_ops.h"
#include "tfpp/special_functions.h"
#include "tfpp/special_math_ops.h"
#include "tfpp/tfpp.h"
#include "tfpp/trigonometric_ops.h"
#include "tfpp/truncating_division_ops.h"
#include "tfpp/zero_safe_ops.h"

namespace tf::conformance {
namespace {

using Unary = Tensor (*)(const Tensor&);
using Binary = Tensor (*)(const Tensor&, const Tensor&);

CaseFn unary(Unary fn) {
  return [fn](const std::vector<Tensor>& in, const Attrs&) { return std::vector<Tensor>{fn(in.at(0))}; };
}
CaseFn binary(Binary fn) {
  return [fn](const std::vector<Tensor>& in, const Attrs&) { return std::vector<Tensor>{fn(in.at(0), in.at(1))}; };
}

}  // namespace

void add_math_functions(CaseFunctions& t) {
  const std::pair<const char*, Binary> binaries[] = {
      {"add", math::add}, {"subtract", math::subtract}, {"multiply", math::multiply},
      {"divide", math::divide}, {"truediv", math::truediv}, {"floordiv", math::floordiv},
      {"floormod", math::floormod}, {"pow", math::pow}, {"maximum", math::maximum},
      {"minimum", math::minimum}, {"squared_difference", math::squared_difference},
      {"equal", math::equal}, {"not_equal", math::not_equal}, {"less", math::less},
      {"less_equal", math::less_equal}, {"greater", math::greater}, {"greater_equal", math::greater_equal},
      {"logical_and", math::logical_and}, {"logical_or", math::logical_or}, {"atan2", math::atan2},
      {"polygamma", math::polygamma}, {"xlogy", math::xlogy}, {"xlog1py", math::xlog1py}, {"xdivy", math::xdivy},
      {"divide_no_nan", math::divide_no_nan}, {"multiply_no_nan", math::multiply_no_nan},
      {"nextafter", math::nextafter}, {"logical_xor", math::logical_xor}};
  for (const auto& [name, fn] : binaries) t[std::string("tf.math.") + name] = binary(fn);
  const std::pair<const char*, Unary> unaries[] = {
      {"negative", math::negative}, {"abs", math::abs}, {"sign", math::sign}, {"square", math::square},
      {"sqrt", math::sqrt}, {"rsqrt", math::rsqrt}, {"reciprocal", math::reciprocal}, {"exp", math::exp},
      {"expm1", math::expm1}, {"log", math::log}, {"log1p", math::log1p}, {"sin", math::sin},
      {"cos", math::cos}, {"tanh", math::tanh}, {"sigmoid", math::sigmoid}, {"softplus", math::softplus},
      {"erf", math::erf}, {"round", math::round}, {"floor", math::floor}, {"ceil", math::ceil},
      {"logical_not", math::logical_not}, {"tan", math::tan}, {"asin", math::asin}, {"acos", math::acos},
      {"atan", math::atan}, {"sinh", math::sinh}, {"cosh", math::cosh}, {"asinh", math::asinh}, {"acosh", math::acosh},
      {"atanh", math::atanh}, {"lgamma", math::lgamma}, {"digamma", math::digamma}, {"erfc", math::erfc},
      {"erfinv", math::erfinv}, {"ndtri", math::ndtri}, {"rint", math::rint}, {"log_sigmoid", math::log_sigmoid},
      {"softsign", math::softsign}, {"is_nan", math::is_nan}, {"is_inf", math::is_inf}, {"is_finite", math::is_finite},
      {"reciprocal_no_nan", math::reciprocal_no_nan}};
  for (const auto& [name, fn] : unaries) t[std::string("tf.math.") + name] = unary(fn);
  const std::pair<const char*, Unary> special[] = {
      {"bessel_i0", math::bessel_i0}, {"bessel_i0e", math::bessel_i0e}, {"bessel_i1", math::bessel_i1},
      {"bessel_i1e", math::bessel_i1e}, {"special.bessel_j0", math::special::bessel_j0},
      {"special.bessel_j1", math::special::bessel_j1}, {"special.bessel_y0", math::special::bessel_y0},
      {"special.bessel_y1", math::special::bessel_y1}, {"special.bessel_k0", math::special::bessel_k0},
      {"special.bessel_k0e", math::special::bessel_k0e}, {"special.bessel_k1", math::special::bessel_k1},
      {"special.bessel_k1e", math::special::bessel_k1e}, {"lbeta", math::lbeta}};
  for (const auto& [name, fn] : special) t[std::string("tf.math.") + name] = unary(fn);
  for (const auto& [name, fn] : {std::pair<const char*, Binary>{"igamma", math::igamma}, {"igammac", math::igammac},
                                 {"zeta", math::zeta}})
    t[std::string("tf.math.") + name] = binary(fn);
  t["tf.math.betainc"] = [](const std::vector<Tensor>& in, const Attrs&) {
    return std::vector<Tensor>{math::betainc(in.at(0), in.at(1), in.at(2))};
  };
  t["tf.nn.softsign"] = unary(nn::softsign);
  t["tf.truncatediv"] = binary(truncatediv);
  t["tf.truncatemod"] = binary(truncatemod);
  t["tf.nn.relu"] = unary(nn::relu);
  t["tf.nn.relu6"] = unary(nn::relu6);
  t["tf.nn.elu"] = unary(nn::elu);
  t["tf.nn.selu"] = unary(nn::selu);
  t["tf.nn.gelu"] = [](const std::vector<Tensor>& in, const Attrs& a) {
    return std::vector<Tensor>{nn::gelu(in.at(0), {.approximate = a.b("approximate")})};
  };
  t["tf.cast"] = [](const std::vector<Tensor>& in, const Attrs& a) {
    return std::vector<Tensor>{cast(in.at(0), a.d("dtype", float32))};
  };
  t["tf.where"] = [](const std::vector<Tensor>& in, const Attrs&) {
    return std::vector<Tensor>{in.size() == 1 ? where(in[0]) : where(in.at(0), in.at(1), in.at(2))};
  };
  t["tf.clip_by_value"] = [](const std::vector<Tensor>& in, const Attrs&) {
    return std::vector<Tensor>{clip_by_value(in.at(0), in.at(1), in.at(2))};
  };
  for (const auto& [name, fn] : {std::pair<const char*, Binary>{"bitwise_and", bitwise::bitwise_and},
                                 {"bitwise_or", bitwise::bitwise_or}, {"bitwise_xor", bitwise::bitwise_xor},
                                 {"left_shift", bitwise::left_shift}, {"right_shift", bitwise::right_shift}})
    t[std::string("tf.bitwise.") + name] = binary(fn);
  t["tf.bitwise.invert"] = unary(bitwise::invert);
  t["tf.bitcast"] = [](const std::vector<Tensor>& in, const Attrs& a) {
    return std::vector<Tensor>{bitcast(in.at(0), a.d("type", float32))};
  };
}

}  // namespace tf::conformance
