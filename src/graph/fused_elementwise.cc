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

// Scratch and bookkeeping of one thread, kept between calls so a call allocates no scratch.
struct ThreadMemory {
  Tensor arena;  // the scratch tiles, kFusedTile 8-byte elements each
  std::vector<char*> base;  // per value, at element 0
  std::vector<Tensor> views;
  std::vector<std::size_t> base_offset;
};

// The values of one thread's tiles: base addresses, and for steps that run a registered
// kernel, tensors viewing the current tile.
class TileState {
 public:
  TileState(const FusedProgram& p, ops::KernelContext& ctx) : p_(p), m_(memory()) {
    const std::int64_t arena_size = static_cast<std::int64_t>(p.scratch.size()) * kFusedTile;
    if (!m_.arena.defined() || m_.arena.num_elements() < arena_size) m_.arena = core::empty(DType::kFloat64, {arena_size});
    char* arena = static_cast<char*>(m_.arena.raw_mutable_data());
    m_.base.resize(p.values.size());
    for (std::size_t v = 0; v < p.values.size(); ++v) {
      const FusedValue& value = p.values[v];
      m_.base[v] = value.place == FusedValue::Place::kScratch ? arena + value.index * kFusedTile * 8
                                                              : static_cast<char*>(const_cast<void*>(source(ctx, v).raw_data()));
    }
    if (!p.needs_views) return;
    m_.views.resize(p.values.size());
    m_.base_offset.resize(p.values.size());
    for (std::size_t v = 0; v < p.values.size(); ++v) {
      const FusedValue& value = p.values[v];
      const bool scratch = value.place == FusedValue::Place::kScratch;
      auto impl = std::make_shared<detail::TensorImpl>(*(scratch ? m_.arena : source(ctx, v)).impl());
      impl->dtype = value.dtype;
      if (scratch) impl->offset = value.index * kFusedTile * 8 / dtype_size(value.dtype);
      if (value.scalar) impl->shape = TensorShape{};
      m_.base_offset[v] = impl->offset;
      m_.views[v] = Tensor(std::move(impl));
    }
  }
  ~TileState() { m_.views.clear(); }  // release the callers' buffers

  // Runs every step on elements [begin, begin + n).
  void run_tile(std::int64_t begin, std::int64_t n) {
    begin_ = begin;
    if (p_.needs_views) move_views(begin, n);
    for (const FusedStep& s : p_.steps) {
      switch (s.kind) {
        case FusedStep::Kind::kUnaryFloat: s.loop.unary_float(ptr<float>(s.inputs[0]), ptr<float>(s.output), n); break;
        case FusedStep::Kind::kUnaryDouble: s.loop.unary_double(ptr<double>(s.inputs[0]), ptr<double>(s.output), n); break;
        case FusedStep::Kind::kBinaryFloat:
          s.loop.binary_float(ptr<float>(s.inputs[0]), ptr<float>(s.inputs[1]), ptr<float>(s.output), n);
          break;
        case FusedStep::Kind::kBinaryDouble:
          s.loop.binary_double(ptr<double>(s.inputs[0]), ptr<double>(s.inputs[1]), ptr<double>(s.output), n);
          break;
        case FusedStep::Kind::kKernel: {
          std::array<Tensor, 3> inputs;
          for (std::size_t k = 0; k < s.inputs.size(); ++k) inputs[k] = m_.views[s.inputs[k]];
          Tensor& out = m_.views[s.output];
          ops::KernelContext step_ctx(*s.op, std::span<const Tensor>(inputs.data(), s.inputs.size()), s.attrs,
                                      std::span<Tensor>(&out, 1));
          s.kernel(step_ctx);
          break;
        }
      }
    }
  }

 private:
  static ThreadMemory& memory() {
    thread_local ThreadMemory m;
    return m;
  }

  const Tensor& source(ops::KernelContext& ctx, std::size_t v) const {
    const FusedValue& value = p_.values[v];
    return value.place == FusedValue::Place::kInput ? ctx.input(value.index) : ctx.output(value.index);
  }

  template <class T>
  T* ptr(int v) const {
    return reinterpret_cast<T*>(m_.base[v] + begin_ * p_.values[v].advance);
  }

  void move_views(std::int64_t begin, std::int64_t n) {
    for (std::size_t v = 0; v < m_.views.size(); ++v) {
      if (p_.values[v].scalar) continue;
      detail::TensorImpl& impl = *m_.views[v].impl();
      impl.shape = TensorShape{n};
      impl.offset = m_.base_offset[v] + (p_.values[v].place == FusedValue::Place::kScratch ? 0 : begin);
    }
  }

  const FusedProgram& p_;
  ThreadMemory& m_;
  std::int64_t begin_ = 0;  // the current tile's first element
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
                                          .kernels<float, double, std::int32_t, std::int64_t, std::uint8_t, bool>(
                                              []<class T>() -> ops::KernelFn { return &fused_kernel; })
                                          .kernels<std::int8_t, std::int16_t, std::uint16_t, std::uint32_t,
                                                   std::uint64_t>([]<class T>() -> ops::KernelFn { return &fused_kernel; })
                                          .no_gradient();

}  // namespace

const ops::OpDef& fused_elementwise_op() { return kFusedElementwise; }

}  // namespace tf::graph
