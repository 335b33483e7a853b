#include <gtest/gtest.h>

#include <numeric>
#include <tfpp/tfpp.h>

#include "array_test_util.h"

namespace {

using tf::testing::expect_invalid;
using tf::testing::iota;
using V = std::vector<std::int32_t>;

// Reference: out[idx] = in[idx permuted back], computed with plain index arithmetic.
std::vector<std::int32_t> reference_transpose(const tf::TensorShape& in, const std::vector<int>& perm) {
  const int r = in.rank();
  std::vector<std::int64_t> in_strides(r, 1), out_dims(r);
  for (int i = r - 2; i >= 0; --i) in_strides[i] = in_strides[i + 1] * in.dim(i + 1);
  for (int i = 0; i < r; ++i) out_dims[i] = in.dim(perm[i]);
  std::vector<std::int32_t> out(in.num_elements());
  for (std::int64_t o = 0; o < static_cast<std::int64_t>(out.size()); ++o) {
    std::int64_t rem = o, src = 0;
    for (int d = r - 1; d >= 0; --d) {
      src += (rem % out_dims[d]) * in_strides[perm[d]];
      rem /= out_dims[d];
    }
    out[o] = static_cast<std::int32_t>(src);
  }
  return out;
}

TEST(Transpose, Matrix) {
  tf::Tensor t = tf::constant({{1, 2, 3}, {4, 5, 6}});
  tf::Tensor r = tf::transpose(t);
  EXPECT_EQ(r.shape(), tf::TensorShape({3, 2}));
  EXPECT_EQ(r.numpy<std::int32_t>(), (V{1, 4, 2, 5, 3, 6}));
  EXPECT_EQ(tf::transpose(t, {0, 1}).numpy<std::int32_t>(), (V{1, 2, 3, 4, 5, 6}));
}

TEST(Transpose, EveryPermutationOfRank4MatchesTheReference) {
  const tf::TensorShape shape{3, 1, 4, 5};
  tf::Tensor t = iota(shape);
  std::vector<int> perm{0, 1, 2, 3};
  do {
    tf::Tensor r = tf::transpose(t, std::vector<int>(perm));
    EXPECT_EQ(r.numpy<std::int32_t>(), reference_transpose(shape, perm));
  } while (std::next_permutation(perm.begin(), perm.end()));
}

TEST(Transpose, LargeTensorsTakeTheParallelTiledPath) {
  const tf::TensorShape shape{7, 300, 257};
  tf::Tensor t = iota(shape);
  for (const std::vector<int>& perm : {std::vector<int>{0, 2, 1}, {2, 1, 0}, {1, 0, 2}, {2, 0, 1}})
    EXPECT_EQ(tf::transpose(t, perm).numpy<std::int32_t>(), reference_transpose(shape, perm));
}

TEST(Transpose, LargeEightAndOneByteElements) {
  const tf::TensorShape shape{130, 67};
  const auto ref = reference_transpose(shape, {1, 0});
  std::vector<std::int64_t> wide(shape.num_elements());
  std::vector<bool> bits(shape.num_elements());
  for (std::size_t i = 0; i < wide.size(); ++i) {
    wide[i] = static_cast<std::int64_t>(i) * 1000003;
    bits[i] = i % 3 == 0;
  }
  const auto w = tf::transpose(tf::constant(wide, shape)).numpy<std::int64_t>();
  const auto b = tf::transpose(tf::constant(bits, shape)).numpy<bool>();
  for (std::size_t i = 0; i < ref.size(); ++i) {
    ASSERT_EQ(w[i], wide[ref[i]]);
    ASSERT_EQ(b[i], bits[ref[i]]);
  }
}

TEST(Transpose, DtypesEmptyAndScalar) {
  tf::Tensor s = tf::transpose(tf::constant(std::vector<std::string>{"a", "b", "c", "d", "e", "f"}, {2, 3}));
  EXPECT_EQ(s.numpy<std::string>(), (std::vector<std::string>{"a", "d", "b", "e", "c", "f"}));
  tf::Tensor d = tf::transpose(tf::constant({{1.5, 2.5}, {3.5, 4.5}}));
  EXPECT_EQ(d.numpy<double>(), (std::vector<double>{1.5, 3.5, 2.5, 4.5}));
  tf::Tensor b = tf::transpose(tf::constant(std::vector<bool>{true, false, false, true, true, false}, {3, 2}));
  EXPECT_EQ(b.numpy<bool>(), (std::vector<bool>{true, false, true, false, true, false}));
  EXPECT_EQ(tf::transpose(tf::zeros({0, 3})).shape(), tf::TensorShape({3, 0}));
  EXPECT_EQ(tf::transpose(tf::constant(2.0f)).item<float>(), 2.0f);
}

TEST(Transpose, BadPermutations) {
  tf::Tensor t = iota({2, 3, 4});
  expect_invalid([&] { tf::transpose(t, {0, 1}); }, {"[Transpose]", "{0,1}", "rank 3"});
  expect_invalid([&] { tf::transpose(t, {0, 1, 1}); }, {"[Transpose]", "appears twice"});
  expect_invalid([&] { tf::transpose(t, {0, 1, 3}); }, {"[Transpose]", "outside [0, 3)"});
}

}  // namespace
