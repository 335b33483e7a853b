#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include <tfpp/tfpp.h>

namespace {

TEST(FashionMnist, LoadsTheDebianPackagesFiles) {
  if (!std::filesystem::exists(tf::keras::datasets::fashion_mnist::kDefaultDirectory))
    GTEST_SKIP() << "dataset-fashion-mnist is not installed";
  auto [train, test] = tf::keras::datasets::fashion_mnist::load_data();
  auto [x_train, y_train] = train;
  EXPECT_EQ(x_train.shape(), tf::TensorShape({60000, 28, 28}));
  EXPECT_EQ(y_train.shape(), tf::TensorShape({60000}));
  EXPECT_EQ(test.first.shape(), tf::TensorShape({10000, 28, 28}));
  EXPECT_EQ(x_train.dtype(), tf::uint8);  // as Keras returns them
  EXPECT_EQ(y_train.dtype(), tf::uint8);
  // Known values: the first training label is 9 (ankle boot), the first test label 9 too.
  EXPECT_EQ(y_train.data<std::uint8_t>()[0], 9);
  EXPECT_EQ(test.second.data<std::uint8_t>()[0], 9);
  const std::uint8_t* px = x_train.data<std::uint8_t>();
  EXPECT_EQ(*std::min_element(px, px + x_train.num_elements()), 0);
  EXPECT_EQ(*std::max_element(px, px + x_train.num_elements()), 255);
  std::vector<int> counts(10);
  for (std::uint8_t y : y_train.numpy<std::uint8_t>()) ++counts.at(y);
  EXPECT_EQ(counts, std::vector<int>(10, 6000));
}

TEST(FashionMnist, MissingOrDamagedFilesAreErrors) {
  EXPECT_THROW(tf::keras::datasets::fashion_mnist::load_data("/nonexistent"), tf::NotFoundError);
  const std::string dir = testing::TempDir() + "/tfpp_fmnist_" + std::to_string(::getpid());
  std::filesystem::create_directories(dir);
  for (const char* f : {"train-images-idx3-ubyte.gz", "train-labels-idx1-ubyte.gz", "t10k-images-idx3-ubyte.gz",
                        "t10k-labels-idx1-ubyte.gz"})
    ASSERT_EQ(std::system(("printf '\\000\\000\\010\\003\\000' | gzip > " + dir + "/" + f).c_str()), 0);
  EXPECT_THROW(tf::keras::datasets::fashion_mnist::load_data(dir), tf::DataLossError);
  std::filesystem::remove_all(dir);
}

}  // namespace
