#include "fuzz_util.h"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace tf::fuzz {

std::vector<std::string> split(const std::uint8_t* data, std::size_t size, std::size_t parts) {
  std::vector<std::string> out;
  std::size_t at = 0;
  for (std::size_t i = 0; i + 1 < parts; ++i) {
    std::uint32_t length = 0;
    for (int b = 0; b < 4; ++b)
      if (at < size) length |= static_cast<std::uint32_t>(data[at++]) << (8 * b);
    const std::size_t n = std::min<std::size_t>(length, size - at);
    out.emplace_back(reinterpret_cast<const char*>(data + at), n);
    at += n;
  }
  out.emplace_back(reinterpret_cast<const char*>(data + at), size - at);
  return out;
}

const std::string& scratch_dir() {
  // Never destroyed: the exit handler that removes the directory runs after static destructors.
  static const std::string& dir = *[] {
    namespace fs = std::filesystem;
    const fs::path base = fs::is_directory("/dev/shm") ? fs::path("/dev/shm") : fs::temp_directory_path();
    auto* d = new std::string((base / ("tfpp_fuzz_" + std::to_string(::getpid()))).string());
    fs::create_directories(*d);
    std::atexit([] {
      std::error_code ignored;
      fs::remove_all(scratch_dir(), ignored);
    });
    return d;
  }();
  return dir;
}

void write_file(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary | std::ios::trunc).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

}  // namespace tf::fuzz
