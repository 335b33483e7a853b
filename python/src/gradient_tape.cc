// tfpp.GradientTape as TensorFlow's context manager: recording starts at `with` and pauses at the
// block's end (gradient() is usually called after it); `with` again resumes recording. gradient()
// takes nested lists, tuples and dicts of tensors and variables, and returns the same structure
// with None for unconnected sources.
#include <memory>

#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "bindings.h"

namespace tfpp_python {
/// Sources of one gradient() call, tensors and variables mixed, in the order of the structure.
struct MixedSources {
  std::vector<tf::detail::GradientSource> items;
};
}  // namespace tfpp_python

/// Lets GradientTape::gradient take MixedSources (its extension point for source structures).
template <>
struct tf::detail::SourceStructure<tfpp_python::MixedSources> {
  using Result = std::vector<Tensor>;
  static std::vector<GradientSource> flatten(const tfpp_python::MixedSources& s) { return s.items; }
  static Result pack(const tfpp_python::MixedSources&, std::vector<Tensor> g) { return g; }
};

namespace tfpp_python {
namespace {

using namespace nb::literals;

class PyGradientTape {
 public:
  PyGradientTape(bool persistent, bool watch_accessed_variables)
      : options_{.persistent = persistent, .watch_accessed_variables = watch_accessed_variables} {}

  PyGradientTape& enter() {
    if (!tape_) {
      tape_ = std::make_unique<tf::GradientTape>(options_);
    } else {
      paused_.reset();
    }
    return *this;
  }
  void exit() {
    if (tape_ && !paused_) paused_ = std::make_unique<tf::GradientTape::StopRecording>(*tape_);
  }
  ~PyGradientTape() {
    paused_.reset();
    tape_.reset();
  }

  void watch(nb::handle tensors) {
    if (nb::isinstance<tf::Variable>(tensors)) return checked().watch(nb::cast<const tf::Variable&>(tensors));
    if (nb::isinstance<tf::Tensor>(tensors)) return checked().watch(nb::cast<const tf::Tensor&>(tensors));
    if (nb::isinstance<nb::dict>(tensors)) {
      for (auto [key, value] : nb::borrow<nb::dict>(tensors)) watch(value);
      return;
    }
    if (nb::isinstance<nb::list>(tensors) || nb::isinstance<nb::tuple>(tensors)) {
      for (nb::handle item : nb::iter(tensors)) watch(item);
      return;
    }
    throw nb::value_error(("Passed in object of type " + nb::cast<std::string>(nb::repr(tensors.type())) +
                           ", not tf.Tensor or tf.Variable or ExtensionType.").c_str());
  }

  nb::object gradient(nb::handle target, nb::handle sources, nb::handle output_gradients, nb::handle unconnected) {
    if (used_ && !options_.persistent) tape_used_up();
    tf::GradientTape& tape = recording();
    used_ = true;
    std::vector<tf::Tensor> targets;
    {
      // A variable target stands for its handle in TensorFlow, so d(v)/d(v) is 1: its value is
      // read on the tape, recording again for that read if the `with` block has ended.
      const bool was_paused = paused_ != nullptr;
      paused_.reset();
      flatten_tensors(target, targets);
      if (was_paused) paused_ = std::make_unique<tf::GradientTape::StopRecording>(tape);
    }
    MixedSources flat;
    flatten_sources(sources, flat.items);
    std::vector<tf::Tensor> seeds;
    if (!output_gradients.is_none()) flatten_tensors(output_gradients, seeds);
    // All sources in one call: a non-persistent tape gives one set of gradients.
    std::vector<tf::Tensor> grads = tape.gradient(tf::GradientTargets(targets), flat, tf::OutputGradients(seeds),
                                                  unconnected_from(unconnected));
    std::size_t next = 0;
    return rebuild(sources, grads, next);
  }

  std::vector<tf::Variable> watched_variables() const {
    return tape_ ? tape_->watched_variables() : std::vector<tf::Variable>{};
  }

  void reset() { checked().reset(); }

  // Jacobians of the target for each source of a structure (lists, tuples, dicts), in its shape.
  // TensorFlow's parallel_iterations and experimental_use_pfor choose how it loops; tfpp's
  // results are the same either way.
  nb::object jacobian(nb::handle target, nb::handle sources, nb::handle unconnected, nb::handle, bool) {
    const tf::Tensor y = to_tensor(target);
    std::vector<tf::detail::GradientSource> flat;
    flatten_sources(sources, flat);
    tf::GradientTape& tape = recording();
    std::vector<tf::Tensor> jacobians;
    for (const tf::detail::GradientSource& source : flat)
      jacobians.push_back(source.tensor.defined() ? tape.jacobian(y, source.tensor, unconnected_from(unconnected))
                                                  : tape.jacobian(y, source.variable, unconnected_from(unconnected)));
    std::size_t next = 0;
    return rebuild(sources, jacobians, next);
  }

  nb::object batch_jacobian(nb::handle target, nb::handle source, nb::handle unconnected, nb::handle, bool) {
    const tf::Tensor y = to_tensor(target);
    const tf::Tensor x = to_tensor(source);
    if (x.rank() >= 0 && x.rank() < 2)
      throw nb::value_error(("Shape " + x.shape().to_string() + " must have rank at least 2").c_str());
    if (y.rank() >= 0 && y.rank() < 2)
      throw nb::value_error(("Shape " + y.shape().to_string() + " must have rank at least 2").c_str());
    const tf::Tensor j = recording().batch_jacobian(y, x, unconnected_from(unconnected));
    return j.defined() ? nb::cast(j) : nb::none();
  }

  // tf.UnconnectedGradients.NONE / ZERO, or their values "none" / "zero".
  static tf::UnconnectedGradients unconnected_from(nb::handle value) {
    if (value.is_none()) return tf::UnconnectedGradients::NONE;
    const std::string name = nb::cast<std::string>(nb::isinstance<nb::str>(value) ? value : value.attr("value"));
    if (name == "zero") return tf::UnconnectedGradients::ZERO;
    if (name == "none") return tf::UnconnectedGradients::NONE;
    throw nb::value_error(("Unknown value for unconnected_gradients: '" + name + "'").c_str());
  }

  // TensorFlow's error for gradients from a tape that holds no record: one never entered, or a
  // non-persistent one already used.
  [[noreturn]] static void tape_used_up() {
    throw std::runtime_error("A non-persistent GradientTape can only be used to compute one set of gradients (or jacobians)");
  }

  tf::GradientTape& recording() {
    if (!tape_) tape_used_up();
    return *tape_;
  }

  tf::GradientTape& checked() {
    if (!tape_) throw nb::value_error("the GradientTape has not been entered: use it in a `with` block");
    return *tape_;
  }

 private:
  static void flatten_tensors(nb::handle value, std::vector<tf::Tensor>& out) {
    if (nb::isinstance<nb::list>(value) || nb::isinstance<nb::tuple>(value)) {
      for (nb::handle item : nb::iter(value)) flatten_tensors(item, out);
    } else if (nb::isinstance<nb::dict>(value)) {
      for (auto [key, item] : nb::borrow<nb::dict>(value)) flatten_tensors(item, out);
    } else {
      out.push_back(to_tensor(value));
    }
  }

  static void flatten_sources(nb::handle value, std::vector<tf::detail::GradientSource>& out) {
    if (nb::isinstance<nb::list>(value) || nb::isinstance<nb::tuple>(value)) {
      for (nb::handle item : nb::iter(value)) flatten_sources(item, out);
    } else if (nb::isinstance<nb::dict>(value)) {
      for (auto [key, item] : nb::borrow<nb::dict>(value)) flatten_sources(item, out);
    } else if (nb::isinstance<tf::Variable>(value)) {
      out.push_back({{}, nb::cast<const tf::Variable&>(value)});
    } else if (nb::isinstance<tf::Tensor>(value)) {
      out.push_back({nb::cast<const tf::Tensor&>(value), {}});
    } else {
      throw nb::type_error(("gradient sources are tensors and variables (in lists, tuples and dicts), got " +
                            nb::cast<std::string>(nb::repr(value))).c_str());
    }
  }

  static nb::object rebuild(nb::handle structure, const std::vector<tf::Tensor>& grads, std::size_t& next) {
    auto leaf = [&]() -> nb::object {
      const tf::Tensor& g = grads[next++];
      return g.defined() ? nb::cast(g) : nb::none();
    };
    if (nb::isinstance<nb::list>(structure)) {
      nb::list out;
      for (nb::handle item : nb::iter(structure)) out.append(rebuild(item, grads, next));
      return out;
    }
    if (nb::isinstance<nb::tuple>(structure)) {
      nb::list out;
      for (nb::handle item : nb::iter(structure)) out.append(rebuild(item, grads, next));
      return nb::tuple(out);
    }
    if (nb::isinstance<nb::dict>(structure)) {
      nb::dict out;
      for (auto [key, item] : nb::borrow<nb::dict>(structure)) out[key] = rebuild(item, grads, next);
      return out;
    }
    return leaf();
  }

  tf::GradientTapeOptions options_;
  bool used_ = false;  // a gradient was computed (a non-persistent tape gives one set)
  std::unique_ptr<tf::GradientTape> tape_;
  std::unique_ptr<tf::GradientTape::StopRecording> paused_;
};

/// tape.stop_recording(): a context manager pausing the tape inside its block.
class PyStopRecording {
 public:
  explicit PyStopRecording(PyGradientTape& tape) : tape_(tape) {}
  void enter() { guard_ = std::make_unique<tf::GradientTape::StopRecording>(tape_.checked()); }
  void exit() { guard_.reset(); }

 private:
  PyGradientTape& tape_;
  std::unique_ptr<tf::GradientTape::StopRecording> guard_;
};

}  // namespace

void bind_gradient_tape(nb::module_& m) {
  nb::class_<PyGradientTape>(m, "GradientTape", "Records operations for automatic differentiation (tf.GradientTape).")
      .def(nb::init<bool, bool>(), "persistent"_a = false, "watch_accessed_variables"_a = true)
      .def("__enter__", &PyGradientTape::enter, nb::rv_policy::reference)
      .def("__exit__", [](PyGradientTape& t, nb::args) { t.exit(); })
      .def("watch", &PyGradientTape::watch, "tensor"_a)
      .def("gradient", &PyGradientTape::gradient, "target"_a, "sources"_a, "output_gradients"_a = nb::none(),
           "unconnected_gradients"_a = nb::none())
      .def("jacobian", &PyGradientTape::jacobian, "target"_a, "sources"_a, "unconnected_gradients"_a = nb::none(),
           "parallel_iterations"_a = nb::none(), "experimental_use_pfor"_a = true)
      .def("batch_jacobian", &PyGradientTape::batch_jacobian, "target"_a, "source"_a,
           "unconnected_gradients"_a = nb::none(), "parallel_iterations"_a = nb::none(), "experimental_use_pfor"_a = true)
      .def("watched_variables", [](const PyGradientTape& t) { return nb::tuple(nb::cast(t.watched_variables())); })
      .def("reset", &PyGradientTape::reset)
      .def("stop_recording", [](PyGradientTape& t) { return new PyStopRecording(t); }, nb::keep_alive<0, 1>());
  nb::class_<PyStopRecording>(m, "_StopRecording")
      .def("__enter__", &PyStopRecording::enter)
      .def("__exit__", [](PyStopRecording& s, nb::args) { s.exit(); });
}

}  // namespace tfpp_python
