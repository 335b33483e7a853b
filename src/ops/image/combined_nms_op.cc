// CombinedNonMaxSuppression (float32): TensorFlow's greedy NMS per batch item and class (candidates
// in a max-heap by score alone, as its kernel's), the classes' selections merged by std::sort on
// descending score, padded with zeros to the output size, boxes optionally clipped to [0, 1].
#include <algorithm>
#include <limits>
#include <queue>
#include <string>
#include <vector>

#include "core/tensor_impl.h"
#include "ops/execute.h"
#include "ops/image/box_iou.h"
#include "tfpp/constant.h"
#include "tfpp/image_box_ops.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::OpBuilder;
using ops::OpDef;
using ops::ShapeContext;

bool known(const TensorShape& s) { return !s.has_unknown_rank(); }

// TensorFlow 2.21's checks, in its kernel's order: batch sizes, the scalars, then the shapes.
void combined_shape(ShapeContext& ctx) {
  const Tensor& boxes = ctx.input(0);
  const Tensor& scores = ctx.input(1);
  if (boxes.dtype() != float32 || scores.dtype() != float32)
    ctx.fail("boxes and scores must be float32, got " + std::string(dtype_name(boxes.dtype())) + " and " +
             std::string(dtype_name(scores.dtype())));
  const TensorShape& b = boxes.shape();
  const TensorShape& s = scores.shape();
  if (known(b) && known(s) && b.rank() > 0 && s.rank() > 0 && b.dim(0) != None && s.dim(0) != None && b.dim(0) != s.dim(0))
    ctx.fail("boxes and scores must have same batch size");
  static const char* const kNames[] = {"max_size_per_class", "max_total_size", "iou_threshold", "score_threshold"};
  for (std::size_t i = 2; i < 6; ++i) {
    const Tensor& t = ctx.input(i);
    if (known(t.shape()) && t.shape().rank() != 0) ctx.fail(std::string(kNames[i - 2]) + " must be 0-D, got shape " + t.shape().debug_string());
    if (t.dtype() != (i < 4 ? int32 : float32))
      ctx.fail(std::string(kNames[i - 2]) + " must be " + (i < 4 ? "int32" : "float32") + ", got " + std::string(dtype_name(t.dtype())));
  }
  if (!ctx.input(2).is_symbolic() && ctx.input(2).item<std::int32_t>() <= 0) ctx.fail("max_size_per_class must be positive");
  if (!ctx.input(3).is_symbolic() && ctx.input(3).item<std::int32_t>() <= 0) ctx.fail("max_total_size must be > 0");
  if (!ctx.input(4).is_symbolic()) {
    const float iou = ctx.input(4).item<float>();
    if (!(iou >= 0 && iou <= 1)) ctx.fail("iou_threshold must be in [0, 1]");
  }
  if (known(b) && b.rank() != 4) ctx.fail("boxes must be 4-D [batch, num_boxes, q, 4], got shape " + b.debug_string());
  if (known(s) && s.rank() != 3) ctx.fail("scores must be 3-D [batch, num_boxes, num_classes], got shape " + s.debug_string());
  const std::int64_t classes = known(s) ? s.dim(2) : None;
  if (known(b) && b.dim(2) != None && classes != None && b.dim(2) != 1 && b.dim(2) != classes)
    ctx.fail("third dimension of boxes must be either 1 or num classes");
  if (known(b) && b.dim(3) != None && b.dim(3) != 4) ctx.fail("boxes must have 4 columns");
  if (known(b) && known(s) && b.dim(1) != None && s.dim(1) != None && b.dim(1) != s.dim(1)) ctx.fail("scores has incompatible shape");
  // The number of detections per batch item, when the sizes are constants.
  std::int64_t detections = None;
  if (!ctx.input(3).is_symbolic()) {
    detections = ctx.input(3).item<std::int32_t>();
    if (ctx.attr<bool>(0)) {
      if (ctx.input(2).is_symbolic() || classes == None)
        detections = None;
      else
        detections = std::min<std::int64_t>(detections, std::int64_t{ctx.input(2).item<std::int32_t>()} * classes);
    }
  }
  const std::int64_t batch = known(b) ? b.dim(0) : (known(s) ? s.dim(0) : None);
  ctx.add_output(float32, TensorShape({batch, detections, 4}));
  ctx.add_output(float32, TensorShape({batch, detections}));
  ctx.add_output(float32, TensorShape({batch, detections}));
  ctx.add_output(int32, TensorShape({batch}));
}

struct Selected {
  int box_index;
  float score;
  int class_index;
  float box[4];
};

// TensorFlow's DoNMSPerClass: fills slots [class * size_per_class, ...) of `out` best first.
void nms_per_class(const float* boxes, const float* scores, int num_boxes, int q, int num_classes, int class_index, int size_per_class,
                   float score_threshold, float iou_threshold, std::vector<Selected>& out) {
  struct Candidate {
    int box_index;
    float score;
  };
  // Ties pop in the heap's order, not by index: TensorFlow's comparator looks at the score only.
  const auto lower = [](const Candidate& a, const Candidate& b) { return a.score < b.score; };
  std::priority_queue<Candidate, std::vector<Candidate>, decltype(lower)> queue(lower);
  for (int i = 0; i < num_boxes; ++i) {
    const float score = scores[i * num_classes + class_index];
    if (score > score_threshold) queue.push({i, score});
  }
  const int box_class = q > 1 ? class_index : 0;
  std::vector<int> selected;
  while (static_cast<int>(selected.size()) < size_per_class && !queue.empty()) {
    const Candidate next = queue.top();
    queue.pop();
    const float* box = boxes + (next.box_index * q + box_class) * 4;
    bool keep = true;
    for (int j = static_cast<int>(selected.size()) - 1; j >= 0 && keep; --j)
      keep = ops::box_iou(box, boxes + (selected[j] * q + box_class) * 4) <= iou_threshold;
    if (!keep) continue;
    out[selected.size() + static_cast<std::size_t>(size_per_class) * class_index] = {next.box_index, next.score, class_index,
                                                                                    {box[0], box[1], box[2], box[3]}};
    selected.push_back(next.box_index);
  }
}

void combined_kernel(KernelContext& ctx) {
  const Tensor& boxes_t = ctx.input(0);
  const Tensor& scores_t = ctx.input(1);
  const int batches = static_cast<int>(boxes_t.shape().dim(0));
  const int num_boxes = static_cast<int>(boxes_t.shape().dim(1));
  const int q = static_cast<int>(boxes_t.shape().dim(2));
  const int classes = static_cast<int>(scores_t.shape().dim(2));
  const int max_per_class = ctx.input(2).item<std::int32_t>();
  const int total = ctx.input(3).item<std::int32_t>();
  const float iou_threshold = ctx.input(4).item<float>(), score_threshold = ctx.input(5).item<float>();
  const bool pad_per_class = ctx.attr<bool>(0), clip = ctx.attr<bool>(1);
  const int size_per_class = std::min(max_per_class, num_boxes);
  const std::int64_t slots = std::int64_t{size_per_class} * classes;
  if (slots > std::numeric_limits<int>::max()) ctx.fail("size_per_class * num_classes causes overflow");
  const int all_classes = static_cast<int>(std::min<std::int64_t>(std::numeric_limits<int>::max(), std::int64_t{max_per_class} * classes));
  const int per_batch = pad_per_class ? std::min(total, all_classes) : total;

  Tensor out_boxes = core::empty(float32, TensorShape({batches, per_batch, 4}));
  Tensor out_scores = core::empty(float32, TensorShape({batches, per_batch}));
  Tensor out_classes = core::empty(float32, TensorShape({batches, per_batch}));
  Tensor out_valid = core::empty(int32, TensorShape({batches}));
  float* ob = out_boxes.mutable_data<float>();
  float* os = out_scores.mutable_data<float>();
  float* oc = out_classes.mutable_data<float>();
  std::fill(ob, ob + out_boxes.num_elements(), 0.0f);
  std::fill(os, os + out_scores.num_elements(), 0.0f);
  std::fill(oc, oc + out_classes.num_elements(), 0.0f);
  for (int b = 0; b < batches; ++b) {
    std::vector<Selected> found(static_cast<std::size_t>(slots), {-1, -std::numeric_limits<float>::infinity(), -1, {0, 0, 0, 0}});
    const float* boxes = boxes_t.data<float>() + std::int64_t{b} * num_boxes * q * 4;
    const float* scores = scores_t.data<float>() + std::int64_t{b} * num_boxes * classes;
    for (int c = 0; c < classes; ++c)
      nms_per_class(boxes, scores, num_boxes, q, classes, c, size_per_class, score_threshold, iou_threshold, found);
    std::sort(found.begin(), found.end(), [](const Selected& x, const Selected& y) { return y.score < x.score; });
    const int valid = static_cast<int>(std::count_if(found.begin(), found.end(), [](const Selected& s) { return s.box_index > -1; }));
    const int detections = std::min(valid, pad_per_class ? per_batch : total);
    out_valid.mutable_data<std::int32_t>()[b] = detections;
    for (int k = 0; k < detections; ++k) {
      const std::int64_t at = std::int64_t{b} * per_batch + k;
      for (int i = 0; i < 4; ++i) ob[at * 4 + i] = clip ? std::max(std::min(found[k].box[i], 1.0f), 0.0f) : found[k].box[i];
      os[at] = found[k].score;
      oc[at] = static_cast<float>(found[k].class_index);
    }
  }
  ctx.output(0) = std::move(out_boxes);
  ctx.output(1) = std::move(out_scores);
  ctx.output(2) = std::move(out_classes);
  ctx.output(3) = std::move(out_valid);
}

const OpDef& kCombinedNonMaxSuppression = OpBuilder("CombinedNonMaxSuppression")
                                              .inputs(6)
                                              .attrs({"pad_per_class", "clip_boxes"})
                                              .shape(combined_shape)
                                              .kernel(float32, combined_kernel)
                                              .kernel_allocates_outputs();

}  // namespace

namespace image {

CombinedNmsResult combined_non_max_suppression(const Tensor& boxes, const Tensor& scores, std::int64_t max_output_size_per_class,
                                               std::int64_t max_total_size, const CombinedNmsOptions& options) {
  const ops::AttrValue attrs[] = {options.pad_per_class, options.clip_boxes};
  ops::Outputs out = ops::execute(kCombinedNonMaxSuppression,
                                  {boxes, scores, constant(static_cast<std::int32_t>(max_output_size_per_class)),
                                   constant(static_cast<std::int32_t>(max_total_size)), constant(static_cast<float>(options.iou_threshold)),
                                   constant(static_cast<float>(options.score_threshold))},
                                  attrs);
  return {std::move(out[0]), std::move(out[1]), std::move(out[2]), std::move(out[3])};
}

}  // namespace image
}  // namespace tf
