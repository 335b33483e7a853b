// tf.signal's framing, windows and short-time Fourier transforms (shape_ops.py,
// reconstruction_ops.py, window_ops.py, spectral_ops.py), composed of ops as TensorFlow does.
// Frame counts and lengths come from static shapes.
#include <cmath>
#include <numbers>
#include <string>
#include <vector>

#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/errors.h"
#include "tfpp/math_ops.h"
#include "tfpp/reduction_ops.h"
#include "tfpp/signal.h"

namespace tf::signal {
namespace {

// Python's floor division (frame counts of signals shorter than a frame are negative before max).
std::int64_t floor_div(std::int64_t a, std::int64_t b) { return a / b - ((a % b != 0) && ((a < 0) != (b < 0))); }

std::int64_t static_size(const Tensor& t, int axis, const char* op) {
  const std::int64_t d = t.shape().dim(axis);
  if (d == None)
    throw InvalidArgumentError(std::string("[") + op + "] needs a static size of dimension " + std::to_string(axis) +
                               ", got shape " + t.shape().debug_string());
  return d;
}

int checked_rank(const Tensor& t, int at_least, const char* op) {
  const TensorShape& s = t.shape();
  if (s.has_unknown_rank() || s.rank() < at_least)
    throw InvalidArgumentError(std::string("[") + op + "] Shape " + s.debug_string() + " must have rank at least " +
                               std::to_string(at_least));
  return s.rank();
}

void check_step(std::int64_t frame_step, const char* op) {
  if (frame_step <= 0) throw InvalidArgumentError(std::string("[") + op + "] frame_step must be positive, got " + std::to_string(frame_step));
}

// TensorFlow's _raised_cosine_window: a - b cos(2 pi n / N), N the length (periodic, even
// lengths) or the length - 1.
Tensor raised_cosine(std::int64_t length, const WindowOptions& options, double a, double b, const char* op) {
  if (!is_floating(options.dtype))
    throw InvalidArgumentError(std::string("[") + op + "] dtype must be a floating point type. Found " +
                               std::string(dtype_name(options.dtype)));
  if (length < 0) throw InvalidArgumentError(std::string("[") + op + "] window_length must be non-negative, got " + std::to_string(length));
  if (length == 1) return ones({1}, options.dtype);
  const std::int64_t even = 1 - length % 2;
  const double n = static_cast<double>(length + (options.periodic ? even : 0) - 1);
  const Tensor count = range(0.0, static_cast<double>(length), 1.0, options.dtype);
  const Tensor arg = divide(multiply(scalar_like(count, 2 * std::numbers::pi), count), scalar_like(count, n));
  return subtract(scalar_like(count, a), multiply(scalar_like(count, b), math::cos(arg)));
}

// The smallest power of two at least n (stft's default fft_length).
std::int64_t enclosing_power_of_two(std::int64_t n) {
  std::int64_t p = 1;
  while (p < n) p *= 2;
  return p;
}

}  // namespace

Tensor frame(const Tensor& signal, std::int64_t frame_length, std::int64_t frame_step, const FrameOptions& options) {
  const int rank = checked_rank(signal, 1, "frame");
  check_step(frame_step, "frame");
  if (frame_length < 0) throw InvalidArgumentError("[frame] frame_length must be non-negative, got " + std::to_string(frame_length));
  if (options.axis < -rank || options.axis >= rank)
    throw InvalidArgumentError("[frame] axis " + std::to_string(options.axis) + " is out of range for rank " + std::to_string(rank));
  const int axis = static_cast<int>(options.axis < 0 ? options.axis + rank : options.axis);
  const std::int64_t length = static_size(signal, axis, "frame");
  Tensor padded = signal;
  std::int64_t frames;
  if (options.pad_end) {
    frames = -floor_div(-length, frame_step);
    const std::int64_t pad_samples = std::max<std::int64_t>(0, frame_length + frame_step * (frames - 1) - length);
    if (pad_samples > 0) {
      std::vector<std::array<std::int64_t, 2>> paddings(rank, {0, 0});
      paddings[axis][1] = pad_samples;
      padded = pad(signal, paddings, {.constant_values = options.pad_value});
    }
  } else {
    frames = std::max<std::int64_t>(0, 1 + floor_div(length - frame_length, frame_step));
  }
  // Frame i takes samples i * frame_step + [0, frame_length): one gather of a [frames, frame_length] index grid.
  std::vector<std::int32_t> indices;
  indices.reserve(static_cast<std::size_t>(frames * frame_length));
  for (std::int64_t i = 0; i < frames; ++i)
    for (std::int64_t j = 0; j < frame_length; ++j) indices.push_back(static_cast<std::int32_t>(i * frame_step + j));
  return gather(padded, constant(indices, TensorShape{frames, frame_length}), {.axis = axis});
}

Tensor overlap_and_add(const Tensor& signal, std::int64_t frame_step) {
  const int rank = checked_rank(signal, 2, "overlap_and_add");
  check_step(frame_step, "overlap_and_add");
  const std::int64_t frames = static_size(signal, rank - 2, "overlap_and_add");
  const std::int64_t frame_length = static_size(signal, rank - 1, "overlap_and_add");
  std::vector<std::int64_t> outer;
  for (int d = 0; d < rank - 2; ++d) outer.push_back(static_size(signal, d, "overlap_and_add"));
  const auto full_shape = [&](std::vector<std::int64_t> inner) {
    std::vector<std::int64_t> s = outer;
    s.insert(s.end(), inner.begin(), inner.end());
    return s;
  };
  const std::int64_t output_length = frames == 0 ? 0 : frame_length + frame_step * (frames - 1);
  if (frame_step == frame_length) return reshape(signal, full_shape({output_length}));
  // TensorFlow's pad-reshape-transpose scheme: each frame is split into `segments` pieces of
  // frame_step samples, and piece s of frame f lands at hop f + s.
  const std::int64_t segments = (frame_length + frame_step - 1) / frame_step;
  std::vector<std::array<std::int64_t, 2>> paddings(rank, {0, 0});
  paddings[rank - 2][1] = segments;
  paddings[rank - 1][1] = segments * frame_step - frame_length;
  Tensor s = reshape(pad(signal, paddings), full_shape({frames + segments, segments, frame_step}));
  std::vector<std::int64_t> perm;
  const std::int64_t r = rank - 2;
  for (std::int64_t d = 0; d < r; ++d) perm.push_back(d);
  perm.insert(perm.end(), {r + 1, r, r + 2});
  s = reshape(transpose(s, perm), full_shape({(frames + segments) * segments, frame_step}));
  std::vector<std::int64_t> begin(rank, 0), size(rank, -1);
  size[rank - 2] = (frames + segments - 1) * segments;
  s = reshape(slice(s, begin, size), full_shape({segments, frames + segments - 1, frame_step}));
  s = reshape(reduce_sum(s, Axes(-3)), full_shape({(frames + segments - 1) * frame_step}));
  std::vector<std::int64_t> begin2(rank - 1, 0), size2(rank - 1, -1);
  size2[rank - 2] = output_length;
  return slice(s, begin2, size2);
}

Tensor hann_window(std::int64_t window_length, const WindowOptions& options) {
  return raised_cosine(window_length, options, 0.5, 0.5, "hann_window");
}
Tensor hamming_window(std::int64_t window_length, const WindowOptions& options) {
  return raised_cosine(window_length, options, 0.54, 0.46, "hamming_window");
}
Tensor default_window(std::int64_t frame_length, DType dtype) {
  return hann_window(frame_length, {.periodic = true, .dtype = dtype});
}

Tensor stft(const Tensor& signals, std::int64_t frame_length, std::int64_t frame_step, const StftOptions& options) {
  if (!is_floating(signals.dtype()))
    throw InvalidArgumentError("[stft] signals must be float32 or float64, got " + std::string(dtype_name(signals.dtype())));
  checked_rank(signals, 1, "stft");
  const std::int64_t fft_length = options.fft_length < 0 ? enclosing_power_of_two(frame_length) : options.fft_length;
  Tensor framed = frame(signals, frame_length, frame_step, {.pad_end = options.pad_end});
  if (options.window_fn) framed = multiply(framed, options.window_fn(frame_length, framed.dtype()));
  return rfft(framed, {fft_length});
}

Tensor inverse_stft(const Tensor& stfts, std::int64_t frame_length, std::int64_t frame_step,
                    const InverseStftOptions& options) {
  if (!is_complex(stfts.dtype()))
    throw InvalidArgumentError("[inverse_stft] stfts must be complex64 or complex128, got " + std::string(dtype_name(stfts.dtype())));
  const int rank = checked_rank(stfts, 2, "inverse_stft");
  const std::int64_t fft_length = options.fft_length < 0 ? enclosing_power_of_two(frame_length) : options.fft_length;
  Tensor real_frames = irfft(stfts, {fft_length});
  // fft_length may differ from frame_length: crop or zero-pad the frames to frame_length.
  if (fft_length > frame_length) {
    std::vector<std::int64_t> begin(rank, 0), size(rank, -1);
    size[rank - 1] = frame_length;
    real_frames = slice(real_frames, begin, size);
  } else if (fft_length < frame_length) {
    std::vector<std::array<std::int64_t, 2>> paddings(rank, {0, 0});
    paddings[rank - 1][1] = frame_length - fft_length;
    real_frames = pad(real_frames, paddings);
  }
  if (options.window_fn) real_frames = multiply(real_frames, options.window_fn(frame_length, real_frames.dtype()));
  return overlap_and_add(real_frames, frame_step);
}

WindowFn inverse_stft_window_fn(std::int64_t frame_step, WindowFn forward_window_fn) {
  check_step(frame_step, "inverse_stft_window_fn");
  return [frame_step, forward = std::move(forward_window_fn)](std::int64_t frame_length, DType dtype) {
    const Tensor window = forward(frame_length, dtype);
    // The sum of the squared windows that overlap each sample, tiled over a frame.
    const std::int64_t overlaps = (frame_length + frame_step - 1) / frame_step;
    const std::vector<std::array<std::int64_t, 2>> tail = {{0, overlaps * frame_step - frame_length}};
    Tensor denom = pad(math::square(window), tail);
    denom = reduce_sum(reshape(denom, {overlaps, frame_step}), Axes(0), {.keepdims = true});
    denom = reshape(tile(denom, {overlaps, 1}), {overlaps * frame_step});
    return divide(window, slice(denom, {0}, {frame_length}));
  };
}

}  // namespace tf::signal
