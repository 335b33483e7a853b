// MatchingFiles: sorted glob matches of one or several patterns, none for no match, its shape
// error, and a pattern argument expanded at each call of a function.
#include <gtest/gtest.h>

#include <tfpp/matching_files.h>
#include <tfpp/tfpp.h>

#include <filesystem>
#include <fstream>

#include "error_of.h"

namespace {

namespace fs = std::filesystem;

std::string make_dir() {
  const fs::path dir = fs::temp_directory_path() / ("tfpp_matching_files_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir / "sub");
  for (const char* name : {"b.txt", "a.txt", "c.csv", "sub/d.txt"}) std::ofstream(dir / name) << name;
  return dir.string();
}

TEST(MatchingFiles, SortedMatchesOfEachPattern) {
  const std::string d = make_dir();
  EXPECT_EQ(tf::io::matching_files(tf::constant(d + "/*.txt")).numpy<std::string>(),
            (std::vector<std::string>{d + "/a.txt", d + "/b.txt"}));
  EXPECT_EQ(tf::io::matching_files(tf::constant({d + "/*.csv", d + "/*/*.txt"})).numpy<std::string>(),
            (std::vector<std::string>{d + "/c.csv", d + "/sub/d.txt"}));
  EXPECT_EQ(tf::io::matching_files(tf::constant(d + "/none/*")).shape(), tf::TensorShape({0}));
  EXPECT_EQ(tf::testing::error_of([] { tf::io::matching_files(tf::constant(std::vector<std::string>{"a"}, {1, 1})); }),
            "[MatchingFiles] Input patterns tensor must be scalar or vector, but had shape: [1,1]");
  auto listing = tf::function([](tf::Tensor pattern) { return tf::io::matching_files(pattern); });
  const tf::Tensor pattern = tf::constant(d + "/*.csv");
  EXPECT_EQ(listing(pattern).num_elements(), 1);
  std::ofstream(d + "/e.csv") << "e";
  EXPECT_EQ(listing(pattern).num_elements(), 2);
  fs::remove_all(d);
}

}  // namespace
