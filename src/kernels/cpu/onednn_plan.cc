#include "kernels/cpu/onednn_plan.h"

#include <unordered_map>

#include "core/allocator.h"

namespace tf::kernels {
ScratchBuffer::ScratchBuffer(std::size_t bytes) : bytes_(bytes), data_(bytes ? core::allocate(bytes) : nullptr) {}
ScratchBuffer::~ScratchBuffer() {
  if (data_) core::deallocate(data_, bytes_);
}

void OnednnPlan::set_operand(int i, int arg, const dnnl::memory::desc& user, const dnnl::memory::desc& chosen) {
  PlanOperand& op = operands[i];
  op.arg = arg;
  op.user = user;
  op.chosen = chosen;
  if (user != chosen) {
    dnnl::engine& eng = onednn_engine();
    const dnnl::primitive_attr attr = onednn_user_scratchpad();
    const auto pd = i < 2 ? dnnl::reorder::primitive_desc(eng, user, eng, chosen, attr)
                          : dnnl::reorder::primitive_desc(eng, chosen, eng, user, attr);
    op.reorder = dnnl::reorder(pd);
    op.reorder_scratchpad = pd.scratchpad_desc();
  }
}

namespace {

// Runs operand `op`'s reorder from `from` to `to` with the calling thread's scratchpad.
void run_reorder(dnnl::stream& stream, const PlanOperand& op, const dnnl::memory& from, const dnnl::memory& to) {
  op.reorder.execute(stream, {{DNNL_ARG_FROM, from}, {DNNL_ARG_TO, to},
                              {DNNL_ARG_SCRATCHPAD, onednn_scratchpad(op.reorder_scratchpad)}});
}

}  // namespace

void OnednnPlan::run(const void* in0, const void* in1, void* out) const {
  dnnl::engine& eng = onednn_engine();
  dnnl::stream& stream = onednn_stream();
  const std::array<void*, 3> user_data{const_cast<void*>(in0), const_cast<void*>(in1), out};
  std::array<std::unique_ptr<ScratchBuffer>, 3> scratch;
  std::unordered_map<int, dnnl::memory> args;
  std::array<dnnl::memory, 3> user_mem, chosen_mem;
  for (int i = 0; i < 3; ++i) {
    const PlanOperand& op = operands[i];
    user_mem[i] = dnnl::memory(op.user, eng, user_data[i]);
    if (op.reorder) {
      scratch[i] = std::make_unique<ScratchBuffer>(op.chosen.get_size());
      chosen_mem[i] = dnnl::memory(op.chosen, eng, scratch[i]->data());
      if (i < 2) run_reorder(stream, op, user_mem[i], chosen_mem[i]);
    } else {
      chosen_mem[i] = user_mem[i];
    }
    args.emplace(op.arg, chosen_mem[i]);
  }
  args.emplace(DNNL_ARG_SCRATCHPAD, onednn_scratchpad(scratchpad));
  primitive.execute(stream, args);
  if (operands[2].reorder) run_reorder(stream, operands[2], chosen_mem[2], user_mem[2]);
  stream.wait();
}

}  // namespace tf::kernels
