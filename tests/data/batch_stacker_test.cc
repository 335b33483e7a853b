// BatchStacker (batch's row-by-row stacking) must give what stacking the whole batch at once
// gives: the same tensors, or the same error for the same row.
#include <gtest/gtest.h>

#include <numeric>
#include <stdexcept>
#include <string>
#include <vector>

#include <tfpp/tfpp.h>

#include "data/batch_stacker.h"
#include "data/tensor_copy.h"
#include "error_of.h"

namespace {

using tf::data::Dataset;
using tf::data::Element;
using tf::data::detail::BatchStacker;
using tf::testing::error_of;

// The batch as text (each component's repr), or the error stacking it raises.
std::string stacked_at_once(const std::vector<Element>& rows) {
  Element out;
  const std::string error = error_of([&] { tf::data::detail::stack_elements(rows, "[Dataset.batch]", out); });
  if (error != "no error") return error;
  std::string s;
  for (const tf::Tensor& t : out) s += t.to_string() + "\n";
  return s;
}

std::string stacked_row_by_row(const std::vector<Element>& rows, std::int64_t capacity) {
  BatchStacker stacker(capacity, "[Dataset.batch]");
  for (const Element& r : rows) stacker.add(r);
  EXPECT_EQ(stacker.size(), static_cast<std::int64_t>(rows.size()));
  Element out;
  const std::string error = error_of([&] { stacker.take(out); });
  EXPECT_EQ(stacker.size(), 0);
  if (error != "no error") return error;
  std::string s;
  for (const tf::Tensor& t : out) s += t.to_string() + "\n";
  return s;
}

void expect_same(const std::vector<Element>& rows, const std::string& what) {
  const std::string want = stacked_at_once(rows);
  const std::int64_t n = static_cast<std::int64_t>(rows.size());
  for (std::int64_t capacity : {n, n + 3}) EXPECT_EQ(stacked_row_by_row(rows, capacity), want) << what;
}

// Rows {i * [1, 2, 3] as float32, the string "s<i>", i as int64}.
std::vector<Element> rows(int n) {
  std::vector<Element> r;
  for (int i = 0; i < n; ++i)
    r.push_back({tf::constant(std::vector<float>{1.0f * i, 2.0f * i, 3.0f * i}), tf::constant("s" + std::to_string(i)),
                 tf::constant(std::int64_t{i})});
  return r;
}

TEST(BatchStacker, MatchesStackingTheWholeBatch) {
  expect_same(rows(1), "one row");
  expect_same(rows(5), "five rows");
  EXPECT_EQ(stacked_row_by_row(rows(2), 4),
            "tf.Tensor(\n[[0. 0. 0.]\n [1. 2. 3.]], shape=(2, 3), dtype=float32)\n"
            "tf.Tensor([b's0' b's1'], shape=(2,), dtype=string)\n"
            "tf.Tensor([0 1], shape=(2,), dtype=int64)\n");
  // Empty components, and elements without components.
  expect_same({{tf::zeros({0, 2})}, {tf::zeros({0, 2})}}, "empty tensors");
  expect_same({{}, {}}, "no components");
}

TEST(BatchStacker, RowsThatDoNotMatchTheFirstGiveTheSameError) {
  std::vector<Element> r = rows(5);
  r[3][0] = tf::constant(std::vector<float>{1, 2});
  expect_same(r, "shape at row 3");
  EXPECT_NE(stacked_row_by_row(r, 5).find("cannot stack float32 [2] with float32 [3] (element 3 of the batch)"),
            std::string::npos);
  r = rows(5);
  r[2][2] = tf::constant(2.0);
  expect_same(r, "dtype at row 2, component 2");
  r[1][0] = tf::constant(std::vector<float>{1, 2});
  expect_same(r, "an earlier component's mismatch comes first");
  r[4].pop_back();
  expect_same(r, "a row with fewer components comes before any shape");
  r = rows(4);
  r[2][1] = tf::Tensor();
  expect_same(r, "undefined tensor in row 2");
  r[0][1] = tf::Tensor();
  expect_same(r, "undefined tensor in the first row");
  expect_same({{}, {tf::constant(1)}}, "a first row without components stacks to nothing");
  expect_same({{tf::constant(1)}, {}}, "a later row without components");
  // Rank 8 rows leave no room for the batch dimension.
  const tf::Tensor rank8 = tf::zeros(tf::TensorShape({1, 1, 1, 1, 1, 1, 1, 1}));
  expect_same({{rank8}, {rank8}}, "rank 8");
}

TEST(BatchStacker, GrowsBeyondItsFirstAllocationAndStartsOverAfterTake) {
  // Rows of 12 MB: room for one row at first, then two, then three.
  const std::int64_t n = 3 << 20;
  std::vector<Element> big;
  for (int i = 0; i < 3; ++i) big.push_back({tf::fill({n}, static_cast<float>(i))});
  BatchStacker stacker(3, "[Dataset.batch]");
  for (const Element& r : big) stacker.add(r);
  Element out;
  stacker.take(out);
  ASSERT_EQ(out[0].shape(), tf::TensorShape({3, n}));
  const float* p = out[0].data<float>();
  EXPECT_EQ(p[0], 0.0f);
  EXPECT_EQ(p[n - 1], 0.0f);
  EXPECT_EQ(p[n], 1.0f);
  EXPECT_EQ(p[3 * n - 1], 2.0f);
  // The next batch gets new tensors.
  stacker.add(rows(1)[0]);
  Element second;
  stacker.take(second);
  EXPECT_EQ(second[0].shape(), tf::TensorShape({1, 3}));
  EXPECT_EQ(out[0].shape(), tf::TensorShape({3, n}));
  EXPECT_EQ(out[0].data<float>()[n], 1.0f);
}

// A pass of `ds` as text: each element's components, then the error that ended it, if any.
std::string pass_of(const Dataset& ds) {
  std::string s;
  s += error_of([&] {
    for (const Element& e : ds)
      for (const tf::Tensor& t : e) s += t.to_string() + "\n";
  });
  return s;
}

TEST(BatchStacker, AnInputErrorLaterInTheBatchComesBeforeAMismatch) {
  // Element 1 cannot be stacked with element 0, but element 3 fails first-hand: batch reads
  // the whole batch before stacking it, so the map's error is the one raised.
  auto f = [](const tf::Tensor& x) {
    const std::int64_t i = x.item<std::int64_t>();
    if (i == 3) throw std::runtime_error("bad record");
    return tf::fill({i == 1 ? 2 : 1}, i);
  };
  const std::string want = "[Dataset.map] the function failed on element 3: bad record";
  EXPECT_EQ(pass_of(Dataset::range(8).map(f).batch(4)), want);
  EXPECT_EQ(pass_of(Dataset::range(8).map(f, {.num_parallel_calls = 2}).batch(4)), want);
  // Without the failure, the mismatch.
  auto g = [](const tf::Tensor& x) { return tf::fill({x.item<std::int64_t>() == 5 ? 2 : 1}, x); };
  const std::string mismatch = pass_of(Dataset::range(8).map(g).batch(4));
  EXPECT_NE(mismatch.find("cannot stack int64 [2] with int64 [1] (element 1 of the batch)"), std::string::npos)
      << mismatch;
  EXPECT_EQ(mismatch.find("tf.Tensor(\n[[0]\n [1]\n [2]\n [3]]"), 0u) << mismatch;  // after the first, good batch
  EXPECT_EQ(pass_of(Dataset::range(8).map(g, {.num_parallel_calls = 2}).batch(4)), mismatch);
}

TEST(BatchStacker, BatchesOfEveryShapeMatchTheElements) {
  // Batches of 3 over 10 elements of two components, with and without the remainder, inline
  // and fused with a parallel map: each batch row is its element.
  auto pair = [](const tf::Tensor& x) { return std::pair{tf::fill({2, 2}, tf::cast(x, tf::float32)), x}; };
  for (bool drop : {false, true}) {
    for (std::int64_t calls : {std::int64_t{0}, std::int64_t{2}}) {
      std::vector<std::int64_t> labels;
      std::vector<float> pixels;
      for (const Element& b : Dataset::range(10).map(pair, {.num_parallel_calls = calls}).batch(3, drop)) {
        const std::int64_t n = b[1].shape().dim(0);
        EXPECT_EQ(b[0].shape(), tf::TensorShape({n, 2, 2}));
        for (std::int64_t v : b[1].numpy<std::int64_t>()) labels.push_back(v);
        for (float v : b[0].numpy<float>()) pixels.push_back(v);
      }
      const std::int64_t rows = drop ? 9 : 10;
      std::vector<std::int64_t> want(static_cast<std::size_t>(rows));
      std::iota(want.begin(), want.end(), 0);
      EXPECT_EQ(labels, want) << drop << " " << calls;
      ASSERT_EQ(pixels.size(), static_cast<std::size_t>(rows * 4));
      for (std::size_t i = 0; i < pixels.size(); ++i) EXPECT_EQ(pixels[i], static_cast<float>(i / 4));
    }
  }
}

}  // namespace
