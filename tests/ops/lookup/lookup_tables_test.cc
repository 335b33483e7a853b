// tf::lookup tables: StaticHashTable, StaticVocabularyTable (TensorFlow's out-of-vocabulary
// buckets), MutableHashTable and the two initializers give TensorFlow 2.21's results
// (lookup_tables_tf.py, in the same run); tables captured by tf::function are read and changed
// when the graph runs, in program order; errors name the op and the dtypes.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include <unistd.h>

#include "error_of.h"
#include "reference_env.h"
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/errors.h"
#include "tfpp/function.h"
#include "tfpp/lookup/tables.h"
#include "tfpp/gradient_tape.h"
#include "tfpp/math_ops.h"
#include "tfpp/module.h"
#include "tfpp/reduction_ops.h"
#include "tfpp/saved_model.h"
#include "tfpp/variable.h"

namespace tf {
namespace {

using lookup::KeyValueTensorInitializer;
using lookup::MutableHashTable;
using lookup::StaticHashTable;
using lookup::StaticVocabularyTable;
using lookup::TextFileIndex;
using lookup::TextFileInitializer;
using testing::error_of;

Tensor strs(const TensorShape& shape, const std::vector<std::string>& values) { return constant(values, shape); }

std::filesystem::path scratch_dir() {
  static const std::filesystem::path dir = [] {
    auto d = std::filesystem::temp_directory_path() / ("tfpp_lookup_" + std::to_string(::getpid()));
    std::filesystem::create_directories(d);
    return d;
  }();
  return dir;
}

const std::string& tensorflow_output() {
  static const std::string out = testing::run_command(testing::reference_python() + " " + testing::source_dir() +
                                                      "/tests/ops/lookup/lookup_tables_tf.py " + scratch_dir().string() +
                                                      " 2>/dev/null");
  return out;
}

// The values of t as the Python side prints them: strings as they are, numbers as %g.
std::string line(const Tensor& t) {
  std::string out;
  auto add = [&](const std::string& s) { out += (out.empty() ? "" : " ") + s; };
  if (t.dtype() == string) {
    for (const std::string& s : t.numpy<std::string>()) add(s);
  } else {
    for (double v : cast(t, float64).numpy<double>()) {
      char buf[32];
      std::snprintf(buf, sizeof buf, "%g", v);
      add(buf);
    }
  }
  return out + "\n";
}

std::string lines(std::initializer_list<Tensor> ts) {
  std::string out;
  for (const Tensor& t : ts) out += line(t);
  return out;
}

Tensor i64(std::vector<std::int64_t> v) { return constant(v, {static_cast<std::int64_t>(v.size())}); }

const Tensor& words() {
  static const Tensor w = constant({"the", "cat", "sat", "on", "mat"});
  return w;
}

KeyValueTensorInitializer word_ids() { return KeyValueTensorInitializer(words(), range(0, 5, 1, int64)); }

Tensor queries() { return strs({3, 2}, {"cat", "dog", "mat", "", "zebra", "the"}); }

TEST(LookupTables, StaticHashTableAsTensorFlow) {
  StaticHashTable table(word_ids(), constant(std::int64_t{-1}));
  EXPECT_EQ(table.lookup(queries()).shape(), TensorShape({3, 2}));
  EXPECT_EQ(lines({table.lookup(queries()), table.size()}), testing::block(tensorflow_output(), "static"));
  auto [keys, values] = table.export_();
  EXPECT_EQ(keys.numpy<std::string>(), words().numpy<std::string>());  // insertion order
  EXPECT_EQ(values.numpy<std::int64_t>(), (std::vector<std::int64_t>{0, 1, 2, 3, 4}));

  StaticHashTable names(KeyValueTensorInitializer(i64({3, 1}), constant({"three", "one"})), constant("?"));
  EXPECT_EQ(line(names.lookup(i64({1, 2, 3}))), testing::block(tensorflow_output(), "string_values"));
}

TEST(LookupTables, StaticVocabularyTableHashesAsTensorFlow) {
  StaticVocabularyTable vocab(word_ids(), 7);
  std::vector<std::string> oov;
  for (int n = 1; n <= 3; ++n)
    for (std::string w : {"dog", "x", "hello", "a b"}) {
      std::string s;
      for (int k = 0; k < n; ++k) s += w;
      oov.push_back(s);
    }
  EXPECT_EQ(lines({vocab.lookup(queries()), vocab.size(), vocab.lookup(strs({12}, oov))}),
            testing::block(tensorflow_output(), "vocabulary"));
  StaticVocabularyTable ints(KeyValueTensorInitializer(i64({10, 20, 30}), i64({0, 1, 2})), 5);
  EXPECT_EQ(line(ints.lookup(i64({10, -4, 30, 7, 123456789012, 20}))), testing::block(tensorflow_output(), "vocabulary_int"));
  StaticVocabularyTable only_buckets(nullptr, 4);
  const Tensor ids = only_buckets.lookup(constant({"a", "b"}));
  for (std::int64_t id : ids.numpy<std::int64_t>()) EXPECT_TRUE(id >= 0 && id < 4);
}

TEST(LookupTables, MutableHashTableAsTensorFlow) {
  MutableHashTable m(string, float32, constant(-1.5f));
  m.insert(constant({"a", "b", "c"}), constant({1.0f, 2.0f, 3.0f}));
  m.insert(constant({"b"}), constant({20.0f}));
  m.remove(constant({"a", "zz"}));
  EXPECT_EQ(lines({m.lookup(constant({"a", "b", "c"})), m.size()}), testing::block(tensorflow_output(), "mutable"));
  m.import_(constant({"q"}), constant({9.0f}));
  auto [keys, values] = m.export_();
  EXPECT_EQ(keys.numpy<std::string>(), std::vector<std::string>{"q"});
  EXPECT_EQ(values.numpy<float>(), std::vector<float>{9.0f});
}

TEST(LookupTables, DenseHashTableRefusesItsReservedKeys) {
  lookup::DenseHashTable t(string, int64, constant(std::int64_t{-1}), constant(""), constant("$"));
  t.insert(constant({"a", "b"}), i64({1, 2}));
  t.erase(constant({"a"}));
  EXPECT_EQ(t.lookup(constant({"a", "b"})).numpy<std::int64_t>(), (std::vector<std::int64_t>{-1, 2}));
  EXPECT_EQ(t.size().item<std::int64_t>(), 1);
  EXPECT_EQ(error_of([&] { t.insert(constant({""}), i64({1})); }), "[LookupTableInsertV2] Using the empty_key as a table key is not allowed");
  EXPECT_EQ(error_of([&] { t.lookup(constant({"$"})); }), "[LookupTableFindV2] Using the deleted_key as a table key is not allowed");
  EXPECT_EQ(error_of([&] { t.erase(constant({""})); }), "[LookupTableRemoveV2] Using the empty_key as a table key is not allowed");
  EXPECT_EQ(error_of([] { lookup::DenseHashTable(int64, int64, constant(std::int64_t{-1}), constant(std::int64_t{0}), constant(std::int64_t{0})); }),
            "[MutableDenseHashTableV2] Empty and deleted keys cannot be equal");
}

TEST(LookupTables, TextFileInitializersAsTensorFlow) {
  const std::string& tf_out = tensorflow_output();  // writes the files
  const std::string vocab = (scratch_dir() / "vocab.txt").string(), columns = (scratch_dir() / "columns.txt").string();
  StaticHashTable lines_table(TextFileInitializer(vocab, string, TextFileIndex::WHOLE_LINE, int64, TextFileIndex::LINE_NUMBER),
                              constant(std::int64_t{-1}));
  EXPECT_EQ(line(lines_table.lookup(constant({"cherry", "banana", "apple", "kiwi"}))), testing::block(tf_out, "text_whole_line"));
  StaticHashTable cols(TextFileInitializer(columns, int64, 0, string, 1, {.delimiter = ","}), constant("none"));
  StaticHashTable floats(TextFileInitializer(columns, string, 1, float64, 2, {.delimiter = ","}), constant(0.0));
  EXPECT_EQ(lines({cols.lookup(i64({9, 8, 7})), floats.lookup(constant({"nine", "seven"}))}),
            testing::block(tf_out, "text_columns"));
}

TEST(LookupTables, CapturedByFunctionsAndRunInProgramOrder) {
  StaticVocabularyTable vocab(word_ids(), 3);
  MutableHashTable counts(string, int64, constant(std::int64_t{0}));
  auto step = tf::function([&](Tensor keys) {
    counts.insert(keys, vocab.lookup(keys));
    Tensor seen = counts.lookup(keys);  // after the insert: the graph orders the table's ops
    counts.remove(constant({"the"}));
    return std::vector<Tensor>{seen, counts.size()};
  }, {.input_signature = {TensorSpec({None}, string)}});
  std::vector<Tensor> out = step(constant({"the", "sat", "dog"}));
  EXPECT_EQ(out[0].numpy<std::int64_t>(), vocab.lookup(constant({"the", "sat", "dog"})).numpy<std::int64_t>());
  EXPECT_EQ(out[1].item<std::int64_t>(), 2);
  out = step(constant({"on"}));  // the same trace, the table as it is now
  EXPECT_EQ(out[0].numpy<std::int64_t>(), std::vector<std::int64_t>{3});
  EXPECT_EQ(out[1].item<std::int64_t>(), 3);
  EXPECT_EQ(step.tracing_count(), 1);
  EXPECT_EQ(counts.size().item<std::int64_t>(), 3);
}

TEST(LookupTables, TapesDifferentiateCallsThatUseTablesThroughTheirVariablesOnly) {
  StaticVocabularyTable vocab(word_ids(), 2);
  Variable weights(constant({1.0f, 2.0f, 3.0f, 4.0f, 5.0f, 6.0f, 7.0f}));
  auto score = tf::function([&](Tensor words) { return reduce_sum(gather(weights.read_value(), vocab.lookup(words))); });
  GradientTape tape;
  const Tensor y = score(constant({"cat", "cat", "dog"}));  // the call's table handle is not a variable
  const Tensor dy = tape.gradient(y, weights);
  EXPECT_EQ(y.item<float>(), 2.0f + 2.0f + weights.numpy<float>()[vocab.lookup(constant({"dog"})).numpy<std::int64_t>()[0]]);
  std::vector<float> expected(7, 0.0f);
  expected[1] = 2.0f;
  expected[vocab.lookup(constant({"dog"})).numpy<std::int64_t>()[0]] += 1.0f;
  EXPECT_EQ(dy.numpy<float>(), expected);
}

// A table the saved module does not track (tf::lookup::track_table) cannot be saved with it.
TEST(LookupTables, SavingAFunctionThatCapturesAnUntrackedTableIsRefused) {
  struct Root : Module {};
  Root root;
  StaticHashTable table(word_ids(), constant(std::int64_t{-1}));
  auto f = tf::function([&](Tensor words) { return table.lookup(words); }, {.input_signature = {TensorSpec({None}, string)}});
  const std::string dir = (scratch_dir() / "saved").string();
  EXPECT_THROW(saved_model::save(root, dir, {.signatures = {{"serving_default", f.get_concrete_function(TensorSpec({None}, string))}}}),
               InvalidArgumentError);
}

TEST(LookupTables, Errors) {
  StaticHashTable table(word_ids(), constant(std::int64_t{-1}));
  EXPECT_EQ(error_of([&] { table.lookup(constant({1, 2})); }),
            "[StaticHashTable] Dtype of argument `keys` must be string, received: int32");
  EXPECT_EQ(error_of([&] { StaticHashTable(word_ids(), constant("x")); }),
            "[StaticHashTable] default_value must have the values' dtype int64, got string");
  EXPECT_EQ(error_of([&] { StaticVocabularyTable(word_ids(), 0); }),
            "[StaticVocabularyTable] `num_oov_buckets` must be > 0; use StaticHashTable.");
  try {
    StaticHashTable(KeyValueTensorInitializer(constant({"a", "a"}), i64({1, 2})), constant(std::int64_t{-1}));
    ADD_FAILURE() << "a key with two values was accepted";
  } catch (const FailedPreconditionError& e) {
    EXPECT_STREQ(e.what(), "[LookupTableImportV2] HashTable has different value for same key. Key a has 1 and trying to add value 2");
  }
  EXPECT_EQ(error_of([&] { StaticHashTable(KeyValueTensorInitializer(constant({"a", "b"}), i64({1, 2, 3})), constant(std::int64_t{-1})); }),
            "[LookupTableImportV2] Expected shape (2,) for value, got (3,)");
  EXPECT_THROW(StaticHashTable(TextFileInitializer("/nonexistent/vocab.txt", string, TextFileIndex::WHOLE_LINE, int64,
                                                   TextFileIndex::LINE_NUMBER),
                               constant(std::int64_t{-1})),
               NotFoundError);
  const std::string vocab = (scratch_dir() / "short.txt").string();
  std::ofstream(vocab) << "a\nb\n";
  EXPECT_NE(error_of([&] {
              StaticHashTable(TextFileInitializer(vocab, string, TextFileIndex::WHOLE_LINE, int64, TextFileIndex::LINE_NUMBER,
                                                  {.vocab_size = 3}),
                              constant(std::int64_t{-1}));
            }).find("Invalid vocab_size"),
            std::string::npos);
  MutableHashTable m(string, int64, constant(std::int64_t{0}));
  EXPECT_EQ(error_of([&] { m.insert(constant({"a"}), constant({1})); }), "[LookupTableInsertV2] values must have dtype int64, got int32");
  EXPECT_EQ(error_of([&] { MutableHashTable(bool_, int64, constant(std::int64_t{0})); }),
            "[MutableHashTable] keys must be string, int32 or int64, got bool");
}

}  // namespace
}  // namespace tf
