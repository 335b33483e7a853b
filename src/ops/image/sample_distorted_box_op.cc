// SampleDistortedBoundingBoxV2 and StatelessSampleDistortedBoundingBox: TensorFlow's rejection
// sampler of crop windows (aspect ratio, then a height between the area bounds, then a position),
// drawing from Philox as its SimplePhilox does (one word at a time out of each block of four,
// integers by rejection), so a stateless seed gives TensorFlow's window exactly. When no attempt
// satisfies the constraints, the window is the whole image.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

#include "core/tensor_impl.h"
#include "core/visit_integer_dtype.h"
#include "kernels/cpu/philox.h"
#include "ops/allowed_dtypes.h"
#include "ops/execute.h"
#include "ops/random/random_seed.h"
#include "ops/random/stateless_seed.h"
#include "tfpp/constant.h"
#include "tfpp/image_box_ops.h"
#include "tfpp/random_ops.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::KernelFn;
using ops::OpBuilder;
using ops::OpDef;
using ops::ShapeContext;

// Attributes of both ops, after the stateful op's seed and seed2.
enum Attr { kMinAspect, kMaxAspect, kMinArea, kMaxArea, kMaxAttempts, kUseImage, kSeed, kSeed2 };

// TensorFlow's SimplePhilox: 32-bit words one at a time from Philox's blocks of four.
class SimplePhilox {
 public:
  explicit SimplePhilox(kernels::Philox gen) : gen_(gen) {}
  std::uint32_t rand32() {
    if (used_ == 4) {
      block_ = gen_();
      used_ = 0;
    }
    return block_[used_++];
  }
  float rand_float() { return kernels::uint32_to_float(rand32()); }
  // ExactUniformInt: a uniform integer in [0, n) by rejecting the low words that bias it.
  std::uint32_t uniform(std::uint32_t n) {
    if (n == 0) return rand32() * n;
    if ((n & (n - 1)) == 0) return rand32() & (n - 1);
    const std::uint32_t rem = (std::numeric_limits<std::uint32_t>::max() % n) + 1;
    std::uint32_t r;
    do r = rand32();
    while (r < rem);
    return r % n;
  }

 private:
  kernels::Philox gen_;
  kernels::Philox::Block block_{};
  int used_ = 4;
};

struct Rect {
  int min_x = 0, min_y = 0, max_x = 0, max_y = 0;
  float area() const { return static_cast<float>((max_x - min_x) * (max_y - min_y)); }
  Rect intersect(const Rect& r) const {
    const Rect i{std::max(min_x, r.min_x), std::max(min_y, r.min_y), std::min(max_x, r.max_x), std::min(max_y, r.max_y)};
    return i.min_x > i.max_x || i.min_y > i.max_y ? Rect{} : i;
  }
};

// Whether the crop covers at least min_covered of one box (boxes under a pixel are skipped).
bool covers(const Rect& crop, float min_covered, const std::vector<Rect>& boxes) {
  if (crop.area() < 1.0f) return false;
  for (const Rect& box : boxes) {
    const float area = box.area();
    if (area < 1.0f) continue;
    if (crop.intersect(box).area() / area >= min_covered) return true;
  }
  return false;
}

// TensorFlow's GenerateRandomCrop: a crop of this aspect ratio whose area lies in the bounds.
bool random_crop(int width, int height, float min_rel_area, float max_rel_area, float aspect, SimplePhilox& random, Rect& crop) {
  if (max_rel_area <= 0.0f || aspect <= 0.0f || width <= 0 || height <= 0 || min_rel_area > max_rel_area) return false;
  const float min_area = min_rel_area * width * height;
  const float max_area = max_rel_area * width * height;
  int h = static_cast<int>(lrintf(std::sqrt(min_area / aspect)));
  int max_h = static_cast<int>(lrintf(std::sqrt(max_area / aspect)));
  if (lrintf(max_h * aspect) > width) {
    // The largest max_h whose rounded width still fits, allowing for float rounding.
    const float kEps = 0.0000001f;
    max_h = static_cast<int>((width + 0.5 - kEps) / aspect);
    if (lrintf(max_h * aspect) > width) max_h -= 1;
  }
  max_h = std::min(max_h, height);
  h = std::min(h, max_h);
  if (h < max_h) h += static_cast<int>(random.uniform(static_cast<std::uint32_t>(max_h - h + 1)));
  int w = static_cast<int>(lrintf(h * aspect));
  float area = static_cast<float>(w * h);
  if (area < min_area) {  // rounding left it too small: one row more
    h += 1;
    w = static_cast<int>(lrintf(h * aspect));
    area = static_cast<float>(w * h);
  }
  if (area > max_area) {  // or too large: one row less
    h -= 1;
    w = static_cast<int>(lrintf(h * aspect));
    area = static_cast<float>(w * h);
  }
  if (area < min_area || area > max_area || w > width || h > height || w <= 0 || h <= 0) return false;
  const int y = h < height ? static_cast<int>(random.uniform(static_cast<std::uint32_t>(height - h))) : 0;
  const int x = w < width ? static_cast<int>(random.uniform(static_cast<std::uint32_t>(width - w))) : 0;
  crop = {x, y, x + w, y + h};
  return true;
}

// A float as TensorFlow's StrCat writes it in messages (six significant digits, no trailing zeros).
std::string number(double v) {
  std::ostringstream out;
  out << v;
  return out.str();
}

// (image_size [3] integer, bounding_boxes [batch, n, 4] float32, min_object_covered float32[, seed]).
void sample_shape(ShapeContext& ctx) {
  const Tensor& size = ctx.input(0);
  const Tensor& boxes = ctx.input(1);
  const Tensor& covered = ctx.input(2);
  ops::check_type_attr(ctx, size.dtype(), std::array{DType::kUInt8, DType::kInt8, DType::kInt16, DType::kInt32, DType::kInt64});
  if (boxes.dtype() != float32) ctx.fail("bounding_boxes must be float32, got " + std::string(dtype_name(boxes.dtype())));
  if (covered.dtype() != float32) ctx.fail("min_object_covered must be float32, got " + std::string(dtype_name(covered.dtype())));
  const TensorShape& s = size.shape();
  if (!s.has_unknown_rank() && s.rank() != 1) ctx.fail("image_size must be 1-dimensional" + s.debug_string());
  if (!s.has_unknown_rank() && s.dim(0) != None && s.dim(0) != 3) ctx.fail("image_size must contain 3 elements" + s.debug_string());
  const TensorShape& b = boxes.shape();
  if (!b.has_unknown_rank() && b.rank() != 3)
    ctx.fail("input boxes must be 3-dimensional [batch, num_boxes, coords]: " + b.debug_string());
  if (!b.has_unknown_rank() && b.dim(2) != None && b.dim(2) != 4)
    ctx.fail("bounding boxes must have shape [4] or [*, 4], got " + b.debug_string());
  if (!covered.shape().has_unknown_rank() && covered.shape().rank() != 0)
    ctx.fail("min_object_covered must be 0-D, got shape " + covered.shape().debug_string());
  if (!covered.is_symbolic() && !(covered.item<float>() >= 0))
    ctx.fail("Min object covered must be non-negative: " + number(covered.item<float>()));
  if (ctx.num_inputs() > 3) ops::check_stateless_seed(ctx, 3);
  const double lo = ctx.attr<double>(kMinAspect), hi = ctx.attr<double>(kMaxAspect);
  if (!(lo > 0 && hi > 0)) ctx.fail("Aspect ratio range must be non-negative: [" + number(lo) + ", " + number(hi) + "]");
  const double a0 = ctx.attr<double>(kMinArea), a1 = ctx.attr<double>(kMaxArea);
  if (!(a0 > 0 && a1 > 0)) ctx.fail("Area range must be non-negative: [" + number(a0) + ", " + number(a1) + "]");
  if (!(a0 <= 1 && a1 <= 1))
    ctx.fail("Area range must be less then or equal to 1.0: [" + number(a0) + ", " + number(a1) + "]");
  if (ctx.attr<std::int64_t>(kMaxAttempts) <= 0)
    ctx.fail("Max attempts must be non-negative: " + std::to_string(ctx.attr<std::int64_t>(kMaxAttempts)));
  ctx.add_output(size.dtype(), TensorShape({3}));
  ctx.add_output(size.dtype(), TensorShape({3}));
  ctx.add_output(float32, TensorShape({1, 1, 4}));
}

void sample(KernelContext& ctx, kernels::Philox gen) {
  const Tensor& size = ctx.input(0);
  std::uint64_t raw[2] = {0, 0};
  visit_integer_dtype(size.dtype(), [&](auto tag) {
    using T = decltype(tag);
    if constexpr (std::is_integral_v<T>)
      for (int i = 0; i < 2; ++i) raw[i] = static_cast<std::uint64_t>(size.data<T>()[i]);
  });
  if (raw[0] >= static_cast<std::uint64_t>(std::numeric_limits<std::int32_t>::max())) ctx.fail("image height cannot be >= int32 max");
  if (raw[1] >= static_cast<std::uint64_t>(std::numeric_limits<std::int32_t>::max())) ctx.fail("image width cannot be >= int32 max");
  const int height = static_cast<int>(raw[0]), width = static_cast<int>(raw[1]);
  const float min_covered = ctx.input(2).item<float>();
  std::vector<Rect> boxes;
  const float* b = ctx.input(1).data<float>();
  for (std::int64_t i = 0; i < ctx.input(1).num_elements() / 4; ++i) {
    for (int k = 0; k < 4; ++k)
      if (!(b[i * 4 + k] >= 0.0f && b[i * 4 + k] <= 1.0f))
        ctx.fail("All bounding box coordinates must be in [0.0, 1.0]: " + number(b[i * 4 + k]));
    boxes.push_back({static_cast<int>(b[i * 4 + 1] * width), static_cast<int>(b[i * 4] * height), static_cast<int>(b[i * 4 + 3] * width),
                     static_cast<int>(b[i * 4 + 2] * height)});
  }
  const Rect image{0, 0, width, height};
  if (boxes.empty()) {
    if (!ctx.attr<bool>(kUseImage))
      ctx.fail("No bounding boxes provided as input. One must enable use_image_if_no_bounding_boxes if you wish to not provide any "
               "bounding boxes.");
    boxes.push_back(image);
  }
  const auto min_area = static_cast<float>(ctx.attr<double>(kMinArea)), max_area = static_cast<float>(ctx.attr<double>(kMaxArea));
  const auto min_aspect = static_cast<float>(ctx.attr<double>(kMinAspect)), max_aspect = static_cast<float>(ctx.attr<double>(kMaxAspect));
  SimplePhilox random(gen);
  Rect crop;
  bool found = false;
  for (std::int64_t i = 0; i < ctx.attr<std::int64_t>(kMaxAttempts) && !found; ++i) {
    const float aspect = random.rand_float() * (max_aspect - min_aspect) + min_aspect;
    found = random_crop(width, height, min_area, max_area, aspect, random, crop) && covers(crop, min_covered, boxes);
  }
  if (!found) crop = image;
  const std::int64_t begin[3] = {crop.min_y, crop.min_x, 0};
  const std::int64_t extent[3] = {crop.max_y - crop.min_y, crop.max_x - crop.min_x, -1};
  visit_integer_dtype(size.dtype(), [&](auto tag) {
    using T = decltype(tag);
    if constexpr (std::is_integral_v<T>)
      for (int i = 0; i < 3; ++i) {
        ctx.output(0).mutable_data<T>()[i] = static_cast<T>(begin[i]);
        ctx.output(1).mutable_data<T>()[i] = static_cast<T>(extent[i]);
      }
  });
  float* window = ctx.output(2).mutable_data<float>();
  window[0] = static_cast<float>(crop.min_y) / static_cast<float>(height);
  window[1] = static_cast<float>(crop.min_x) / static_cast<float>(width);
  window[2] = static_cast<float>(crop.max_y) / static_cast<float>(height);
  window[3] = static_cast<float>(crop.max_x) / static_cast<float>(width);
}

void stateful_kernel(KernelContext& ctx) {
  const std::int64_t max_attempts = ctx.attr<std::int64_t>(kMaxAttempts);
  sample(ctx, ops::reserve_philox(ctx, ctx.attr<std::int64_t>(kSeed), ctx.attr<std::int64_t>(kSeed2),
                                  ops::blocks_for_samples32(4 * max_attempts)));
}
void stateless_kernel(KernelContext& ctx) { sample(ctx, ops::stateless_philox(ctx.input(3))); }

template <KernelFn Kernel>
OpBuilder builder(const char* name, int inputs, std::vector<std::string> attrs) {
  OpBuilder b(name);
  b.inputs(inputs).attrs(std::move(attrs)).shape(sample_shape).no_gradient();
  for (DType t : {uint8, int8, int16, int32, int64}) b.kernel(t, Kernel);  // TensorFlow's list for T
  return b;
}

const std::vector<std::string> kAttrs = {"min_aspect_ratio", "max_aspect_ratio", "min_area", "max_area", "max_attempts",
                                         "use_image_if_no_bounding_boxes"};

std::vector<std::string> with_seeds() {
  std::vector<std::string> names = kAttrs;
  names.insert(names.end(), {"seed", "seed2"});
  return names;
}

const OpDef& kSampleDistortedBoundingBoxV2 = builder<stateful_kernel>("SampleDistortedBoundingBoxV2", 3, with_seeds()).stateful();
const OpDef& kStatelessSampleDistortedBoundingBox = builder<stateless_kernel>("StatelessSampleDistortedBoundingBox", 4, kAttrs);

std::vector<ops::AttrValue> attrs_of(const image::DistortedBoxOptions& o) {
  return {o.aspect_ratio_range[0], o.aspect_ratio_range[1], o.area_range[0], o.area_range[1], o.max_attempts, o.use_image_if_no_bounding_boxes};
}

image::DistortedBox result(ops::Outputs out) { return {std::move(out[0]), std::move(out[1]), std::move(out[2])}; }

}  // namespace

namespace image {

DistortedBox sample_distorted_bounding_box(const Tensor& image_size, const Tensor& bounding_boxes, std::optional<std::int64_t> seed,
                                           const DistortedBoxOptions& options) {
  // As TensorFlow's Python, a seed of 0 (or none) draws nondeterministically, whatever the global seed.
  const auto [seed1, seed2] = seed && *seed != 0 ? random::get_seed(seed) : std::pair<std::int64_t, std::int64_t>{0, 0};
  std::vector<ops::AttrValue> attrs = attrs_of(options);
  attrs.insert(attrs.end(), {seed1, seed2, ops::random_stream(kSampleDistortedBoundingBoxV2, image_size.dtype(), seed1, seed2)});
  return result(ops::execute(kSampleDistortedBoundingBoxV2,
                             {image_size, bounding_boxes, constant(static_cast<float>(options.min_object_covered))}, attrs));
}

DistortedBox stateless_sample_distorted_bounding_box(const Tensor& image_size, const Tensor& bounding_boxes, const Tensor& seed,
                                                     const DistortedBoxOptions& options) {
  const std::vector<ops::AttrValue> attrs = attrs_of(options);
  return result(ops::execute(kStatelessSampleDistortedBoundingBox,
                             {image_size, bounding_boxes, constant(static_cast<float>(options.min_object_covered)), seed}, attrs));
}

}  // namespace image
}  // namespace tf
