// tf.summary for Python over the C++ tf::summary: event-file writers and the summary kinds. The
// default writer, step and record_if condition live in tfpp/summary.py (so get_step returns the
// object that was set, and a record_if tensor can become a tf.cond), which passes them to each call
// here: the writer is made the C++ default for that call only. The kinds put the current name scope
// before their tag, as TensorFlow's do; `write` takes its tag as given, as tf.summary.write does, and
// write_raw_pb and graph_def take serialized messages (the Python classes of python/tfpp/protos.py
// serialize themselves).
#include <nanobind/stl/string.h>

#include "bindings.h"
#include "summary/write_raw.h"
#include "tfpp/summary.h"

namespace tfpp_python {
namespace {

using namespace nb::literals;
using tf::summary::SummaryWriter;

/// A step as tfpp/summary.py passes it: an int64 variable (read when the summary runs) or tensor.
tf::summary::Step step_from(nb::handle step) {
  if (nb::isinstance<tf::Variable>(step)) return nb::cast<tf::Variable>(step);
  return to_tensor(step);
}

/// Binds _summary.<name>(writer, name, data, step, *args): `write` run with `writer` as the default.
template <class... Args, class F>
void bind_kind(nb::module_& m, const char* name, F write) {
  m.def(name, [write](const SummaryWriter& writer, const std::string& tag, nb::handle data, nb::handle step,
                      Args... args) {
    auto scope = writer.as_default();
    return write(tag, to_tensor(data), step_from(step), args...);
  });
}

}  // namespace

void bind_summary(nb::module_& m) {
  nb::module_ s = m.def_submodule("_summary", "The C++ core of tf.summary: writers and summary kinds.");
  nb::class_<SummaryWriter>(s, "FileWriter", "A handle to an event-file writer.")
      .def("flush", &SummaryWriter::flush)
      .def("close", &SummaryWriter::close)
      .def_prop_ro("path", &SummaryWriter::path);
  s.def("create_file_writer", [](const std::string& logdir, int max_queue, int flush_millis,
                                 const std::string& suffix) {
    return tf::summary::create_file_writer(logdir, {max_queue, flush_millis, suffix});
  }, "logdir"_a, "max_queue"_a, "flush_millis"_a, "filename_suffix"_a);

  bind_kind<const std::string&>(s, "scalar", [](auto&&... a) { return tf::summary::scalar(a...); });
  bind_kind<int, const std::string&>(s, "histogram", [](auto&&... a) { return tf::summary::histogram(a...); });
  bind_kind<int, const std::string&>(s, "image", [](auto&&... a) { return tf::summary::image(a...); });
  bind_kind<const std::string&>(s, "text", [](auto&&... a) { return tf::summary::text(a...); });
  bind_kind<double, int, const std::string&>(s, "audio", [](const std::string& tag, const tf::Tensor& data,
                                                            const tf::summary::Step& step, double sample_rate,
                                                            int max_outputs, const std::string& description) {
    return tf::summary::audio(tag, data, sample_rate, step, max_outputs, description);
  });
  bind_kind<nb::bytes>(s, "write", [](const std::string& tag, const tf::Tensor& tensor, const tf::summary::Step& step,
                                      nb::bytes metadata) {
    return tf::summary::detail::write_raw(tag, tensor, step, std::string(metadata.c_str(), metadata.size()));
  });

  s.def("write_raw_pb", [](const SummaryWriter& writer, nb::handle serialized_summaries, nb::handle step) {
    auto scope = writer.as_default();
    return tf::summary::detail::write_raw_proto(to_tensor(serialized_summaries), step_from(step));
  }, "writer"_a, "serialized_summaries"_a, "step"_a, "Writes serialized Summary protos as one event.");
  s.def("graph", [](const SummaryWriter& writer, const tf::ConcreteFunction& function) {
    auto scope = writer.as_default();
    return tf::summary::graph(function.graph());
  }, "writer"_a, "function"_a, "Writes the function's traced graph as an Event's graph_def (tf.summary.graph).");
  s.def("graph_def", [](const SummaryWriter& writer, nb::bytes serialized) {
    auto scope = writer.as_default();
    return tf::summary::detail::write_graph_def(std::string(serialized.c_str(), serialized.size()));
  }, "writer"_a, "serialized"_a, "Writes a serialized GraphDef as an Event's graph_def (tf.summary.graph).");
  s.def("trace_on", [](bool graph, bool profiler, const std::string& profiler_outdir) {
    tf::summary::trace_on({.graph = graph, .profiler = profiler, .profiler_outdir = profiler_outdir});
  }, "graph"_a, "profiler"_a, "profiler_outdir"_a);
  s.def("trace_export", [](const SummaryWriter& writer, const std::string& name, nb::handle step) {
    auto scope = writer.as_default();
    tf::summary::trace_export(name, step_from(step));
  }, "writer"_a, "name"_a, "step"_a);
  s.def("trace_off", &tf::summary::trace_off);
}

}  // namespace tfpp_python
