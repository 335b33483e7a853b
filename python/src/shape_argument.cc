#include "shape_argument.h"

namespace tfpp_python {

tf::IntArray shape_argument(nb::handle shape) {
  const bool tensor_shape = nb::hasattr(shape, "_dims") && !nb::hasattr(shape, "dtype");
  if (tensor_shape || shape.is_none()) return tf::IntArray(shape_from(shape));
  return tf::IntArray(to_tensor_hinted(shape, tf::int32));
}

bool holds_symbolic(nb::handle shape) {
  const auto symbolic = [](nb::handle v) { return is_tensor_like(v) && to_tensor(v).is_symbolic(); };
  if (symbolic(shape)) return true;
  if (!PyList_Check(shape.ptr()) && !PyTuple_Check(shape.ptr())) return false;
  for (nb::handle d : nb::iter(shape))
    if (symbolic(d)) return true;
  return false;
}

}  // namespace tfpp_python
