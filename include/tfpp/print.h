// tf::print: prints tensors and strings when the op runs — at every call of a traced
// function, unlike std::cout, which runs only while tracing.
#pragma once

#include <string>
#include <type_traits>
#include <vector>

#include "tfpp/constant.h"

namespace tf {

/// Where tf::print writes, as tf.print's output_stream (standard error by default).
enum class PrintStream { kStderr, kStdout };

namespace detail {
void print_tensors(const std::vector<Tensor>& values, PrintStream stream);
inline Tensor printable(const Tensor& t) { return t; }
inline Tensor printable(const std::string& s) { return constant(s); }
inline Tensor printable(const char* s) { return constant(s); }
template <class T>
  requires std::is_arithmetic_v<T>
Tensor printable(T v) {
  return constant(v);
}
}  // namespace detail

/// Prints its arguments separated by spaces, then a newline, to standard error (tf.print).
template <class... Args>
void print(const Args&... args) {
  detail::print_tensors({detail::printable(args)...}, PrintStream::kStderr);
}

/// As tf::print, to the chosen stream.
template <class... Args>
void print_to(PrintStream stream, const Args&... args) {
  detail::print_tensors({detail::printable(args)...}, stream);
}

}  // namespace tf
