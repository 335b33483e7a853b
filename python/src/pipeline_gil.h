// Taking the GIL on a tf.data pipeline thread (a generator's step, a py_function in a map).
#pragma once

#include <Python.h>

namespace tfpp_python {

/// Holds the GIL as nb::gil_scoped_acquire does, but lets the thread be unwound while it waits:
/// Python's finalization ends a thread waiting for the GIL with pthread_exit, whose forced
/// unwinding aborts the process at nanobind's noexcept constructor. The wait can also come while
/// the guard is held (the Python code it runs lets the GIL go and asks for it again); the
/// unwinding then reaches the destructor without the GIL, which must not release it.
class PipelineThreadGil {
 public:
  PipelineThreadGil() : state_(PyGILState_Ensure()) {}  // not noexcept, on purpose
  ~PipelineThreadGil() {
    if (PyGILState_Check()) PyGILState_Release(state_);
  }
  PipelineThreadGil(const PipelineThreadGil&) = delete;
  PipelineThreadGil& operator=(const PipelineThreadGil&) = delete;

 private:
  PyGILState_STATE state_;
};

}  // namespace tfpp_python
