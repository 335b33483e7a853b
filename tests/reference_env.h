// The pinned reference environment (.venv-ref, made by scripts/make_reference_env.sh): tests
// that compare with TensorFlow run its Python in the same test run.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

#include <gtest/gtest.h>

namespace tf::testing {

/// The root of the source tree the tests were built from.
const char* source_dir();

/// The reference environment's Python: $TFPP_REFERENCE_ENV/bin/python, else the source tree's
/// .venv-ref; fails the calling test if it is missing.
inline std::string reference_python() {
  const char* env = std::getenv("TFPP_REFERENCE_ENV");
  const std::string python = (env ? std::string(env) : std::string(source_dir()) + "/.venv-ref") + "/bin/python";
  if (!std::filesystem::exists(python))
    ADD_FAILURE() << "the reference environment is missing: run bash scripts/make_reference_env.sh (" << python << ")";
  return python;
}

/// Runs a command and returns its standard output (standard error passes through).
inline std::string run_command(const std::string& command) {
  std::string out;
  if (std::FILE* pipe = popen(command.c_str(), "r")) {
    char buffer[4096];
    while (std::size_t n = std::fread(buffer, 1, sizeof buffer, pipe)) out.append(buffer, n);
    pclose(pipe);
  }
  return out;
}

/// The block of a reference script's report `text` after the line "== name", up to the next "== " line.
inline std::string block(const std::string& text, const std::string& name) {
  const std::size_t begin = text.find("== " + name + "\n");
  if (begin == std::string::npos) return "missing block " + name + " in:\n" + text;
  const std::size_t start = begin + name.size() + 4;
  const std::size_t end = text.find("\n== ", start);
  return text.substr(start, end == std::string::npos ? std::string::npos : end + 1 - start);
}

}  // namespace tf::testing
