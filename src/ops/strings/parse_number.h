// Parsing a whole string as a number, as TensorFlow's StringToNumber and DecodeCSV do
// (strtod's forms for floats; surrounding whitespace and a leading '+' allowed).
#pragma once

#include <cctype>
#include <charconv>
#include <cstdlib>
#include <string>
#include <type_traits>

namespace tf::ops {

// Parses all of `s` (surrounding whitespace and a leading '+' allowed) as a T.
template <class T>
inline bool parse_number(const std::string& s, T& value) {
  const char *begin = s.data(), *end = s.data() + s.size();
  while (begin < end && std::isspace(static_cast<unsigned char>(*begin))) ++begin;
  while (end > begin && std::isspace(static_cast<unsigned char>(end[-1]))) --end;
  if constexpr (std::is_floating_point_v<T>) {
    // As TensorFlow (strtod): hex floats, "inf"/"infinity"/"nan", and overflow to +-inf and
    // underflow to 0 instead of an error.
    if (begin == end || std::isspace(static_cast<unsigned char>(*begin))) return false;
    const std::string text(begin, end);
    char* stop = nullptr;
    if constexpr (std::is_same_v<T, float>) value = std::strtof(text.c_str(), &stop);
    else value = std::strtod(text.c_str(), &stop);
    return stop == text.c_str() + text.size();
  } else {
    if (begin < end && *begin == '+') ++begin;
    if (begin == end || *begin == '+' || *begin == ' ') return false;
    const auto [ptr, ec] = std::from_chars(begin, end, value);
    return ec == std::errc() && ptr == end;
  }
}

}  // namespace tf::ops
