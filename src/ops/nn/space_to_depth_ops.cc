// SpaceToDepth and DepthToSpace (TensorFlow's ops, NHWC): copies between spatial blocks and
// channel groups, for every dtype.
#include "tfpp/space_to_depth.h"

#include "ops/array/array_common.h"
#include "ops/execute.h"
#include "tfpp/errors.h"

namespace tf {
namespace {

using namespace ops::array;
using ops::KernelContext;
using ops::KernelFn;
using ops::OpDef;
using ops::ShapeContext;

// block_size is attribute 0, data_format attribute 1.
std::int64_t block_of(const ops::OpContext& ctx) { return ctx.attr<std::int64_t>(0); }

// The NHWC input's shape after the checks both ops share.
TensorShape checked_input(const ShapeContext& ctx) {
  const std::int64_t b = block_of(ctx);
  if (b < 2) ctx.fail("Value for attr 'block_size' of " + std::to_string(b) + " must be at least minimum 2");
  if (ctx.attr<std::string>(1) != "NHWC")
    throw NotFoundError("[" + ctx.op().name + "] no CPU kernel for data_format " + ctx.attr<std::string>(1) + " (only NHWC)");
  const TensorShape& s = ctx.input(0).shape();
  if (!s.has_unknown_rank() && s.rank() != 4) ctx.fail("Input rank should be 4 instead of " + std::to_string(s.rank()));
  return s.has_unknown_rank() ? TensorShape({None, None, None, None}) : s;
}

// dim op b, or unknown when dim is.
std::int64_t scaled(std::int64_t dim, std::int64_t b, bool divide) { return dim == None ? None : divide ? dim / b : dim * b; }

void space_to_depth_shape(ShapeContext& ctx) {
  const TensorShape s = checked_input(ctx);
  const std::int64_t b = block_of(ctx), h = s.dim(1), w = s.dim(2);
  if ((h != None && h % b) || (w != None && w % b))
    ctx.fail("Image width " + std::to_string(w) + " and height " + std::to_string(h) + " should be divisible by block_size: " +
             std::to_string(b));
  ctx.add_output(ctx.input(0).dtype(), TensorShape({s.dim(0), scaled(h, b, true), scaled(w, b, true), scaled(s.dim(3), b * b, false)}));
}

void depth_to_space_shape(ShapeContext& ctx) {
  const TensorShape s = checked_input(ctx);
  const std::int64_t b = block_of(ctx), c = s.dim(3);
  if (c != None && c % (b * b))
    ctx.fail("Input depth dimension " + std::to_string(c) + " should be divisible by: " + std::to_string(b * b));
  ctx.add_output(ctx.input(0).dtype(), TensorShape({s.dim(0), scaled(s.dim(1), b, false), scaled(s.dim(2), b, false), scaled(c, b * b, true)}));
}

// Walks the blocked layout [N, H/b, b, W/b, b, C] of the spatial side and calls
// copy(spatial_offset, depth_offset) for each run of C elements.
template <class Copy>
void for_each_block(const TensorShape& spatial, std::int64_t b, Copy copy) {
  const std::int64_t n = spatial.dim(0), h = spatial.dim(1), w = spatial.dim(2), c = spatial.dim(3);
  const std::int64_t oh = h / b, ow = w / b;
  for (std::int64_t i = 0; i < n; ++i)
    for (std::int64_t y = 0; y < h; ++y)
      for (std::int64_t x = 0; x < w; ++x) {
        const std::int64_t spatial_at = ((i * h + y) * w + x) * c;
        const std::int64_t depth_at = ((i * oh + y / b) * ow + x / b) * c * b * b + ((y % b) * b + x % b) * c;
        copy(spatial_at, depth_at, c);
      }
}

template <class S>
void space_to_depth_kernel(KernelContext& ctx) {
  const S* in = elements<S>(ctx.input(0));
  S* out = mutable_elements<S>(ctx.output(0));
  for_each_block(ctx.input(0).shape(), block_of(ctx), [&](std::int64_t s, std::int64_t d, std::int64_t c) {
    for (std::int64_t k = 0; k < c; ++k) out[d + k] = in[s + k];
  });
}

template <class S>
void depth_to_space_kernel(KernelContext& ctx) {
  const S* in = elements<S>(ctx.input(0));
  S* out = mutable_elements<S>(ctx.output(0));
  for_each_block(ctx.output(0).shape(), block_of(ctx), [&](std::int64_t s, std::int64_t d, std::int64_t c) {
    for (std::int64_t k = 0; k < c; ++k) out[s + k] = in[d + k];
  });
}

const OpDef& kSpaceToDepth = copy_op("SpaceToDepth", 1, space_to_depth_shape, {"block_size", "data_format"},
                                     []<class S>() -> KernelFn { return &space_to_depth_kernel<S>; });
const OpDef& kDepthToSpace = copy_op("DepthToSpace", 1, depth_to_space_shape, {"block_size", "data_format"},
                                     []<class S>() -> KernelFn { return &depth_to_space_kernel<S>; });

}  // namespace

namespace nn {
Tensor space_to_depth(const Tensor& input, std::int64_t block_size, const std::string& data_format) {
  const ops::AttrValue attrs[] = {block_size, data_format};
  return ops::execute1(kSpaceToDepth, {input}, attrs);
}
Tensor depth_to_space(const Tensor& input, std::int64_t block_size, const std::string& data_format) {
  const ops::AttrValue attrs[] = {block_size, data_format};
  return ops::execute1(kDepthToSpace, {input}, attrs);
}
}  // namespace nn
}  // namespace tf
