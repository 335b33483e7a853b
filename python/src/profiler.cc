// tf.profiler.experimental for Python over the C++ profiler: start / stop and the Trace event.
// tfpp/profiler.py keeps TensorFlow's Python-level checks and passes each Trace keyword argument
// as the text TensorFlow's TraceMe encodes it in, which the C++ Trace reads back as TensorFlow does.
// A profile from Python takes the default options, as TensorFlow 2.21's (see tfpp/profiler.py).
#include <nanobind/stl/pair.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "bindings.h"
#include "tfpp/profiler.h"

namespace tfpp_python {
namespace {

using namespace nb::literals;
namespace prof = tf::profiler::experimental;
using TraceArgs = std::vector<std::pair<std::string, std::string>>;

std::vector<std::pair<std::string, prof::TraceArg>> trace_args(const TraceArgs& args) {
  return {args.begin(), args.end()};
}

/// A Trace event begun at construction and ended by stop() (Python's with-block ends it).
class PyTrace {
 public:
  PyTrace(std::string name, const TraceArgs& args) { trace_.emplace(std::move(name), trace_args(args)); }
  void set_metadata(const TraceArgs& args) {
    if (trace_) trace_->set_metadata(trace_args(args));
  }
  void stop() { trace_.reset(); }

 private:
  std::optional<prof::Trace> trace_;
};

}  // namespace

void bind_profiler(nb::module_& m) {
  nb::module_ p = m.def_submodule("_profiler", "The C++ core of tf.profiler.experimental.");
  p.def("start", [](const std::string& logdir) { prof::start(logdir); }, "logdir"_a,
        "Starts profiling into logdir with the default options.");
  p.def("stop", &prof::stop, "save"_a);
  nb::class_<PyTrace>(p, "Trace", "A profiler trace event, from construction to stop().")
      .def(nb::init<std::string, const TraceArgs&>(), "name"_a, "args"_a)
      .def("set_metadata", &PyTrace::set_metadata, "args"_a)
      .def("stop", &PyTrace::stop);
}

}  // namespace tfpp_python
