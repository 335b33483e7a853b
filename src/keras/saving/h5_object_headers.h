// Reading an object header's messages from an HDF5 file image, and the check of a dataset's
// chunk layout made with them before the HDF5 library opens the dataset.
//
// HDF5 1.10 divides the dataset's dims by its chunk sizes when it opens a chunked dataset, for
// as many dims as the dataspace has, without checking the chunk sizes it read: a damaged file
// whose layout holds a chunk size of 0, or whose layout message is too short for its sizes (1.10
// reads on past its end), stops the process with SIGFPE (HDF5 1.14 rejects such files).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "keras/saving/h5_image_fields.h"

namespace tf::keras::saving::detail {

/// One message of an object header: its type (the specification's numbers) and its bytes.
struct H5Message {
  std::uint64_t type;
  std::string_view data;
};

/// Message types this reader uses.
inline constexpr std::uint64_t kH5Dataspace = 0x0001, kH5Link = 0x0006, kH5Layout = 0x0008,
                               kH5Continuation = 0x0010, kH5SymbolTable = 0x0011;

/// The messages of the object header at file address `address` (version 1, or 2 with its
/// "OHDR" signature) and of the continuation blocks it chains, up to the first message that does
/// not lie in its block; nullopt when the header's prefix cannot be read.
std::optional<std::vector<H5Message>> object_header_messages(std::string_view image, const FieldSizes& sizes,
                                                             std::uint64_t address);

/// What is wrong with the chunk layout among a dataset's `messages`, or nothing (also for
/// layouts this does not know, left to the library).
std::optional<std::string> check_chunk_layout(std::span<const H5Message> messages, const FieldSizes& sizes);

}  // namespace tf::keras::saving::detail
