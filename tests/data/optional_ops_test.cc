// tf.experimental.Optional's ops (OptionalFromValue, OptionalNone, OptionalHasValue,
// OptionalGetValue, IteratorGetNextAsOptional): eagerly and inside a tf::function, where an
// optional is a variant scalar flowing between nodes and through tf::cond.
#include "data/optional_ops.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include <tfpp/tfpp.h>

#include "data/dataset_variant.h"
#include "data/iterator_resource.h"
#include "error_of.h"

namespace {

using tf::data::Dataset;
using namespace tf::data::detail;

const std::vector<tf::TensorSpec> kInt64Scalar{tf::TensorSpec({}, tf::int64)};

TEST(OptionalOps, FromValueAndNoneEagerly) {
  tf::Tensor some = optional_from_value({tf::constant(std::int64_t{5}), tf::constant({1.0f, 2.0f})});
  EXPECT_EQ(some.dtype(), tf::DType::kVariant);
  EXPECT_TRUE(optional_has_value(some).item<bool>());
  std::vector<tf::Tensor> value =
      optional_get_value(some, {tf::TensorSpec({}, tf::int64), tf::TensorSpec({tf::None}, tf::float32)});
  EXPECT_EQ(value.at(0).item<std::int64_t>(), 5);
  EXPECT_EQ(value.at(1).numpy<float>(), (std::vector<float>{1, 2}));
  tf::Tensor none = optional_none();
  EXPECT_FALSE(optional_has_value(none).item<bool>());
  EXPECT_NE(tf::testing::error_of([&] { optional_get_value(none, kInt64Scalar); })
                .find("The given optional does not have a value."),
            std::string::npos);
}

TEST(OptionalOps, IteratorGetNextAsOptionalIsEmptyAtTheEnd) {
  tf::Tensor it = make_iterator_handle(Dataset::range(2));
  std::vector<bool> has;
  for (int i = 0; i < 3; ++i) has.push_back(optional_has_value(iterator_get_next_as_optional(it, kInt64Scalar)).item<bool>());
  EXPECT_EQ(has, (std::vector<bool>{true, true, false}));
}

TEST(OptionalOps, TracedReadsTheIteratorAtEveryCallAndCondGuardsTheValue) {
  tf::Tensor it = make_iterator_handle(Dataset::range(2));
  auto next_or_minus_one = tf::function([&it]() {
    tf::Tensor optional = iterator_get_next_as_optional(it, kInt64Scalar);
    return tf::cond(
        optional_has_value(optional), [&] { return optional_get_value(optional, kInt64Scalar).at(0); },
        [] { return tf::constant(std::int64_t{-1}); });
  });
  EXPECT_EQ(next_or_minus_one().item<std::int64_t>(), 0);
  EXPECT_EQ(next_or_minus_one().item<std::int64_t>(), 1);
  EXPECT_EQ(next_or_minus_one().item<std::int64_t>(), -1);
  EXPECT_EQ(next_or_minus_one.tracing_count(), 1);
  const std::string graph = next_or_minus_one.get_concrete_function().graph().to_string();
  EXPECT_NE(graph.find("IteratorGetNextAsOptional"), std::string::npos) << graph;
}

TEST(OptionalOps, AnOptionalArgument) {
  auto value_or_zero = tf::function([](const tf::Tensor& optional) {
    return tf::cond(
        optional_has_value(optional), [&] { return optional_get_value(optional, kInt64Scalar).at(0); },
        [] { return tf::constant(std::int64_t{0}); });
  });
  EXPECT_EQ(value_or_zero(optional_from_value({tf::constant(std::int64_t{7})})).item<std::int64_t>(), 7);
  EXPECT_EQ(value_or_zero(optional_none()).item<std::int64_t>(), 0);
  EXPECT_EQ(value_or_zero.tracing_count(), 1);
}

TEST(OptionalOps, ErrorsNameTheOp) {
  EXPECT_NE(tf::testing::error_of([] { optional_from_value({}); }).find("[OptionalFromValue] an optional's value needs at least one tensor"),
            std::string::npos);
  EXPECT_NE(tf::testing::error_of([] { optional_has_value(tf::constant(1.0f)); })
                .find("[OptionalHasValue] the optional must be a variant scalar, got float32[]"),
            std::string::npos);
  EXPECT_NE(tf::testing::error_of([] { optional_has_value(dataset_variant(Dataset::range(1))); })
                .find("[OptionalHasValue] the variant does not hold an optional"),
            std::string::npos);
  tf::Tensor some = optional_from_value({tf::constant(std::int64_t{5})});
  EXPECT_NE(tf::testing::error_of([&] { dataset_of(some, "test"); }).find("[test] the variant does not hold a dataset"),
            std::string::npos);
  EXPECT_NE(tf::testing::error_of([&] { optional_get_value(some, {tf::TensorSpec({}, tf::int32)}); })
                .find("component 0 is int64[], outside the element_spec's int32[]"),
            std::string::npos);
}

}  // namespace
