#include "kernels/cpu/onednn.h"

#include "core/allocator.h"

namespace tf::kernels {

dnnl::engine& onednn_engine() {
  static dnnl::engine engine(dnnl::engine::kind::cpu, 0);
  return engine;
}

dnnl::stream& onednn_stream() {
  thread_local dnnl::stream stream(onednn_engine());
  return stream;
}

dnnl::primitive_attr onednn_user_scratchpad(dnnl::primitive_attr attr) {
  attr.set_scratchpad_mode(dnnl::scratchpad_mode::user);
  return attr;
}

dnnl::memory onednn_scratchpad(const dnnl::memory::desc& md) {
  struct Scratch {
    void* data = nullptr;
    std::size_t bytes = 0;
    ~Scratch() { core::deallocate(data, bytes); }
  };
  thread_local Scratch scratch;
  if (scratch.bytes < md.get_size()) {
    core::deallocate(scratch.data, scratch.bytes);
    scratch.data = nullptr;  // if allocate throws, the destructor frees nothing twice
    scratch.bytes = 0;
    scratch.data = core::allocate(md.get_size());
    scratch.bytes = md.get_size();
  }
  return dnnl::memory(md, onednn_engine(), scratch.data);
}

}  // namespace tf::kernels
