// tf.data.experimental.assert_cardinality's stage and its AssertCardinalityDataset graph op.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include <tfpp/tfpp.h>

#include "data/dataset_test_util.h"

#include "data/dataset_ops.h"
#include "data/dataset_variant.h"
#include "data/transformations.h"
#include "error_of.h"

namespace {

using tf::data::Dataset;
using tf::testing::error_of;
using tf::testing::ints;
using namespace tf::data::detail;

Dataset below_three() {
  return Dataset::range(8).filter([](const tf::Tensor& x) { return tf::less(x, std::int64_t{3}); });
}

TEST(AssertCardinality, ClaimsTheCountAndPassesTheElements) {
  EXPECT_EQ(below_three().cardinality(), tf::data::UNKNOWN_CARDINALITY);
  const Dataset checked = assert_cardinality(below_three(), 3);
  EXPECT_EQ(checked.cardinality(), 3);
  EXPECT_EQ(ints(checked), (std::vector<std::int64_t>{0, 1, 2}));
  EXPECT_EQ(assert_cardinality(Dataset::range(2).repeat(), tf::data::INFINITE_CARDINALITY).cardinality(),
            tf::data::INFINITE_CARDINALITY);
}

// The message of the FailedPreconditionError iterating `dataset` raises, or "no error".
std::string precondition_failure(const Dataset& dataset) {
  try {
    ints(dataset);
  } catch (const tf::FailedPreconditionError& e) {
    return e.what();
  }
  return "no error";
}

TEST(AssertCardinality, RaisesWhereTheCountDiffers) {
  EXPECT_EQ(precondition_failure(assert_cardinality(below_three(), 2)),
            "Input dataset was expected to contain 2 elements but contained at least 3 elements.");
  EXPECT_EQ(precondition_failure(assert_cardinality(below_three(), 4)),
            "Input dataset was expected to contain 4 elements but contained only 3 elements.");
  EXPECT_EQ(precondition_failure(assert_cardinality(below_three(), 1)),
            "Input dataset was expected to contain 1 element but contained at least 2 elements.");
  EXPECT_EQ(precondition_failure(assert_cardinality(Dataset::range(0), tf::data::INFINITE_CARDINALITY)),
            "Input dataset was expected to contain an infinite number of elements but contained only 0 elements.");
  EXPECT_EQ(error_of([] { assert_cardinality(below_three(), -5); }),
            "[assert_cardinality] expected cardinality must be a non-negative count or INFINITE_CARDINALITY, got -5");
}

TEST(AssertCardinality, GraphOpWorksEagerlyAndTraced) {
  const tf::Tensor variant = dataset_variant(below_three());
  const Dataset eager = dataset_of(assert_cardinality_dataset(variant, tf::constant(std::int64_t{3})), "test");
  EXPECT_EQ(eager.cardinality(), 3);
  auto traced = tf::function([](const tf::Tensor& ds) {
    return dataset_cardinality(assert_cardinality_dataset(ds, tf::constant(std::int64_t{3})));
  });
  EXPECT_EQ(traced(variant).item<std::int64_t>(), 3);
}

}  // namespace
