// StringLookup and IntegerLookup (keras.layers.StringLookup / IntegerLookup): map tokens to
// integer ids through a vocabulary (given, or learned with adapt() from the most frequent
// tokens), with mask and out-of-vocabulary ids, or back (invert); outputs ids or one-hot,
// multi-hot, count or TF-IDF vectors. The vocabulary lives in a tf::lookup::StaticHashTable, so
// calls work eagerly and in traced functions (fit).
//
//   layers::StringLookup lookup({.vocabulary = std::vector<std::string>{"a", "b", "c"}});
//   lookup(tf::constant({"a", "x"}));            // [1, 0]: id 0 is the OOV token "[UNK]"
//   layers::IntegerLookup ints;
//   ints.adapt(tf::constant({5, 7, 7}, tf::int64));
//   ints.get_vocabulary();                        // [-1, 7, 5]
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "tfpp/data/dataset.h"
#include "tfpp/keras/layer.h"

namespace tf::keras::layers {

/// What StringLookup and IntegerLookup share (Keras' IndexLookup); tokens are held as tensors of
/// the vocabulary dtype (string or int64).
class IndexLookup : public Layer {
 public:
  /// Learns the vocabulary (and TF-IDF weights) from `data`: tokens by decreasing frequency, ties
  /// in decreasing token order, as Keras; at most max_tokens ids in all.
  void adapt(const Tensor& data);
  /// adapt() over every batch of `dataset` (the first tensor of each element).
  void adapt(const data::Dataset& dataset);
  /// adapt() in steps, as Keras: forget the counts, count the tokens of a batch (each row one
  /// document), then make the vocabulary from the counts.
  void reset_state();
  void update_state(const Tensor& batch);
  void finalize_state();
  /// Replaces the vocabulary (a 1-D tensor of tokens, optionally led by the mask and OOV tokens),
  /// with one IDF weight per token for "tf_idf" output.
  void set_vocabulary(const Tensor& vocabulary, const std::vector<double>& idf_weights = {});
  /// The vocabulary by id, as a 1-D tensor (the mask and OOV tokens included when asked).
  Tensor vocabulary_tensor(bool include_special_tokens = true) const;
  /// The number of ids: learned tokens plus the mask and OOV ids.
  std::int64_t vocabulary_size() const;
  /// Whether the vocabulary was given to the constructor (the config keeps it) rather than set
  /// or learned later (a .keras file keeps it as an asset).
  bool has_input_vocabulary() const;
  /// The output mode: "int", "one_hot", "multi_hot", "count" or "tf_idf".
  const std::string& output_mode() const { return settings_.output_mode; }
  /// The TF-IDF weight of each id (float32; undefined until a "tf_idf" layer has a vocabulary).
  Tensor idf_weights() const;
  Tensor call(const Tensor& inputs, bool training) override;
  Config get_config() const override;

  /// A token: a string, or an integer for IntegerLookup.
  using Token = std::variant<std::string, std::int64_t>;

 protected:
  /// Everything IndexLookup's constructor takes.
  struct Settings {
    DType vocabulary_dtype = string;
    std::optional<std::int64_t> max_tokens;
    std::int64_t num_oov_indices = 1;
    std::optional<Token> mask_token;
    Token oov_token;
    Tensor vocabulary;  ///< undefined when none was given
    std::optional<std::vector<double>> idf_weights;
    bool invert = false;
    std::string output_mode = "int";
    bool sparse = false;
    bool pad_to_max_tokens = false;
    std::string oov_method = "floormod";
    std::optional<std::vector<std::int64_t>> salt;
    std::optional<std::int64_t> vocabulary_size;  ///< from a config: the size frozen before saving
  };
  IndexLookup(const LayerOptions& layer_options, Settings settings);
  /// Settings common to both from_config()s.
  static void read_settings(const Config& config, Settings& s);

 private:
  struct State;
  std::int64_t oov_start() const;
  std::int64_t token_start() const;
  void make_table(const Tensor& tokens);
  Tensor lookup_ids(const Tensor& keys) const;
  void record_vocabulary_size();
  Settings settings_;
  std::shared_ptr<State> state_;  // the table and what adapt learned: shared by copies of the layer
};

/// Options of StringLookup (Keras 3's arguments).
struct StringLookupOptions {
  std::optional<std::int64_t> max_tokens = {};         ///< at most this many ids, mask and OOV ids included
  std::int64_t num_oov_indices = 1;                    ///< ids for unknown tokens (hashed among them when > 1)
  std::optional<std::string> mask_token = {};          ///< a token that maps to id 0
  std::string oov_token = "[UNK]";                     ///< what invert gives for unknown ids
  std::optional<std::vector<std::string>> vocabulary = {};  ///< the tokens; else learned by adapt()
  std::optional<std::vector<double>> idf_weights = {}; ///< with output_mode "tf_idf" and a vocabulary
  bool invert = false;                                 ///< map ids back to tokens
  std::string output_mode = "int";                     ///< "int", "one_hot", "multi_hot", "count" or "tf_idf"
  bool sparse = false;                                 ///< not supported: must be false
  bool pad_to_max_tokens = false;                      ///< vectors of max_tokens entries
  std::string oov_method = "floormod";                 ///< "floormod" or "farmhash" (strings are always hashed)
  std::optional<std::vector<std::int64_t>> salt = {};  ///< SipHash key for OOV ids
  std::string encoding = "utf-8";
  TFPP_KERAS_LAYER_OPTIONS
};

/// Maps strings to integer ids (keras.layers.StringLookup).
class StringLookup : public IndexLookup {
 public:
  explicit StringLookup(StringLookupOptions options = {});
  /// A StringLookup from get_config()'s output.
  static StringLookup from_config(const Config& config);
  /// The vocabulary by id (the mask and OOV tokens included when asked).
  std::vector<std::string> get_vocabulary(bool include_special_tokens = true) const;
  Config get_config() const override;
  TFPP_KERAS_LAYER(StringLookup)

 private:
  StringLookup(const StringLookupOptions& options, Settings settings);
  std::string encoding_;
};

/// Options of IntegerLookup (Keras 3's arguments).
struct IntegerLookupOptions {
  std::optional<std::int64_t> max_tokens = {};
  std::int64_t num_oov_indices = 1;
  std::optional<std::int64_t> mask_token = {};
  std::int64_t oov_token = -1;
  std::optional<std::vector<std::int64_t>> vocabulary = {};
  std::optional<std::vector<double>> idf_weights = {};
  bool invert = false;
  std::string output_mode = "int";
  bool sparse = false;
  bool pad_to_max_tokens = false;
  std::string oov_method = "floormod";  ///< "floormod": OOV id = value mod num_oov_indices; "farmhash"
  std::optional<std::vector<std::int64_t>> salt = {};
  TFPP_KERAS_LAYER_OPTIONS
};

/// Maps integers to integer ids (keras.layers.IntegerLookup).
class IntegerLookup : public IndexLookup {
 public:
  explicit IntegerLookup(IntegerLookupOptions options = {});
  /// A IntegerLookup from get_config()'s output.
  static IntegerLookup from_config(const Config& config);
  /// The vocabulary by id (the mask and OOV tokens included when asked).
  std::vector<std::int64_t> get_vocabulary(bool include_special_tokens = true) const;
  Config get_config() const override;
  TFPP_KERAS_LAYER(IntegerLookup)

 private:
  IntegerLookup(const IntegerLookupOptions& options, Settings settings);
};

}  // namespace tf::keras::layers
