// ReadFile and WriteFile (tf::io::read_file / write_file): whole files as string scalars,
// eagerly and inside a function, and TensorFlow's error classes.
#include <unistd.h>

#include <gtest/gtest.h>

#include <tfpp/tfpp.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "ops/nn/nn_test_util.h"

namespace {

namespace fs = std::filesystem;
using tf::testing::error_of;

class FileOpsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("tfpp_file_ops_" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  tf::Tensor path(const std::string& name) const { return tf::constant((dir_ / name).string()); }

  fs::path dir_;
};

TEST_F(FileOpsTest, WritesAndReadsBackBytes) {
  const std::string bytes("a\0b\xff\n", 5);
  tf::io::write_file(path("x.bin"), tf::constant(bytes));
  EXPECT_EQ(tf::io::read_file(path("x.bin")).item<std::string>(), bytes);
  tf::io::write_file(path("x.bin"), tf::constant("shorter"));  // replaces the whole file
  tf::Tensor back = tf::io::read_file(path("x.bin"));
  EXPECT_EQ(back.shape(), tf::TensorShape({}));
  EXPECT_EQ(back.item<std::string>(), "shorter");
  tf::io::write_file(path("empty"), tf::constant(""));
  EXPECT_EQ(tf::io::read_file(path("empty")).item<std::string>(), "");
  // Only the file is left: no temporary file beside it.
  EXPECT_EQ(std::distance(fs::directory_iterator(dir_), fs::directory_iterator()), 2);
}

TEST_F(FileOpsTest, WriteCreatesMissingDirectories) {  // as TensorFlow's WriteFile
  tf::io::write_file(path("a/b/c.txt"), tf::constant("deep"));
  std::ifstream in(dir_ / "a/b/c.txt");
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_EQ(text.str(), "deep");
}

TEST_F(FileOpsTest, InsideAFunctionEveryCallTouchesTheFile) {
  auto write = tf::function([](tf::Tensor name, tf::Tensor text) {
    tf::io::write_file(name, text);
    return tf::constant(0);
  });
  auto read = tf::function([](tf::Tensor name) { return tf::strings::length(tf::io::read_file(name)); });
  write(path("f"), tf::constant("one"));
  EXPECT_EQ(read(path("f")).item<std::int32_t>(), 3);
  write(path("f"), tf::constant("three"));
  EXPECT_EQ(read(path("f")).item<std::int32_t>(), 5);
}

TEST_F(FileOpsTest, Errors) {
  const std::string missing = (dir_ / "missing").string();
  try {
    tf::io::read_file(tf::constant(missing));
    ADD_FAILURE() << "no error";
  } catch (const tf::NotFoundError& e) {
    EXPECT_EQ(std::string(e.what()), "[ReadFile] " + missing + "; No such file or directory");
  }
  EXPECT_THROW(tf::io::read_file(tf::constant(dir_.string())), tf::FailedPreconditionError);
  EXPECT_THROW(tf::io::write_file(tf::constant(dir_.string()), tf::constant("x")), tf::FailedPreconditionError);
  EXPECT_EQ(error_of([&] { tf::io::read_file(tf::constant(std::vector<std::string>{missing})); }),
            "[ReadFile] Input filename tensor must be scalar, but had shape: [1]");
  EXPECT_EQ(error_of([&] { tf::io::write_file(path("y"), tf::constant({"a"})); }),
            "[WriteFile] Contents tensor must be scalar, but had shape: [1]");
  EXPECT_EQ(error_of([&] { tf::io::write_file(path("y"), tf::constant(1)); }), "[WriteFile] Contents has dtype int32; expected string");
}

// Failed system calls raise TensorFlow's class for their errno, as TensorFlow 2.21 does for the same paths.
TEST_F(FileOpsTest, ErrorsHaveTensorFlowsClassForTheErrno) {
  tf::io::write_file(path("f"), tf::constant("x"));
  try {
    tf::io::read_file(tf::constant((dir_ / "f" / "x").string()));  // ENOTDIR
    ADD_FAILURE() << "no error";
  } catch (const tf::FailedPreconditionError& e) {
    EXPECT_EQ(std::string(e.what()), "[ReadFile] " + (dir_ / "f" / "x").string() + "; Not a directory");
  }
  try {
    tf::io::write_file(tf::constant("/dev/full"), tf::constant("x"));  // ENOSPC
    ADD_FAILURE() << "no error";
  } catch (const tf::ResourceExhaustedError& e) {
    EXPECT_EQ(std::string(e.what()), "[WriteFile] /dev/full; No space left on device");
  }
  if (!fs::is_directory("/sys/kernel")) GTEST_SKIP() << "no sysfs";
  EXPECT_THROW(tf::io::write_file(tf::constant("/sys/kernel/tfpp_file"), tf::constant("x")), tf::PermissionDeniedError);
}

// A device is written in place: renaming a new file over /dev/null would replace the device.
TEST_F(FileOpsTest, WritingADeviceKeepsTheDevice) {
  tf::io::write_file(tf::constant("/dev/null"), tf::constant("discarded"));
  EXPECT_TRUE(fs::is_character_file("/dev/null"));
  EXPECT_EQ(tf::io::read_file(tf::constant("/dev/null")).item<std::string>(), "");
}

}  // namespace
