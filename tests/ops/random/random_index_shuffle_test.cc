// RandomIndexShuffle: TensorFlow 2.21's indices for the same seeds, max indices and rounds in the
// same run (every dtype, block sizes from 16 to 64 bits, per-element seeds), a permutation of the
// whole range, shapes, and the errors for bad dtypes, shapes and rounds.
#include <gtest/gtest.h>

#include <tfpp/random_index_shuffle.h>
#include <tfpp/tfpp.h>

#include <set>

#include "error_of.h"
#include "keras/keras_reference.h"

namespace {

using tf::Tensor;
using tf::random::random_index_shuffle;
using tf::testing::error_of;

Tensor u64(std::vector<std::uint64_t> v) { return tf::constant(v, {static_cast<std::int64_t>(v.size())}); }
// A scalar of an unsigned dtype (tf::constant has no unsigned scalar overloads).
template <class T>
Tensor scalar(T v) { return tf::constant(std::vector<T>{v}, tf::TensorShape()); }

TEST(RandomIndexShuffle, MatchesTensorFlow) {
  const std::string out = tf::testing::run_reference(R"PY(
import tensorflow as tf
def emit(name, t):
    print(name, ' '.join(str(int(v)) for v in t.numpy().ravel()))
u = lambda v: tf.constant(v, tf.uint64)
emit('small', tf.random_index_shuffle(tf.range(12), tf.constant([1, 2, 3]), tf.constant(11), rounds=4))
emit('r8', tf.random_index_shuffle(u([5, 7, 99]), u([7, 8, 9]), u(1000000), rounds=8))
emit('wide', tf.random_index_shuffle(u([5, 7, 99]), u([4294967295, 8, 9]), u(18446744073709551615), rounds=4))
emit('rows', tf.random_index_shuffle(tf.constant(3, tf.uint32), tf.constant([[1, 2, 3], [4, 5, 6]], tf.int64),
                                     tf.constant([10, 70000], tf.uint32), rounds=10))
emit('neg_seed', tf.random_index_shuffle(tf.constant([0, 1], tf.int64), tf.constant([-1, -7, 2**40 + 5], tf.int64),
                                         tf.constant(2**33, tf.int64), rounds=6))
)PY");
  const auto want = tf::testing::parse_values(out);
  const auto check = [&](const std::string& name, const Tensor& got) {
    ASSERT_TRUE(want.count(name)) << out;
    const Tensor as_double = tf::cast(got, tf::float64);
    const std::vector<double> g = as_double.numpy<double>();
    ASSERT_EQ(g.size(), want.at(name).size()) << name;
    for (std::size_t i = 0; i < g.size(); ++i) EXPECT_EQ(g[i], want.at(name)[i]) << name << " " << i;
  };
  check("small", random_index_shuffle(tf::range(12), tf::constant(std::vector<std::int32_t>{1, 2, 3}, {3}),
                                      tf::constant(std::int32_t{11})));
  check("r8", random_index_shuffle(u64({5, 7, 99}), u64({7, 8, 9}), scalar(std::uint64_t{1000000}), 8));
  check("wide", random_index_shuffle(u64({5, 7, 99}), u64({4294967295u, 8, 9}),
                                     scalar(std::uint64_t{18446744073709551615u}), 4));
  check("rows", random_index_shuffle(scalar(std::uint32_t{3}), tf::constant(std::vector<std::int64_t>{1, 2, 3, 4, 5, 6}, {2, 3}),
                                     tf::constant(std::vector<std::uint32_t>{10, 70000}, {2}), 10));
  check("neg_seed", random_index_shuffle(tf::constant(std::vector<std::int64_t>{0, 1}, {2}),
                                         tf::constant(std::vector<std::int64_t>{-1, -7, (std::int64_t{1} << 40) + 5}, {3}),
                                         tf::constant(std::int64_t{1} << 33), 6));
}

TEST(RandomIndexShuffle, IsAPermutationWithIndexDtypeAndShape) {
  const Tensor seed = tf::constant(std::vector<std::int64_t>{11, 12, 13}, {3});
  const Tensor out = random_index_shuffle(tf::cast(tf::range(1000), tf::int64), seed, tf::constant(std::int64_t{999}));
  EXPECT_EQ(out.dtype(), tf::int64);
  EXPECT_EQ(out.shape(), tf::TensorShape({1000}));
  const std::vector<std::int64_t> v = out.numpy<std::int64_t>();
  EXPECT_EQ(std::set<std::int64_t>(v.begin(), v.end()).size(), 1000u);
  EXPECT_EQ(*std::min_element(v.begin(), v.end()), 0);
  EXPECT_EQ(*std::max_element(v.begin(), v.end()), 999);
  const Tensor scalar = random_index_shuffle(tf::constant(std::int32_t{4}), seed, tf::constant(std::int32_t{0}));
  EXPECT_EQ(scalar.shape(), tf::TensorShape());
  EXPECT_EQ(scalar.item<std::int32_t>(), 0);  // a one-element range maps to itself
}

TEST(RandomIndexShuffle, Errors) {
  const Tensor seed = tf::constant(std::vector<std::int32_t>{1, 2, 3}, {3});
  const Tensor five = tf::constant(std::int32_t{5});
  EXPECT_EQ(error_of([&] { random_index_shuffle(tf::constant(5.0f), seed, tf::constant(5.0f)); }),
            "[RandomIndexShuffle] needs int32, uint32, int64 or uint64 inputs, got float32 []");
  EXPECT_EQ(error_of([&] { random_index_shuffle(five, seed, tf::constant(std::int64_t{5})); }),
            "[RandomIndexShuffle] index and max_index must have one dtype, got int32 [] and int64 []");
  EXPECT_EQ(error_of([&] { random_index_shuffle(five, tf::constant(std::vector<std::int32_t>{1, 2}, {2}), five); }),
            "[RandomIndexShuffle] seed must be a vector of size [3] or a matrix of size [n, 3], got int32 [2]");
  EXPECT_EQ(error_of([&] { random_index_shuffle(tf::range(3), seed, tf::range(2)); }),
            "[RandomIndexShuffle] max_index must have 3 rows as the other inputs, got int32 [2]");
  EXPECT_EQ(error_of([&] { random_index_shuffle(five, seed, five, 3); }),
            "[RandomIndexShuffle] rounds must be even and at least 4, got 3");
}

}  // namespace
