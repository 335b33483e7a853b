// n-grams of strings (tf.strings.ngrams): each n-gram joins n consecutive tokens of a row with a
// separator, optionally padded at the row's ends.
//
//   tf::strings::ngrams(tf::constant({"a", "b", "c"}), {2});              // ["a b", "b c"]
//   tf::strings::ngrams(tokens, {1, 2}, {.left_pad = "<s>", .right_pad = "</s>", .pad_width = -1});
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "tfpp/tensor.h"

namespace tf::strings {

/// Options of ngrams (TensorFlow's StringNGrams attributes).
struct NGramsOptions {
  std::string separator = " ";             ///< between the tokens of an n-gram
  std::string left_pad = "";               ///< padding token before a row
  std::string right_pad = "";              ///< padding token after a row
  std::int64_t pad_width = 0;              ///< padding tokens per side; -1: width - 1 for each width
  bool preserve_short_sequences = false;   ///< a row too short for any n-gram gives one of all its tokens
};

/// The n-grams of each width in `widths`, per row of a vector (one row) or matrix of strings
/// (rows of equal length, so the result is a matrix too).
Tensor ngrams(const Tensor& data, const std::vector<std::int64_t>& widths, const NGramsOptions& options = {});

/// StringNGrams on a ragged tensor given as flat `values` and `row_splits`: the n-grams and their row splits.
std::pair<Tensor, Tensor> ngrams_of_rows(const Tensor& values, const Tensor& row_splits,
                                         const std::vector<std::int64_t>& widths, const NGramsOptions& options = {});

}  // namespace tf::strings
