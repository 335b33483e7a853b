// DrawBoundingBoxes and DrawBoundingBoxesV2: TensorFlow's kernel, one-pixel box outlines whose
// corners are truncated from box * (size - 1), drawn top, bottom, left, right in each box's color.
#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "ops/execute.h"
#include "tfpp/image_draw_bounding_boxes.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::OpBuilder;
using ops::OpContext;
using ops::OpDef;
using ops::ShapeContext;

using Color = std::array<float, 4>;

// TensorFlow's default colors; on gray images the first channel is 1 (white boxes).
std::vector<Color> default_colors(std::int64_t depth) {
  std::vector<Color> table = {{1, 1, 0, 1},   {0, 0, 1, 1},   {1, 0, 0, 1}, {0, 1, 0, 1}, {0.5, 0, 0.5, 1},
                              {0.5, 0.5, 0, 1}, {0.5, 0, 0, 1}, {0, 0, 0.5, 1}, {0, 1, 1, 1}, {1, 0, 1, 1}};
  if (depth == 1)
    for (Color& c : table) c[0] = 1;
  return table;
}

void check_input(const OpContext& ctx, int index, const char* what) {
  const DType dtype = ctx.input(index).dtype();
  if (dtype != float32)
    ctx.fail(std::string(what) + " must be float32, got " + std::string(dtype_name(dtype)) +
             (index == 0 ? " (TensorFlow also takes float16; tfpp does not)" : ""));
}

void draw_shape(ShapeContext& ctx) {
  check_input(ctx, 0, "images");
  check_input(ctx, 1, "boxes");
  const TensorShape& images = ctx.input(0).shape();
  const TensorShape& boxes = ctx.input(1).shape();
  if (!images.has_unknown_rank() && images.rank() != 4) ctx.fail("The rank of the images should be 4");
  if (!boxes.has_unknown_rank() && boxes.rank() != 3) ctx.fail("The rank of the boxes tensor should be 3");
  if (!images.has_unknown_rank()) {
    const std::int64_t depth = images.dim(3);
    if (depth != None && depth != 1 && depth != 3 && depth != 4)
      ctx.fail("Channel depth should be either 1 (GRY), 3 (RGB), or 4 (RGBA)");
  }
  if (!boxes.has_unknown_rank() && boxes.dim(2) != None && boxes.dim(2) != 4)
    ctx.fail("The size of the third dimension of the box must be 4. Received: " + std::to_string(boxes.dim(2)));
  if (ctx.num_inputs() == 3) {
    check_input(ctx, 2, "colors");
    const TensorShape& colors = ctx.input(2).shape();
    if (!colors.has_unknown_rank() && colors.rank() != 2) ctx.fail("colors must be a 2-D matrix" + colors.debug_string());
  }
  ctx.add_output(float32, images);
}

void draw_kernel(KernelContext& ctx) {
  const Tensor& images = ctx.input(0);
  const Tensor& boxes = ctx.input(1);
  const std::int64_t batch = images.shape().dim(0), height = images.shape().dim(1), width = images.shape().dim(2),
                     depth = images.shape().dim(3);
  if (batch != boxes.shape().dim(0)) ctx.fail("The batch sizes should be the same");
  std::vector<Color> table;
  if (ctx.num_inputs() == 3) {
    const Tensor& colors = ctx.input(2);
    if (colors.shape().dim(1) < depth)
      ctx.fail("colors must have equal or more channels than the image provided: " + colors.shape().debug_string());
    const float* c = colors.data<float>();
    for (std::int64_t i = 0; i < colors.shape().dim(0); ++i) {
      Color color{};
      std::copy_n(c + i * colors.shape().dim(1), depth, color.begin());
      table.push_back(color);
    }
  }
  if (table.empty()) table = default_colors(depth);

  Tensor& out = ctx.output(0);
  float* canvas = out.mutable_data<float>();
  std::copy_n(images.data<float>(), images.num_elements(), canvas);
  const std::int64_t num_boxes = boxes.shape().dim(1);
  const float* box = boxes.data<float>();
  for (std::int64_t b = 0; b < batch; ++b) {
    float* image = canvas + b * height * width * depth;
    auto paint = [&](std::int64_t y, std::int64_t x, const Color& color) {
      std::copy_n(color.begin(), depth, image + (y * width + x) * depth);
    };
    for (std::int64_t k = 0; k < num_boxes; ++k, box += 4) {
      const Color& color = table[static_cast<std::size_t>(k) % table.size()];
      // As TensorFlow: float products truncated to integers.
      const auto top = static_cast<std::int64_t>(box[0] * static_cast<float>(height - 1));
      const auto left = static_cast<std::int64_t>(box[1] * static_cast<float>(width - 1));
      const auto bottom = static_cast<std::int64_t>(box[2] * static_cast<float>(height - 1));
      const auto right = static_cast<std::int64_t>(box[3] * static_cast<float>(width - 1));
      if (top > bottom || left > right) continue;                                 // inverted
      if (top >= height || bottom < 0 || left >= width || right < 0) continue;  // wholly outside
      const std::int64_t row0 = std::max<std::int64_t>(top, 0), row1 = std::min(bottom, height - 1);
      const std::int64_t col0 = std::max<std::int64_t>(left, 0), col1 = std::min(right, width - 1);
      for (std::int64_t x = col0; x <= col1; ++x) {
        if (top >= 0) paint(top, x, color);
        if (bottom < height) paint(bottom, x, color);
      }
      for (std::int64_t y = row0; y <= row1; ++y) {
        if (left >= 0) paint(y, left, color);
        if (right < width) paint(y, right, color);
      }
    }
  }
}

const OpDef& kDrawBoundingBoxes = OpBuilder("DrawBoundingBoxes").inputs(2).shape(draw_shape).kernel(float32, draw_kernel).no_gradient();
const OpDef& kDrawBoundingBoxesV2 =
    OpBuilder("DrawBoundingBoxesV2").inputs(3).shape(draw_shape).kernel(float32, draw_kernel).no_gradient();

}  // namespace

namespace image {

Tensor draw_bounding_boxes(const Tensor& images, const Tensor& boxes, const std::optional<Tensor>& colors) {
  if (!colors) return ops::execute1(kDrawBoundingBoxes, {images, boxes});
  return ops::execute1(kDrawBoundingBoxesV2, {images, boxes, *colors});
}

}  // namespace image
}  // namespace tf
