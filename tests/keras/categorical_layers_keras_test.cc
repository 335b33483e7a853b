// Hashing, CategoryEncoding, StringLookup and IntegerLookup: outputs, vocabularies after adapt
// and configs compared with Keras 3 in the same run; traced calls; errors.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <map>

#include "error_of.h"
#include "keras_reference.h"
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/data/dataset.h"
#include "tfpp/errors.h"
#include "tfpp/function.h"
#include "tfpp/keras/layers/categorical.h"
#include "tfpp/keras/layers/discretization.h"
#include "tfpp/keras/layers/hashed_crossing.h"
#include "tfpp/keras/layers/index_lookup.h"
#include "tfpp/keras/layers/text_vectorization.h"

namespace tf {
namespace {

namespace layers = keras::layers;
using testing::error_of;

// The reference: one line "name text" per case, from Keras 3.
const char* kKerasCases = R"PY(
import json
import numpy as np
import tensorflow as tf
import keras
L = keras.layers

def text(t):
    t = tf.convert_to_tensor(t)
    a = t.numpy().reshape(-1)
    if t.dtype == tf.string:
        values = [v.decode() for v in a]
    elif t.dtype.is_floating:
        values = ["%.6g" % v for v in a]
    else:
        values = [str(int(v)) for v in a]
    return t.dtype.name + " " + "x".join(str(d) for d in t.shape) + " " + "|".join(values)

def emit(name, t):
    print(name, text(t))

def emit_vocab(name, vocab):
    print(name, "|".join(str(v) for v in vocab))

def emit_config(name, layer, unnamed=False):
    config = layer.get_config()
    if unnamed:  # the name counts the layers made before, which differ between the two processes
        del config["name"]
    print(name, json.dumps(config, sort_keys=True))

h = L.Hashing(num_bins=5)
emit("hash_str", h(tf.constant([["a", "b"], ["c", "hello"]])))
emit_config("hash_config", h)
emit("hash_int", L.Hashing(num_bins=7)(tf.constant([[1, 2], [33, -4]])))
emit("hash_float", L.Hashing(num_bins=7)(tf.constant([1.5, 2.0, -3.7])))
emit("hash_mask", L.Hashing(num_bins=4, mask_value="")(tf.constant(["a", "", "b"])))
emit("hash_salt", L.Hashing(num_bins=100, salt=[7, 8])(tf.constant(["a", "b", "c"])))
emit("hash_salt1", L.Hashing(num_bins=100, salt=7)(tf.constant(["a", "b", "c"])))
hm = L.Hashing(num_bins=4, output_mode="multi_hot")
emit("hash_multi_hot", hm(tf.constant([["a", "b"], ["c", "a"]])))
emit_config("hash_multi_hot_config", hm)
ce = L.CategoryEncoding(num_tokens=4, output_mode="one_hot")
emit("ce_one_hot", ce(tf.constant([3, 2, 0, 1])))
emit_config("ce_config", ce)
emit("ce_multi_hot", L.CategoryEncoding(num_tokens=4, output_mode="multi_hot")(tf.constant([[0, 1], [0, 0], [1, 2], [3, 1]])))
emit("ce_count", L.CategoryEncoding(num_tokens=4, output_mode="count")(tf.constant([[0, 1], [0, 0], [1, 2], [3, 1]])))
emit("ce_weighted", L.CategoryEncoding(num_tokens=4, output_mode="count")(tf.constant([[0, 1], [0, 0]]), count_weights=tf.constant([[0.1, 0.2], [0.3, 0.4]])))
emit("ce_one_hot_column", L.CategoryEncoding(num_tokens=4, output_mode="one_hot")(tf.constant([[3], [2]])))
emit("ce_one_hot_single", L.CategoryEncoding(num_tokens=4, output_mode="one_hot")(tf.constant([3])))
emit("ce_one_hot_scalar", L.CategoryEncoding(num_tokens=4, output_mode="one_hot")(tf.constant(3)))
emit("ce_one_hot_out_of_range", L.CategoryEncoding(num_tokens=4, output_mode="one_hot")(tf.constant([5, 1])))
emit("hash_one_hot_single", L.Hashing(num_bins=4, output_mode="one_hot")(tf.constant(["a"])))
emit("ce_out_of_range", L.CategoryEncoding(num_tokens=4, output_mode="multi_hot")(tf.constant([[5, 1]])))

s = L.StringLookup(vocabulary=["a", "b", "c"])
emit("sl_int", s(tf.constant([["a", "x"], ["c", "b"]])))
emit_vocab("sl_vocab", s.get_vocabulary())
emit_config("sl_config", s)
emit("sl_multi_hot", L.StringLookup(vocabulary=["a", "b", "c"], output_mode="multi_hot")(tf.constant([["a", "x"], ["c", "c"]])))
emit("sl_count", L.StringLookup(vocabulary=["a", "b", "c"], output_mode="count")(tf.constant([["a", "x"], ["c", "c"]])))
emit("sl_one_hot", L.StringLookup(vocabulary=["a", "b", "c"], output_mode="one_hot")(tf.constant(["a", "x", "c"])))
emit("sl_tf_idf", L.StringLookup(vocabulary=["a", "b", "c"], idf_weights=[0.5, 1.0, 2.0], output_mode="tf_idf")(tf.constant([["a", "x"], ["c", "c"]])))
sm = L.StringLookup(vocabulary=["a", "b", "c"], mask_token="", num_oov_indices=2)
emit("sl_mask", sm(tf.constant([["a", "x", ""], ["c", "zz", "qq"]])))
emit_vocab("sl_mask_vocab", sm.get_vocabulary())
emit_vocab("sl_mask_vocab_plain", sm.get_vocabulary(include_special_tokens=False))
emit("sl_invert", L.StringLookup(vocabulary=["a", "b", "c"], invert=True)(tf.constant([[1, 0], [3, 7]], tf.int64)))
a = L.StringLookup()
a.adapt(tf.constant([["x", "y", "z"], ["y", "z", "z"], ["w", "w", "x"]]))
emit_vocab("sl_adapt", a.get_vocabulary())
a2 = L.StringLookup(max_tokens=3)
a2.adapt(tf.constant(["b", "a", "c", "c"]))
emit_vocab("sl_adapt_max", a2.get_vocabulary())
emit_config("sl_adapt_config", a2, unnamed=True)
a3 = L.StringLookup()
a3.adapt(tf.data.Dataset.from_tensor_slices(["q", "r", "q", "s", "r", "q"]).batch(2))
emit_vocab("sl_adapt_dataset", a3.get_vocabulary())
ti = L.StringLookup(output_mode="tf_idf")
ti.adapt(tf.constant([["a", "b", "a"], ["b", "c", "c"], ["a", "a", "a"]]))
emit_vocab("sl_tf_idf_vocab", ti.get_vocabulary())
emit("sl_tf_idf_adapted", ti(tf.constant([["a", "c", "c", "zz"]])))

i = L.IntegerLookup(vocabulary=[12, 36, 1138, 42])
emit("il_int", i(tf.constant([[12, 1138, 42], [42, 1000, 36]], tf.int64)))
emit_config("il_config", i)
emit_vocab("il_vocab", i.get_vocabulary())
i2 = L.IntegerLookup(num_oov_indices=3, mask_token=0)
i2.adapt(tf.constant([[5, 7, 7], [9, 5, 5]], tf.int64))
emit_vocab("il_adapt", i2.get_vocabulary())
emit("il_oov", i2(tf.constant([5, 0, 100, 101, 102, 9], tf.int64)))
emit("il_farmhash", L.IntegerLookup(vocabulary=[3], num_oov_indices=4, oov_method="farmhash")(tf.constant([3, 100, 101, 102], tf.int64)))
emit("il_padded", L.IntegerLookup(vocabulary=[3, 4], output_mode="multi_hot", pad_to_max_tokens=True, max_tokens=6)(tf.constant([[3, 9], [4, 4]], tf.int64)))

corpus = ["The cat sat on the mat.", "The dog ate my homework!", "Cats, dogs; and birds?", "the THE the"]
tv = L.TextVectorization(max_tokens=12, output_sequence_length=6)
tv.adapt(corpus)
emit_vocab("tv_vocab", tv.get_vocabulary())
emit("tv_int", tv(tf.constant(["the cat ate the bird", "", "a b c d e f g h"])))
emit_config("tv_config", tv)
tv2 = L.TextVectorization(output_mode="multi_hot", ngrams=2)
tv2.adapt(tf.data.Dataset.from_tensor_slices(corpus).batch(2))
emit_vocab("tv_ngrams_vocab", tv2.get_vocabulary())
emit("tv_ngrams", tv2(tf.constant(["the cat sat"])))
tv3 = L.TextVectorization(output_mode="tf_idf", max_tokens=8, pad_to_max_tokens=True)
tv3.adapt(corpus)
emit_vocab("tv_tf_idf_vocab", tv3.get_vocabulary())
emit("tv_tf_idf", tv3(tf.constant(["the cat the", "dog"])))
tv4 = L.TextVectorization()
tv4.adapt(corpus)
emit("tv_ragged_width", tv4(tf.constant([["the cat"], ["mat"]])))
tv5 = L.TextVectorization(standardize=None, split=None, output_mode="count", vocabulary=["a", "b"])
tv6 = L.TextVectorization(ragged=True, output_sequence_length=3, vocabulary=["cat", "the", "sat"], name="tv_ragged")
emit("tv_ragged", tv6(tf.constant(["the cat sat on the mat", "", "cat dog"])).to_tensor())
emit_config("tv_ragged_config", tv6)
d = L.Discretization(bin_boundaries=[0., 1., 2.5])
emit("disc_int", d(tf.constant([[-1.5, 0.0, 1.0], [2.5, 3.0, 0.7]])))
emit_config("disc_config", d)
d2 = L.Discretization(num_bins=4, epsilon=0.01)
d2.adapt(np.array([[0.1 * i * i for i in range(37)]], np.float32).T)
emit("disc_adapted", tf.constant(d2.bin_boundaries))
d3 = L.Discretization(num_bins=3, output_mode="one_hot")
d3.adapt(tf.data.Dataset.from_tensor_slices(np.arange(20, dtype=np.float32)).batch(6))
emit("disc_dataset", tf.constant(d3.bin_boundaries))
emit("disc_one_hot", d3(tf.constant([1.0, 9.0, 30.0])))
d4 = L.Discretization(num_bins=5, epsilon=0.1)
d4.adapt(np.sin(np.arange(500, dtype=np.float32)))
emit("disc_many", tf.constant(d4.bin_boundaries))
emit("disc_count", L.Discretization(bin_boundaries=[0.5], output_mode="count")(tf.constant([[0.1, 0.7, 0.9]])))
emit("tv_no_split", tv5(tf.constant([["a", "b", "a"], ["c", "a", "a"]])))
hc = L.HashedCrossing(num_bins=5)
emit("cross_int", hc((tf.constant(["A", "B", "A", "B", "A"]), tf.constant([101, 101, 101, 102, 102]))))
emit_config("cross_config", hc)
emit("cross_rank2", L.HashedCrossing(num_bins=1000)((tf.constant([[1], [2]]), tf.constant([["x"], ["y"]]), tf.constant([[7], [7]]))))
emit("cross_scalar", L.HashedCrossing(num_bins=9)((tf.constant("a"), tf.constant(3))))
hc1 = L.HashedCrossing(num_bins=4, output_mode="one_hot")
emit("cross_one_hot", hc1((tf.constant([["a"], ["b"]]), tf.constant([[1], [2]]))))
emit_config("cross_one_hot_config", hc1)
emit("cross_one_hot_scalar", L.HashedCrossing(num_bins=3, output_mode="one_hot")((tf.constant("a"), tf.constant(3))))
)PY";

const std::map<std::string, std::string>& keras_results() {
  static const std::map<std::string, std::string> results = [] {
    std::map<std::string, std::string> m;
    const std::string out = testing::run_reference(kKerasCases);
    std::size_t pos = 0;
    while (pos < out.size()) {
      std::size_t end = out.find('\n', pos);
      if (end == std::string::npos) end = out.size();
      const std::string line = out.substr(pos, end - pos);
      pos = end + 1;
      const std::size_t space = line.find(' ');
      if (space != std::string::npos) m[line.substr(0, space)] = line.substr(space + 1);
    }
    return m;
  }();
  return results;
}

std::string keras(const std::string& name) {
  auto it = keras_results().find(name);
  return it == keras_results().end() ? "missing case " + name : it->second;
}

std::string text(const Tensor& t) {
  std::string out = std::string(dtype_name(t.dtype())) + " ";
  for (int d = 0; d < t.shape().rank(); ++d) out += (d ? "x" : "") + std::to_string(t.shape().dim(d));
  out += " ";
  std::vector<std::string> values;
  if (t.dtype() == string) values = t.numpy<std::string>();
  else if (is_floating(t.dtype()))
    for (double v : cast(t, float64).numpy<double>()) {
      char buf[32];
      std::snprintf(buf, sizeof buf, "%.6g", v);
      values.push_back(buf);
    }
  else
    for (std::int64_t v : cast(t, int64).numpy<std::int64_t>()) values.push_back(std::to_string(v));
  for (std::size_t i = 0; i < values.size(); ++i) out += (i ? "|" : "") + values[i];
  return out;
}

template <class T>
std::string vocab_text(const std::vector<T>& vocab) {
  std::string out;
  for (std::size_t i = 0; i < vocab.size(); ++i) {
    if (i) out += "|";
    if constexpr (std::is_same_v<T, std::string>) out += vocab[i];
    else out += std::to_string(vocab[i]);
  }
  return out;
}

std::string config_text(const keras::Layer& layer) { return keras::to_json(layer.get_config()); }

Tensor strs(const TensorShape& shape, const std::vector<std::string>& v) { return constant(v, shape); }
Tensor i64(const TensorShape& shape, const std::vector<std::int64_t>& v) { return constant(v, shape); }
using Strings = std::vector<std::string>;

TEST(CategoricalLayersKeras, HashingAsKeras) {
  layers::Hashing h(5);
  EXPECT_EQ(text(h(strs({2, 2}, {"a", "b", "c", "hello"}))), keras("hash_str"));
  EXPECT_EQ(config_text(h), keras("hash_config"));
  EXPECT_EQ(text(layers::Hashing(7)(constant({{1, 2}, {33, -4}}))), keras("hash_int"));
  EXPECT_EQ(text(layers::Hashing(7)(constant({1.5f, 2.0f, -3.7f}))), keras("hash_float"));
  EXPECT_EQ(text(layers::Hashing(4, {.mask_value = std::string("")})(constant({"a", "", "b"}))), keras("hash_mask"));
  EXPECT_EQ(text(layers::Hashing(100, {.salt = std::vector<std::int64_t>{7, 8}})(constant({"a", "b", "c"}))), keras("hash_salt"));
  EXPECT_EQ(text(layers::Hashing(100, {.salt = std::vector<std::int64_t>{7}})(constant({"a", "b", "c"}))), keras("hash_salt1"));
  layers::Hashing hm(4, {.output_mode = "multi_hot"});
  EXPECT_EQ(text(hm(strs({2, 2}, {"a", "b", "c", "a"}))), keras("hash_multi_hot"));
  EXPECT_EQ(config_text(hm), keras("hash_multi_hot_config"));
}

TEST(CategoricalLayersKeras, CategoryEncodingAsKeras) {
  layers::CategoryEncoding ce(4, {.output_mode = "one_hot"});
  EXPECT_EQ(text(ce(constant({3, 2, 0, 1}))), keras("ce_one_hot"));
  EXPECT_EQ(config_text(ce), keras("ce_config"));
  const Tensor ids = constant({{0, 1}, {0, 0}, {1, 2}, {3, 1}});
  EXPECT_EQ(text(layers::CategoryEncoding(4, {.output_mode = "multi_hot"})(ids)), keras("ce_multi_hot"));
  EXPECT_EQ(text(layers::CategoryEncoding(4, {.output_mode = "count"})(ids)), keras("ce_count"));
  layers::CategoryEncoding counts(4, {.output_mode = "count"});
  EXPECT_EQ(text(counts.call_weighted(constant({{0, 1}, {0, 0}}), constant({{0.1f, 0.2f}, {0.3f, 0.4f}}))), keras("ce_weighted"));
  EXPECT_EQ(text(layers::CategoryEncoding(4, {.output_mode = "one_hot"})(constant({{3}, {2}}))), keras("ce_one_hot_column"));
  EXPECT_EQ(text(layers::CategoryEncoding(4, {.output_mode = "one_hot"})(constant({3}))), keras("ce_one_hot_single"));
  EXPECT_EQ(text(layers::CategoryEncoding(4, {.output_mode = "one_hot"})(constant(3))), keras("ce_one_hot_scalar"));
  EXPECT_EQ(text(layers::CategoryEncoding(4, {.output_mode = "one_hot"})(constant({5, 1}))), keras("ce_one_hot_out_of_range"));
  EXPECT_EQ(text(layers::Hashing(4, {.output_mode = "one_hot"})(constant({"a"}))), keras("hash_one_hot_single"));
  EXPECT_EQ(text(layers::CategoryEncoding(4, {.output_mode = "multi_hot"})(constant({{5, 1}}))), keras("ce_out_of_range"));
}

TEST(CategoricalLayersKeras, StringLookupAsKeras) {
  const Strings abc{"a", "b", "c"};
  layers::StringLookup s({.vocabulary = abc});
  EXPECT_EQ(text(s(strs({2, 2}, {"a", "x", "c", "b"}))), keras("sl_int"));
  EXPECT_EQ(vocab_text(s.get_vocabulary()), keras("sl_vocab"));
  EXPECT_EQ(config_text(s), keras("sl_config"));
  const Tensor q = strs({2, 2}, {"a", "x", "c", "c"});
  EXPECT_EQ(text(layers::StringLookup({.vocabulary = abc, .output_mode = "multi_hot"})(q)), keras("sl_multi_hot"));
  EXPECT_EQ(text(layers::StringLookup({.vocabulary = abc, .output_mode = "count"})(q)), keras("sl_count"));
  EXPECT_EQ(text(layers::StringLookup({.vocabulary = abc, .output_mode = "one_hot"})(constant({"a", "x", "c"}))), keras("sl_one_hot"));
  EXPECT_EQ(text(layers::StringLookup({.vocabulary = abc, .idf_weights = std::vector<double>{0.5, 1.0, 2.0}, .output_mode = "tf_idf"})(q)),
            keras("sl_tf_idf"));
  layers::StringLookup sm({.num_oov_indices = 2, .mask_token = "", .vocabulary = abc});
  EXPECT_EQ(text(sm(strs({2, 3}, {"a", "x", "", "c", "zz", "qq"}))), keras("sl_mask"));
  EXPECT_EQ(vocab_text(sm.get_vocabulary()), keras("sl_mask_vocab"));
  EXPECT_EQ(vocab_text(sm.get_vocabulary(false)), keras("sl_mask_vocab_plain"));
  EXPECT_EQ(text(layers::StringLookup({.vocabulary = abc, .invert = true})(i64({2, 2}, {1, 0, 3, 7}))), keras("sl_invert"));
}

TEST(CategoricalLayersKeras, AdaptOrdersTheVocabularyAsKeras) {
  layers::StringLookup a;
  a.adapt(strs({3, 3}, {"x", "y", "z", "y", "z", "z", "w", "w", "x"}));
  EXPECT_EQ(vocab_text(a.get_vocabulary()), keras("sl_adapt"));
  layers::StringLookup a2({.max_tokens = 3});
  a2.adapt(constant({"b", "a", "c", "c"}));
  EXPECT_EQ(vocab_text(a2.get_vocabulary()), keras("sl_adapt_max"));
  keras::Config unnamed = a2.get_config();
  unnamed.erase("name");  // it counts the layers made before, which differ between the two processes
  EXPECT_EQ(keras::to_json(unnamed), keras("sl_adapt_config"));
  layers::StringLookup a3;
  a3.adapt(data::Dataset::from_tensor_slices({constant({"q", "r", "q", "s", "r", "q"})}).batch(2));
  EXPECT_EQ(vocab_text(a3.get_vocabulary()), keras("sl_adapt_dataset"));
  layers::StringLookup ti({.output_mode = "tf_idf"});
  ti.adapt(strs({3, 3}, {"a", "b", "a", "b", "c", "c", "a", "a", "a"}));
  EXPECT_EQ(vocab_text(ti.get_vocabulary()), keras("sl_tf_idf_vocab"));
  EXPECT_EQ(text(ti(strs({1, 4}, {"a", "c", "c", "zz"}))), keras("sl_tf_idf_adapted"));
}

TEST(CategoricalLayersKeras, IntegerLookupAsKeras) {
  layers::IntegerLookup i({.vocabulary = std::vector<std::int64_t>{12, 36, 1138, 42}});
  EXPECT_EQ(text(i(i64({2, 3}, {12, 1138, 42, 42, 1000, 36}))), keras("il_int"));
  EXPECT_EQ(config_text(i), keras("il_config"));
  EXPECT_EQ(vocab_text(i.get_vocabulary()), keras("il_vocab"));
  layers::IntegerLookup i2({.num_oov_indices = 3, .mask_token = 0});
  i2.adapt(i64({2, 3}, {5, 7, 7, 9, 5, 5}));
  EXPECT_EQ(vocab_text(i2.get_vocabulary()), keras("il_adapt"));
  EXPECT_EQ(text(i2(i64({6}, {5, 0, 100, 101, 102, 9}))), keras("il_oov"));
  layers::IntegerLookup farm({.num_oov_indices = 4, .vocabulary = std::vector<std::int64_t>{3}, .oov_method = "farmhash"});
  EXPECT_EQ(text(farm(i64({4}, {3, 100, 101, 102}))), keras("il_farmhash"));
  layers::IntegerLookup padded({.max_tokens = 6, .vocabulary = std::vector<std::int64_t>{3, 4}, .output_mode = "multi_hot",
                                .pad_to_max_tokens = true});
  EXPECT_EQ(text(padded(i64({2, 2}, {3, 9, 4, 4}))), keras("il_padded"));
}

TEST(CategoricalLayersKeras, TextVectorizationAsKeras) {
  const Tensor corpus = constant({"The cat sat on the mat.", "The dog ate my homework!", "Cats, dogs; and birds?", "the THE the"});
  layers::TextVectorization tv({.max_tokens = 12, .output_sequence_length = 6});
  tv.adapt(corpus);
  EXPECT_EQ(vocab_text(tv.get_vocabulary()), keras("tv_vocab"));
  EXPECT_EQ(text(tv(constant({"the cat ate the bird", "", "a b c d e f g h"}))), keras("tv_int"));
  EXPECT_EQ(config_text(tv), keras("tv_config"));
  layers::TextVectorization tv2({.ngrams = {1, 2}, .ngrams_as_int = true, .output_mode = "multi_hot"});
  tv2.adapt(data::Dataset::from_tensor_slices({corpus}).batch(2));
  EXPECT_EQ(vocab_text(tv2.get_vocabulary()), keras("tv_ngrams_vocab"));
  EXPECT_EQ(text(tv2(constant({"the cat sat"}))), keras("tv_ngrams"));
  layers::TextVectorization tv3({.max_tokens = 8, .output_mode = "tf_idf", .pad_to_max_tokens = true});
  tv3.adapt(corpus);
  EXPECT_EQ(vocab_text(tv3.get_vocabulary()), keras("tv_tf_idf_vocab"));
  EXPECT_EQ(text(tv3(constant({"the cat the", "dog"}))), keras("tv_tf_idf"));
  layers::TextVectorization tv4;
  tv4.adapt(corpus);
  EXPECT_EQ(text(tv4(strs({2, 1}, {"the cat", "mat"}))), keras("tv_ragged_width"));
  layers::TextVectorization tv5({.standardize = "", .split = "", .output_mode = "count", .vocabulary = Strings{"a", "b"}});
  EXPECT_EQ(text(tv5(strs({2, 3}, {"a", "b", "a", "c", "a", "a"}))), keras("tv_no_split"));
}

TEST(CategoricalLayersKeras, RaggedTextVectorizationAsKeras) {
  // The C++ call pads the ragged rows, as Keras' RaggedTensor.to_tensor(); the config keeps ragged.
  layers::TextVectorization tv({.output_sequence_length = 3, .ragged = true, .vocabulary = Strings{"cat", "the", "sat"},
                                .name = "tv_ragged"});
  EXPECT_EQ(text(tv(constant({"the cat sat on the mat", "", "cat dog"}))), keras("tv_ragged"));
  EXPECT_EQ(config_text(tv), keras("tv_ragged_config"));
  EXPECT_EQ(config_text(layers::TextVectorization::from_config(tv.get_config())), keras("tv_ragged_config"));
}

Tensor f64(const std::vector<double>& v) { return constant(v, TensorShape({static_cast<std::int64_t>(v.size())})); }

TEST(CategoricalLayersKeras, DiscretizationAsKeras) {
  layers::Discretization d({.bin_boundaries = std::vector<double>{0.0, 1.0, 2.5}});
  EXPECT_EQ(text(d(constant({{-1.5f, 0.0f, 1.0f}, {2.5f, 3.0f, 0.7f}}))), keras("disc_int"));
  EXPECT_EQ(config_text(d), keras("disc_config"));
  std::vector<float> squares;
  for (int i = 0; i < 37; ++i) squares.push_back(static_cast<float>(0.1 * i * i));
  layers::Discretization d2({.num_bins = 4, .epsilon = 0.01});
  d2.adapt(constant(squares, TensorShape({37, 1})));
  EXPECT_EQ(text(cast(f64(d2.bin_boundaries()), float32)), keras("disc_adapted"));
  std::vector<float> counting(20);
  for (int i = 0; i < 20; ++i) counting[i] = static_cast<float>(i);
  layers::Discretization d3({.num_bins = 3, .output_mode = "one_hot"});
  d3.adapt(data::Dataset::from_tensor_slices({constant(counting)}).batch(6));
  EXPECT_EQ(text(cast(f64(d3.bin_boundaries()), float32)), keras("disc_dataset"));
  EXPECT_EQ(text(d3(constant({1.0f, 9.0f, 30.0f}))), keras("disc_one_hot"));
  std::vector<float> waves(500);
  for (int i = 0; i < 500; ++i) waves[i] = std::sin(static_cast<float>(i));
  layers::Discretization d4({.num_bins = 5, .epsilon = 0.1});
  d4.adapt(constant(waves));
  EXPECT_EQ(text(cast(f64(d4.bin_boundaries()), float32)), keras("disc_many"));
  EXPECT_EQ(text(layers::Discretization({.bin_boundaries = std::vector<double>{0.5}, .output_mode = "count"})(constant({{0.1f, 0.7f, 0.9f}}))),
            keras("disc_count"));
}

TEST(CategoricalLayersKeras, HashedCrossingAsKeras) {
  layers::HashedCrossing cross(5);
  EXPECT_EQ(text(cross({strs({5}, {"A", "B", "A", "B", "A"}), i64({5}, {101, 101, 101, 102, 102})})), keras("cross_int"));
  EXPECT_EQ(config_text(cross), keras("cross_config"));
  EXPECT_EQ(text(layers::HashedCrossing(1000)({constant({{1}, {2}}), strs({2, 1}, {"x", "y"}), constant({{7}, {7}})})),
            keras("cross_rank2"));
  EXPECT_EQ(text(layers::HashedCrossing(9)({constant("a"), constant(3)})), keras("cross_scalar"));
  layers::HashedCrossing one_hot(4, {.output_mode = "one_hot"});
  EXPECT_EQ(text(one_hot({strs({2, 1}, {"a", "b"}), constant({{1}, {2}})})), keras("cross_one_hot"));
  EXPECT_EQ(config_text(one_hot), keras("cross_one_hot_config"));
  EXPECT_EQ(text(layers::HashedCrossing(3, {.output_mode = "one_hot"})({constant("a"), constant(3)})),
            keras("cross_one_hot_scalar"));
}

TEST(CategoricalLayers, HashedCrossingTracedWithUnknownBatch) {
  layers::HashedCrossing cross(16);
  TensorShape traced_shape;
  auto f = tf::function(
      [&](Tensor a, Tensor b) {
        Tensor bins = cross({a, b});
        traced_shape = bins.shape();
        return bins;
      },
      {.input_signature = {TensorSpec({None, 1}, string), TensorSpec({None, 1}, int64)}});
  const Tensor a = strs({3, 1}, {"p", "q", "p"}), b = i64({3, 1}, {4, 4, 5});
  EXPECT_EQ(text(f(a, b)), text(cross({a, b})));
  EXPECT_EQ(traced_shape, TensorShape({None, 1}));
}

TEST(CategoricalLayers, TextVectorizationTracedWithUnknownBatch) {
  layers::TextVectorization tv({.output_sequence_length = 4});
  tv.adapt(constant({"a b c", "b c", "c"}));
  auto f = tf::function([&](Tensor x) { return tv(x); }, {.input_signature = {TensorSpec({None}, string)}});
  for (const Tensor& x : {constant({"c b a", "zz"}), constant({"a a a a a a"})}) EXPECT_EQ(text(f(x)), text(tv(x)));
  EXPECT_EQ(f.tracing_count(), 1);
}

TEST(CategoricalLayers, TracedCallsAsEager) {
  layers::StringLookup lookup({.vocabulary = Strings{"a", "b", "c"}, .output_mode = "multi_hot"});
  layers::Hashing hashing(8);
  auto f = tf::function([&](Tensor x) { return std::vector<Tensor>{lookup(x), hashing(x)}; });
  const Tensor x = strs({2, 2}, {"a", "z", "c", "c"});
  const std::vector<Tensor> traced = f(x);
  EXPECT_EQ(text(traced[0]), text(lookup(x)));
  EXPECT_EQ(text(traced[1]), text(hashing(x)));
}

TEST(CategoricalLayers, FromConfigRoundTrips) {
  layers::StringLookup s({.num_oov_indices = 2, .mask_token = "", .vocabulary = Strings{"a", "b"}});
  layers::StringLookup copy = layers::StringLookup::from_config(s.get_config());
  EXPECT_EQ(copy.get_vocabulary(), s.get_vocabulary());
  layers::Hashing h(9, {.salt = std::vector<std::int64_t>{1, 2}, .output_mode = "count"});
  EXPECT_EQ(keras::to_json(layers::Hashing::from_config(h.get_config()).get_config()), keras::to_json(h.get_config()));
}

TEST(CategoricalLayers, Errors) {
  EXPECT_NE(error_of([] { layers::StringLookup({.vocabulary = Strings{"a", "a"}}); })
                .find("The passed vocabulary has at least one repeated term. Please uniquify your dataset. The repeated terms are: ['a']"),
            std::string::npos);
  EXPECT_THROW(layers::StringLookup({.output_mode = "multi_hot"})(constant({"a"})), FailedPreconditionError);
  EXPECT_NE(error_of([] { layers::CategoryEncoding(0); }).find("`num_tokens` must be >= 1. Received: num_tokens=0."), std::string::npos);
  EXPECT_NE(error_of([] { layers::Hashing(0); }).find("The `num_bins` for `Hashing` cannot be `None` or non-positive values."),
            std::string::npos);
  EXPECT_NE(error_of([] { layers::StringLookup({.num_oov_indices = 0, .vocabulary = Strings{"a"}})(constant({"a", "b"})); })
                .find("When `num_oov_indices=0` all inputs should be in vocabulary, found OOV values ['b']"),
            std::string::npos);
  EXPECT_NE(error_of([] { layers::CategoryEncoding(4)(constant({{-1, 1}})); }), "no error");
  EXPECT_THROW(layers::HashedCrossing(4, {.output_mode = "count"}), InvalidArgumentError);
  EXPECT_NE(error_of([] { layers::HashedCrossing(4)({constant({1, 2})}); }).find("should be called on at least two inputs"),
            std::string::npos);
  EXPECT_NE(error_of([] { layers::HashedCrossing(4)({constant({1, 2}), constant({1, 2, 3})}); }).find("should have equal shape"),
            std::string::npos);
  EXPECT_NE(error_of([] { layers::HashedCrossing(4)({constant({{1, 2}}), constant({{1, 2}})}); })
                .find("should have shape `()`, `(batch_size)` or `(batch_size, 1)`"),
            std::string::npos);
  EXPECT_NE(error_of([] { layers::HashedCrossing(4)({constant({1.f}), constant({1})}); }).find("integer or string dtype"),
            std::string::npos);
  layers::StringLookup fixed({.vocabulary = Strings{"a"}});
  EXPECT_NE(error_of([&] { fixed.adapt(constant({"b"})); }).find("Cannot adapt layer"), std::string::npos);
  EXPECT_NE(error_of([] { layers::TextVectorization({.output_mode = "multi_hot", .ragged = true}); })
                .find("`ragged` must not be true if `output_mode` is not `'int'`"),
            std::string::npos);
}

}  // namespace
}  // namespace tf
