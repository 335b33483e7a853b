// What the fuzz targets share: one input split into several files, a private scratch directory
// on tmpfs, and the rule that only tf:: exceptions are clean rejections.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "tfpp/errors.h"

namespace tf::fuzz {

/// Splits an input into `parts` byte strings: every part but the last is preceded by its length
/// (4 bytes, little-endian, clamped to what is left); the last takes the rest. The seed corpora
/// are built the same way (scripts/make_fuzz_corpus.py).
std::vector<std::string> split(const std::uint8_t* data, std::size_t size, std::size_t parts);

/// A directory private to this process (under /dev/shm when it exists), created once and
/// removed at exit.
const std::string& scratch_dir();

/// Writes `bytes` to `path`, replacing it.
void write_file(const std::string& path, const std::string& bytes);

/// Runs `body`, swallowing tf::Error (a clean rejection of bad input); every other exception
/// escapes, so libFuzzer reports it as a crash.
template <class F>
void run(F&& body) {
  try {
    body();
  } catch (const tf::Error&) {
  }
}

}  // namespace tf::fuzz
