// Categorical preprocessing layers: Hashing (keras.layers.Hashing: strings or numbers into
// num_bins buckets with FarmHash, or SipHash with a salt) and CategoryEncoding
// (keras.layers.CategoryEncoding: integer ids as one-hot, multi-hot or count vectors).
//
//   layers::Hashing hashing(10);                                   // int64 bucket per value
//   layers::CategoryEncoding encode(4, {.output_mode = "multi_hot"});
//   encode(tf::constant({{0, 1}, {3, 3}}));                        // [[1,1,0,0],[0,0,0,1]]
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "tfpp/keras/layer.h"

namespace tf::keras::layers {

/// Options of Hashing.
struct HashingOptions {
  std::optional<std::vector<std::int64_t>> salt = {};  ///< SipHash key (one value is used twice); FarmHash when unset
  /// A value (string or integer) that hashes to bin 0; the others then use bins 1..num_bins-1.
  std::optional<std::variant<std::string, std::int64_t>> mask_value = {};
  std::string output_mode = "int";  ///< "int", "one_hot", "multi_hot" or "count"
  bool sparse = false;              ///< not supported: must be false
  TFPP_KERAS_LAYER_OPTIONS
};

/// Hashes each value into one of num_bins bins, as Keras 3 does (numbers through their decimal
/// text, floats cast to int64 first). Its dtype is int64 for output_mode "int", else the options'.
class Hashing : public Layer {
 public:
  explicit Hashing(std::int64_t num_bins, HashingOptions options = {});
  /// A Hashing from get_config()'s output.
  static Hashing from_config(const Config& config);
  Tensor call(const Tensor& inputs, bool training) override;
  Config get_config() const override;
  TFPP_KERAS_LAYER(Hashing)

 private:
  Tensor bins_of(const Tensor& values) const;
  std::int64_t num_bins_;
  HashingOptions options_;
};

/// Options of CategoryEncoding.
struct CategoryEncodingOptions {
  std::string output_mode = "multi_hot";  ///< "one_hot", "multi_hot" or "count"
  bool sparse = false;                    ///< not supported: must be false
  TFPP_KERAS_LAYER_OPTIONS
};

/// Encodes integer ids in [0, num_tokens) as vectors of num_tokens entries in the layer's dtype.
class CategoryEncoding : public Layer {
 public:
  explicit CategoryEncoding(std::int64_t num_tokens, CategoryEncodingOptions options = {});
  /// A CategoryEncoding from get_config()'s output.
  static CategoryEncoding from_config(const Config& config);
  Tensor call(const Tensor& inputs, bool training) override;
  /// "count" mode with a weight per input value (the result has the weights' dtype).
  Tensor call_weighted(const Tensor& inputs, const Tensor& count_weights);
  Config get_config() const override;
  TFPP_KERAS_LAYER(CategoryEncoding)

 private:
  std::int64_t num_tokens_;
  CategoryEncodingOptions options_;
};

}  // namespace tf::keras::layers
