// shuffle directly after from_tensor_slices shuffles row numbers (Note [Shuffling rows]): its
// elements and their order must be those of shuffling the sliced elements themselves.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include <tfpp/tfpp.h>

namespace {

using tf::data::Dataset;
using tf::data::Element;

// Each pass's elements as text.
std::vector<std::string> passes(const Dataset& ds, int count) {
  std::vector<std::string> v;
  for (int p = 0; p < count; ++p) {
    std::string s;
    for (const Element& e : ds)
      for (const tf::Tensor& t : e) s += t.to_string() + "\n";
    v.push_back(s);
  }
  return v;
}

// Rows i: float32 [i, -i], the string "r<i>", int64 i.
std::vector<tf::Tensor> columns(std::int64_t n) {
  std::vector<float> f;
  std::vector<std::string> s;
  std::vector<std::int64_t> k;
  for (std::int64_t i = 0; i < n; ++i) {
    f.push_back(static_cast<float>(i));
    f.push_back(static_cast<float>(-i));
    s.push_back("r" + std::to_string(i));
    k.push_back(i);
  }
  return {tf::constant(f, {n, 2}), tf::constant(s, {n}), tf::constant(k, {n})};
}

TEST(ShuffleRows, GivesTheOrderOfShufflingTheElements) {
  for (std::int64_t n : {0, 1, 5, 100, 1000}) {
    const Dataset slices = Dataset::from_tensor_slices(columns(n));
    // zip of one dataset has the same elements, but is not from_tensor_slices' node.
    const Dataset elements = Dataset::zip({slices});
    for (std::int64_t buffer : {1, 3, 100, 5000}) {
      for (bool reshuffle : {true, false}) {
        const tf::data::ShuffleOptions options{.seed = 7, .reshuffle_each_iteration = reshuffle};
        const std::vector<std::string> rows = passes(slices.shuffle(buffer, options), 3);
        EXPECT_EQ(rows, passes(elements.shuffle(buffer, options), 3)) << n << " " << buffer << " " << reshuffle;
        if (n == 100 && buffer == 100) {
          EXPECT_NE(rows[0], passes(slices, 1)[0]);  // shuffled
          EXPECT_EQ(rows[0] == rows[1], !reshuffle);
        }
      }
    }
  }
}

TEST(ShuffleRows, ElementsAreRowsOfTheSlicedTensors) {
  Element e = *Dataset::from_tensor_slices(columns(10)).shuffle(1).begin();  // buffer 1 keeps the order
  ASSERT_EQ(e.size(), 3u);
  EXPECT_EQ(e[0].shape(), tf::TensorShape({2}));
  EXPECT_EQ(e[0].numpy<float>(), (std::vector<float>{0.0f, -0.0f}));
  EXPECT_EQ(e[1].shape(), tf::TensorShape({}));
  EXPECT_EQ(*e[1].data<std::string>(), "r0");
  // Names and cardinality carry over.
  Dataset named = Dataset::from_tensor_slices(std::map<std::string, tf::Tensor>{{"x", tf::constant({1, 2, 3})}});
  EXPECT_EQ(named.shuffle(2).element_names(), std::vector<std::string>{"x"});
  EXPECT_EQ(named.shuffle(2).cardinality(), 3);
  std::int64_t sum = 0;
  for (const Element& x : named.shuffle(2, {.seed = 3})) sum += x[0].item<std::int32_t>();
  EXPECT_EQ(sum, 6);
}

}  // namespace
