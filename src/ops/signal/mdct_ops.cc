// tf.signal.mdct / inverse_mdct (spectral_ops.py): framing, windowing and a type-IV DCT of the
// frames folded to half length, and the inverse unfolding and overlap-add, composed of ops as
// TensorFlow's so that values and gradients are TensorFlow's.
#include <cmath>
#include <string>

#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/errors.h"
#include "tfpp/math_ops.h"
#include "tfpp/signal_mdct.h"

namespace tf::signal {
namespace {

void check_rank(const Tensor& t, int at_least, const char* op, const char* what) {
  const TensorShape& s = t.shape();
  if (!s.has_unknown_rank() && s.rank() < at_least)
    throw InvalidArgumentError(std::string("[") + op + "] " + what + " must have rank at least " + std::to_string(at_least) +
                               ", got shape " + s.debug_string());
}

// The window of frame_length samples, or TensorFlow's rectangular 1 / sqrt(2) without a window_fn.
Tensor apply_window(const Tensor& frames, const WindowFn& window_fn, std::int64_t frame_length) {
  if (window_fn) return multiply(frames, window_fn(frame_length, frames.dtype()));
  return multiply(frames, scalar_like(frames, 1.0 / std::sqrt(2.0)));
}

Tensor reversed(const Tensor& t) { return reverse(t, {-1}); }

}  // namespace

Tensor default_mdct_window(std::int64_t frame_length, DType dtype) { return vorbis_window(frame_length, dtype); }

Tensor mdct(const Tensor& signals, std::int64_t frame_length, const MdctOptions& options) {
  check_rank(signals, 1, "mdct", "signals");
  if (frame_length % 4 != 0)
    throw InvalidArgumentError("[mdct] The frame length must be a multiple of 4, got " + std::to_string(frame_length));
  const Tensor framed =
      apply_window(frame(signals, frame_length, frame_length / 2, {.pad_end = options.pad_end}), options.window_fn, frame_length);
  // Folds each frame [a, b, c, d] of quarters to [-c_r - d, a - b_r] (_r: reversed), whose DCT-IV is the MDCT.
  const std::vector<Tensor> q = split(framed, 4, -1);
  const Tensor first_half = subtract(negative(reversed(q[2])), q[3]);
  const Tensor second_half = subtract(q[0], reversed(q[1]));
  return dct(concat({first_half, second_half}, -1), {.type = 4, .norm = options.norm});
}

Tensor inverse_mdct(const Tensor& mdcts, const InverseMdctOptions& options) {
  check_rank(mdcts, 2, "inverse_mdct", "mdcts");
  const TensorShape& shape = mdcts.shape();
  if (shape.has_unknown_rank() || shape.dim(-1) == None)
    throw InvalidArgumentError("[inverse_mdct] needs a static size of the last dimension, got " + shape.debug_string());
  const std::int64_t half_len = shape.dim(-1);
  Tensor idct4;
  if (options.norm.empty()) {
    const DType dtype = mdcts.dtype();
    const Tensor scale = divide(constant(0.5, dtype), cast(constant(static_cast<std::int32_t>(half_len)), dtype));
    idct4 = multiply(scale, dct(mdcts, {.type = 4}));
  } else if (options.norm == "ortho") {
    idct4 = dct(mdcts, {.type = 4, .norm = "ortho"});
  } else {
    throw InvalidArgumentError("[inverse_mdct] Unknown normalization. Expected None or 'ortho', got: " + options.norm);
  }
  // Unfolds [x, y] to [y, -y_r, -x_r, -x] (_r: reversed), the aliased frame the MDCT folded.
  const std::vector<Tensor> h = split(idct4, 2, -1);
  const Tensor frames = concat({h[1], negative(reversed(h[1])), negative(reversed(h[0])), negative(h[0])}, -1);
  return overlap_and_add(apply_window(frames, options.window_fn, 2 * half_len), half_len);
}

}  // namespace tf::signal
