// The iterator resource and its ops (AnonymousIteratorV3, MakeIterator, IteratorGetNext): eagerly,
// and inside a tf::function, where IteratorGetNext is a node reading the iterator at every call
// (the iterator captured, passed as an argument or made there), with TensorFlow's OutOfRangeError
// "End of sequence" at the end.
#include "data/iterator_resource.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include <tfpp/tfpp.h>

#include "data/dataset_variant.h"
#include "error_of.h"
#include "ops/lookup/lookup_table.h"

namespace {

using tf::data::Dataset;
using namespace tf::data::detail;

const std::vector<tf::TensorSpec> kInt64Scalar{tf::TensorSpec({}, tf::int64)};

std::int64_t next_value(const tf::Tensor& handle) { return iterator_get_next(handle, kInt64Scalar).at(0).item<std::int64_t>(); }

// The message of the OutOfRangeError `fn` throws, or "no error".
std::string out_of_range_of(const std::function<void()>& fn) {
  try {
    fn();
  } catch (const tf::OutOfRangeError& e) {
    return e.what();
  }
  return "no error";
}

TEST(IteratorResource, GetNextEagerlyThenEndOfSequence) {
  tf::Tensor it = make_iterator_handle(Dataset::range(3));
  EXPECT_EQ(it.dtype(), tf::DType::kResource);
  EXPECT_EQ(next_value(it), 0);
  EXPECT_EQ(next_value(it), 1);
  EXPECT_EQ(iterator_of(it, "test").get_next()->at(0).item<std::int64_t>(), 2);  // eager reads share the pass
  EXPECT_NE(out_of_range_of([&] { next_value(it); }).find("End of sequence"), std::string::npos);
  EXPECT_FALSE(iterator_of(it, "test").get_next().has_value());
}

TEST(IteratorResource, TupleElementsKeepTheirDtypesAndShapes) {
  tf::Tensor x = tf::reshape(tf::range(6.0f), {3, 2});
  tf::Tensor it = make_iterator_handle(Dataset::from_tensor_slices({x, tf::constant({7, 8, 9})}).batch(2));
  const std::vector<tf::TensorSpec> specs{tf::TensorSpec({tf::None, 2}, tf::float32), tf::TensorSpec({tf::None}, tf::int32)};
  std::vector<tf::Tensor> first = iterator_get_next(it, specs);
  EXPECT_EQ(first.at(0).numpy<float>(), (std::vector<float>{0, 1, 2, 3}));
  EXPECT_EQ(first.at(1).numpy<std::int32_t>(), (std::vector<std::int32_t>{7, 8}));
  std::vector<tf::Tensor> second = iterator_get_next(it, specs);
  EXPECT_EQ(second.at(0).shape(), tf::TensorShape({1, 2}));
  EXPECT_EQ(second.at(1).numpy<std::int32_t>(), (std::vector<std::int32_t>{9}));
}

TEST(IteratorResource, ACapturedIteratorIsReadAtEveryCall) {
  tf::Tensor it = make_iterator_handle(Dataset::range(3));
  auto twice = tf::function([&it]() { return iterator_get_next(it, kInt64Scalar).at(0) * std::int64_t{2}; });
  EXPECT_EQ(twice().item<std::int64_t>(), 0);
  EXPECT_EQ(twice().item<std::int64_t>(), 2);
  EXPECT_EQ(twice().item<std::int64_t>(), 4);
  EXPECT_EQ(twice.tracing_count(), 1);
  EXPECT_NE(twice.get_concrete_function().graph().to_string().find("IteratorGetNext"), std::string::npos);
  EXPECT_NE(out_of_range_of([&] { twice(); }).find("End of sequence"), std::string::npos);
}

TEST(IteratorResource, SeveralReadsInOneCallRunInProgramOrder) {
  tf::Tensor it = make_iterator_handle(Dataset::range(10));
  auto three = tf::function([&it]() {
    tf::Tensor a = iterator_get_next(it, kInt64Scalar).at(0);
    tf::Tensor b = iterator_get_next(it, kInt64Scalar).at(0);
    tf::Tensor c = iterator_get_next(it, kInt64Scalar).at(0);
    return a * std::int64_t{100} + b * std::int64_t{10} + c;
  });
  EXPECT_EQ(three().item<std::int64_t>(), 12);
  EXPECT_EQ(next_value(it), 3);
  EXPECT_EQ(three().item<std::int64_t>(), 456);
}

TEST(IteratorResource, AnIteratorArgumentIsReadPerCall) {
  auto step = tf::function([](const tf::Tensor& it) { return iterator_get_next(it, kInt64Scalar).at(0); });
  tf::Tensor first = make_iterator_handle(Dataset::range(0, 10));
  tf::Tensor second = make_iterator_handle(Dataset::range(50, 60));
  EXPECT_EQ(step(first).item<std::int64_t>(), 0);
  EXPECT_EQ(step(second).item<std::int64_t>(), 50);
  EXPECT_EQ(step(first).item<std::int64_t>(), 1);
  EXPECT_EQ(step(second).item<std::int64_t>(), 51);
  EXPECT_EQ(step.tracing_count(), 1);
}

TEST(IteratorResource, AnonymousIteratorIsReadAfterMakeIterator) {
  tf::Tensor it = anonymous_iterator();
  EXPECT_THROW(next_value(it), tf::FailedPreconditionError);
  make_iterator(dataset_variant(Dataset::range(4, 6)), it);
  EXPECT_EQ(next_value(it), 4);
  make_iterator(dataset_variant(Dataset::range(1)), it);  // a new pass
  EXPECT_EQ(next_value(it), 0);
  EXPECT_NE(out_of_range_of([&] { next_value(it); }).find("End of sequence"), std::string::npos);
}

TEST(IteratorResource, AnIteratorMadeInAFunctionIteratesEachCallsDataset) {
  auto first_two = tf::function([](const tf::Tensor& ds) {
    tf::Tensor it = anonymous_iterator();
    make_iterator(ds, it);
    tf::Tensor a = iterator_get_next(it, kInt64Scalar).at(0);
    return a * std::int64_t{10} + iterator_get_next(it, kInt64Scalar).at(0);
  });
  EXPECT_EQ(first_two(dataset_variant(Dataset::range(3))).item<std::int64_t>(), 1);
  EXPECT_EQ(first_two(dataset_variant(Dataset::range(5, 9))).item<std::int64_t>(), 56);
  EXPECT_EQ(first_two(dataset_variant(Dataset::range(3))).item<std::int64_t>(), 1);
  EXPECT_EQ(first_two.tracing_count(), 1);
  EXPECT_NE(out_of_range_of([&] { first_two(dataset_variant(Dataset::range(1))); }).find("End of sequence"),
            std::string::npos);
}

TEST(IteratorResource, ErrorsNameTheOp) {
  EXPECT_NE(tf::testing::error_of([] { make_iterator(tf::constant(1.0f), anonymous_iterator()); })
                .find("[MakeIterator] the dataset must be a variant scalar, got float32[]"),
            std::string::npos);
  EXPECT_NE(tf::testing::error_of([] { iterator_get_next(tf::constant(std::int64_t{1}), kInt64Scalar); })
                .find("[IteratorGetNext] the iterator must be a scalar tf.resource handle, got int64[]"),
            std::string::npos);
  tf::Tensor table = tf::ops::make_table_handle("HashTable", tf::int64, tf::int64, false);
  EXPECT_NE(tf::testing::error_of([&] { iterator_get_next(table, kInt64Scalar); })
                .find("[IteratorGetNext] the handle is not an iterator's"),
            std::string::npos);
  tf::Tensor it = make_iterator_handle(Dataset::range(3));
  EXPECT_NE(tf::testing::error_of([&] { iterator_get_next(it, {tf::TensorSpec({}, tf::float32)}); })
                .find("component 0 is int64[], outside the element_spec's float32[]"),
            std::string::npos);
  EXPECT_NE(tf::testing::error_of([&] { iterator_get_next(it, {}); }).find("the element has 1 tensors, the element_spec 0"),
            std::string::npos);
}

}  // namespace
