// tf.image.non_max_suppression_padded as one kernel that follows TensorFlow's composite
// (non_max_suppression_padded_v2) step by step, because its tiled algorithm differs from the greedy
// one at the edges: scores at or below the threshold zero their boxes, only the first box decides the
// coordinate order, IOUs carry an epsilon and suppress at >= the threshold, and a kept box counts
// only if one of its coordinates is positive. See Note [Tiled NMS].
#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <span>
#include <string>
#include <vector>

#include "core/tensor_impl.h"
#include "ops/execute.h"
#include "tfpp/constant.h"
#include "tfpp/errors.h"
#include "tfpp/image_box_ops.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::OpBuilder;
using ops::OpDef;
using ops::ShapeContext;

// Note [Tiled NMS]: boxes (sorted by score) are cut into tiles of tile_size. Tile t is first
// suppressed by every earlier tile (a box goes if any box there overlaps it by >= the threshold),
// then by itself: boxes that no other box of the tile suppresses suppress the boxes after them,
// repeated until the suppressed IOU mass stops falling by more than the threshold. Suppressed
// boxes become zeros, so they suppress nothing later.

// _bbox_overlap: the IOU of canonical boxes a and b with TensorFlow's float32 steps.
float tiled_iou(const float* a, const float* b) {
  const float ixmin = std::max(a[1], b[1]), ixmax = std::min(a[3], b[3]);
  const float iymin = std::max(a[0], b[0]), iymax = std::min(a[2], b[2]);
  const float intersection = std::max(ixmax - ixmin, 0.0f) * std::max(iymax - iymin, 0.0f);
  const float area_a = (a[2] - a[0]) * (a[3] - a[1]);
  const float area_b = (b[2] - b[0]) * (b[3] - b[1]);
  return intersection / (area_a + area_b - intersection + 1e-8f);
}

bool positive(const float* box) { return box[0] > 0 || box[1] > 0 || box[2] > 0 || box[3] > 0; }

void zero(float* box) {
  for (int k = 0; k < 4; ++k) box[k] *= 0.0f;
}

// One tile of one image: suppresses it by the earlier tiles and by itself, in place; returns how many
// of its boxes are kept and count.
int suppress_tile(float* boxes, std::int64_t tile, std::int64_t size, float threshold) {
  float* slice = boxes + tile * size * 4;
  for (std::int64_t inner = 0; inner < tile; ++inner) {
    const float* earlier = boxes + inner * size * 4;
    for (std::int64_t c = 0; c < size; ++c) {
      bool suppressed = false;
      for (std::int64_t r = 0; r < size && !suppressed; ++r) suppressed = !(tiled_iou(earlier + r * 4, slice + c * 4) < threshold);
      if (suppressed) zero(slice + c * 4);
    }
  }
  // iou[r][c]: box r (earlier in the tile) over box c, kept where it reaches the threshold.
  std::vector<float> iou(static_cast<std::size_t>(size * size));
  for (std::int64_t r = 0; r < size; ++r)
    for (std::int64_t c = 0; c < size; ++c) {
      const float v = tiled_iou(slice + r * 4, slice + c * 4);
      iou[r * size + c] = v * (c > r && v >= threshold ? 1.0f : 0.0f);
    }
  const auto total = [&] { return std::accumulate(iou.begin(), iou.end(), 0.0f); };
  float sum = total();
  std::vector<float> can_suppress(static_cast<std::size_t>(size)), keep_row(static_cast<std::size_t>(size));
  for (bool changing = true; changing;) {
    for (std::int64_t c = 0; c < size; ++c) {
      float column_max = -std::numeric_limits<float>::infinity();
      for (std::int64_t r = 0; r < size; ++r) column_max = std::max(column_max, iou[r * size + c]);
      can_suppress[c] = column_max < threshold ? 1.0f : 0.0f;
    }
    for (std::int64_t c = 0; c < size; ++c) {
      float column_max = -std::numeric_limits<float>::infinity();
      for (std::int64_t r = 0; r < size; ++r) column_max = std::max(column_max, can_suppress[r] * iou[r * size + c]);
      keep_row[c] = column_max < threshold ? 1.0f : 0.0f;
    }
    for (std::int64_t r = 0; r < size; ++r)
      for (std::int64_t c = 0; c < size; ++c) iou[r * size + c] *= keep_row[r];
    const float new_sum = total();
    changing = sum - new_sum > threshold;
    sum = new_sum;
  }
  int kept = 0;
  for (std::int64_t c = 0; c < size; ++c) {
    float column_sum = 0.0f;
    for (std::int64_t r = 0; r < size; ++r) column_sum += iou[r * size + c];
    if (column_sum > 0) zero(slice + c * 4);
    kept += positive(slice + c * 4) ? 1 : 0;
  }
  return kept;
}

// (boxes [..., n, 4], scores [..., n], max_output_size, iou_threshold, score_threshold); attrs
// pad_to_max_output_size, sorted_input, canonicalized_coordinates, tile_size.
void padded_shape(ShapeContext& ctx) {
  const TensorShape& b = ctx.input(0).shape();
  const TensorShape& s = ctx.input(1).shape();
  if (ctx.input(0).dtype() != float32 || ctx.input(1).dtype() != float32)
    ctx.fail("boxes and scores must be float32, got " + std::string(dtype_name(ctx.input(0).dtype())) + " and " +
             std::string(dtype_name(ctx.input(1).dtype())));
  if (b.has_unknown_rank() || s.has_unknown_rank()) ctx.fail("boxes and scores need a known rank");
  if (b.rank() < 2 || b.dim(b.rank() - 1) != 4) ctx.fail("boxes must be [..., num_boxes, 4], got shape " + b.debug_string());
  if (s.rank() != b.rank() - 1) ctx.fail("scores must be [..., num_boxes], got shape " + s.debug_string() + " for boxes " + b.debug_string());
  for (int i = 0; i < s.rank(); ++i)
    if (b.dim(i) != None && s.dim(i) != None && b.dim(i) != s.dim(i))
      ctx.fail("scores has incompatible shape " + s.debug_string() + " for boxes " + b.debug_string());
  if (ctx.attr<std::int64_t>(3) <= 0) ctx.fail("tile_size must be positive, got " + std::to_string(ctx.attr<std::int64_t>(3)));
  std::int64_t m = None;
  if (!ctx.input(2).is_symbolic()) {
    m = ctx.input(2).item<std::int32_t>();
    if (m < 0) ctx.fail("max_output_size must be non-negative, got " + std::to_string(m));
  }
  std::vector<std::int64_t> batch(b.dims().begin(), b.dims().end() - 2);
  std::vector<std::int64_t> idx = batch;
  idx.push_back(ctx.attr<bool>(0) ? m : None);
  ctx.add_output(int32, TensorShape(std::span<const std::int64_t>(idx)));
  ctx.add_output(int32, TensorShape(std::span<const std::int64_t>(batch)));
}

void padded_kernel(KernelContext& ctx) {
  const TensorShape& shape = ctx.input(0).shape();
  const std::int64_t n = shape.dim(shape.rank() - 2);
  std::int64_t batch = 1;
  for (int i = 0; i < shape.rank() - 2; ++i) batch *= shape.dim(i);
  const std::int64_t m = ctx.input(2).item<std::int32_t>();
  const float threshold = ctx.input(3).item<float>(), score_threshold = ctx.input(4).item<float>();
  const bool pad = ctx.attr<bool>(0), sorted_input = ctx.attr<bool>(1), canonical = ctx.attr<bool>(2);
  const std::int64_t tile = ctx.attr<std::int64_t>(3);
  const auto tiles = static_cast<std::int64_t>(std::ceil(static_cast<float>(std::max(n, m)) / static_cast<float>(tile)));
  const std::int64_t padded = tiles * tile;
  std::vector<float> boxes(ctx.input(0).data<float>(), ctx.input(0).data<float>() + ctx.input(0).num_elements());
  std::vector<float> scores(ctx.input(1).data<float>(), ctx.input(1).data<float>() + ctx.input(1).num_elements());
  if (score_threshold != -std::numeric_limits<float>::infinity())
    for (std::size_t i = 0; i < scores.size(); ++i) {
      const float mask = scores[i] > score_threshold ? 1.0f : 0.0f;
      scores[i] *= mask;
      for (int k = 0; k < 4; ++k) boxes[i * 4 + k] *= mask;
    }
  // The first box of the first image decides which coordinate is the minimum, for every box.
  if (!canonical && !boxes.empty())
    for (int axis = 0; axis < 2; ++axis)
      if (!(boxes[axis] <= boxes[axis + 2]))
        for (std::size_t i = 0; i < boxes.size(); i += 4) std::swap(boxes[i + axis], boxes[i + axis + 2]);

  std::vector<std::int32_t> idx_out(static_cast<std::size_t>(batch * m)), valid_out(static_cast<std::size_t>(batch));
  std::vector<std::int64_t> order(static_cast<std::size_t>(n));
  std::vector<float> work(static_cast<std::size_t>(padded * 4));
  for (std::int64_t b = 0; b < batch; ++b) {
    const float* s = scores.data() + b * n;
    std::iota(order.begin(), order.end(), 0);
    if (!sorted_input) std::stable_sort(order.begin(), order.end(), [s](std::int64_t x, std::int64_t y) { return s[x] > s[y]; });
    std::fill(work.begin(), work.end(), 0.0f);
    for (std::int64_t i = 0; i < n; ++i)
      std::copy_n(boxes.data() + (b * n + (sorted_input ? i : order[i])) * 4, 4, work.data() + i * 4);
    std::int64_t output_size = 0;
    for (std::int64_t t = 0; t < tiles && output_size < m; ++t) output_size += suppress_tile(work.data(), t, tile, threshold);
    const std::int64_t valid = std::min(output_size, m);
    valid_out[b] = static_cast<std::int32_t>(valid);
    std::int64_t k = 0;
    for (std::int64_t p = 0; p < padded && k < valid; ++p)
      if (positive(work.data() + p * 4)) {
        const std::int64_t position = std::min(p, n - 1);
        idx_out[b * m + k++] = static_cast<std::int32_t>(sorted_input ? position : order[position]);
      }
  }
  std::vector<std::int64_t> idx_dims(shape.dims().begin(), shape.dims().end() - 2), valid_dims = idx_dims;
  idx_dims.push_back(pad ? m : valid_out.empty() ? 0 : valid_out[0]);
  Tensor idx = core::empty(int32, TensorShape(std::span<const std::int64_t>(idx_dims)));
  Tensor num_valid = core::empty(int32, TensorShape(std::span<const std::int64_t>(valid_dims)));
  std::copy_n(idx_out.begin(), idx.num_elements(), idx.mutable_data<std::int32_t>());
  std::copy(valid_out.begin(), valid_out.end(), num_valid.mutable_data<std::int32_t>());
  ctx.output(0) = std::move(idx);
  ctx.output(1) = std::move(num_valid);
}

// Named after the tf.function TensorFlow implements it with (experimental_implements).
const OpDef& kNonMaxSuppressionPaddedV2 = OpBuilder("NonMaxSuppressionPaddedV2")
                                              .inputs(5)
                                              .attrs({"pad_to_max_output_size", "sorted_input", "canonicalized_coordinates", "tile_size"})
                                              .shape(padded_shape)
                                              .kernel(float32, padded_kernel)
                                              .kernel_allocates_outputs()
                                              .no_gradient();

}  // namespace

namespace image {

std::pair<Tensor, Tensor> non_max_suppression_padded(const Tensor& boxes, const Tensor& scores, std::int64_t max_output_size,
                                                     const PaddedNmsOptions& options) {
  if (!options.pad_to_max_output_size && !boxes.shape().has_unknown_rank() && boxes.shape().rank() > 2)
    throw InvalidArgumentError("[non_max_suppression_padded] 'pad_to_max_output_size' (value False) must be True for batched input");
  const ops::AttrValue attrs[] = {options.pad_to_max_output_size, options.sorted_input, options.canonicalized_coordinates,
                                  options.tile_size};
  ops::Outputs out = ops::execute(kNonMaxSuppressionPaddedV2,
                                  {boxes, scores, constant(static_cast<std::int32_t>(max_output_size)),
                                   constant(static_cast<float>(options.iou_threshold)), constant(static_cast<float>(options.score_threshold))},
                                  attrs);
  return {std::move(out[0]), std::move(out[1])};
}

}  // namespace image
}  // namespace tf
