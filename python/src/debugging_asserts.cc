// tf.debugging's sign, rank, type and scalar checks, tf.debugging.Assert (also tf.Assert) and
// tf.ensure_shape for Python, with TensorFlow's argument names; the checks TensorFlow decides
// statically raise its ValueError / TypeError.
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "bindings.h"
#include "dtype_object.h"
#include "tfpp/debugging.h"
#include "tfpp/debugging_asserts.h"

namespace tfpp_python {
namespace {

using namespace nb::literals;
using SignCheck = void (*)(const tf::Tensor&, const std::string&, std::int64_t);

std::string message_text(nb::handle message) { return message.is_none() ? std::string() : nb::cast<std::string>(message); }

// Runs a static check: its InvalidArgumentError is TensorFlow's ValueError (TypeError with `type_error`).
template <class Fn>
auto static_check(Fn&& fn, bool type_error = false) {
  try {
    return fn();
  } catch (const tf::InvalidArgumentError& e) {
    if (type_error) throw nb::type_error(e.what());
    throw nb::value_error(e.what());
  }
}

struct Sign {
  const char* name;
  SignCheck check;
};
const Sign kSigns[] = {
    {"assert_positive", tf::debugging::assert_positive},
    {"assert_negative", tf::debugging::assert_negative},
    {"assert_non_negative", tf::debugging::assert_non_negative},
    {"assert_non_positive", tf::debugging::assert_non_positive},
};

}  // namespace

void bind_debugging_asserts(nb::module_& m, nb::module_& debugging) {
  for (const Sign& s : kSigns) {
    SignCheck check = s.check;
    debugging.def(s.name, [check](nb::handle x, nb::handle message, nb::handle summarize, nb::handle) {
      check(to_tensor(x), message_text(message), summarize.is_none() ? 3 : nb::cast<std::int64_t>(summarize));
    }, "x"_a, "message"_a = nb::none(), "summarize"_a = nb::none(), "name"_a = nb::none());
  }
  debugging.def("assert_rank_at_least", [](nb::handle x, int rank, nb::handle message, nb::handle) {
    static_check([&] { tf::debugging::assert_rank_at_least(to_tensor(x), rank, message_text(message)); });
  }, "x"_a, "rank"_a, "message"_a = nb::none(), "name"_a = nb::none());
  debugging.def("assert_rank_in", [](nb::handle x, std::vector<int> ranks, nb::handle message, nb::handle) {
    static_check([&] { tf::debugging::assert_rank_in(to_tensor(x), ranks, message_text(message)); });
  }, "x"_a, "ranks"_a, "message"_a = nb::none(), "name"_a = nb::none());
  debugging.def("assert_integer", [](nb::handle x, nb::handle message, nb::handle) {
    static_check([&] { tf::debugging::assert_integer(to_tensor(x), message_text(message)); }, true);
  }, "x"_a, "message"_a = nb::none(), "name"_a = nb::none());
  debugging.def("assert_type", [](nb::handle tensor, nb::handle tf_type, nb::handle message, nb::handle) {
    static_check([&] { tf::debugging::assert_type(to_tensor(tensor), dtype_from(tf_type), message_text(message)); }, true);
  }, "tensor"_a, "tf_type"_a, "message"_a = nb::none(), "name"_a = nb::none());
  debugging.def("assert_scalar", [](nb::handle tensor, nb::handle message, nb::handle) {
    static_check([&] { tf::debugging::assert_scalar(to_tensor(tensor), message_text(message)); });
  }, "tensor"_a, "message"_a = nb::none(), "name"_a = nb::none());
  debugging.def("is_numeric_tensor", [](nb::handle tensor) {
    return is_tensor_like(tensor) && tf::debugging::is_numeric_tensor(to_tensor(tensor));
  }, "tensor"_a);
  debugging.def("assert_same_float_dtype", [](nb::handle tensors, nb::handle dtype) {
    std::vector<tf::Tensor> list;
    if (!tensors.is_none())
      for (nb::handle t : nb::iter(tensors)) list.push_back(to_tensor(t));
    return dtype_object(static_check([&] {
      return tf::debugging::assert_same_float_dtype(list, dtype.is_none() ? std::nullopt : std::optional(dtype_from(dtype)));
    }));
  }, "tensors"_a = nb::none(), "dtype"_a = nb::none());
  debugging.def("assert_shapes", [](nb::handle shapes, nb::handle, nb::handle, nb::handle message, nb::handle) {
    std::vector<tf::debugging::ShapeConstraint> constraints;
    nb::object pairs = nb::isinstance<nb::dict>(shapes) ? nb::borrow<nb::dict>(shapes).attr("items")() : nb::borrow(shapes);
    for (nb::handle pair : nb::iter(pairs)) {
      nb::sequence entry = nb::borrow<nb::sequence>(pair);
      tf::debugging::ShapeConstraint c{to_tensor(entry[0]), {}};
      for (nb::handle dim : nb::iter(entry[1])) c.dims.push_back(nb::cast<std::string>(nb::str(dim)));
      constraints.push_back(std::move(c));
    }
    static_check([&] { tf::debugging::assert_shapes(constraints, message_text(message)); });
  }, "shapes"_a, "data"_a = nb::none(), "summarize"_a = nb::none(), "message"_a = nb::none(), "name"_a = nb::none());
  auto assert_fn = [](nb::handle condition, nb::handle data, nb::handle summarize, nb::handle name) {
    NodeName named(name);
    std::vector<tf::Tensor> values;
    for (nb::handle d : nb::iter(data)) values.push_back(to_tensor(d));
    tf::debugging::Assert(to_tensor(condition), values, summarize.is_none() ? 3 : nb::cast<std::int64_t>(summarize));
  };
  debugging.def("Assert", assert_fn, "condition"_a, "data"_a, "summarize"_a = nb::none(), "name"_a = nb::none());
  m.def("Assert", assert_fn, "condition"_a, "data"_a, "summarize"_a = nb::none(), "name"_a = nb::none());
  m.def("ensure_shape", [](nb::handle x, nb::handle shape, nb::handle name) {
    NodeName named(name);
    return tf::ensure_shape(to_tensor(x), shape_from(shape));
  }, "x"_a, "shape"_a, "name"_a = nb::none());
}

}  // namespace tfpp_python
