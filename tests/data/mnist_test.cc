// tf::keras::datasets::mnist::load_data on small IDX files written here (Debian packages no MNIST).
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include <tfpp/keras/datasets/mnist.h>
#include <tfpp/tfpp.h>

namespace {

namespace fs = std::filesystem;

// Writes `name`.gz in `dir`: an IDX header (magic 0x0800 + rank, big-endian dims) and `data`.
void write_idx(const fs::path& dir, const std::string& name, std::vector<std::uint32_t> dims,
               const std::vector<unsigned char>& data) {
  std::vector<unsigned char> bytes = {0, 0, 8, static_cast<unsigned char>(dims.size())};
  for (std::uint32_t d : dims)
    for (int shift : {24, 16, 8, 0}) bytes.push_back(static_cast<unsigned char>(d >> shift));
  bytes.insert(bytes.end(), data.begin(), data.end());
  std::ofstream(dir / name, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  ASSERT_EQ(std::system(("gzip -f '" + (dir / name).string() + "'").c_str()), 0);
}

class Mnist : public ::testing::Test {
 protected:
  void SetUp() override {
    fs::create_directories(dir_);
    // 3 training images of 2x3 pixels, 2 test images.
    write_idx(dir_, "train-images-idx3-ubyte", {3, 2, 3}, {0, 1, 2, 3, 4, 5, 10, 11, 12, 13, 14, 15, 250, 251, 252, 253, 254, 255});
    write_idx(dir_, "train-labels-idx1-ubyte", {3}, {7, 0, 9});
    write_idx(dir_, "t10k-images-idx3-ubyte", {2, 2, 3}, {9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 128, 64});
    write_idx(dir_, "t10k-labels-idx1-ubyte", {2}, {2, 1});
  }
  void TearDown() override { fs::remove_all(dir_); }

  const fs::path dir_ = fs::path(testing::TempDir()) / ("tfpp_mnist_" + std::to_string(::getpid()));
};

TEST_F(Mnist, ReadsTheFourIdxFiles) {
  const auto [train, test] = tf::keras::datasets::mnist::load_data(dir_.string());
  EXPECT_EQ(train.first.shape(), tf::TensorShape({3, 2, 3}));
  EXPECT_EQ(train.first.dtype(), tf::uint8);
  EXPECT_EQ(train.first.numpy<std::uint8_t>(),
            (std::vector<std::uint8_t>{0, 1, 2, 3, 4, 5, 10, 11, 12, 13, 14, 15, 250, 251, 252, 253, 254, 255}));
  EXPECT_EQ(train.second.numpy<std::uint8_t>(), (std::vector<std::uint8_t>{7, 0, 9}));
  EXPECT_EQ(test.first.shape(), tf::TensorShape({2, 2, 3}));
  EXPECT_EQ(test.first.numpy<std::uint8_t>(), (std::vector<std::uint8_t>{9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 128, 64}));
  EXPECT_EQ(test.second.numpy<std::uint8_t>(), (std::vector<std::uint8_t>{2, 1}));
}

TEST_F(Mnist, MissingFilesNameTheDirectory) {
  fs::remove(dir_ / "t10k-labels-idx1-ubyte.gz");
  try {
    tf::keras::datasets::mnist::load_data(dir_.string());
    FAIL() << "expected NotFoundError";
  } catch (const tf::NotFoundError& e) {
    const std::string what = e.what();
    EXPECT_EQ(what.rfind("[mnist.load_data] cannot open '" + (dir_ / "t10k-labels-idx1-ubyte.gz").string() + "'", 0), 0u) << what;
  }
}

TEST_F(Mnist, DamagedFilesAreDataLoss) {
  write_idx(dir_, "train-labels-idx1-ubyte", {4}, {7, 0, 9, 1});  // 4 labels for 3 images
  EXPECT_THROW(tf::keras::datasets::mnist::load_data(dir_.string()), tf::DataLossError);
  write_idx(dir_, "train-labels-idx1-ubyte", {3}, {7, 0});  // one byte short
  EXPECT_THROW(tf::keras::datasets::mnist::load_data(dir_.string()), tf::DataLossError);
  // Dimensions whose product wraps around 2^64 are refused, not allocated.
  write_idx(dir_, "train-images-idx3-ubyte", {0xffffffffu, 0xffffffffu, 0xffffffffu}, {1, 2, 3});
  EXPECT_THROW(tf::keras::datasets::mnist::load_data(dir_.string()), tf::DataLossError);
  write_idx(dir_, "train-images-idx3-ubyte", {3, 2}, std::vector<unsigned char>(6));  // rank 2 where images have 3
  EXPECT_THROW(tf::keras::datasets::mnist::load_data(dir_.string()), tf::DataLossError);
}

}  // namespace
