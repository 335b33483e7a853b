// A check of an HDF5 image's local heaps before the HDF5 library reads it.
//
// HDF5 1.10 walks a local heap's free list (old-style groups keep their link names in one) until
// it reaches the end marker, allocating a node per block: a damaged file whose list loops back on
// itself makes it allocate until memory runs out. This finds such a loop first.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace tf::keras::saving::detail {

/// What is wrong with the first local heap of `image` whose free list never ends, or nothing.
/// Lists that leave their heap or the file are left to the HDF5 library, which rejects them.
std::optional<std::string> find_looping_local_heap(std::string_view image);

}  // namespace tf::keras::saving::detail
