// Bytes written as hex digits, for small binary files spelled out in tests.
#pragma once

#include <string>

namespace tf::testing {

/// The bytes that `hex` spells two digits each ("89504e47" -> "\x89PNG").
inline std::string from_hex(const std::string& hex) {
  std::string out;
  for (std::size_t i = 0; i < hex.size(); i += 2) out.push_back(static_cast<char>(std::stoi(hex.substr(i, 2), nullptr, 16)));
  return out;
}

}  // namespace tf::testing
