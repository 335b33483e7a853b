// NumPy's .npy format (numpy/lib/format.py): read and written as np.load / np.save do, for the
// dtypes tfpp has (float32, float64, int32, int64, bool).
//
//   tf::Tensor x = tf::io::read_npy("x.npy");
//   tf::io::write_npy("y.npy", y);   // the bytes np.save writes for the same array
#pragma once

#include <string>
#include <string_view>

#include "tfpp/tensor.h"

namespace tf::io {

/// Parses the bytes of a .npy file (format 1.0, 2.0 or 3.0; little- or big-endian; C or Fortran
/// order). `source` names the file in messages. Throws DataLossError for a damaged or truncated
/// file and InvalidArgumentError for a dtype tfpp lacks.
Tensor parse_npy(std::string_view bytes, const std::string& source);

/// Reads the .npy file at `path`; throws NotFoundError if it cannot be opened.
Tensor read_npy(const std::string& path);

/// The bytes np.save writes for the tensor's value (header padded to 64 bytes, C order).
/// Throws InvalidArgumentError for a string, resource or variant tensor.
std::string serialize_npy(const Tensor& tensor);

/// Writes serialize_npy(tensor) to `path`; throws DataLossError if the write fails.
void write_npy(const std::string& path, const Tensor& tensor);

}  // namespace tf::io
