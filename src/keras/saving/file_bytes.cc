#include "keras/saving/file_bytes.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>

#include "tfpp/errors.h"

namespace tf::keras::saving::detail {
namespace {

std::string errno_text() { return std::strerror(errno); }

}  // namespace

std::string read_file_bytes(const std::string& path, const std::string& who) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw NotFoundError(who + " cannot open '" + path + "': " + errno_text());
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) throw DataLossError(who + " cannot read '" + path + "'");
  return bytes;
}

}  // namespace tf::keras::saving::detail
