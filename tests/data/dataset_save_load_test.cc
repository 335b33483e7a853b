// Dataset::save / Dataset::load in TensorFlow's snapshot format, exchanged with TensorFlow 2.21 in
// the same run (tests/data/saved_datasets.py): tfpp loads what TensorFlow saved and TensorFlow
// what tfpp saved. Also Dataset::random and sample_from_datasets against TensorFlow's numbers.
#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

#include <tfpp/tfpp.h>

#include "data/dataset_test_util.h"

#include "reference_env.h"

namespace {

namespace fs = std::filesystem;
using tf::data::Dataset;
using tf::data::Element;
using tf::testing::ints;
using tf::testing::expect_error;

class DatasetSaveLoad : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    root_ = new std::string(fs::temp_directory_path() / ("tfpp_saved_datasets_" + std::to_string(::getpid())));
    fs::remove_all(*root_);
    fs::create_directories(*root_ + "/tf");
    tf_report_ = new std::string(python("make " + *root_ + "/tf"));
  }
  static void TearDownTestSuite() {
    fs::remove_all(*root_);
    delete root_;
    delete tf_report_;
  }
  static std::string python(const std::string& args) {
    const std::string script = std::string(tf::testing::source_dir()) + "/tests/data/saved_datasets.py";
    return tf::testing::run_command(tf::testing::reference_python() + " " + script + " " + args + " 2>/dev/null");
  }
  static std::string path(const std::string& name) { return *root_ + "/" + name; }

  static std::string* root_;
  static std::string* tf_report_;  // the make step's output
};
std::string* DatasetSaveLoad::root_ = nullptr;
std::string* DatasetSaveLoad::tf_report_ = nullptr;

std::string joined(const std::vector<std::int64_t>& values) {
  std::ostringstream out;
  for (std::size_t i = 0; i < values.size(); ++i) out << (i ? " " : "") << values[i];
  return out.str() + "\n";
}

TEST_F(DatasetSaveLoad, RandomGivesTensorFlowsNumbers) {
  EXPECT_EQ(joined(ints(Dataset::random(4).take(9))), tf::testing::block(*tf_report_, "random"));
}

TEST_F(DatasetSaveLoad, SampleFromDatasetsMakesTensorFlowsChoices) {
  const std::vector<Dataset> inputs{Dataset::range(0, 100), Dataset::range(100, 200), Dataset::range(200, 300)};
  const Dataset sample = Dataset::sample_from_datasets(inputs, {.weights = {0.2, 0.3, 0.5}, .seed = 7}).take(30);
  EXPECT_EQ(joined(ints(sample)), tf::testing::block(*tf_report_, "sample"));
}

TEST_F(DatasetSaveLoad, LoadsWhatTensorFlowSaved) {
  std::vector<std::int64_t> n;
  std::vector<float> x;
  for (const Element& e : Dataset::load(path("tf/tuple"))) {
    ASSERT_EQ(e.size(), 2u);
    n.push_back(e[0].item<std::int64_t>());
    x.push_back(e[1].item<float>());
  }
  EXPECT_EQ(n, (std::vector<std::int64_t>{0, 1, 2, 3, 4}));
  EXPECT_EQ(x, (std::vector<float>{0.0f, 1.5f, 3.0f, 4.5f, 6.0f}));

  const Dataset dict = Dataset::load(path("tf/dict_gzip"), {.compression = "GZIP"});
  EXPECT_EQ(dict.element_names(), (std::vector<std::string>{"n", "s"}));
  std::vector<std::string> s;
  for (const Element& e : dict) s.push_back(e[1].item<std::string>());
  EXPECT_EQ(s, (std::vector<std::string>{"0", "1", "2", "3", "4", "5", "6"}));

  // Three shards (batches starting at 0, 4, 8 go to shards 0, 1, 2), read in turn on two cores
  // or more; reader_func gets the dataset of shards.
  std::vector<std::int64_t> firsts;
  auto concatenate_shards = [](const std::vector<Dataset>& shards) {
    EXPECT_EQ(shards.size(), 3u);
    Dataset all = shards.at(0);
    for (std::size_t i = 1; i < shards.size(); ++i) all = all.concatenate(shards[i]);
    return all;
  };
  const Dataset concatenated = Dataset::load(path("tf/sharded"), {.reader_func = concatenate_shards});
  for (const Element& e : concatenated) firsts.push_back(e[0].numpy<std::int64_t>().at(0));
  EXPECT_EQ(firsts, (std::vector<std::int64_t>{0, 4, 8}));
}

TEST_F(DatasetSaveLoad, TensorFlowLoadsWhatTfppSaved) {
  const std::string dir = path("tfpp");
  Dataset::range(5).map([](const tf::Tensor& x) { return std::vector{x, tf::cast(x, tf::float32) * 1.5f}; })
      .save(dir + "/tuple");
  Dataset::from_tensor_slices(std::map<std::string, tf::Tensor>{
                                  {"n", tf::constant(std::vector<std::int64_t>{1, 2, 3})},
                                  {"s", tf::constant(std::vector<std::string>{"a", "bb", "ccc"})}})
      .save(dir + "/dict_gzip", {.compression = "GZIP"});
  // A short last batch: the saved element_spec's batch dimension is unknown.
  Dataset::range(10).batch(4).save(dir + "/batches", {.shard_func = [](const Element& e) {
    return e[0].numpy<std::int64_t>().at(0) % 2;
  }});
  EXPECT_EQ(python("read " + dir),
            "== batches\n"
            "TensorSpec(shape=(None,), dtype=tf.int64, name=None)\n"
            "[0 1 2 3]\n[4 5 6 7]\n[8 9]\n"
            "== dict_gzip\n"
            "{'n': TensorSpec(shape=(), dtype=tf.int64, name=None), 's': TensorSpec(shape=(), dtype=tf.string, "
            "name=None)}\n"
            "{'n': np.int64(1), 's': b'a'}\n{'n': np.int64(2), 's': b'bb'}\n{'n': np.int64(3), 's': b'ccc'}\n"
            "== tuple\n"
            "(TensorSpec(shape=(), dtype=tf.int64, name=None), TensorSpec(shape=(), dtype=tf.float32, name=None))\n"
            "(np.int64(0), np.float32(0.0))\n(np.int64(1), np.float32(1.5))\n(np.int64(2), np.float32(3.0))\n"
            "(np.int64(3), np.float32(4.5))\n(np.int64(4), np.float32(6.0))\n");
  // tfpp reads them back too.
  std::vector<std::vector<std::int64_t>> batches;
  for (const Element& e : Dataset::load(dir + "/batches")) batches.push_back(e[0].numpy<std::int64_t>());
  EXPECT_EQ(batches, (std::vector<std::vector<std::int64_t>>{{0, 1, 2, 3}, {4, 5, 6, 7}, {8, 9}}));
}

TEST_F(DatasetSaveLoad, BadInputFailsClearly) {
  expect_error<tf::NotFoundError>([&] { Dataset::load(path("missing")); }, "element_spec file not found");
  expect_error<tf::InvalidArgumentError>([&] { Dataset::range(3).save(path("bad"), {.compression = "LZ4"}); },
                                         "compression must be None or \"GZIP\"");
  expect_error<tf::InvalidArgumentError>(
      [&] { Dataset::range(3).save(path("bad"), {.shard_func = [](const Element&) { return std::int64_t{-1}; }}); },
      "non-negative shard index");
  // A damaged chunk file is a DataLossError.
  Dataset::range(3).save(path("damaged"));
  for (const auto& e : fs::recursive_directory_iterator(path("damaged")))
    if (e.path().extension() == ".snapshot") fs::resize_file(e.path(), fs::file_size(e.path()) - 3);
  expect_error<tf::DataLossError>([&] { ints(Dataset::load(path("damaged"))); }, "");
}

}  // namespace
