// tf.linalg's matrix structure functions (band_part, diag, diag_part, set_diag, trace,
// matrix_transpose, adjoint, norm, global_norm) in the submodule _linalg, which tfpp/__init__.py
// merges into tfpp.linalg, and tf.norm, tf.clip_by_norm and tf.clip_by_global_norm at top level.
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "argument_errors.h"
#include "bindings.h"
#include "tfpp/matrix_ops.h"
#include "tfpp/norm_ops.h"

namespace tfpp_python {
namespace {

using namespace nb::literals;

// tf.norm's arguments: ord a name or a number, axis None, an int or a pair.
tf::Tensor norm_of(nb::handle tensor, nb::handle ord, nb::handle axis, nb::handle keepdims) {
  const tf::NormOrder order = nb::isinstance<nb::str>(ord) ? tf::NormOrder(nb::cast<std::string>(ord).c_str())
                                                           : tf::NormOrder(nb::cast<double>(ord));
  std::optional<std::vector<std::int64_t>> axes;
  if (!axis.is_none()) axes = int_list(axis);
  const tf::Tensor x = to_tensor(tensor);
  return python_argument_errors("norm", [&] {
    return tf::norm(x, {.ord = order, .axis = axes, .keepdims = !keepdims.is_none() && nb::cast<bool>(keepdims)});
  });
}

// A list of tensors where None entries stay undefined.
std::vector<tf::Tensor> tensors_or_none(nb::handle t_list) {
  if (nb::isinstance<nb::str>(t_list) || !nb::hasattr(t_list, "__len__"))
    throw nb::type_error("`t_list` should be a sequence of tensors.");
  std::vector<tf::Tensor> out;
  for (nb::handle t : nb::iter(t_list)) out.push_back(t.is_none() ? tf::Tensor() : to_tensor(t));
  return out;
}

}  // namespace

void bind_linalg_norm_ops(nb::module_& m) {
  nb::module_ linalg = m.def_submodule("_linalg", "The C++ core of tf.linalg's matrix structure functions.");
  linalg.def("band_part", [](nb::handle input, nb::handle num_lower, nb::handle num_upper, nb::handle name) {
    NodeName named(name);
    return tf::linalg::band_part(to_tensor(input), to_tensor_hinted(num_lower, tf::int64),
                                 to_tensor_hinted(num_upper, tf::int64));
  }, "input"_a, "num_lower"_a, "num_upper"_a, "name"_a = nb::none());
  linalg.def("diag", [](nb::handle diagonal, nb::handle name) {
    NodeName named(name);
    return tf::linalg::diag(to_tensor(diagonal));
  }, "diagonal"_a, "name"_a = nb::none());
  linalg.def("diag_part", [](nb::handle input, nb::handle name) {
    NodeName named(name);
    return tf::linalg::diag_part(to_tensor(input));
  }, "input"_a, "name"_a = nb::none());
  linalg.def("set_diag", [](nb::handle input, nb::handle diagonal, nb::handle name) {
    NodeName named(name);
    const tf::Tensor x = to_tensor(input);
    return tf::linalg::set_diag(x, operand_like(diagonal, x));
  }, "input"_a, "diagonal"_a, "name"_a = nb::none());
  linalg.def("trace", [](nb::handle x, nb::handle name) {
    NodeName named(name);
    return tf::linalg::trace(to_tensor(x));
  }, "x"_a, "name"_a = nb::none());
  linalg.def("matrix_transpose", [](nb::handle a, nb::handle name, bool) {
    NodeName named(name);
    const tf::Tensor x = to_tensor(a);
    return python_argument_errors("matrix_transpose", [&] { return tf::linalg::matrix_transpose(x); });  // real dtypes: nothing to conjugate
  }, "a"_a, "name"_a = nb::none(), "conjugate"_a = false);
  linalg.def("adjoint", [](nb::handle matrix, nb::handle name) {
    NodeName named(name);
    const tf::Tensor x = to_tensor(matrix);
    return python_argument_errors("matrix_transpose", [&] { return tf::linalg::adjoint(x); });
  }, "matrix"_a, "name"_a = nb::none());
  linalg.def("global_norm", [](nb::handle t_list, nb::handle name) {
    NodeName named(name);
    return tf::linalg::global_norm(tensors_or_none(t_list));
  }, "t_list"_a, "name"_a = nb::none());

  m.def("norm", [](nb::handle tensor, nb::handle ord, nb::handle axis, nb::handle keepdims, nb::handle name) {
    NodeName named(name);
    return norm_of(tensor, ord, axis, keepdims);
  }, "tensor"_a, "ord"_a = "euclidean", "axis"_a = nb::none(), "keepdims"_a = nb::none(), "name"_a = nb::none());
  m.def("clip_by_norm", [](nb::handle t, nb::handle clip_norm, nb::handle axes, nb::handle name) {
    NodeName named(name);
    const tf::Tensor x = to_tensor(t);
    std::optional<std::vector<std::int64_t>> reduce;
    if (!axes.is_none()) reduce = int_list(axes);
    if (is_tensor_like(clip_norm)) return tf::clip_by_norm(x, to_tensor(clip_norm), reduce);
    return tf::clip_by_norm(x, nb::cast<double>(clip_norm), reduce);
  }, "t"_a, "clip_norm"_a, "axes"_a = nb::none(), "name"_a = nb::none());
  m.def("clip_by_global_norm", [](nb::handle t_list, nb::handle clip_norm, nb::handle use_norm, nb::handle name) {
    NodeName named(name);
    const std::vector<tf::Tensor> tensors = tensors_or_none(t_list);
    std::optional<tf::Tensor> norm;
    if (!use_norm.is_none()) norm = to_tensor(use_norm);
    auto [clipped, global] = is_tensor_like(clip_norm) ? tf::clip_by_global_norm(tensors, to_tensor(clip_norm), norm)
                                                       : tf::clip_by_global_norm(tensors, nb::cast<double>(clip_norm), norm);
    nb::list out;
    for (const tf::Tensor& c : clipped) out.append(c.defined() ? nb::cast(c) : nb::none());
    return nb::make_tuple(out, global);
  }, "t_list"_a, "clip_norm"_a, "use_norm"_a = nb::none(), "name"_a = nb::none());
}

}  // namespace tfpp_python
