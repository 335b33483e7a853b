// tf.math (and tf.linalg.matmul, tf.truncatediv, tf.truncatemod) for Python, generated from tables
// of tfpp's public C++ functions: one row per op, with TensorFlow's Python name and argument names.
// tfpp/__init__.py re-exports at top level the names TensorFlow also has there (tf.add, tf.tan, ...).
#include <nanobind/stl/optional.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/string.h>

#include "bindings.h"
#include "tfpp/float_classification_ops.h"
#include "tfpp/logical_xor.h"
#include "tfpp/softsign_ops.h"
#include "tfpp/special_math_ops.h"
#include "tfpp/trigonometric_ops.h"
#include "tfpp/truncating_division_ops.h"
#include "tfpp/zero_safe_ops.h"

namespace tfpp_python {
namespace {

using namespace nb::literals;
using UnaryFn = tf::Tensor (*)(const tf::Tensor&);
using BinaryFn = tf::Tensor (*)(const tf::Tensor&, const tf::Tensor&);
using ReduceAllFn = tf::Tensor (*)(const tf::Tensor&, const tf::ReduceOptions&);
using ReduceAxesFn = tf::Tensor (*)(const tf::Tensor&, const tf::Axes&, const tf::ReduceOptions&);

struct UnaryOp {
  const char* name;
  const char* arg;  // TensorFlow's name of the input
  UnaryFn fn;
};

// How a two-input function converts its inputs (TensorFlow's Python wrappers differ).
enum class Inputs {
  kMatched,  // a Python value to the other input's dtype, or TypeError (binary_operands)
  kHinted,   // the second as a dtype_hint of the first's (hinted_operands: add)
  kDivided,  // as `x / y` (truediv_operands: truediv, divide)
};

struct BinaryOp {
  const char* name;
  BinaryFn fn;
  const char* first = "x";  // TensorFlow's names of the inputs
  const char* second = "y";
  Inputs inputs = Inputs::kMatched;
};

std::pair<tf::Tensor, tf::Tensor> converted_inputs(Inputs inputs, nb::handle x, nb::handle y) {
  if (inputs == Inputs::kMatched) return binary_operands(x, y);
  if (inputs == Inputs::kHinted) return hinted_operands(x, y);
  return truediv_operands(x, y);
}

struct Reduction {
  const char* name;
  ReduceAllFn all;
  ReduceAxesFn axes;
};

const UnaryOp kUnaryOps[] = {
    {"negative", "x", tf::math::negative},     {"abs", "x", tf::math::abs},
    {"sign", "x", tf::math::sign},             {"square", "x", tf::math::square},
    {"sqrt", "x", tf::math::sqrt},             {"rsqrt", "x", tf::math::rsqrt},
    {"reciprocal", "x", tf::math::reciprocal}, {"exp", "x", tf::math::exp},
    {"expm1", "x", tf::math::expm1},           {"log", "x", tf::math::log},
    {"log1p", "x", tf::math::log1p},           {"sin", "x", tf::math::sin},
    {"cos", "x", tf::math::cos},               {"tanh", "x", tf::math::tanh},
    {"sigmoid", "x", tf::math::sigmoid},       {"softplus", "features", tf::math::softplus},
    {"erf", "x", tf::math::erf},               {"round", "x", tf::math::round},
    {"floor", "x", tf::math::floor},           {"ceil", "x", tf::math::ceil},
    {"logical_not", "x", tf::math::logical_not},
    {"tan", "x", tf::math::tan},               {"asin", "x", tf::math::asin},
    {"acos", "x", tf::math::acos},             {"atan", "x", tf::math::atan},
    {"sinh", "x", tf::math::sinh},             {"cosh", "x", tf::math::cosh},
    {"asinh", "x", tf::math::asinh},           {"acosh", "x", tf::math::acosh},
    {"atanh", "x", tf::math::atanh},           {"lgamma", "x", tf::math::lgamma},
    {"digamma", "x", tf::math::digamma},       {"erfc", "x", tf::math::erfc},
    {"erfinv", "x", tf::math::erfinv},         {"ndtri", "x", tf::math::ndtri},
    {"rint", "x", tf::math::rint},             {"log_sigmoid", "x", tf::math::log_sigmoid},
    {"softsign", "features", tf::math::softsign},
    {"is_nan", "x", tf::math::is_nan},         {"is_inf", "x", tf::math::is_inf},
    {"is_finite", "x", tf::math::is_finite},   {"reciprocal_no_nan", "x", tf::math::reciprocal_no_nan},
};

const BinaryOp kBinaryOps[] = {
    {"add", tf::math::add, "x", "y", Inputs::kHinted},
    {"subtract", tf::math::subtract},
    {"multiply", tf::math::multiply},
    {"divide", tf::math::divide, "x", "y", Inputs::kDivided},
    {"truediv", tf::math::truediv, "x", "y", Inputs::kDivided},
    {"floordiv", tf::math::floordiv},
    {"floormod", tf::math::floormod},
    {"mod", tf::math::floormod},
    {"pow", tf::math::pow},
    {"maximum", tf::math::maximum},
    {"minimum", tf::math::minimum},
    {"squared_difference", tf::math::squared_difference},
    {"equal", tf::math::equal},
    {"not_equal", tf::math::not_equal},
    {"less", tf::math::less},
    {"less_equal", tf::math::less_equal},
    {"greater", tf::math::greater},
    {"greater_equal", tf::math::greater_equal},
    {"logical_and", tf::math::logical_and},
    {"logical_or", tf::math::logical_or},
    {"logical_xor", tf::math::logical_xor},
    {"atan2", tf::math::atan2, "y", "x"},
    {"polygamma", tf::math::polygamma, "a", "x"},
    {"xlogy", tf::math::xlogy},
    {"xlog1py", tf::math::xlog1py},
    {"xdivy", tf::math::xdivy},
    {"divide_no_nan", tf::math::divide_no_nan},
    {"multiply_no_nan", tf::math::multiply_no_nan},
    {"nextafter", tf::math::nextafter, "x1", "x2"},
};

// TensorFlow has these at top level only (tf.truncatediv, no tf.math.truncatediv).
const BinaryOp kTopLevelBinaryOps[] = {
    {"truncatediv", tf::truncatediv},
    {"truncatemod", tf::truncatemod},
};

const Reduction kReductions[] = {
    {"reduce_sum", static_cast<ReduceAllFn>(tf::reduce_sum), static_cast<ReduceAxesFn>(tf::reduce_sum)},
    {"reduce_mean", static_cast<ReduceAllFn>(tf::reduce_mean), static_cast<ReduceAxesFn>(tf::reduce_mean)},
    {"reduce_max", static_cast<ReduceAllFn>(tf::reduce_max), static_cast<ReduceAxesFn>(tf::reduce_max)},
    {"reduce_min", static_cast<ReduceAllFn>(tf::reduce_min), static_cast<ReduceAxesFn>(tf::reduce_min)},
    {"reduce_prod", static_cast<ReduceAllFn>(tf::reduce_prod), static_cast<ReduceAxesFn>(tf::reduce_prod)},
    {"reduce_any", static_cast<ReduceAllFn>(tf::reduce_any), static_cast<ReduceAxesFn>(tf::reduce_any)},
    {"reduce_all", static_cast<ReduceAllFn>(tf::reduce_all), static_cast<ReduceAxesFn>(tf::reduce_all)},
};

}  // namespace

// tf.math's incomplete gamma / beta, zeta, Bessel functions, lbeta, polyval and tf.math.special
// (special_functions.cc).
void bind_special_functions(nb::module_& math);

void bind_math_ops(nb::module_& m) {
  nb::module_ math = m.def_submodule("math", "tf.math: elementwise math, comparisons and reductions.");
  for (const UnaryOp& op : kUnaryOps) {
    UnaryFn fn = op.fn;
    math.def(op.name, [fn](nb::handle x, nb::handle name) {
      NodeName named(name);
      return fn(to_tensor(x));
    }, nb::arg(op.arg),
             "name"_a = nb::none());
  }
  auto def_binary = [](nb::module_& module, const BinaryOp& op) {
    BinaryFn fn = op.fn;
    const Inputs inputs = op.inputs;
    module.def(op.name, [fn, inputs](nb::handle x, nb::handle y, nb::handle name) {
      auto [a, b] = converted_inputs(inputs, x, y);
      NodeName named(name);
      return fn(a, b);
    }, nb::arg(op.first), nb::arg(op.second), "name"_a = nb::none());
  };
  for (const BinaryOp& op : kBinaryOps) def_binary(math, op);
  for (const BinaryOp& op : kTopLevelBinaryOps) def_binary(m, op);
  for (const Reduction& r : kReductions) {
    ReduceAllFn all = r.all;
    ReduceAxesFn axes = r.axes;
    math.def(r.name, [all, axes](nb::handle input, nb::handle axis, bool keepdims, nb::handle name) {
      NodeName named(name);
      tf::Tensor x = to_tensor(input);
      if (axis.is_none()) return all(x, {.keepdims = keepdims});
      return axes(x, tf::Axes(int_list(axis)), {.keepdims = keepdims});
    }, "input_tensor"_a, "axis"_a = nb::none(), "keepdims"_a = false, "name"_a = nb::none());
  }
  math.def("argmax", [](nb::handle input, nb::handle axis, nb::handle output_type, nb::handle name) {
    NodeName named(name);
    return tf::argmax(to_tensor(input), axis.is_none() ? 0 : nb::cast<std::int64_t>(axis), dtype_from(output_type));
  }, "input"_a, "axis"_a = nb::none(), "output_type"_a = nb::str("int64"), "name"_a = nb::none());
  math.def("argmin", [](nb::handle input, nb::handle axis, nb::handle output_type, nb::handle name) {
    NodeName named(name);
    return tf::argmin(to_tensor(input), axis.is_none() ? 0 : nb::cast<std::int64_t>(axis), dtype_from(output_type));
  }, "input"_a, "axis"_a = nb::none(), "output_type"_a = nb::str("int64"), "name"_a = nb::none());
  math.def("cumsum", [](nb::handle x, std::int64_t axis, bool exclusive, bool reverse, nb::handle name) {
    NodeName named(name);
    return tf::cumsum(to_tensor(x), axis, {.exclusive = exclusive, .reverse = reverse});
  }, "x"_a, "axis"_a = 0, "exclusive"_a = false, "reverse"_a = false, "name"_a = nb::none());
  math.def("cumprod", [](nb::handle x, std::int64_t axis, bool exclusive, bool reverse, nb::handle name) {
    NodeName named(name);
    return tf::math::cumprod(to_tensor(x), axis, {.exclusive = exclusive, .reverse = reverse});
  }, "x"_a, "axis"_a = 0, "exclusive"_a = false, "reverse"_a = false, "name"_a = nb::none());
  math.def("top_k", [](nb::handle input, nb::handle k, bool sorted, nb::handle name) {
    NodeName named(name);
    // A Python int takes the fast path; a tensor k may be symbolic while tracing.
    tf::math::TopK r = PyLong_Check(k.ptr()) ? tf::math::top_k(to_tensor(input), nb::cast<std::int64_t>(k), sorted)
                                             : tf::math::top_k(to_tensor(input), to_tensor_hinted(k, tf::int32), sorted);
    return std::pair(r.values, r.indices);
  }, "input"_a, "k"_a = 1, "sorted"_a = true, "name"_a = nb::none());
  math.def("cast", [](nb::handle x, nb::handle dtype, nb::handle name) {
    NodeName named(name);
    return tf::cast(to_tensor(x), dtype_from(dtype));
  },
           "x"_a.none(), "dtype"_a, "name"_a = nb::none());  // None reaches to_tensor's ValueError
  math.def("where", [](nb::handle condition, nb::handle x, nb::handle y, nb::handle name) {
    NodeName named(name);
    tf::Tensor c = to_tensor(condition);
    if (x.is_none() && y.is_none()) return tf::where(c);
    if (x.is_none() || y.is_none()) throw nb::value_error("x and y must both be non-None or both be None.");
    auto [a, b] = binary_operands(x, y);
    return tf::where(c, a, b);
  }, "condition"_a, "x"_a = nb::none(), "y"_a = nb::none(), "name"_a = nb::none());
  math.def("clip_by_value", [](nb::handle t, nb::handle lo, nb::handle hi, nb::handle name) {
    NodeName named(name);
    tf::Tensor x = to_tensor(t);
    return tf::clip_by_value(x, operand_like(lo, x), operand_like(hi, x));
  }, "t"_a, "clip_value_min"_a, "clip_value_max"_a, "name"_a = nb::none());
  math.def("matmul", [](nb::handle a, nb::handle b, bool transpose_a, bool transpose_b, nb::handle name) {
    NodeName named(name);
    auto [x, y] = hinted_operands(a, b);
    return tf::matmul(x, y, {.transpose_a = transpose_a, .transpose_b = transpose_b});
  }, "a"_a, "b"_a, "transpose_a"_a = false, "transpose_b"_a = false, "name"_a = nb::none());
  math.def("scalar_mul", [](nb::handle scalar, nb::handle x, nb::handle name) {
    NodeName named(name);
    tf::Tensor t = to_tensor(x);
    return tf::math::multiply(operand_like(scalar, t), t);
  }, "scalar"_a, "x"_a, "name"_a = nb::none());
  bind_special_functions(math);
}

}  // namespace tfpp_python
