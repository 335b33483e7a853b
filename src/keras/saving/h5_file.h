// HDF5 files held in memory, through the HDF5 C library's core driver: what Keras 3's
// .weights.h5 files (and the model.weights.h5 inside a .keras archive) are. Only the parts of
// HDF5 those files use: groups, a string attribute per group, and numeric datasets.
//
// Writers build the whole image in memory, so the caller writes it to disk in one atomic step;
// readers take the file's bytes and check every dataset's type and size before reading it.
// Every failure is a tf:: error naming the file and the object.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "tfpp/tensor.h"

namespace tf::keras::saving::detail {

/// An HDF5 file being written in memory.
class H5Writer {
 public:
  /// An empty file; `file` names it in errors.
  explicit H5Writer(std::string file);
  ~H5Writer();
  H5Writer(const H5Writer&) = delete;
  H5Writer& operator=(const H5Writer&) = delete;

  /// Creates the group `path` (and its parents, as needed) with a string attribute `name`.
  void create_group(const std::string& path, const std::string& name_attribute);
  /// Writes `value` as the dataset `path/key` (little-endian, contiguous; scalars as scalars).
  void write_dataset(const std::string& path, const std::string& key, const Tensor& value);
  /// Closes the file and returns its bytes.
  std::string finish();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

/// What an HDF5 dataset holds, read from its header.
struct H5DatasetInfo {
  std::vector<std::int64_t> shape;  ///< dimensions (empty for a scalar)
  bool is_float = false;            ///< a floating-point type (else an integer type)
  std::size_t element_size = 0;     ///< bytes per element in the file
};

/// An HDF5 file read from memory.
class H5Reader {
 public:
  /// Opens the image `bytes`; DataLossError naming `file` if it is not a readable HDF5 file.
  H5Reader(std::string bytes, std::string file);
  ~H5Reader();
  H5Reader(const H5Reader&) = delete;
  H5Reader& operator=(const H5Reader&) = delete;

  /// The file's name as errors show it.
  const std::string& file() const;
  /// Whether a group exists at `path`.
  bool has_group(const std::string& path) const;
  /// Names of the links directly in group `path`, sorted by name (what h5py's keys() lists).
  std::vector<std::string> keys(const std::string& path) const;
  /// The type and shape of dataset `path`.
  H5DatasetInfo dataset_info(const std::string& path) const;
  /// Reads dataset `path` converted to `dtype` (a numeric type); its element count must be
  /// that of `info` (from dataset_info()).
  Tensor read_dataset(const std::string& path, DType dtype, const H5DatasetInfo& info) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace tf::keras::saving::detail
