// A walk of an HDF5 image's groups and datasets before the HDF5 library reads it.
//
// HDF5 1.10 trusts addresses and sizes it reads from a file in places where a damaged file then
// crashes the process: a group whose symbol table names its local heap or B-tree at an address
// outside the file (it copies through a failed allocation), a chunked dataset whose chunk sizes
// it divides by (h5_object_headers.h). This walks the object headers reachable from the root
// group (old-style groups through their B-trees and symbol table nodes, new-style groups through
// their link messages) and checks those fields first.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace tf::keras::saving::detail {

/// What is wrong with the first damaged structure found in `image`, or nothing. Structures this
/// does not read (dense link storage, external links) are left to the library.
std::optional<std::string> find_damaged_structure(std::string_view image);

}  // namespace tf::keras::saving::detail
