// tf.signal.fftnd / ifftnd / rfftnd / irfftnd as compositions of the 1-D FFT ops: each axis in
// turn is moved last, cropped or zero-padded to its fft_length and transformed, as NumPy's fftn
// orders them (rfftnd: the real transform on the last axis first; irfftnd: it last). The argument
// checks are TensorFlow's wrappers' (its ValueErrors, here "[rfftnd] ..." InvalidArgumentErrors).
#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "ops/math/python_name_scope.h"
#include "ops/signal/fft_ops.h"
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/errors.h"
#include "tfpp/math_ops.h"
#include "tfpp/signal_fftnd.h"

namespace tf::signal {
namespace {

enum class Kind { kComplex, kInverseComplex, kReal, kInverseReal };

const char* name_of(Kind kind) {
  switch (kind) {
    case Kind::kComplex: return "fftnd";
    case Kind::kInverseComplex: return "ifftnd";
    case Kind::kReal: return "rfftnd";
    case Kind::kInverseReal: return "irfftnd";
  }
  return "";
}

// The transformed axes (non-negative) and their fft_lengths.
struct Plan {
  std::vector<int> axes;
  std::vector<std::int64_t> lengths;
};

Plan plan(const Tensor& x, const FftNdOptions& o, Kind kind) {
  const std::string op = name_of(kind);
  const auto fail = [&](const std::string& message) -> void { throw InvalidArgumentError("[" + op + "] " + message); };
  const TensorShape& s = x.shape();
  if (s.has_unknown_rank()) fail("the input's rank must be known");
  Plan p;
  if (o.axes) {
    if (static_cast<int>(o.axes->size()) > s.rank())
      fail("Shape " + s.debug_string() + " must have rank at least " + std::to_string(o.axes->size()));
    for (std::int64_t a : *o.axes) {
      if (a < -s.rank() || a >= s.rank()) fail("axis " + std::to_string(a) + " is out of range for shape " + s.debug_string());
      p.axes.push_back(static_cast<int>(a < 0 ? a + s.rank() : a));
    }
  } else {
    for (int a = 0; a < s.rank(); ++a) p.axes.push_back(a);
  }
  if (o.fft_length) {
    if (o.fft_length->size() != p.axes.size())
      fail("fft_length must have one length per axis: " + std::to_string(o.fft_length->size()) + " lengths for " +
           std::to_string(p.axes.size()) + " axes");
    for (std::int64_t n : *o.fft_length)
      if (n < 0) fail("fft_length must be non-negative, got " + std::to_string(n));
    p.lengths = *o.fft_length;
  } else {
    for (int a : p.axes) {
      if (s.dim(a) == None) fail("fft_length is needed for an input of unknown size " + s.debug_string());
      p.lengths.push_back(s.dim(a));
    }
    if (kind == Kind::kInverseReal && !p.lengths.empty()) p.lengths.back() = std::max<std::int64_t>(0, 2 * (p.lengths.back() - 1));
  }
  if (o.norm != "backward" && o.norm != "forward" && o.norm != "ortho")
    fail("norm must be 'backward', 'forward' or 'ortho', got '" + o.norm + "'");
  return p;
}

// fn(x with `axis` moved last); the result's last axis moved back to `axis`.
template <class Fn>
Tensor along(const Tensor& x, int axis, Fn fn) {
  const int rank = x.shape().rank();
  if (axis == rank - 1) return fn(x);
  std::vector<std::int64_t> perm(rank);
  for (int d = 0; d < rank; ++d) perm[d] = d;
  std::swap(perm[axis], perm[rank - 1]);
  return transpose(fn(transpose(x, perm)), perm);
}

// The last axis cropped or zero-padded to n (its static size must be known).
Tensor resize_last(const Tensor& x, std::int64_t n, const std::string& op) {
  const TensorShape& s = x.shape();
  const std::int64_t size = s.dim(-1);
  if (size == None) throw InvalidArgumentError("[" + op + "] the transformed dimensions must be known, got " + s.debug_string());
  if (size > n) {
    std::vector<std::int64_t> begin(s.rank(), 0), sizes(s.rank(), -1);
    sizes.back() = n;
    return slice(x, begin, sizes);
  }
  if (size == n) return x;
  std::vector<std::array<std::int64_t, 2>> paddings(s.rank(), {0, 0});
  paddings.back()[1] = n - size;
  return pad(x, paddings);
}

// TensorFlow scales the input: by 1 / n ("forward") or 1 / sqrt(n) ("ortho") before a forward
// transform, by n or sqrt(n) before an inverse one.
Tensor normalized(const Tensor& x, const Plan& p, const std::string& norm, bool inverse) {
  if (norm == "backward") return x;
  double n = 1;
  for (std::int64_t l : p.lengths) n *= static_cast<double>(l);
  const double factor = norm == "ortho" ? std::sqrt(n) : n;
  return inverse ? multiply(x, scalar_like(x, factor)) : divide(x, scalar_like(x, factor));
}

// The complex transform of x along `axis`, cropped or padded to n.
Tensor complex_along(const Tensor& x, int axis, std::int64_t n, bool inverse, const std::string& op) {
  return along(x, axis, [&](const Tensor& t) { return ops::signal::fft_nd(resize_last(t, n, op), 1, inverse); });
}

Tensor real_along(const Tensor& x, int axis, std::int64_t n, bool inverse) {
  const Tensor length = constant(std::vector<std::int32_t>{static_cast<std::int32_t>(n)});
  return along(x, axis, [&](const Tensor& t) { return ops::signal::rfft_nd(t, length, 1, inverse); });
}

Tensor transform(const Tensor& input, const FftNdOptions& o, Kind kind) {
  const std::string op = name_of(kind);
  return ops::with_python_scope(name_of(kind), [&](graph::OpNameScope*) {
    const DType d = input.dtype();
    if (kind == Kind::kReal && d != float32 && d != float64)
      throw InvalidArgumentError("[rfftnd] RFFT requires tf.float32 or tf.float64 inputs, got: " + std::string(dtype_name(d)));
    if (kind == Kind::kInverseReal && d != complex64 && d != complex128)
      throw InvalidArgumentError("[irfftnd] IRFFT requires tf.complex64 or tf.complex128 inputs, got: " + std::string(dtype_name(d)));
    const Plan p = plan(input, o, kind);
    const bool inverse = kind == Kind::kInverseComplex || kind == Kind::kInverseReal;
    Tensor x = normalized(input, p, o.norm, inverse);
    const std::size_t count = p.axes.size();
    if (count == 0) return x;
    switch (kind) {
      case Kind::kComplex:
      case Kind::kInverseComplex:
        for (std::size_t i = 0; i < count; ++i) x = complex_along(x, p.axes[i], p.lengths[i], inverse, op);
        return x;
      case Kind::kReal:
        x = real_along(x, p.axes.back(), p.lengths.back(), false);
        for (std::size_t i = 0; i + 1 < count; ++i) x = complex_along(x, p.axes[i], p.lengths[i], false, op);
        return x;
      case Kind::kInverseReal:
        for (std::size_t i = 0; i + 1 < count; ++i) x = complex_along(x, p.axes[i], p.lengths[i], true, op);
        return real_along(x, p.axes.back(), p.lengths.back(), true);
    }
    return x;
  });
}

}  // namespace

Tensor fftnd(const Tensor& input, const FftNdOptions& options) { return transform(input, options, Kind::kComplex); }
Tensor ifftnd(const Tensor& input, const FftNdOptions& options) { return transform(input, options, Kind::kInverseComplex); }
Tensor rfftnd(const Tensor& input, const FftNdOptions& options) { return transform(input, options, Kind::kReal); }
Tensor irfftnd(const Tensor& input, const FftNdOptions& options) { return transform(input, options, Kind::kInverseReal); }

}  // namespace tf::signal
