// Keras 3's model.summary() arguments beyond line_length: column positions, a Trainable column,
// the layers of nested models listed under theirs, and a range of layers to list.
//
//   std::cout << tf::keras::summary_text(model, {.show_trainable = true, .expand_nested = true});
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "tfpp/keras/model.h"

namespace tf::keras {

/// Options of summary_text (Keras' summary arguments).
struct SummaryOptions {
  int line_length = -1;            ///< the table's width; default: Keras' (88 or 108, at most the terminal's - 4)
  std::vector<double> positions;   ///< each column's right edge as a fraction of line_length (Keras' positions)
  bool expand_nested = false;      ///< list a nested model's layers under it ("   └ dense (Dense)")
  bool show_trainable = false;     ///< add Keras' Trainable column (Y, N, or - for layers without weights)
  /// Only the layers from the first whose name matches .first to the last whose name matches
  /// .second (regexes matched at the name's start, as Python's re.match; the bounds swap if need be).
  std::optional<std::pair<std::string, std::string>> layer_range;
};

/// The summary table of `model` as Keras 3 prints it with these options; InvalidArgumentError
/// ("Insufficient console width to print summary.") when a column would be narrower than 4, or
/// when no layer name matches a bound of layer_range.
std::string summary_text(const Model& model, const SummaryOptions& options);

}  // namespace tf::keras
