// The RandomDataset and IgnoreErrorsDataset graph ops, eagerly and inside a tf::function.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include <tfpp/tfpp.h>

#include "data/dataset_test_util.h"

#include "data/dataset_ops.h"
#include "data/dataset_source_ops.h"
#include "data/reduce_dataset.h"

namespace {

using tf::data::Dataset;
using tf::data::Element;
using tf::testing::ints;
using namespace tf::data::detail;

// A traced reduce appending every float32 scalar element to a vector.
tf::Tensor collect_floats(const tf::Tensor& dataset) {
  tf::detail::FlatFn append = [](const std::vector<tf::Tensor>& v, std::vector<std::string>&) {
    return std::vector<tf::Tensor>{tf::concat({v[0], tf::reshape(v[1], {1})}, 0)};
  };
  return reduce_dataset_traced(dataset, {tf::TensorSpec({}, tf::float32)}, {tf::zeros({0}, tf::float32)}, nullptr,
                               append)
      .at(0);
}

TEST(RandomIgnoreErrorsOps, RandomDatasetGivesDatasetRandomsNumbers) {
  const Dataset eager = dataset_of(random_dataset(4, false), "test");
  EXPECT_EQ(ints(eager.take(5)), ints(Dataset::random(4).take(5)));
  auto f = tf::function([] {
    tf::Tensor ds = take_dataset(random_dataset(4, false), tf::constant(std::int64_t{5}));
    return ds;
  });
  const tf::Tensor variant = f();
  EXPECT_EQ(ints(dataset_of(variant, "test")), ints(Dataset::random(4).take(5)));
  EXPECT_NE(f.get_concrete_function().graph().to_string().find("RandomDataset"), std::string::npos);
}

TEST(RandomIgnoreErrorsOps, IgnoreErrorsDatasetDropsFailuresAtEveryCall) {
  auto inverses = [](const std::vector<tf::Tensor>& v, std::vector<std::string>&) {
    return std::vector<tf::Tensor>{tf::debugging::check_numerics(1.0f / v[0], "error")};
  };
  auto f = tf::function([&](const tf::Tensor& ds) {
    return collect_floats(ignore_errors_dataset(map_dataset(ds, {tf::TensorSpec({}, tf::float32)}, inverses), false));
  });
  const Dataset numbers = Dataset::from_tensor_slices(tf::constant({1.0f, 2.0f, 0.0f, 4.0f}));
  EXPECT_EQ(f(dataset_variant(numbers)).numpy<float>(), (std::vector<float>{1.0f, 0.5f, 0.25f}));
  EXPECT_EQ(f(dataset_variant(numbers.take(3))).numpy<float>(), (std::vector<float>{1.0f, 0.5f}));
  EXPECT_EQ(f.tracing_count(), 1);
  EXPECT_THROW(ignore_errors_dataset(tf::constant(1.0f), false), tf::InvalidArgumentError);
}

}  // namespace
