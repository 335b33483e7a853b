// NonMaxSuppressionV3, NonMaxSuppressionV5 and NonMaxSuppressionWithOverlaps (float32), TensorFlow's
// greedy algorithm with its candidate order (higher score first, then lower index), IOU arithmetic
// and soft-NMS rescoring; the overlaps form takes the similarities as a given matrix.
// As in TensorFlow they have no gradient (autodiff/image_grad.cc leaves it to users).
#include <algorithm>
#include <cmath>
#include <queue>
#include <string>
#include <vector>

#include "core/tensor_impl.h"
#include "ops/image/box_iou.h"
#include "ops/execute.h"
#include "tfpp/constant.h"
#include "tfpp/image_box_ops.h"
#include "tfpp/image_nms.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::OpBuilder;
using ops::OpDef;
using ops::ShapeContext;

std::string shape_of(const Tensor& t) { return t.shape().debug_string(); }

// Checks (boxes, scores, max_output_size, iou_threshold, score_threshold[, soft_nms_sigma]).
void check_inputs(const ShapeContext& ctx) {
  const Tensor& boxes = ctx.input(0);
  const Tensor& scores = ctx.input(1);
  if (boxes.dtype() != float32 || scores.dtype() != float32)
    ctx.fail("boxes and scores must be float32, got " + std::string(dtype_name(boxes.dtype())) + " and " +
             std::string(dtype_name(scores.dtype())));
  const TensorShape& b = boxes.shape();
  const TensorShape& s = scores.shape();
  if (!b.has_unknown_rank() && b.rank() != 2) ctx.fail("boxes must be 2-D" + shape_of(boxes));
  if (!b.has_unknown_rank() && b.dim(1) != None && b.dim(1) != 4) ctx.fail("boxes must have 4 columns" + shape_of(boxes));
  if (!s.has_unknown_rank() && s.rank() != 1) ctx.fail("scores must be 1-D" + shape_of(scores));
  if (!b.has_unknown_rank() && !s.has_unknown_rank() && b.dim(0) != None && s.dim(0) != None && b.dim(0) != s.dim(0))
    ctx.fail("scores has incompatible shape" + shape_of(scores));
  if (ctx.input(2).dtype() != int32) ctx.fail("max_output_size must be int32");
  for (std::size_t i = 2; i < ctx.num_inputs(); ++i) {
    const Tensor& t = ctx.input(i);
    static const char* const kNames[] = {"", "", "max_output_size", "iou_threshold", "score_threshold", "soft_nms_sigma"};
    if (!t.shape().has_unknown_rank() && t.shape().rank() != 0)
      ctx.fail(std::string(kNames[i]) + " must be 0-D, got shape " + shape_of(t));
    if (i > 2 && t.dtype() != float32) ctx.fail(std::string(kNames[i]) + " must be float32");
  }
  if (!ctx.input(3).is_symbolic()) {
    const float iou = ctx.input(3).item<float>();
    if (!(iou >= 0 && iou <= 1)) ctx.fail("iou_threshold must be in [0, 1]");
  }
  if (ctx.num_inputs() > 5 && !ctx.input(5).is_symbolic() && ctx.input(5).item<float>() < 0)
    ctx.fail("soft_nms_sigma must be non-negative");
}

void v3_shape(ShapeContext& ctx) {
  check_inputs(ctx);
  ctx.add_output(int32, TensorShape({None}));
}

void v5_shape(ShapeContext& ctx) {
  check_inputs(ctx);
  std::int64_t n = None;
  if (ctx.attr<bool>(0) && !ctx.input(2).is_symbolic()) n = ctx.input(2).item<std::int32_t>();
  ctx.add_output(int32, TensorShape({n}));
  ctx.add_output(float32, TensorShape({n}));
  ctx.add_output(int32, TensorShape({}));
}

struct Candidate {
  std::int64_t box_index;
  float score;
  std::int64_t suppress_begin_index;
};

// TensorFlow's DoNonMaxSuppressionOp: the kept indices and scores; similarity(i, j) is the IOU of
// boxes i and j, or their given overlap.
template <class Similarity>
void suppress(const KernelContext& ctx, Similarity similarity, float soft_nms_sigma, std::vector<std::int32_t>& selected,
              std::vector<float>& selected_scores) {
  const float* scores = ctx.input(1).data<float>();
  const std::int64_t n = ctx.input(1).num_elements();
  const std::int32_t max_output = ctx.input(2).item<std::int32_t>();
  const float iou_threshold = ctx.input(3).item<float>(), score_threshold = ctx.input(4).item<float>();
  if (max_output < 0) ctx.fail("output size must be non-negative");
  const bool soft = soft_nms_sigma > 0.0f;
  const float scale = soft ? -0.5f / soft_nms_sigma : 0.0f;
  const auto weight = [&](float sim) {
    const float w = std::exp(scale * sim * sim);
    return soft || sim <= iou_threshold ? w : 0.0f;
  };
  const auto lower = [](const Candidate& a, const Candidate& b) {
    return (a.score == b.score && a.box_index > b.box_index) || a.score < b.score;
  };
  std::priority_queue<Candidate, std::vector<Candidate>, decltype(lower)> queue(lower);
  for (std::int64_t i = 0; i < n; ++i)
    if (scores[i] > score_threshold) queue.push({i, scores[i], 0});
  while (static_cast<std::int32_t>(selected.size()) < max_output && !queue.empty()) {
    Candidate next = queue.top();
    const float original = next.score;
    queue.pop();
    // Compare with the boxes kept since this candidate was last compared, newest first.
    bool hard_suppressed = false;
    for (auto j = static_cast<std::int64_t>(selected.size()) - 1; j >= next.suppress_begin_index; --j) {
      const float sim = similarity(next.box_index, selected[j]);
      next.score *= weight(sim);
      if (!soft && sim > iou_threshold) {
        hard_suppressed = true;
        break;
      }
      if (next.score <= score_threshold) break;
    }
    next.suppress_begin_index = static_cast<std::int64_t>(selected.size());
    if (hard_suppressed) continue;
    if (next.score == original) {
      selected.push_back(static_cast<std::int32_t>(next.box_index));
      selected_scores.push_back(next.score);
    } else if (next.score > score_threshold) {
      queue.push(next);  // softly suppressed: back in line with its lower score
    }
  }
}

// The IOU of boxes i and j of the kernel's input 0.
auto iou_of_boxes(const KernelContext& ctx) {
  const float* boxes = ctx.input(0).data<float>();
  return [boxes](std::int64_t i, std::int64_t j) { return ops::box_iou(boxes + 4 * i, boxes + 4 * j); };
}

void write_indices(KernelContext& ctx, const std::vector<std::int32_t>& selected) {
  Tensor out = core::empty(int32, TensorShape({static_cast<std::int64_t>(selected.size())}));
  std::copy(selected.begin(), selected.end(), out.mutable_data<std::int32_t>());
  ctx.output(0) = std::move(out);
}

void v3_kernel(KernelContext& ctx) {
  std::vector<std::int32_t> selected;
  std::vector<float> scores;
  suppress(ctx, iou_of_boxes(ctx), 0.0f, selected, scores);
  write_indices(ctx, selected);
}

// NonMaxSuppressionWithOverlaps: (overlaps [n, n], scores [n], max_output_size, overlap_threshold,
// score_threshold), with TensorFlow's messages.
void overlaps_shape(ShapeContext& ctx) {
  const Tensor& overlaps = ctx.input(0);
  const Tensor& scores = ctx.input(1);
  if (overlaps.dtype() != float32 || scores.dtype() != float32)
    ctx.fail("overlaps and scores must be float32, got " + std::string(dtype_name(overlaps.dtype())) + " and " +
             std::string(dtype_name(scores.dtype())));
  const TensorShape& o = overlaps.shape();
  const TensorShape& s = scores.shape();
  if (!o.has_unknown_rank() && o.rank() != 2) ctx.fail("overlaps must be 2-D" + shape_of(overlaps));
  if (!o.has_unknown_rank() && o.dim(0) != None && o.dim(1) != None && o.dim(0) != o.dim(1))
    ctx.fail("overlaps must be square" + shape_of(overlaps));
  if (!s.has_unknown_rank() && s.rank() != 1)
    ctx.fail("scores must be 1-D" + shape_of(scores) + " (Shape must be rank 1 but is rank " + std::to_string(s.rank()) + ")");
  if (!o.has_unknown_rank() && !s.has_unknown_rank() && o.dim(0) != None && s.dim(0) != None && o.dim(0) != s.dim(0))
    ctx.fail("scores has incompatible shape (Dimensions must be equal, but are " + std::to_string(o.dim(0)) + " and " +
             std::to_string(s.dim(0)) + ")");
  static const char* const kNames[] = {"max_output_size", "overlap_threshold", "score_threshold"};
  for (std::size_t i = 2; i < 5; ++i) {
    const Tensor& t = ctx.input(i);
    if (!t.shape().has_unknown_rank() && t.shape().rank() != 0)
      ctx.fail(std::string(kNames[i - 2]) + " must be 0-D, got shape " + shape_of(t));
    if (t.dtype() != (i == 2 ? int32 : float32))
      ctx.fail(std::string(kNames[i - 2]) + " must be " + (i == 2 ? "int32" : "float32") + ", got " + std::string(dtype_name(t.dtype())));
  }
  ctx.add_output(int32, TensorShape({None}));
}

void overlaps_kernel(KernelContext& ctx) {
  const float* overlaps = ctx.input(0).data<float>();
  const std::int64_t n = ctx.input(1).num_elements();
  std::vector<std::int32_t> selected;
  std::vector<float> scores;
  suppress(ctx, [overlaps, n](std::int64_t i, std::int64_t j) { return overlaps[i * n + j]; }, 0.0f, selected, scores);
  write_indices(ctx, selected);
  Tensor out = core::empty(int32, TensorShape({static_cast<std::int64_t>(selected.size())}));
  std::copy(selected.begin(), selected.end(), out.mutable_data<std::int32_t>());
  ctx.output(0) = std::move(out);
}

void v5_kernel(KernelContext& ctx) {
  std::vector<std::int32_t> selected;
  std::vector<float> scores;
  suppress(ctx, iou_of_boxes(ctx), ctx.input(5).item<float>(), selected, scores);
  const auto valid = static_cast<std::int32_t>(selected.size());
  if (ctx.attr<bool>(0)) {  // pad_to_max_output_size
    selected.resize(static_cast<std::size_t>(ctx.input(2).item<std::int32_t>()), 0);
    scores.resize(selected.size(), 0.0f);
  }
  const TensorShape shape({static_cast<std::int64_t>(selected.size())});
  Tensor indices = core::empty(int32, shape), values = core::empty(float32, shape), count = core::empty(int32, TensorShape({}));
  std::copy(selected.begin(), selected.end(), indices.mutable_data<std::int32_t>());
  std::copy(scores.begin(), scores.end(), values.mutable_data<float>());
  *count.mutable_data<std::int32_t>() = valid;
  ctx.output(0) = std::move(indices);
  ctx.output(1) = std::move(values);
  ctx.output(2) = std::move(count);
}

const OpDef& kNonMaxSuppressionV3 =
    OpBuilder("NonMaxSuppressionV3").inputs(5).shape(v3_shape).kernel(float32, v3_kernel).kernel_allocates_outputs();
const OpDef& kNonMaxSuppressionV5 = OpBuilder("NonMaxSuppressionV5")
                                        .inputs(6)
                                        .attrs({"pad_to_max_output_size"})
                                        .shape(v5_shape)
                                        .kernel(float32, v5_kernel)
                                        .kernel_allocates_outputs();

const OpDef& kNonMaxSuppressionWithOverlaps = OpBuilder("NonMaxSuppressionWithOverlaps")
                                                  .inputs(5)
                                                  .shape(overlaps_shape)
                                                  .kernel(float32, overlaps_kernel)
                                                  .kernel_allocates_outputs();

std::vector<Tensor> thresholds(std::int64_t max_output_size, const image::NmsOptions& o) {
  return {constant(static_cast<std::int32_t>(max_output_size)), constant(static_cast<float>(o.iou_threshold)),
          constant(static_cast<float>(o.score_threshold))};
}

}  // namespace

namespace image {

Tensor non_max_suppression(const Tensor& boxes, const Tensor& scores, std::int64_t max_output_size, const NmsOptions& options) {
  const std::vector<Tensor> t = thresholds(max_output_size, options);
  return ops::execute1(kNonMaxSuppressionV3, {boxes, scores, t[0], t[1], t[2]});
}

std::pair<Tensor, Tensor> non_max_suppression_with_scores(const Tensor& boxes, const Tensor& scores, std::int64_t max_output_size,
                                                          const NmsOptions& options) {
  const std::vector<Tensor> t = thresholds(max_output_size, options);
  const ops::AttrValue attrs[] = {false};
  ops::Outputs out = ops::execute(kNonMaxSuppressionV5, {boxes, scores, t[0], t[1], t[2],
                                                                constant(static_cast<float>(options.soft_nms_sigma))},
                                         attrs);
  return {std::move(out[0]), std::move(out[1])};
}

Tensor non_max_suppression_overlaps(const Tensor& overlaps, const Tensor& scores, std::int64_t max_output_size,
                                    const OverlapNmsOptions& options) {
  return ops::execute1(kNonMaxSuppressionWithOverlaps,
                       {overlaps, scores, constant(static_cast<std::int32_t>(max_output_size)),
                        constant(static_cast<float>(options.overlap_threshold)), constant(static_cast<float>(options.score_threshold))});
}

}  // namespace image
}  // namespace tf
