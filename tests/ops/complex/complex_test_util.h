// Helpers of the complex and tf.signal tests: the deterministic inputs their TensorFlow
// scripts also make, flattened values (complex numbers as real and imaginary parts in turn),
// and TensorFlow's results read from those scripts in the same test run.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <functional>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "error_of.h"
#include "reference_env.h"
#include "tfpp/array_ops.h"
#include "tfpp/complex_ops.h"
#include "tfpp/constant.h"
#include "tfpp/gradient_tape.h"
#include "tfpp/math_ops.h"
#include "tfpp/reduction_ops.h"

namespace tf::testing {

/// ((i * seed) % mod - offset) * scale + shift for element i, as complex_reference.py makes it.
inline Tensor real_pattern(const TensorShape& shape, DType dtype = float64, int seed = 37, int mod = 11, int offset = 5,
                           double scale = 0.25, double shift = 0.125) {
  std::vector<double> v(static_cast<std::size_t>(shape.num_elements()));
  for (std::size_t i = 0; i < v.size(); ++i) v[i] = (static_cast<double>(i * seed % mod) - offset) * scale + shift;
  return cast(constant(v, shape), dtype);
}

/// complex(real_pattern, a second pattern), as complex_reference.py makes it.
inline Tensor complex_pattern(const TensorShape& shape, DType dtype = complex128) {
  const DType real = dtype == complex64 ? float32 : float64;
  return complex(real_pattern(shape, real), real_pattern(shape, real, 53, 7, 3, 0.5, 0.25));
}

/// The elements as doubles; complex numbers as their real and imaginary parts in turn.
inline std::vector<double> flat_values(const Tensor& t) {
  if (is_complex(t.dtype())) return flat_values(stack({math::real(t), math::imag(t)}, -1));
  return cast(t, float64).numpy<double>();
}

/// The blocks a reference script prints ("== name" lines, then its text), by name.
inline std::map<std::string, std::string> read_blocks(const std::string& script) {
  const std::string out = run_command(reference_python() + " " + source_dir() + "/" + script + " 2>/dev/null");
  std::map<std::string, std::string> blocks;
  std::string name;
  std::istringstream in(out);
  for (std::string line; std::getline(in, line);) {
    if (line.starts_with("== ")) name = line.substr(3), blocks[name];
    else if (!name.empty()) blocks[name] += (blocks[name].empty() ? "" : "\n") + line;
  }
  return blocks;
}

/// Numbers of a values line ("nan" included). (Not parse_values: keras_reference.h has that name
/// with another return type, and two inline definitions of one name break the one-definition rule.)
inline std::vector<double> parse_value_line(const std::string& text) {
  std::vector<double> v;
  std::istringstream in(text);
  for (std::string w; in >> w;) v.push_back(w == "nan" ? std::nan("") : std::stod(w));
  return v;
}

/// Expects `ours` to equal TensorFlow's values within tol * max(1, |theirs|) each (NaNs and
/// infinities exactly).
inline void expect_values(const std::map<std::string, std::string>& tf_blocks, const std::string& name,
                          const Tensor& ours, double tol) {
  SCOPED_TRACE(name);
  const auto it = tf_blocks.find(name);
  ASSERT_NE(it, tf_blocks.end()) << "TensorFlow printed no case " << name;
  const std::vector<double> theirs = parse_value_line(it->second), mine = flat_values(ours);
  ASSERT_EQ(mine.size(), theirs.size()) << it->second;
  for (std::size_t i = 0; i < mine.size(); ++i) {
    if (std::isnan(theirs[i])) {
      EXPECT_TRUE(std::isnan(mine[i])) << "element " << i;
      continue;
    }
    if (std::isinf(theirs[i])) {
      EXPECT_EQ(mine[i], theirs[i]) << "element " << i;
      continue;
    }
    EXPECT_NEAR(mine[i], theirs[i], tol * std::max(1.0, std::fabs(theirs[i]))) << "element " << i;
  }
}

/// 1, 2, 3, ... shaped like t, in its real dtype.
inline Tensor weights_like(const Tensor& t) {
  const DType real = t.dtype() == complex64 ? float32 : t.dtype() == complex128 ? float64 : t.dtype();
  return cast(reshape(range(1, t.num_elements() + 1), shape(t)), real);
}

/// The real loss of complex_reference.py's grad(): sum(real(y) w + imag(y) w / 2).
inline Tensor loss_of(const Tensor& y) {
  const Tensor w = weights_like(y);
  Tensor loss = reduce_sum(math::real(y) * w);
  if (is_complex(y.dtype())) loss = loss + reduce_sum(math::imag(y) * w / 2.0);
  return loss;
}

/// The tape's gradients of loss_of(f(xs)) for every x, flattened and concatenated.
inline Tensor tape_gradients(const std::function<Tensor(const std::vector<Tensor>&)>& f, const std::vector<Tensor>& xs) {
  GradientTape tape;
  for (const Tensor& x : xs) tape.watch(x);
  const Tensor loss = loss_of(f(xs));
  std::vector<Tensor> parts;
  for (const Tensor& g : tape.gradient(loss, xs)) parts.push_back(reshape(g, {-1}));
  return concat(parts, 0);
}

/// Expects `fn` to raise InvalidArgumentError with `part` in its message.
inline void expect_error(const std::function<void()>& fn, const std::string& part) {
  const std::string message = error_of(fn);
  EXPECT_NE(message.find(part), std::string::npos) << message;
}

}  // namespace tf::testing
