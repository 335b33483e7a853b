// Dataset.map with a tf::function: the pipeline calls the traced graph, from several threads
// when the map is parallel, and traces once per element signature.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

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

// TensorFlow makes a dataset's functions anew for each iterator, so a seeded op in a map function
// draws the same numbers in every epoch; within one iterator (repeat) its stream goes on. The
// numbers are TensorFlow 2.21's for tf.random.uniform([], seed=1) in Dataset.range(3).map.
TEST(DatasetFunctionMap, SeededRandomOpsRestartForEachIterator) {
  auto draw = tf::function([](const tf::Tensor&) { return tf::random::uniform({}, {.seed = 1}); });
  auto values = [](const Dataset& ds) {
    std::vector<float> v;
    for (const Element& e : ds) v.push_back(e[0].item<float>());
    return v;
  };
  auto expect_near = [](const std::vector<float>& got, const std::vector<float>& want) {
    ASSERT_EQ(got.size(), want.size());
    for (std::size_t i = 0; i < want.size(); ++i) EXPECT_NEAR(got[i], want[i], 1e-6) << i;
  };
  auto sorted = [](std::vector<float> v) {
    std::sort(v.begin(), v.end());  // parallel calls draw in the order they run
    return v;
  };
  const std::vector<float> epoch = {0.23903739f, 0.22267115f, 0.34304976f};
  for (std::int64_t calls : {std::int64_t{1}, std::int64_t{2}}) {
    Dataset ds = Dataset::range(3).map(draw, {.num_parallel_calls = calls});
    for (const Dataset& pass : {ds, ds, ds.prefetch(2)}) {
      const std::vector<float> got = values(pass);
      expect_near(calls == 1 ? got : sorted(got), calls == 1 ? epoch : sorted(epoch));
    }
  }
  Dataset ds = Dataset::range(3).map(draw);
  expect_near(values(ds.repeat(2)), {0.23903739f, 0.22267115f, 0.34304976f, 0.85147619f, 0.97840536f, 0.93370306f});
  // Two iterators side by side each start at the beginning.
  tf::data::Iterator a = ds.make_iterator(), b = ds.make_iterator();
  EXPECT_NEAR(a.get_next()->at(0).item<float>(), 0.23903739f, 1e-6);
  EXPECT_NEAR(b.get_next()->at(0).item<float>(), 0.23903739f, 1e-6);
  EXPECT_NEAR(a.get_next()->at(0).item<float>(), 0.22267115f, 1e-6);
}
