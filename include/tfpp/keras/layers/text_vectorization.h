// TextVectorization (keras.layers.TextVectorization): standardizes strings (lowercase, strip
// punctuation), splits them on whitespace, optionally forms n-grams, and maps the tokens to ids
// through a StringLookup whose vocabulary adapt() learns; outputs padded id sequences or
// multi-hot, count or TF-IDF vectors.
//
//   layers::TextVectorization vectorize({.max_tokens = 1000, .output_sequence_length = 20});
//   vectorize.adapt(tf::constant({"The cat sat.", "The dog ate!"}));
//   vectorize(tf::constant({"the cat"}));   // int64 [1, 20]: ids, then 0 padding
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "tfpp/data/dataset.h"
#include "tfpp/keras/layers/index_lookup.h"

namespace tf::keras::layers {

/// Options of TextVectorization (Keras 3's arguments; standardize and split as names only).
struct TextVectorizationOptions {
  std::optional<std::int64_t> max_tokens = {};  ///< vocabulary size, the mask and OOV tokens included
  /// "lower_and_strip_punctuation", "lower", "strip_punctuation", or "" (none)
  std::string standardize = "lower_and_strip_punctuation";
  std::string split = "whitespace";             ///< "whitespace", or "" (the inputs are tokens already)
  std::vector<std::int64_t> ngrams = {};        ///< n-gram widths; {} for single tokens
  bool ngrams_as_int = false;                   ///< ngrams was given as one integer n (widths 1..n), for the config
  std::string output_mode = "int";              ///< "int", "multi_hot", "count" or "tf_idf"
  std::optional<std::int64_t> output_sequence_length = {};  ///< "int" output padded or cut to this length
  bool pad_to_max_tokens = false;
  /// "int" output as ragged rows (Keras' ragged): calls still give the padded matrix, which the
  /// Python front end turns into a tf.RaggedTensor; the config keeps the flag.
  bool ragged = false;
  std::optional<std::vector<std::string>> vocabulary = {};
  std::optional<std::vector<double>> idf_weights = {};
  std::string encoding = "utf-8";
  TFPP_KERAS_LAYER_OPTIONS
};

/// Turns strings into token ids or token-count vectors.
class TextVectorization : public Layer {
 public:
  explicit TextVectorization(TextVectorizationOptions options = {});
  /// A TextVectorization from get_config()'s output.
  static TextVectorization from_config(const Config& config);
  /// Learns the vocabulary from a vector of strings (one document each).
  void adapt(const Tensor& data);
  /// Learns the vocabulary from the batches of a dataset of strings.
  void adapt(const data::Dataset& dataset);
  /// The steps of adapt(), as Keras' reset_state / update_state / finalize_state.
  void reset_state();
  void update_state(const Tensor& batch);
  void finalize_state();
  void set_vocabulary(const std::vector<std::string>& vocabulary, const std::vector<double>& idf_weights = {});
  /// The vocabulary by id ("" for padding and "[UNK]" first when asked).
  std::vector<std::string> get_vocabulary(bool include_special_tokens = true) const;
  std::int64_t vocabulary_size() const;
  /// The StringLookup that maps tokens to ids (Keras' `_lookup_layer`); it shares its state with this layer.
  const StringLookup& lookup_layer() const { return lookup_; }
  Tensor call(const Tensor& inputs, bool training) override;
  Config get_config() const override;
  TFPP_KERAS_LAYER(TextVectorization)

 private:
  TextVectorization(TextVectorizationOptions options, const Config& lookup_config);
  /// Standardized, split and n-grammed tokens, as a [batch, length] string matrix padded with "".
  Tensor tokens_of(const Tensor& inputs, std::optional<std::int64_t> length) const;
  TextVectorizationOptions options_;
  StringLookup lookup_;
};

}  // namespace tf::keras::layers
