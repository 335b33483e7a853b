// Lookup tables in SavedModels, exchanged with TensorFlow 2.21 in the same run: a module holding
// a StaticHashTable (from a KeyValueTensorInitializer) and a StaticVocabularyTable (from a
// TextFileInitializer, whose file becomes an asset) saved by tfpp loads in TensorFlow and serves
// the same lookups; TensorFlow's SavedModel of such a module loads in tfpp (its tables created and
// initialized by their _create_resource and _initialize functions, the asset found in assets/).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "saved_model_python.h"
#include "tfpp/lookup/initializers.h"
#include "tfpp/lookup/tables.h"
#include "tfpp/lookup/tracking.h"

namespace tf {
namespace {

namespace fs = std::filesystem;

const std::vector<std::string> kQueries{"a", "b", "c", "zz", "dog"};

std::string write_vocabulary(const std::string& dir) {
  fs::create_directories(dir);
  const std::string path = dir + "/words.txt";
  std::ofstream(path) << "cat\ndog\nemu\n";
  return path;
}

// tfpp's module: `ids` (a -> 1, b -> 2, else -1), `vocab` (words.txt's line numbers, 2 OOV buckets).
struct Tables : Module {
  lookup::StaticHashTable ids;
  lookup::StaticVocabularyTable vocab;
  explicit Tables(const std::string& vocabulary)
      : ids(lookup::KeyValueTensorInitializer(constant({"a", "b"}), constant(std::vector<std::int64_t>{1, 2}, {2})),
            constant(std::int64_t{-1})),
        vocab(lookup::TextFileInitializer(vocabulary, string, lookup::TextFileIndex::WHOLE_LINE, int64,
                                          lookup::TextFileIndex::LINE_NUMBER),
              2) {
    lookup::track_table(*this, "ids", ids);
    lookup::track_table(*this, "vocab", vocab);
  }
};

TEST(SavedModelTables, TensorFlowServesTfppsTables) {
  const std::string dir = testing::saved_model_temp_dir("tables_tfpp");
  Tables tables(write_vocabulary(dir + "_src"));
  auto serve = tables.add_function(
      "serve", function([&](const Tensor& x) { return std::map<std::string, Tensor>{{"ids", tables.ids.lookup(x)}, {"vocab", tables.vocab.lookup(x)}}; },
                        {.input_signature = {TensorSpec({None}, string, "x")}}));
  const Tensor x = constant(kQueries, {5});
  const std::map<std::string, Tensor> want = serve(x);
  saved_model::save(tables, dir, {.signatures = {{"serving_default", serve.get_concrete_function(TensorSpec({None}, string, "x"))}}});
  fs::remove_all(dir + "_src");  // the SavedModel keeps its own copy of the vocabulary
  EXPECT_TRUE(fs::exists(dir + "/assets/words.txt"));
  auto got = testing::run_python("tables_tfpp",
                                 "m = tf.saved_model.load('" + dir + "')\n"
                                 "x = tf.constant(['a', 'b', 'c', 'zz', 'dog'])\n"
                                 "out = m.signatures['serving_default'](x=x)\n"
                                 "show('sig_ids', out['ids']); show('sig_vocab', out['vocab'])\n"
                                 "show('fn_vocab', m.serve(x)['vocab'])\n");
  testing::expect_near(want.at("ids"), got["sig_ids"]);
  testing::expect_near(want.at("vocab"), got["sig_vocab"]);
  testing::expect_near(want.at("vocab"), got["fn_vocab"]);
  // tfpp loads its own SavedModel too.
  saved_model::Loaded loaded = saved_model::load(dir);
  const auto out = loaded.signatures.at("serving_default")({{"x", x}});
  EXPECT_EQ(out.at("ids").numpy<std::int64_t>(), want.at("ids").numpy<std::int64_t>());
  EXPECT_EQ(out.at("vocab").numpy<std::int64_t>(), want.at("vocab").numpy<std::int64_t>());
}

TEST(SavedModelTables, TfppServesTensorFlowsTables) {
  const std::string dir = testing::saved_model_temp_dir("tables_tf");
  const std::string vocabulary = write_vocabulary(dir + "_src");
  auto want = testing::run_python("tables_tf",
                                  "class M(tf.Module):\n"
                                  "  def __init__(self):\n"
                                  "    self.ids = tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer(\n"
                                  "        tf.constant(['a', 'b']), tf.constant([1, 2], tf.int64)), -1)\n"
                                  "    self.vocab = tf.lookup.StaticVocabularyTable(tf.lookup.TextFileInitializer('" + vocabulary + "',\n"
                                  "        tf.string, tf.lookup.TextFileIndex.WHOLE_LINE, tf.int64, tf.lookup.TextFileIndex.LINE_NUMBER), 2)\n"
                                  "  @tf.function(input_signature=[tf.TensorSpec([None], tf.string, name='x')])\n"
                                  "  def serve(self, x):\n"
                                  "    return {'ids': self.ids.lookup(x), 'vocab': self.vocab.lookup(x)}\n"
                                  "m = M()\n"
                                  "tf.saved_model.save(m, '" + dir + "', signatures={'serving_default': m.serve})\n"
                                  "out = m.serve(tf.constant(['a', 'b', 'c', 'zz', 'dog']))\n"
                                  "show('ids', out['ids']); show('vocab', out['vocab'])\n");
  ASSERT_EQ(want["ids"].size(), 5u);
  fs::remove_all(dir + "_src");
  saved_model::Loaded loaded = saved_model::load(dir);
  const auto out = loaded.signatures.at("serving_default")({{"x", constant(kQueries, {5})}});
  testing::expect_near(out.at("ids"), want["ids"]);
  testing::expect_near(out.at("vocab"), want["vocab"]);
  // A SavedModel whose asset file is gone: the error names it.
  fs::remove(dir + "/assets/words.txt");
  try {
    saved_model::load(dir).signatures.at("serving_default")({{"x", constant(kQueries, {5})}});
    ADD_FAILURE() << "no error";
  } catch (const NotFoundError& e) {
    EXPECT_NE(std::string(e.what()).find("assets/words.txt"), std::string::npos) << e.what();
  }
}

TEST(SavedModelTables, MutableAndUntrackedTablesAreClearErrors) {
  Module holder;
  lookup::MutableHashTable counts(string, int64, constant(std::int64_t{0}));
  lookup::track_table(holder, "counts", counts);
  try {
    saved_model::save(holder, testing::saved_model_temp_dir("tables_mutable"));
    ADD_FAILURE() << "no error";
  } catch (const UnimplementedError& e) {
    EXPECT_NE(std::string(e.what()).find("'counts' is a MutableHashTable"), std::string::npos) << e.what();
  }
  Module empty;
  lookup::StaticHashTable table(lookup::KeyValueTensorInitializer(constant({"a"}), constant(std::vector<std::int64_t>{1}, {1})),
                                constant(std::int64_t{0}));
  auto f = empty.add_function("f", function([&](const Tensor& x) { return table.lookup(x); },
                                            {.input_signature = {TensorSpec({None}, string, "x")}}));
  try {
    saved_model::save(empty, testing::saved_model_temp_dir("tables_untracked"));
    ADD_FAILURE() << "no error";
  } catch (const InvalidArgumentError& e) {
    EXPECT_NE(std::string(e.what()).find("does not track"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace tf
