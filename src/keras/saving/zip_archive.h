// Zip archives held in memory, through Debian's libzip: what Keras 3's .keras files are (three
// stored members: metadata.json, config.json, model.weights.h5).
//
// The writer builds the whole archive in memory, so the caller writes it to disk in one atomic
// step; the reader checks the archive's directory, every member's size and its CRC-32 before
// handing out a byte. Every failure is a tf:: error naming the file and the member.
#pragma once

#include <string>
#include <utility>
#include <vector>

struct zip;  // libzip's archive (zip_t)

namespace tf::keras::saving::detail {

/// Builds a zip archive of uncompressed ("stored") members, as Keras' zipfile writes them.
/// `file` names the archive in errors, which start with `who` ("[save]").
std::string make_zip(const std::vector<std::pair<std::string, std::string>>& members, const std::string& file,
                     const std::string& who);

/// A zip archive read from memory.
class ZipReader {
 public:
  /// Opens the archive `bytes`; DataLossError naming `file` if it is not a readable zip archive.
  /// Errors start with `who` ("[load_model]").
  ZipReader(std::string bytes, std::string file, std::string who);
  ~ZipReader();
  ZipReader(const ZipReader&) = delete;
  ZipReader& operator=(const ZipReader&) = delete;

  /// The members' names, in the archive's order.
  std::vector<std::string> names() const;
  /// Whether a member `name` exists.
  bool has(const std::string& name) const;
  /// The bytes of member `name`, checked against its size and CRC-32; NotFoundError if the
  /// archive has no such member, DataLossError if it is damaged.
  std::string read(const std::string& name) const;

 private:
  std::string bytes_;
  std::string file_;
  std::string who_;
  ::zip* archive_ = nullptr;
};

}  // namespace tf::keras::saving::detail
