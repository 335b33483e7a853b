// Dataset.map with a tf::function: the pipeline calls the traced graph, from several threads
// when the map is parallel, and traces once per element signature.
#include <gtest/gtest.h>

#include <string>

#include <tfpp/tfpp.h>

namespace {

using tf::data::Dataset;
using tf::data::Element;

TEST(DatasetFunctionMap, TracesOnceAndMatchesEagerMap) {
  auto normalize = tf::function([](const tf::Tensor& image, const tf::Tensor& label) {
    return std::pair{tf::cast(image, tf::float32) / 255.0f, label};
  });
  tf::Tensor images = tf::reshape(tf::cast(tf::range(0, 64 * 6, 1) % 256, tf::int32), {64, 2, 3});
  tf::Tensor labels = tf::range(0, 64, 1);
  for (std::int64_t calls : {std::int64_t{1}, std::int64_t{2}, tf::data::AUTOTUNE}) {
    Dataset ds = Dataset::from_tensor_slices({images, labels}).map(normalize, {.num_parallel_calls = calls}).batch(16);
    std::int64_t row = 0;
    for (const Element& batch : ds) {
      ASSERT_EQ(batch[0].dtype(), tf::float32);
      tf::Tensor want = tf::cast(tf::slice(images, {row, 0, 0}, {16, 2, 3}), tf::float32) / 255.0f;
      EXPECT_TRUE(tf::reduce_all(tf::equal(batch[0], want)).item<bool>()) << calls;
      EXPECT_EQ(batch[1].numpy<std::int32_t>().front(), row);
      row += 16;
    }
    EXPECT_EQ(row, 64);
  }
  // Every element has the same signature: one trace served all passes and threads.
  EXPECT_EQ(normalize.tracing_count(), 1);
}

TEST(DatasetFunctionMap, NewElementShapeTracesAgainAndErrorsNameTheElement) {
  auto to_square = tf::function([](const tf::Tensor& v) { return tf::reshape(v, {2, 2}); });
  auto make = [] {
    return Dataset::Generator([n = 0]() mutable -> std::optional<Element> {
      static constexpr int kSizes[] = {4, 4, 3};
      if (n == 3) return std::nullopt;
      return Element{tf::ones({kSizes[n++]})};
    });
  };
  Dataset ds = Dataset::from_generator(make, {tf::TensorSpec({tf::None}, tf::float32)}).map(to_square);
  int seen = 0;
  try {
    for (const Element& e : ds) {
      EXPECT_EQ(e[0].shape(), tf::TensorShape({2, 2}));
      ++seen;
    }
    FAIL() << "expected an error";
  } catch (const tf::InvalidArgumentError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("[Dataset.map] the function failed on element 2"), std::string::npos) << what;
    EXPECT_NE(what.find("[Reshape]"), std::string::npos) << what;
  }
  EXPECT_EQ(seen, 2);
  EXPECT_EQ(to_square.tracing_count(), 2);
}

}  // namespace
