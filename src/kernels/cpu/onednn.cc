#include "kernels/cpu/onednn.h"

#include <array>
#include <unordered_map>
#include <vector>

#include <omp.h>

#include "core/allocator.h"

namespace tf::kernels {

void onednn_single_thread() {
  // Read each time rather than remembered: a program's own OpenMP code may raise it again.
  if (omp_get_max_threads() != 1) omp_set_num_threads(1);
}

dnnl::engine& onednn_engine() {
  static dnnl::engine engine(dnnl::engine::kind::cpu, 0);
  onednn_single_thread();  // primitives plan their blocking for the thread count they are created with
  return engine;
}

dnnl::stream& onednn_stream() {
  thread_local dnnl::stream stream(onednn_engine());
  onednn_single_thread();
  return stream;
}

dnnl_status_t onednn_sgemm(char transa, char transb, std::int64_t m, std::int64_t n, std::int64_t k, float alpha,
                           const float* a, std::int64_t lda, const float* b, std::int64_t ldb, float beta, float* c,
                           std::int64_t ldc) {
  onednn_single_thread();
  return dnnl_sgemm(transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}

dnnl::primitive_attr onednn_user_scratchpad(dnnl::primitive_attr attr) {
  attr.set_scratchpad_mode(dnnl::scratchpad_mode::user);
  return attr;
}

namespace {

// The calling thread's scratchpad buffer, grown to at least `bytes`.
void* scratchpad_data(std::size_t bytes) {
  struct Scratch {
    void* data = nullptr;
    std::size_t bytes = 0;
    ~Scratch() { core::deallocate(data, bytes); }
  };
  thread_local Scratch scratch;
  if (scratch.bytes < bytes) {
    core::deallocate(scratch.data, scratch.bytes);
    scratch.data = nullptr;  // if allocate throws, the destructor frees nothing twice
    scratch.bytes = 0;
    scratch.data = core::allocate(bytes);
    scratch.bytes = bytes;
  }
  return scratch.data;
}

// Memory objects and the argument map of one primitive, bound on one thread.
struct Bound {
  std::shared_ptr<const void> owner;
  std::vector<dnnl::memory> memories;
  std::unordered_map<int, dnnl::memory> args;
};

}  // namespace

dnnl::memory onednn_scratchpad(const dnnl::memory::desc& md) {
  return dnnl::memory(md, onednn_engine(), scratchpad_data(md.get_size()));
}

void onednn_execute(const std::shared_ptr<const void>& owner, const dnnl::primitive& primitive,
                    std::span<const int> args, std::span<const dnnl::memory::desc> descs, std::span<void* const> data) {
  constexpr std::size_t kBound = 16;  // primitives a thread keeps bound (round-robin)
  thread_local std::array<Bound, kBound> bound;
  thread_local std::size_t next = 0;
  Bound* b = nullptr;
  for (Bound& candidate : bound)
    if (candidate.owner == owner) b = &candidate;
  if (!b) {
    b = &bound[next];
    next = (next + 1) % kBound;
    b->owner = owner;
    b->memories.clear();
    b->args.clear();
    for (std::size_t i = 0; i < args.size(); ++i) {
      b->memories.emplace_back(descs[i], onednn_engine(), nullptr);
      b->args.emplace(args[i], b->memories.back());
    }
  }
  for (std::size_t i = 0; i + 1 < args.size(); ++i) b->memories[i].set_data_handle(data[i]);
  b->memories.back().set_data_handle(scratchpad_data(descs.back().get_size()));
  dnnl::stream& stream = onednn_stream();
  primitive.execute(stream, b->args);
  stream.wait();
}

}  // namespace tf::kernels
