// The FusedElementwise op: runs a FusedProgram tile by tile (Note [Tiled elementwise fusion]).
#include "graph/fused_elementwise.h"

#include <algorithm>
#include <array>

#include "core/tensor_impl.h"
#include "kernels/cpu/parallel.h"

namespace tf::graph {
namespace {

const FusedProgram& program_of(const ops::OpContext& ctx) {
  return static_cast<const FusedProgram&>(*ctx.attr<std::shared_ptr<const ops::OpPayload>>(0));
}

void fused_shape(ops::ShapeContext& ctx) {
  for (const ops::TensorInfo& info : program_of(ctx).outputs) ctx.add_output(info.dtype, info.shape);
}

// The values of one thread's tiles: base addresses, and for steps that run a registered
// kernel, tensors viewing the current tile.
class TileState {
 public:
  TileState(const FusedProgram& p, ops::KernelContext& ctx) : p_(p) {
    for (DType dtype : p.scratch) scratch_.push_back(core::empty(dtype, {kFusedTile}));
    base_.resize(p.values.size());
    for (std::size_t v = 0; v < p.values.size(); ++v) base_[v] = static_cast<char*>(const_cast<void*>(source(ctx, v).raw_data()));
    if (!p.needs_views) return;
    views_.resize(p.values.size());
    base_offset_.resize(p.values.size());
    for (std::size_t v = 0; v < p.values.size(); ++v) {
      const Tensor& src = source(ctx, v);
      views_[v] = Tensor(std::make_shared<detail::TensorImpl>(*src.impl()));
      base_offset_[v] = src.impl()->offset;
      if (p.values[v].scalar) views_[v].impl()->shape = TensorShape{};
    }
  }

  // Runs every step on elements [begin, begin + n).
  void run_tile(std::int64_t begin, std::int64_t n) {
    if (p_.needs_views) move_views(begin, n);
    for (const FusedStep& s : p_.steps) {
      const DType dtype = p_.values[s.output].dtype;
      if (s.unary_row >= 0) {
        const auto op = static_cast<kernels::UnaryOp>(s.unary_row);
        if (dtype == DType::kFloat32) kernels::unary_row(op, ptr<float>(s.inputs[0], begin), ptr<float>(s.output, begin), n);
        else kernels::unary_row(op, ptr<double>(s.inputs[0], begin), ptr<double>(s.output, begin), n);
      } else if (s.binary_row >= 0) {
        const auto op = static_cast<kernels::BinaryOp>(s.binary_row);
        const std::int64_t sa = p_.values[s.inputs[0]].scalar ? 0 : 1, sb = p_.values[s.inputs[1]].scalar ? 0 : 1;
        if (dtype == DType::kFloat32)
          kernels::binary_row(op, ptr<float>(s.inputs[0], begin), ptr<float>(s.inputs[1], begin), ptr<float>(s.output, begin), n, sa, sb);
        else
          kernels::binary_row(op, ptr<double>(s.inputs[0], begin), ptr<double>(s.inputs[1], begin), ptr<double>(s.output, begin), n, sa, sb);
      } else {
        std::array<Tensor, 3> inputs;
        for (std::size_t k = 0; k < s.inputs.size(); ++k) inputs[k] = views_[s.inputs[k]];
        Tensor& out = views_[s.output];
        ops::KernelContext step_ctx(*s.op, std::span<const Tensor>(inputs.data(), s.inputs.size()), s.attrs,
                                    std::span<Tensor>(&out, 1));
        s.kernel(step_ctx);
      }
    }
  }

 private:
  const Tensor& source(ops::KernelContext& ctx, std::size_t v) {
    const FusedValue& value = p_.values[v];
    switch (value.place) {
      case FusedValue::Place::kInput: return ctx.input(value.index);
      case FusedValue::Place::kScratch: return scratch_[value.index];
      case FusedValue::Place::kOutput: break;
    }
    return ctx.output(value.index);
  }

  // The address of value v's element `begin` (scratch tiles restart at every tile).
  template <class T>
  T* ptr(int v, std::int64_t begin) const {
    const FusedValue& value = p_.values[v];
    const bool fixed = value.scalar || value.place == FusedValue::Place::kScratch;
    return reinterpret_cast<T*>(base_[v]) + (fixed ? 0 : begin);
  }

  void move_views(std::int64_t begin, std::int64_t n) {
    for (std::size_t v = 0; v < views_.size(); ++v) {
      if (p_.values[v].scalar) continue;
      detail::TensorImpl& impl = *views_[v].impl();
      impl.shape = TensorShape{n};
      impl.offset = base_offset_[v] + (p_.values[v].place == FusedValue::Place::kScratch ? 0 : begin);
    }
  }

  const FusedProgram& p_;
  std::vector<Tensor> scratch_;
  std::vector<char*> base_;
  std::vector<Tensor> views_;
  std::vector<std::size_t> base_offset_;
};

void fused_kernel(ops::KernelContext& ctx) {
  const FusedProgram& p = program_of(ctx);
  const std::int64_t n = p.shape.num_elements();
  const std::int64_t tiles = (n + kFusedTile - 1) / kFusedTile;
  auto run = [&](std::int64_t first, std::int64_t last) {
    TileState state(p, ctx);
    for (std::int64_t t = first; t < last; ++t) {
      const std::int64_t begin = t * kFusedTile;
      state.run_tile(begin, std::min(kFusedTile, n - begin));
    }
  };
  if (tiles <= 1) {
    if (n > 0) run(0, 1);
    return;
  }
  kernels::parallel_for(tiles, kFusedTile * p.cost, run);
}

const ops::OpDef& kFusedElementwise = ops::OpBuilder("FusedElementwise")
                                          .variadic_inputs()
                                          .attrs({"program"})
                                          .shape(fused_shape)
                                          .kernels<float, double, std::int32_t, std::int64_t, bool>(
                                              []<class T>() -> ops::KernelFn { return &fused_kernel; })
                                          .no_gradient();

}  // namespace

const ops::OpDef& fused_elementwise_op() { return kFusedElementwise; }

}  // namespace tf::graph
