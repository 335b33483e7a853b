// complex64 / complex128: values of the arithmetic, the elementwise math, casts, matmul,
// reductions and array ops, gradients (TensorFlow's conjugate convention) and printing, each
// compared with TensorFlow 2.21 in the same run (complex_reference.py); finite-difference
// gradients on real parametrizations; error paths; .npy and TensorProto round trips.
#include <gtest/gtest.h>

#include <complex>

#include "autodiff/gradient_checker.h"
#include "complex_test_util.h"
#include "io/npy.h"
#include "tfpp/errors.h"
#include "tfpp/function.h"
#include "tfpp/io/serialize_tensor.h"
#include "tfpp/linalg_eig.h"
#include "tfpp/linalg_ops.h"
#include "tfpp/sequence_ops.h"
#include "tfpp/trigonometric_ops.h"
#include "tfpp/zero_safe_ops.h"

namespace tf {
namespace {

using testing::complex_pattern;
using testing::expect_values;
using testing::real_pattern;
using Fn1 = Tensor (*)(const Tensor&);
using Fn2 = Tensor (*)(const Tensor&, const Tensor&);

const std::map<std::string, std::string>& tensorflow() {
  static const auto blocks = testing::read_blocks("tests/ops/complex/complex_reference.py");
  return blocks;
}

// Tolerances relative to max(1, |TensorFlow's value|): both sides round differently in the
// transcendental functions, by a few ulps of the dtype.
constexpr double kTol128 = 1e-12, kTol64 = 2e-6;

Tensor z() { return complex_pattern({2, 3}); }
Tensor w() { return complex(real_pattern({2, 3}, float64, 29, 13, 6), real_pattern({2, 3}, float64, 17, 5, 2)); }
Tensor z64() { return complex_pattern({2, 3}, complex64); }
Tensor a() { return real_pattern({2, 3}); }
Tensor b() { return real_pattern({2, 3}, float64, 53, 7, 3, 0.5, 0.25); }
Tensor m() { return complex_pattern({2, 2, 3}); }
Tensor n() { return complex_pattern({3, 2}); }

void binary_ops_match_tensorflow() {
  const std::vector<std::pair<const char*, Fn2>> ops = {
      {"add", math::add}, {"sub", math::subtract}, {"mul", math::multiply}, {"div", math::divide}, {"pow", math::pow},
      {"squared_difference", math::squared_difference}, {"xlogy", math::xlogy}, {"divide_no_nan", math::divide_no_nan},
      {"equal", math::equal}, {"not_equal", math::not_equal}};
  for (const auto& [name, fn] : ops) {
    expect_values(tensorflow(), name, fn(z(), w()), kTol128);
    expect_values(tensorflow(), std::string(name) + "64", fn(z64(), cast(w(), complex64)), kTol64);
  }
  expect_values(tensorflow(), "broadcast_add", z() + constant(std::complex<double>(1, 2)), kTol128);
  expect_values(tensorflow(), "add_n", math::add_n({z(), w(), z()}), kTol128);
}

void unary_ops_match_tensorflow() {
  const std::vector<std::pair<const char*, Fn1>> ops = {
      {"neg", math::negative}, {"sign", math::sign}, {"square", math::square}, {"sqrt", math::sqrt},
      {"rsqrt", math::rsqrt}, {"reciprocal", math::reciprocal}, {"exp", math::exp}, {"expm1", math::expm1},
      {"log", math::log}, {"log1p", math::log1p}, {"sin", math::sin}, {"cos", math::cos}, {"tan", math::tan},
      {"sinh", math::sinh}, {"cosh", math::cosh}, {"tanh", math::tanh}, {"asin", math::asin}, {"acos", math::acos},
      {"atan", math::atan}, {"asinh", math::asinh}, {"acosh", math::acosh}, {"atanh", math::atanh},
      {"sigmoid", math::sigmoid}, {"real", math::real}, {"imag", math::imag}, {"conj", math::conj},
      {"angle", math::angle}, {"abs", math::abs}};
  for (const auto& [name, fn] : ops) {
    expect_values(tensorflow(), name, fn(z()), kTol128);
    expect_values(tensorflow(), std::string(name) + "64", fn(z64()), kTol64);
  }
}

void build_take_apart_and_cast_as_tensorflow() {
  EXPECT_EQ(complex(a(), b()).dtype(), complex128);
  EXPECT_EQ(complex(cast(a(), float32), cast(b(), float32)).dtype(), complex64);
  EXPECT_EQ(math::real(z64()).dtype(), float32);
  EXPECT_EQ(math::abs(z()).dtype(), float64);
  expect_values(tensorflow(), "complex", complex(a(), b()), 0);
  expect_values(tensorflow(), "complex_broadcast", complex(a(), constant(2.0)), 0);
  expect_values(tensorflow(), "angle_real", math::angle(a()), kTol128);
  expect_values(tensorflow(), "imag_real", math::imag(a()), 0);
  expect_values(tensorflow(), "cast_to_float32", cast(z(), float32), 0);
  expect_values(tensorflow(), "cast_to_int32", cast(z() * 3.0, int32), 0);
  expect_values(tensorflow(), "cast_to_bool",
                cast(complex(constant({0.0f, 1.0f, 0.0f}), constant({1.0f, 0.0f, 0.0f})), bool_), 0);
  expect_values(tensorflow(), "cast_from_float32", cast(constant({1.5f, -2.0f}), complex64), 0);
  expect_values(tensorflow(), "cast_from_int64", cast(constant(std::vector<std::int64_t>{3, -4}), complex128), 0);
  expect_values(tensorflow(), "cast_64_to_128", cast(z64(), complex128), 0);
  expect_values(tensorflow(), "zeros_like", zeros_like(z()), 0);
  expect_values(tensorflow(), "ones", ones({2}, complex64), 0);
  EXPECT_EQ(constant(std::complex<float>(1, 2)).dtype(), complex64);
  EXPECT_EQ(constant(std::vector<std::complex<double>>{{1, 2}, {3, 4}}).numpy<std::complex<double>>()[1],
            std::complex<double>(3, 4));
}

void matmul_reductions_and_array_ops_match_tensorflow() {
  expect_values(tensorflow(), "matmul", matmul(z(), n()), kTol128);
  expect_values(tensorflow(), "matmul_transpose_b", matmul(z(), transpose(n()), {.transpose_b = true}), kTol128);
  expect_values(tensorflow(), "batch_matmul", matmul(m(), n()), kTol128);
  expect_values(tensorflow(), "sum", reduce_sum(m(), {0, 2}), kTol128);
  expect_values(tensorflow(), "sum_all", reduce_sum(m()), kTol128);
  expect_values(tensorflow(), "prod", reduce_prod(m(), Axes(1), {.keepdims = true}), kTol128);
  expect_values(tensorflow(), "mean", reduce_mean(m(), Axes(-1)), kTol128);
  expect_values(tensorflow(), "where", where(constant({true, false, true}), z(), w()), 0);
  expect_values(tensorflow(), "transpose", transpose(m(), {2, 0, 1}), 0);
  expect_values(tensorflow(), "concat", concat({z(), w()}, 1), 0);
  expect_values(tensorflow(), "gather", gather(m(), {1, 0, 1}, {.axis = 2}), 0);
  expect_values(tensorflow(), "reverse", reverse(m(), {1}), 0);
  expect_values(tensorflow(), "tile", tile(z(), {2, 1}), 0);
  expect_values(tensorflow(), "pad", pad(z(), {{1, 0}, {0, 2}}), 0);
}

TEST(ComplexOps, TracedFunctionsGiveTheEagerValues) {
  auto f = function([](Tensor x, Tensor y) { return math::exp(x) * y + math::conj(x) / y - reduce_sum(x * y); });
  const Tensor eager = math::exp(z()) * w() + math::conj(z()) / w() - reduce_sum(z() * w());
  const std::vector<double> traced = testing::flat_values(f(z(), w())), expected = testing::flat_values(eager);
  ASSERT_EQ(traced.size(), expected.size());
  for (std::size_t i = 0; i < traced.size(); ++i) EXPECT_NEAR(traced[i], expected[i], 1e-12);
}

void ordering_and_unsupported_ops_raise() {
  EXPECT_EQ(tensorflow().at("less"), "InvalidArgumentError");
  testing::expect_error([] { math::less(z(), w()); }, "does not support dtype complex128");
  EXPECT_EQ(tensorflow().at("maximum"), "InvalidArgumentError");
  testing::expect_error([] { math::maximum(z(), w()); }, "[Maximum]");
  testing::expect_error([] { math::floor(z()); }, "[Floor]");
  testing::expect_error([] { complex(a(), cast(b(), float32)); }, "[Complex] real and imag must have the same dtype, got float64 and float32");
  testing::expect_error([] { complex(constant({1, 2}), constant({3, 4})); }, "real and imag must be float32 or float64, got int32");
  testing::expect_error([] { math::complex_abs(a()); }, "[ComplexAbs] expects a complex64");
  testing::expect_error([] { z() + z64(); }, "complex");
  // A complex scalar converts to bool as Python's bool(tf.constant(1+0j)) does: nonzero is true.
  EXPECT_TRUE(static_cast<bool>(constant(std::complex<float>(1, 0))));
  EXPECT_FALSE(static_cast<bool>(constant(std::complex<double>(0, 0))));
}

// The tape's gradients of the real loss sum(real(f) w + imag(f) w / 2), as TensorFlow's tape gives them.
void gradients_match_tensorflow() {
  using V = const std::vector<Tensor>&;
  const auto check = [](const char* name, std::function<Tensor(V)> f, std::vector<Tensor> xs) {
    expect_values(tensorflow(), name, testing::tape_gradients(f, xs), 1e-11);
  };
  check("grad_mul", [](V x) { return x[0] * x[1]; }, {z(), w()});
  check("grad_div", [](V x) { return x[0] / x[1]; }, {z(), w()});
  check("grad_exp_log", [](V x) { return math::exp(x[0]) + math::log(x[0]) * math::sin(x[0]); }, {z()});
  check("grad_pow", [](V x) { return math::pow(x[0], x[1]); }, {z(), w()});
  check("grad_sqrt_tanh", [](V x) { return math::sqrt(x[0]) * math::tanh(x[0]) + math::reciprocal(x[0]); }, {z()});
  check("grad_square_sigmoid", [](V x) { return math::square(x[0]) - math::sigmoid(x[0]) + math::rsqrt(x[0]); }, {z()});
  check("grad_abs", [](V x) { return math::abs(x[0] * x[0]); }, {z()});
  check("grad_angle", [](V x) { return math::angle(x[0]); }, {z()});
  check("grad_real_imag_conj",
        [](V x) { return complex(math::real(x[0]) * math::imag(x[0]), math::real(x[0])) * math::conj(x[0]); }, {z()});
  check("grad_complex", [](V x) { return complex(x[0], x[1]) * complex(x[1], x[0]); }, {a(), b()});
  check("grad_matmul", [](V x) { return matmul(x[0], x[1]); }, {z(), n()});
  check("grad_batch_matmul", [](V x) { return matmul(x[0], x[1]); }, {m(), n()});
  check("grad_sum_prod_mean",
        [](V x) { return reduce_sum(x[0], Axes(1)) + reduce_prod(x[0], Axes(1)) + reduce_mean(x[0], Axes(1)); }, {m()});
  check("grad_cast",
        [](V x) { return cast(cast(x[0], complex128) * constant(std::complex<double>(1, 2)), float64) * x[0]; }, {a()});
  check("grad_trig",
        [](V x) { return math::tan(x[0]) + math::sinh(x[0]) * math::cosh(x[0]) + math::atan(x[0]) + math::asinh(x[0]); },
        {z()});
}

// Central differences in the real and imaginary parts of z = complex(re, im).
TEST(ComplexOps, GradientsMatchFiniteDifferencesOfRealParts) {
  using V = const std::vector<Tensor>&;
  const auto through = [](std::function<Tensor(const Tensor&)> f) {
    return [f](V x) {
      const Tensor y = f(complex(x[0], x[1]));
      return math::real(y) * testing::weights_like(y) + math::imag(y) * testing::weights_like(y) / 2.0;
    };
  };
  const std::vector<Tensor> parts = {a(), b()};
  const std::vector<std::pair<const char*, std::function<Tensor(const Tensor&)>>> fns = {
      {"mul_div", [](const Tensor& x) { return x * x / (x + constant(std::complex<double>(2, 1))); }},
      {"exp_log_sqrt", [](const Tensor& x) { return math::exp(x) * math::log(x) + math::sqrt(x); }},
      {"trig", [](const Tensor& x) { return math::sin(x) * math::cos(x) + math::tanh(x) - math::sigmoid(x); }},
      {"pow", [](const Tensor& x) { return math::pow(x, x); }},
      {"abs_angle", [](const Tensor& x) { return complex(math::abs(x), math::angle(x)); }},
      {"conj_real_imag", [](const Tensor& x) { return math::conj(x) * complex(math::imag(x), math::real(x)); }},
      {"matmul_reduce", [](const Tensor& x) { return reduce_prod(matmul(x, transpose(x)), Axes(0)) + reduce_mean(x); }},
      {"reciprocal_rsqrt", [](const Tensor& x) { return math::reciprocal(x) + math::rsqrt(x) + math::square(x); }}};
  for (const auto& [name, f] : fns) {
    SCOPED_TRACE(name);
    EXPECT_LT(testing::max_gradient_error(through(f), parts), 1e-6);
  }
}

void prints_as_tensorflow() {
  const std::vector<std::pair<const char*, Tensor>> cases = {
      {"print_vector", constant(std::vector<std::complex<float>>{{1, 2}, {-3.5f, -4}, {0.25f, 1e-3f}})},
      {"print_matrix", constant(std::vector<std::complex<double>>{{1, 2}, {3, 0}, {std::nan(""), 0}, {1, INFINITY}}, {2, 2})},
      {"print_scientific", constant(std::vector<std::complex<double>>{{1e10, 1}, {2, 0}})},
      {"print_scalar", constant(std::complex<double>(1, 2))},
      {"print_scalar64", constant(std::complex<float>(0.1f, 0.2f))},
      {"print_imaginary", constant(std::complex<double>(0, -2))},
      {"print_large", constant(std::complex<double>(1e20, 1e-5))},
      {"print_pattern", z()},
      {"print_pattern64", z64()},
      {"print_negative_zero", constant(std::vector<std::complex<double>>{{-0.0, -0.0}, {0.0, 1.5}})},
      {"print_empty", zeros({0, 2}, complex64)},
      {"print_long", cast(complex(range(0.0, 1200.0, 1.0, float32), -range(0.0, 1200.0, 1.0, float32)), complex128)}};
  for (const auto& [name, t] : cases) EXPECT_EQ(t.to_string() + "\n" + t.repr(), tensorflow().at(name)) << name;
}

TEST(ComplexOps, NpyAndTensorProtoRoundTrip) {
  for (const Tensor& t : {z(), z64()}) {
    const std::string bytes = io::serialize_npy(t);
    EXPECT_NE(bytes.find(t.dtype() == complex64 ? "'descr': '<c8'" : "'descr': '<c16'"), std::string::npos);
    const Tensor back = io::parse_npy(bytes, "memory");
    EXPECT_EQ(back.dtype(), t.dtype());
    EXPECT_EQ(testing::flat_values(back), testing::flat_values(t));
    // tf.io.serialize_tensor writes a TensorProto (tensor_content); parse_tensor reads it back.
    EXPECT_EQ(testing::flat_values(io::parse_tensor(io::serialize_tensor(t), t.dtype())), testing::flat_values(t));
  }
  // A TensorProto written with scomplex_val, as TensorFlow writes small constants: (real, imag)
  // pairs, the last pair repeated to fill the shape. dtype DT_COMPLEX64 (8), shape [3].
  const unsigned char proto[] = {0x08, 0x08, 0x12, 0x04, 0x12, 0x02, 0x08, 0x03, 0x4a, 0x10,
                                 0x00, 0x00, 0x80, 0x3f, 0x00, 0x00, 0x00, 0x40,   // 1, 2
                                 0x00, 0x00, 0x40, 0x40, 0x00, 0x00, 0x80, 0xc0};  // 3, -4
  const Tensor bytes = constant(std::string(reinterpret_cast<const char*>(proto), sizeof proto));
  EXPECT_EQ(testing::flat_values(io::parse_tensor(bytes, complex64)), (std::vector<double>{1, 2, 3, -4, 3, -4}));
}

Tensor general_matrix() { return constant({{1.0, 2.0, 0.5}, {-1.0, 0.5, 3.0}, {0.25, -2.0, 1.5}}); }

void eig_matches_tensorflow() {
  using V = const std::vector<Tensor>&;
  const Tensor g = general_matrix(), gb = stack({g, transpose(g) + 1.0});
  expect_values(tensorflow(), "eig_values", linalg::eig(gb).e, kTol128);
  expect_values(tensorflow(), "eig_vectors", linalg::eig(gb).v, 1e-12);
  expect_values(tensorflow(), "eigvals64", linalg::eigvals(complex(cast(g, float32), cast(transpose(g), float32))), kTol64);
  const auto check = [](const char* name, std::function<Tensor(V)> f, std::vector<Tensor> xs) {
    expect_values(tensorflow(), name, testing::tape_gradients(f, xs), 1e-10);
  };
  check("grad_eig_values", [](V x) { return math::abs(linalg::eig(x[0]).e); }, {g});
  check("grad_eig_vectors", [](V x) { return math::square(math::abs(linalg::eig(x[0]).v)); }, {g});
  check("grad_eigvals", [](V x) { return linalg::eigvals(x[0]); }, {g});
  check("grad_eig_complex", [](V x) { return linalg::eig(x[0]).e; }, {complex(g, transpose(g) * 0.5)});
  EXPECT_EQ(tensorflow().at("eig_not_square"), "InvalidArgumentError");
  testing::expect_error([] { linalg::eig(ones({2, 3})); }, "[Eig] input must be square matrices, got shape [2,3]");
}

// a v = v diag(e), with unit-norm columns; eigenvalue gradients against finite differences.
TEST(ComplexOps, EigDecomposes) {
  const Tensor g = general_matrix();
  const auto [e, v] = linalg::eig(g);
  EXPECT_EQ(e.dtype(), complex128);
  const std::vector<double> residual = testing::flat_values(matmul(cast(g, complex128), v) - v * e);
  for (double r : residual) EXPECT_NEAR(r, 0.0, 1e-12);
  for (double n : math::real(reduce_sum(v * math::conj(v), Axes(0))).numpy<double>()) EXPECT_NEAR(n, 1.0, 1e-12);
  // Distinct real eigenvalues, so that their order survives the differences' small steps.
  const Tensor separated = constant({{4.0, 1.0, 0.5}, {0.2, 2.0, 0.3}, {0.1, 0.4, -1.0}});
  const auto loss = [](const std::vector<Tensor>& x) {
    const Tensor values = linalg::eigvals(x[0]);
    return math::real(values) * constant({1.0, 2.0, 3.0}) + math::imag(values);
  };
  EXPECT_LT(testing::max_gradient_error(loss, {separated}), 1e-6);
}

// One test for every comparison with TensorFlow: each test process starts TensorFlow's script once.
TEST(ComplexOps, MatchesTensorFlow) {
  {
    SCOPED_TRACE("EigMatchesTensorFlow");
    eig_matches_tensorflow();
  }
  {
    SCOPED_TRACE("OrderingAndUnsupportedOpsRaise");
    ordering_and_unsupported_ops_raise();
  }
  {
    SCOPED_TRACE("BinaryOpsMatchTensorFlow");
    binary_ops_match_tensorflow();
  }
  {
    SCOPED_TRACE("UnaryOpsMatchTensorFlow");
    unary_ops_match_tensorflow();
  }
  {
    SCOPED_TRACE("BuildTakeApartAndCastAsTensorFlow");
    build_take_apart_and_cast_as_tensorflow();
  }
  {
    SCOPED_TRACE("MatmulReductionsAndArrayOpsMatchTensorFlow");
    matmul_reductions_and_array_ops_match_tensorflow();
  }
  {
    SCOPED_TRACE("GradientsMatchTensorFlow");
    gradients_match_tensorflow();
  }
  {
    SCOPED_TRACE("PrintsAsTensorFlow");
    prints_as_tensorflow();
  }
}

}  // namespace
}  // namespace tf
