// Whole-file reads for Keras' saving formats (writes go through io::write_file_atomically).
#pragma once

#include <string>

namespace tf::keras::saving::detail {

/// The bytes of `path`; NotFoundError (prefixed with `who`) if it cannot be read.
std::string read_file_bytes(const std::string& path, const std::string& who);

}  // namespace tf::keras::saving::detail
