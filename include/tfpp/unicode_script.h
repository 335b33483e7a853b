// tf.strings.unicode_script: the Unicode script of each code point, as ICU's UScriptCode numbers
// (0 Common, 8 Cyrillic, 17 Han, 25 Latin, ...), -1 for a value that is not a code point.
//
//   tf::strings::unicode_script(tf::constant(std::vector<std::int32_t>{72, 1041}));  // [25, 8]
#pragma once

#include "tfpp/tensor.h"

namespace tf::strings {

/// The script code of every int32 code point in `codepoints` (same shape, int32).
Tensor unicode_script(const Tensor& codepoints);

}  // namespace tf::strings
