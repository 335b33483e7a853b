#include <gtest/gtest.h>

#include <filesystem>

#include <tfpp/tfpp.h>

namespace {

using tf::data::Dataset;
using tf::data::Element;

TEST(DatasetCache, MemoryCacheRunsThePipelineOnce) {
  auto calls = std::make_shared<int>(0);
  Dataset ds = Dataset::range(5)
                   .map([calls](const tf::Tensor& x) {
                     ++*calls;
                     return x;
                   })
                   .cache();
  for (int pass = 0; pass < 3; ++pass) {
    std::vector<std::int64_t> v;
    for (const Element& e : ds) v.push_back(e[0].item<std::int64_t>());
    EXPECT_EQ(v, (std::vector<std::int64_t>{0, 1, 2, 3, 4}));
  }
  EXPECT_EQ(*calls, 5);
  // An incomplete pass records nothing.
  Dataset partial = Dataset::range(5)
                        .map([calls](const tf::Tensor& x) {
                          ++*calls;
                          return x;
                        })
                        .cache();
  *calls = 0;
  for (const Element& e : partial) {
    (void)e;
    break;
  }
  for (const Element& e : partial) (void)e;
  for (const Element& e : partial) (void)e;
  EXPECT_EQ(*calls, 1 + 5);
}

TEST(DatasetCache, FileCacheSurvivesANewPipeline) {
  const std::string path = testing::TempDir() + "/tfpp_cache_" + std::to_string(::getpid());
  std::filesystem::remove(path);
  auto calls = std::make_shared<int>(0);
  auto make = [&] {
    return Dataset::from_tensor_slices({tf::constant({{1.5f, 2.0f}, {3.0f, 4.0f}}),
                                        tf::constant(std::vector<std::string>{"a", "bc"})})
        .map([calls](const Element& e) {
          ++*calls;
          return e;
        })
        .cache(path);
  };
  for (const Element& e : make()) (void)e;
  EXPECT_EQ(*calls, 2);
  EXPECT_TRUE(std::filesystem::exists(path));
  // A fresh pipeline (as after a restart) reads the file instead of running the map.
  std::vector<Element> got;
  for (const Element& e : make()) got.push_back(e);
  EXPECT_EQ(*calls, 2);
  ASSERT_EQ(got.size(), 2u);
  EXPECT_EQ(got[1][0].numpy<float>(), (std::vector<float>{3.0f, 4.0f}));
  EXPECT_EQ(got[1][1].item<std::string>(), "bc");
  std::filesystem::remove(path);
  // Leaving a pass early leaves no cache file behind.
  for (const Element& e : make()) {
    (void)e;
    break;
  }
  EXPECT_FALSE(std::filesystem::exists(path));
}

class Squares : public tf::keras::utils::Sequence {
 public:
  int epochs = 0;
  std::int64_t size() const override { return 3; }
  std::vector<tf::Tensor> get(std::int64_t i) override {
    if (i < 0 || i >= size()) throw tf::OutOfRangeError("index out of range");
    const auto v = static_cast<float>(i);
    return {tf::constant({v, v}), tf::constant(v * v)};
  }
  void on_epoch_end() override { ++epochs; }
};

TEST(KerasSequence, IteratesAsADataset) {
  auto seq = std::make_shared<Squares>();
  Dataset ds = Dataset::from_sequence(seq);
  EXPECT_EQ(ds.cardinality(), 3);
  for (int pass = 0; pass < 2; ++pass) {
    std::vector<float> ys;
    for (const Element& b : ds) ys.push_back(b[1].item<float>());
    EXPECT_EQ(ys, (std::vector<float>{0, 1, 4}));
  }
  EXPECT_EQ(seq->epochs, 2);
  EXPECT_THROW(Dataset::from_sequence(nullptr), tf::InvalidArgumentError);
}

}  // namespace
