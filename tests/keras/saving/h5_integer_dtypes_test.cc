// Keras .h5 datasets of int8, int16, uint16, uint32 and uint64: written in HDF5's little-endian
// integer types of their width and read back unchanged.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>

#include <tfpp/tfpp.h>

#include "keras/saving/h5_file.h"

namespace {

using tf::keras::saving::detail::H5Reader;
using tf::keras::saving::detail::H5Writer;

TEST(H5IntegerDtypes, DatasetsRoundTripInTheirOwnWidth) {
  const std::vector<tf::Tensor> tensors = {
      tf::constant(std::vector<std::int8_t>{-128, 127}),
      tf::constant(std::vector<std::int16_t>{-32768, 32767, 1}, {3, 1}),
      tf::constant(std::vector<std::uint16_t>{65535, 0}),
      tf::constant(std::vector<std::uint32_t>{4294967295u, 7}),
      tf::constant(std::vector<std::uint64_t>{std::numeric_limits<std::uint64_t>::max(), 3}),
  };
  H5Writer writer("ints.h5");
  writer.create_group("vars", "vars");
  for (std::size_t i = 0; i < tensors.size(); ++i) writer.write_dataset("vars", std::to_string(i), tensors[i]);
  const H5Reader reader(writer.finish(), "ints.h5");
  for (std::size_t i = 0; i < tensors.size(); ++i) {
    const std::string path = "vars/" + std::to_string(i);
    const auto info = reader.dataset_info(path);
    EXPECT_FALSE(info.is_float);
    EXPECT_EQ(info.element_size, tf::dtype_size(tensors[i].dtype()));
    const tf::Tensor back = reader.read_dataset(path, tensors[i].dtype(), info);
    EXPECT_EQ(back.dtype(), tensors[i].dtype());
    EXPECT_EQ(back.to_string(), tensors[i].to_string());
  }
}

}  // namespace
