// tf::linalg::eigh_tridiagonal compared with TensorFlow 2.21 in the same run
// (eigh_tridiagonal_reference.py): all eigenvalues, those in a value interval or index range, a
// coarse tolerance, float32 and complex inputs, eigenvectors (TensorFlow's inverse iteration from
// its seeded start, so the same signs), clusters of equal eigenvalues and the error paths.
#include <gtest/gtest.h>

#include "ops/complex/complex_test_util.h"
#include "tfpp/errors.h"
#include "tfpp/linalg_eigh_tridiagonal.h"
#include "tfpp/linalg_ops.h"

namespace tf {
namespace {

using linalg::eigh_tridiagonal;
using testing::complex_pattern;
using testing::expect_error;
using testing::expect_values;
using testing::real_pattern;

const std::map<std::string, std::string>& tensorflow() {
  static const auto blocks = testing::read_blocks("tests/ops/linalg/eigh_tridiagonal_reference.py");
  return blocks;
}

constexpr double kTol = 1e-12, kTol32 = 2e-6;

TEST(EighTridiagonal, MatchesTensorFlow) {
  const Tensor alpha = real_pattern({6}), beta = real_pattern({5}, float64, 29, 13, 6);
  const Tensor alpha32 = cast(alpha, float32), beta32 = cast(beta, float32);
  expect_values(tensorflow(), "all", eigh_tridiagonal(alpha, beta).eigvals, kTol);
  expect_values(tensorflow(), "all32", eigh_tridiagonal(alpha32, beta32).eigvals, kTol32);
  expect_values(tensorflow(), "values", eigh_tridiagonal(alpha, beta, {.select = "v", .select_range = std::pair{-0.5, 1.0}}).eigvals, kTol);
  expect_values(tensorflow(), "indices", eigh_tridiagonal(alpha, beta, {.select = "i", .select_range = std::pair{1.0, 3.0}}).eigvals, kTol);
  expect_values(tensorflow(), "tol", eigh_tridiagonal(alpha, beta, {.tol = 1e-3}).eigvals, kTol);
  const linalg::EighTridiagonal full = eigh_tridiagonal(alpha, beta, {.eigvals_only = false});
  expect_values(tensorflow(), "vectors", full.eigvectors, 1e-10);
  expect_values(tensorflow(), "vectors_values", full.eigvals, kTol);
  expect_values(tensorflow(), "vectors32", eigh_tridiagonal(alpha32, beta32, {.eigvals_only = false}).eigvectors, 1e-5);
  expect_values(tensorflow(), "vectors_indices",
                eigh_tridiagonal(alpha, beta, {.eigvals_only = false, .select = "i", .select_range = std::pair{2.0, 4.0}}).eigvectors,
                1e-10);
  const Tensor alpha_c = complex(alpha, zeros({6}, float64)), beta_c = complex_pattern({5});
  expect_values(tensorflow(), "complex", eigh_tridiagonal(alpha_c, beta_c).eigvals, kTol);
  expect_values(tensorflow(), "complex_vectors", eigh_tridiagonal(alpha_c, beta_c, {.eigvals_only = false}).eigvectors, 1e-10);
  const Tensor twos = ones({5}, float64) * 2.0, split = constant({1.0, 0.0, 1.0, 0.0});
  expect_values(tensorflow(), "cluster", eigh_tridiagonal(twos, split).eigvals, kTol);
  expect_values(tensorflow(), "cluster_vectors", eigh_tridiagonal(twos, split, {.eigvals_only = false}).eigvectors, 1e-10);
  expect_values(tensorflow(), "one", eigh_tridiagonal(constant({3.0f}), zeros({0})).eigvals, 0);
  for (const char* name : {"err_dtypes", "err_select"}) EXPECT_EQ(tensorflow().at(name), "ValueError") << name;
  for (const char* name : {"err_indices", "err_values"}) EXPECT_EQ(tensorflow().at(name), "InvalidArgumentError") << name;
  expect_error([&] { eigh_tridiagonal(alpha, beta32); }, "[eigh_tridiagonal] 'alpha' and 'beta' must have the same type.");
  expect_error([&] { eigh_tridiagonal(alpha, beta, {.select = "x"}); }, "[eigh_tridiagonal] 'select must have a value in");
  expect_error([&] { eigh_tridiagonal(alpha, beta, {.select = "i", .select_range = std::pair{3.0, 1.0}}); },
               "Got empty index range in select_range.");
  expect_error([&] { eigh_tridiagonal(alpha, beta, {.select = "v", .select_range = std::pair{1.0, -1.0}}); },
               "Got empty interval in select_range.");
}

// The eigenpairs satisfy T v = lambda v.
TEST(EighTridiagonal, DecomposesTheMatrix) {
  const Tensor alpha = real_pattern({6}), beta = real_pattern({5}, float64, 29, 13, 6);
  const linalg::EighTridiagonal e = eigh_tridiagonal(alpha, beta, {.eigvals_only = false});
  const std::vector<double> a = alpha.numpy<double>(), b = beta.numpy<double>(), lambda = e.eigvals.numpy<double>(),
                            v = e.eigvectors.numpy<double>();
  for (int j = 0; j < 6; ++j)
    for (int i = 0; i < 6; ++i) {
      double tv = a[i] * v[i * 6 + j];
      if (i > 0) tv += b[i - 1] * v[(i - 1) * 6 + j];
      if (i < 5) tv += b[i] * v[(i + 1) * 6 + j];
      EXPECT_NEAR(tv, lambda[j] * v[i * 6 + j], 1e-10) << i << "," << j;
    }
}

}  // namespace
}  // namespace tf
