// Lookup tables in checkpoints: a MutableHashTable's and a DenseHashTable's entries are saved
// under `<path>/.ATTRIBUTES/table-keys` / `table-values` as TensorFlow saves them, so TensorFlow
// 2.21 (table_checkpoint_tf.py, in the same run) restores what tfpp writes and tfpp restores what
// TensorFlow writes, dense tables' bucket layout included; mismatches are clear errors.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>

#include <unistd.h>

#include "error_of.h"
#include "reference_env.h"
#include "tfpp/constant.h"
#include "tfpp/errors.h"
#include "tfpp/lookup/tables.h"
#include "tfpp/lookup/tracking.h"
#include "tfpp/module.h"
#include "tfpp/train/checkpoint.h"

namespace tf {
namespace {

using lookup::DenseHashTable;
using lookup::MutableHashTable;
using testing::error_of;

std::filesystem::path scratch_dir() {
  static const std::filesystem::path dir = [] {
    auto d = std::filesystem::temp_directory_path() / ("tfpp_table_checkpoint_" + std::to_string(::getpid()));
    std::filesystem::create_directories(d);
    return d;
  }();
  return dir;
}

std::string run_tensorflow(const std::string& mode, const std::string& prefix) {
  return testing::run_command(testing::reference_python() + " " + testing::source_dir() +
                              "/tests/ops/lookup/table_checkpoint_tf.py " + mode + " " + prefix + " 2>/dev/null");
}

Tensor i64(std::vector<std::int64_t> v) { return constant(v, {static_cast<std::int64_t>(v.size())}); }

std::vector<std::int64_t> dense_int_keys() {
  std::vector<std::int64_t> keys{5, 7, 13};
  for (std::int64_t k = 100; k < 120; ++k) keys.push_back(k);
  return keys;
}

// The objects of table_checkpoint_tf.py: a module holding three tables, and one more at the root.
struct Objects {
  Module module;
  MutableHashTable table{string, int64, constant(std::int64_t{-1})};
  DenseHashTable dense{int64, float32, constant(-1.0f), constant(std::int64_t{0}), constant(std::int64_t{-1})};
  DenseHashTable words{string, int64, constant(std::int64_t{-1}), constant(""), constant("<deleted>")};
  MutableHashTable counts{int64, string, constant("?")};

  Objects() {
    lookup::track_table(module, "table", table);
    lookup::track_table(module, "dense", dense);
    lookup::track_table(module, "words", words);
  }
  train::Checkpoint checkpoint() { return train::Checkpoint({{"m", module}, {"counts", counts}}); }

  void fill() {
    table.insert(constant({"a", "b", "c"}), i64({1, 2, 3}));
    table.remove(constant({"c"}));
    std::vector<float> values;
    for (std::int64_t k : dense_int_keys()) values.push_back(static_cast<float>(k) / 10.0f);
    dense.insert(constant(dense_int_keys(), TensorShape({23})), constant(values, TensorShape({23})));
    words.insert(constant({"x", "y", "zz"}), i64({10, 20, 30}));
    counts.insert(i64({1, 2}), constant({"one", "two"}));
  }

  // What the script prints: "NAME SIZE values of the queries", floats as %g.
  std::string report() const {
    std::string out;
    auto line = [&](const std::string& name, const lookup::LookupTableBase& t, const Tensor& values) {
      out += name + " " + std::to_string(t.size().item<std::int64_t>());
      for (std::int64_t i = 0; i < values.num_elements(); ++i) {
        char buf[32];
        if (values.dtype() == string) out += " " + values.data<std::string>()[i];
        else if (values.dtype() == float32) std::snprintf(buf, sizeof buf, " %g", static_cast<double>(values.data<float>()[i])), out += buf;
        else out += " " + std::to_string(values.data<std::int64_t>()[i]);
      }
      out += "\n";
    };
    line("table", table, table.lookup(constant({"a", "b", "c", "zz"})));
    line("dense", dense, dense.lookup(i64({5, 7, 13, 100, 119, 3})));
    line("words", words, words.lookup(constant({"x", "y", "zz", "w"})));
    line("counts", counts, counts.lookup(i64({1, 2, 3})));
    return out;
  }
};

TEST(TableCheckpoint, TensorFlowRestoresWhatTfppWrites) {
  Objects objects;
  objects.fill();
  const std::string prefix = (scratch_dir() / "tfpp_ckpt").string();
  objects.checkpoint().write(prefix);
  EXPECT_EQ(run_tensorflow("read", prefix), objects.report());
  // The keys are TensorFlow's.
  const train::CheckpointReader reader(prefix);
  EXPECT_TRUE(reader.has_tensor("m/table/.ATTRIBUTES/table-keys"));
  EXPECT_TRUE(reader.has_tensor("counts/.ATTRIBUTES/table-values"));
  EXPECT_EQ(reader.get_tensor("m/dense/.ATTRIBUTES/table-keys").shape(), TensorShape({32, 1}));
}

TEST(TableCheckpoint, TfppRestoresWhatTensorFlowWrites) {
  const std::string prefix = (scratch_dir() / "tf_ckpt").string();
  const std::string expected = run_tensorflow("write", prefix);
  ASSERT_NE(expected.find("counts 2 one two ?"), std::string::npos) << expected;
  Objects objects;
  objects.counts.insert(i64({9}), constant({"nine"}));  // replaced by the restore
  objects.checkpoint().restore(prefix).assert_consumed();
  EXPECT_EQ(objects.report(), expected);
}

TEST(TableCheckpoint, RoundTripReplacesEntries) {
  Objects saved;
  saved.fill();
  const std::string prefix = (scratch_dir() / "round_trip").string();
  saved.checkpoint().write(prefix);
  saved.table.insert(constant({"q"}), i64({7}));
  saved.dense.erase(i64({5}));
  saved.checkpoint().restore(prefix).assert_consumed();
  Objects expected;
  expected.fill();
  EXPECT_EQ(saved.report(), expected.report());
  // Static tables keep nothing: their initializer rebuilds them.
  Module holder;
  lookup::StaticHashTable fixed(lookup::KeyValueTensorInitializer(constant({"a"}), i64({1})), constant(std::int64_t{0}));
  lookup::track_table(holder, "fixed", fixed);
  const std::string static_prefix = (scratch_dir() / "static").string();
  train::Checkpoint({{"holder", holder}}).write(static_prefix);
  EXPECT_FALSE(train::CheckpointReader(static_prefix).has_tensor("holder/fixed/.ATTRIBUTES/table-keys"));
  train::Checkpoint({{"holder", holder}}).restore(static_prefix).assert_consumed();
  EXPECT_TRUE(holder.submodules().empty());  // a table is not a submodule
}

TEST(TableCheckpoint, MismatchesAreClearErrors) {
  Objects saved;
  saved.fill();
  const std::string prefix = (scratch_dir() / "mismatch").string();
  saved.checkpoint().write(prefix);
  // A table of other dtypes under the same name.
  Module other;
  MutableHashTable floats(string, float32, constant(0.0f));
  lookup::track_table(other, "table", floats);
  const std::string message = error_of([&] { train::Checkpoint({{"m", other}}).restore(prefix); });
  EXPECT_NE(message.find("m/table/.ATTRIBUTES/table"), std::string::npos) << message;
  EXPECT_NE(message.find("MutableHashTable of string -> float32"), std::string::npos) << message;
  // A table the checkpoint does not have.
  Module extra;
  MutableHashTable missing(string, int64, constant(std::int64_t{0}));
  lookup::track_table(extra, "missing", missing);
  try {
    train::Checkpoint({{"m", extra}}).restore(prefix).assert_existing_objects_matched();
    ADD_FAILURE() << "no AssertionError";
  } catch (const AssertionError& e) {
    EXPECT_NE(std::string(e.what()).find("lookup table 'm/missing' got no value"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace tf
