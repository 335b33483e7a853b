#include "keras/saving/zip_archive.h"

#include <zip.h>

#include <cstdio>
#include <ctime>
#include <memory>

#include "tfpp/errors.h"

namespace tf::keras::saving::detail {
namespace {

std::string error_text(zip_error_t* error) { return zip_error_strerror(error); }

// A member may expand at most by deflate's largest ratio (about 1032:1); anything claiming more
// is damaged or a decompression bomb, and is refused before any allocation.
constexpr std::uint64_t kMaxExpansion = 1100;

}  // namespace

std::string make_zip(const std::vector<std::pair<std::string, std::string>>& members, const std::string& file,
                     const std::string& caller) {
  const std::string who = caller + " '" + file + "': ";
  zip_error_t error;
  zip_error_init(&error);
  zip_source_t* buffer = zip_source_buffer_create(nullptr, 0, 0, &error);
  if (buffer == nullptr) throw InternalError(who + "cannot make a zip buffer: " + error_text(&error));
  zip_source_keep(buffer);  // the archive's close writes into it; it is read afterwards
  const std::unique_ptr<zip_source_t, decltype(&zip_source_free)> buffer_owner(buffer, zip_source_free);
  zip_t* archive = zip_open_from_source(buffer, ZIP_TRUNCATE, &error);
  if (archive == nullptr) throw InternalError(who + "cannot start a zip archive: " + error_text(&error));
  const auto fail = [&](const std::string& what) {
    const std::string message = who + what + ": " + zip_strerror(archive);
    zip_discard(archive);
    throw InternalError(message);
  };
  const std::time_t now = std::time(nullptr);
  for (const auto& [name, bytes] : members) {
    zip_source_t* source = zip_source_buffer(archive, bytes.data(), bytes.size(), 0);
    if (source == nullptr) fail("cannot add " + name);
    const zip_int64_t index = zip_file_add(archive, name.c_str(), source, ZIP_FL_ENC_UTF_8);
    if (index < 0) {
      zip_source_free(source);
      fail("cannot add " + name);
    }
    const auto i = static_cast<zip_uint64_t>(index);
    if (zip_set_file_compression(archive, i, ZIP_CM_STORE, 0) != 0 || zip_file_set_mtime(archive, i, now, 0) != 0)
      fail("cannot describe " + name);
  }
  if (zip_close(archive) != 0) fail("cannot finish the zip archive");

  std::string out;
  if (zip_source_open(buffer) != 0 || zip_source_seek(buffer, 0, SEEK_END) != 0)
    throw InternalError(who + "cannot read the zip archive back: " + zip_error_strerror(zip_source_error(buffer)));
  const zip_int64_t size = zip_source_tell(buffer);
  if (size < 0 || zip_source_seek(buffer, 0, SEEK_SET) != 0)
    throw InternalError(who + "cannot read the zip archive back: " + zip_error_strerror(zip_source_error(buffer)));
  out.resize(static_cast<std::size_t>(size));
  const zip_int64_t got = zip_source_read(buffer, out.data(), out.size());
  zip_source_close(buffer);
  if (got != size) throw InternalError(who + "cannot read the zip archive back");
  return out;
}

ZipReader::ZipReader(std::string bytes, std::string file, std::string who)
    : bytes_(std::move(bytes)), file_(std::move(file)), who_(std::move(who)) {
  zip_error_t error;
  zip_error_init(&error);
  zip_source_t* source = zip_source_buffer_create(bytes_.data(), bytes_.size(), 0, &error);
  if (source == nullptr) throw InternalError(who_ + " '" + file_ + "': cannot read it as a zip archive: " + error_text(&error));
  archive_ = zip_open_from_source(source, ZIP_RDONLY | ZIP_CHECKCONS, &error);
  if (archive_ == nullptr) {
    zip_source_free(source);
    throw DataLossError(who_ + " '" + file_ + "' is not a readable zip archive (" + error_text(&error) + "); the file is damaged or truncated, or is no .keras file");
  }
}

ZipReader::~ZipReader() {
  if (archive_ != nullptr) zip_discard(archive_);
}

std::vector<std::string> ZipReader::names() const {
  std::vector<std::string> out;
  const zip_int64_t n = zip_get_num_entries(archive_, 0);
  for (zip_int64_t i = 0; i < n; ++i)
    if (const char* name = zip_get_name(archive_, static_cast<zip_uint64_t>(i), ZIP_FL_ENC_GUESS)) out.emplace_back(name);
  return out;
}

bool ZipReader::has(const std::string& name) const { return zip_name_locate(archive_, name.c_str(), 0) >= 0; }

std::string ZipReader::read(const std::string& name) const {
  const std::string where = who_ + " '" + file_ + "', member " + name + ": ";
  zip_stat_t stat;
  zip_stat_init(&stat);
  if (zip_stat(archive_, name.c_str(), 0, &stat) != 0) throw NotFoundError(who_ + " '" + file_ + "' has no member " + name);
  if ((stat.valid & (ZIP_STAT_SIZE | ZIP_STAT_COMP_SIZE)) != (ZIP_STAT_SIZE | ZIP_STAT_COMP_SIZE))
    throw DataLossError(where + "the archive's directory gives no size");
  if (stat.comp_size > bytes_.size() || stat.size > kMaxExpansion * stat.comp_size + 4096)
    throw DataLossError(where + "claims " + std::to_string(stat.size) + " bytes from " + std::to_string(stat.comp_size) +
                        " stored in a file of " + std::to_string(bytes_.size()) + "; the archive is damaged");
  zip_file_t* member = zip_fopen(archive_, name.c_str(), 0);
  if (member == nullptr) throw DataLossError(where + "cannot be opened: " + zip_strerror(archive_));
  std::string out(static_cast<std::size_t>(stat.size), '\0');
  std::size_t done = 0;
  char extra;
  // Reading past the end makes libzip compare the CRC-32 and the size with the directory's.
  while (true) {
    char* target = done < out.size() ? out.data() + done : &extra;
    const zip_uint64_t want = done < out.size() ? out.size() - done : 1;
    const zip_int64_t got = zip_fread(member, target, want);
    if (got < 0) {
      const std::string message = where + "is damaged: " + zip_file_strerror(member);
      zip_fclose(member);
      throw DataLossError(message);
    }
    if (got == 0) break;
    if (done >= out.size()) {
      zip_fclose(member);
      throw DataLossError(where + "holds more bytes than the archive's directory says");
    }
    done += static_cast<std::size_t>(got);
  }
  zip_fclose(member);
  if (done != out.size())
    throw DataLossError(where + "holds " + std::to_string(done) + " bytes, the archive's directory says " + std::to_string(out.size()));
  return out;
}

}  // namespace tf::keras::saving::detail
