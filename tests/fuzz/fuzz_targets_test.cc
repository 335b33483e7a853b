// The fuzz targets' bodies (fuzz/readers.cc) on the seed files TensorFlow 2.21, Keras 3 and NumPy
// write in the same run (scripts/make_fuzz_corpus.py), whole and damaged in fixed ways: cut at
// 48 points and with one bit flipped at 48 places each. Every reader must accept the file or
// reject it with a tf:: exception, which the bodies swallow: no crash, no other exception, and
// (in the sanitized suite) no sanitizer report. scripts/fuzz.sh runs the same bodies under
// libFuzzer.
#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <string>

#include "../fuzz/readers.h"
#include "reference_env.h"

namespace tf {
namespace {

namespace fs = std::filesystem;

using Reader = void (*)(const std::uint8_t*, std::size_t);

class FuzzTargets : public ::testing::TestWithParam<std::string> {
 protected:
  static void SetUpTestSuite() {
    dir_ = new fs::path(fs::temp_directory_path() / ("tfpp_fuzz_seeds_" + std::to_string(::getpid())));
    fs::remove_all(*dir_);
    const std::string script = std::string(testing::source_dir()) + "/scripts/make_fuzz_corpus.py";
    testing::run_command(testing::reference_python() + " " + script + " " + dir_->string() + " >/dev/null 2>&1");
  }
  static void TearDownTestSuite() {
    fs::remove_all(*dir_);
    delete dir_;
  }
  static fs::path* dir_;
};

fs::path* FuzzTargets::dir_ = nullptr;

Reader reader(const std::string& target) {
  static const std::map<std::string, Reader> all = {
      {"checkpoint", fuzz::read_checkpoint},       {"saved_model", fuzz::read_saved_model},
      {"keras_weights", fuzz::read_keras_weights}, {"keras_model", fuzz::read_keras_model},
      {"tfrecord", fuzz::read_tfrecord},           {"npy", fuzz::read_npy},
      {"image", fuzz::read_image}};
  return all.at(target);
}

TEST_P(FuzzTargets, SeedsWholeCutAndFlippedAreReadOrRejectedCleanly) {
  const Reader read = reader(GetParam());
  const fs::path seeds = *dir_ / GetParam();
  ASSERT_TRUE(fs::is_directory(seeds)) << "make_fuzz_corpus.py wrote no " << seeds;
  int files = 0;
  for (const auto& entry : fs::directory_iterator(seeds)) {
    std::ifstream in(entry.path(), std::ios::binary);
    const std::string seed((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    ASSERT_FALSE(seed.empty()) << entry.path();
    ++files;
    auto run = [&](const std::string& bytes, const std::string& what) {
      EXPECT_NO_THROW(read(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()))
          << entry.path().filename() << " " << what;
    };
    run(seed, "whole");
    constexpr std::size_t kPoints = 48;
    for (std::size_t k = 0; k < kPoints; ++k) {
      const std::size_t at = seed.size() * k / kPoints;
      run(seed.substr(0, at), "cut at " + std::to_string(at));
      std::string flipped = seed;
      const std::size_t byte = (at + 7 * k) % seed.size();
      flipped[byte] = static_cast<char>(flipped[byte] ^ (1 << (k % 8)));
      run(flipped, "bit " + std::to_string(k % 8) + " of byte " + std::to_string(byte) + " flipped");
    }
  }
  EXPECT_GT(files, 0);
}

INSTANTIATE_TEST_SUITE_P(Readers, FuzzTargets,
                         ::testing::Values("checkpoint", "saved_model", "keras_weights", "keras_model", "tfrecord", "npy",
                                           "image"),
                         [](const ::testing::TestParamInfo<std::string>& info) { return info.param; });

}  // namespace
}  // namespace tf
