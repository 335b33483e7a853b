// tf.signal's discrete cosine transforms (dct_ops.py: types 1-4 through length-2N real FFTs),
// mel filter banks (mel_ops.py, HTK's mel scale) and MFCCs (mfcc_ops.py), composed of ops in
// TensorFlow's order so that float32 results round as TensorFlow's do.
#include <cmath>
#include <cstdio>
#include <numbers>
#include <string>
#include <vector>

#include "tfpp/array_ops.h"
#include "tfpp/complex_ops.h"
#include "tfpp/constant.h"
#include "tfpp/errors.h"
#include "tfpp/math_ops.h"
#include "tfpp/signal.h"

namespace tf::signal {
namespace {

std::int64_t last_dim(const Tensor& t, const char* op) {
  const TensorShape& s = t.shape();
  if (s.has_unknown_rank() || s.rank() < 1 || s.dim(-1) == None)
    throw InvalidArgumentError(std::string("[") + op + "] needs a static size of the last dimension, got " + s.debug_string());
  return s.dim(-1);
}

// t[..., begin:begin + size] along the last axis.
Tensor last_axis_slice(const Tensor& t, std::int64_t begin, std::int64_t size) {
  const int rank = t.shape().rank();
  std::vector<std::int64_t> b(rank, 0), s(rank, -1);
  b[rank - 1] = begin;
  s[rank - 1] = size;
  return slice(t, b, s);
}

Tensor pad_last_axis(const Tensor& t, std::int64_t after) {
  std::vector<std::array<std::int64_t, 2>> paddings(t.shape().rank(), {0, 0});
  paddings.back()[1] = after;
  return pad(t, paddings);
}

// [first, rest, rest, ...] of n elements (first and rest are scalars).
Tensor first_and_rest(const Tensor& first, const Tensor& rest, std::int64_t n) {
  return concat({reshape(first, {1}), multiply(ones({n - 1}, rest.dtype()), rest)}, 0);
}

void validate_dct(const Tensor& input, const DctOptions& o) {
  if (o.axis != -1) throw UnimplementedError("[dct] axis must be -1. Got: " + std::to_string(o.axis));
  if (o.n && *o.n < 1) throw InvalidArgumentError("[dct] n should be a positive integer or None");
  if (o.type < 1 || o.type > 4) throw InvalidArgumentError("[dct] Types I, II, III and IV (I)DCT are supported.");
  if (o.type == 1) {
    if (o.norm == "ortho") throw InvalidArgumentError("[dct] Normalization is not supported for the Type-I DCT.");
    const TensorShape& s = input.shape();
    if (!s.has_unknown_rank() && s.rank() > 0 && s.dim(-1) != None && s.dim(-1) < 2)
      throw InvalidArgumentError("[dct] Type-I DCT requires the dimension to be greater than one.");
  }
  if (!o.norm.empty() && o.norm != "ortho")
    throw InvalidArgumentError("[dct] Unknown normalization. Expected None or 'ortho', got: " + o.norm);
  if (!is_floating(input.dtype()))
    throw InvalidArgumentError("[dct] input must be float32 or float64, got " + std::string(dtype_name(input.dtype())));
}

// TensorFlow's _dct_internal.
Tensor dct_internal(Tensor input, int type, std::optional<std::int64_t> n, bool ortho) {
  const std::int64_t seq_len = last_dim(input, "dct");
  if (n) input = *n <= seq_len ? last_axis_slice(input, 0, *n) : pad_last_axis(input, *n - seq_len);
  const std::int64_t axis_dim = last_dim(input, "dct");
  const Tensor dim_float = scalar_like(input, static_cast<double>(axis_dim));
  const Tensor zero = scalar_like(input, 0.0);
  const Tensor angles = range(0.0, static_cast<double>(axis_dim), 1.0, input.dtype());
  const auto scaled_angles = [&](bool negative) {  // (+-range(N) * pi * 0.5) / N
    const Tensor r = negative ? math::negative(angles) : angles;
    return divide(multiply(multiply(r, scalar_like(r, std::numbers::pi)), scalar_like(r, 0.5)), dim_float);
  };
  if (type == 1) {
    const Tensor mirrored = reverse(last_axis_slice(input, 1, axis_dim - 2), {-1});
    return math::real(rfft(concat({input, mirrored}, -1)));
  }
  if (type == 2) {
    const Tensor rotation = math::exp(complex(zeros_like(angles), scaled_angles(true)));
    const Tensor scale = multiply(scalar_like(rotation, 2.0), rotation);
    Tensor dct2 = math::real(multiply(last_axis_slice(rfft(input, {2 * axis_dim}), 0, axis_dim), scale));
    if (ortho) {
      const Tensor n1 = multiply(scalar_like(input, 0.5), math::rsqrt(dim_float));
      const Tensor n2 = multiply(n1, scalar_like(input, std::sqrt(2.0)));
      dct2 = multiply(dct2, first_and_rest(n1, n2, axis_dim));
    }
    return dct2;
  }
  if (type == 3) {
    if (ortho) {
      const Tensor n1 = math::sqrt(dim_float);
      const Tensor n2 = multiply(n1, scalar_like(input, std::sqrt(0.5)));
      input = multiply(input, first_and_rest(n1, n2, axis_dim));
    } else {
      input = multiply(input, dim_float);
    }
    const Tensor rotation = math::exp(complex(zeros_like(angles), scaled_angles(false)));
    const Tensor scale = multiply(scalar_like(rotation, 2.0), rotation);
    const Tensor spectrum = multiply(scale, complex(input, zeros_like(input)));
    return last_axis_slice(irfft(spectrum, {2 * axis_dim}), 0, axis_dim);
  }
  // Type 4: the odd bins of the DCT-II of the signal zero-padded to 2N.
  const Tensor dct2 = dct_internal(input, 2, 2 * axis_dim, false);
  std::vector<std::int32_t> odd;
  for (std::int64_t i = 1; i < 2 * axis_dim; i += 2) odd.push_back(static_cast<std::int32_t>(i));
  Tensor dct4 = gather(dct2, constant(odd), {.axis = dct2.shape().rank() - 1});
  if (ortho) dct4 = multiply(dct4, multiply(scalar_like(input, std::sqrt(0.5)), math::rsqrt(dim_float)));
  return dct4;
}

// HTK's mel scale: 1127 ln(1 + f / 700).
Tensor hertz_to_mel(const Tensor& hertz) {
  return multiply(scalar_like(hertz, 1127.0), math::log(add(scalar_like(hertz, 1.0), divide(hertz, scalar_like(hertz, 700.0)))));
}

std::string number(double v) {
  std::string s = std::to_string(v);
  while (s.back() == '0') s.pop_back();
  if (s.back() == '.') s += '0';
  return s;
}

}  // namespace

Tensor dct(const Tensor& input, const DctOptions& options) {
  validate_dct(input, options);
  return dct_internal(input, options.type, options.n, options.norm == "ortho");
}

Tensor idct(const Tensor& input, const DctOptions& options) {
  validate_dct(input, options);
  static constexpr int kInverse[] = {0, 1, 3, 2, 4};
  return dct_internal(input, kInverse[options.type], options.n, options.norm == "ortho");
}

Tensor linear_to_mel_weight_matrix(const MelOptions& o) {
  const char* op = "[linear_to_mel_weight_matrix] ";
  if (o.num_mel_bins <= 0) throw InvalidArgumentError(op + std::string("num_mel_bins must be positive. Got: ") + std::to_string(o.num_mel_bins));
  if (o.lower_edge_hertz < 0.0)
    throw InvalidArgumentError(op + std::string("lower_edge_hertz must be non-negative. Got: ") + number(o.lower_edge_hertz));
  if (o.lower_edge_hertz >= o.upper_edge_hertz) {
    char buf[128];
    std::snprintf(buf, sizeof buf, "lower_edge_hertz %.1f >= upper_edge_hertz %.1f", o.lower_edge_hertz, o.upper_edge_hertz);
    throw InvalidArgumentError(op + std::string(buf));
  }
  if (o.sample_rate <= 0.0) throw InvalidArgumentError(op + std::string("sample_rate must be positive. Got: ") + number(o.sample_rate));
  if (o.upper_edge_hertz > o.sample_rate / 2)
    throw InvalidArgumentError(op + std::string("upper_edge_hertz must not be larger than the Nyquist frequency (sample_rate / 2). Got ") +
                               number(o.upper_edge_hertz) + " for sample_rate: " + number(o.sample_rate));
  if (!is_floating(o.dtype))
    throw InvalidArgumentError(op + std::string("dtype must be a floating point type. Got: ") + std::string(dtype_name(o.dtype)));
  const Tensor sample_rate = constant(o.sample_rate, o.dtype);
  const Tensor zero = constant(0.0, o.dtype);
  // HTK leaves out the spectrogram's DC bin.
  const Tensor nyquist = divide(sample_rate, scalar_like(sample_rate, 2.0));
  const Tensor linear_frequencies = slice(linspace(zero, nyquist, o.num_spectrogram_bins), {1}, {-1});
  const Tensor spectrogram_bins_mel = expand_dims(hertz_to_mel(linear_frequencies), 1);
  // num_mel_bins triangles (lower edge, center, upper edge): each center is its neighbours' edge.
  const Tensor edges = linspace(hertz_to_mel(constant(o.lower_edge_hertz, o.dtype)),
                                hertz_to_mel(constant(o.upper_edge_hertz, o.dtype)), o.num_mel_bins + 2);
  const Tensor band_edges_mel = frame(edges, 3, 1);
  const auto column = [&](std::int64_t c) { return reshape(slice(band_edges_mel, {0, c}, {-1, 1}), {1, o.num_mel_bins}); };
  const Tensor lower_edge_mel = column(0), center_mel = column(1), upper_edge_mel = column(2);
  const Tensor lower_slopes = divide(subtract(spectrogram_bins_mel, lower_edge_mel), subtract(center_mel, lower_edge_mel));
  const Tensor upper_slopes = divide(subtract(upper_edge_mel, spectrogram_bins_mel), subtract(upper_edge_mel, center_mel));
  const Tensor weights = maximum(zero, minimum(lower_slopes, upper_slopes));
  return pad(weights, {{1, 0}, {0, 0}});
}

Tensor mfccs_from_log_mel_spectrograms(const Tensor& log_mel_spectrograms) {
  const std::int64_t num_mel_bins = last_dim(log_mel_spectrograms, "mfccs_from_log_mel_spectrograms");
  if (num_mel_bins == 0)
    throw InvalidArgumentError("[mfccs_from_log_mel_spectrograms] num_mel_bins must be positive. Got: " +
                               log_mel_spectrograms.shape().debug_string());
  const Tensor dct2 = dct(log_mel_spectrograms, {.type = 2});
  return multiply(dct2, math::rsqrt(multiply(scalar_like(dct2, static_cast<double>(num_mel_bins)), scalar_like(dct2, 2.0))));
}

}  // namespace tf::signal
