// Tensor creation and shape manipulation for Python (tf.constant, tf.zeros, tf.reshape,
// tf.strided_slice, ...), with TensorFlow's argument names; they live at top level in _tfpp.
#include <string>

#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "bindings.h"
#include "list_inputs.h"
#include "shape_argument.h"
#include "ops/array/gradient_shape_ops.h"
#include "tfpp/broadcast_ops.h"

namespace tfpp_python {
namespace {

using namespace nb::literals;

std::optional<tf::DType> optional_dtype(nb::handle dtype) {
  if (dtype.is_none()) return std::nullopt;
  return dtype_from(dtype);
}

// A tensor of t's shape filled with `value` (a scalar of the wanted dtype); while tracing, the shape
// is read at run time where t's static shape is not fully known (Fill's static shape is t's).
tf::Tensor filled_like(const tf::Tensor& t, const tf::Tensor& value) {
  if (t.shape().is_fully_defined()) return tf::fill(t.shape(), value);
  return tf::ops::array::fill(tf::shape(t), value);
}

// tf.zeros / tf.ones of a shape holding a tensor computed inside a tf.function: Fill's dims are an
// input, so the shape stays symbolic.
tf::Tensor filled(nb::handle shape, const tf::Tensor& value) {
  return tf::ops::array::fill(shape_argument(shape).tensor(), value);
}

// Integers as a list or an int tensor of any shape (indices keep theirs); an empty list is int32.
tf::IntArray int_array(nb::handle value) {
  if (PyLong_Check(value.ptr())) return tf::IntArray(std::vector<std::int64_t>{nb::cast<std::int64_t>(value)});
  tf::Tensor t = to_tensor(value);
  if (t.num_elements() == 0 && !is_tensor_like(value)) t = tf::cast(t, tf::int32);
  return tf::IntArray(t);
}

// The name of the op a function adds: TensorFlow's functions fall back to their own name
// ("range", "concat", ...) when `name` is None.
nb::object op_name(nb::handle name, const char* fallback) {
  return name.is_none() ? nb::str(fallback) : nb::borrow(name);
}

tf::Tensor converted(nb::handle value, nb::handle dtype, nb::handle dtype_hint) {
  if (!dtype.is_none()) return to_tensor(value, dtype_from(dtype));
  return dtype_hint.is_none() ? to_tensor(value) : to_tensor_hinted(value, dtype_from(dtype_hint));
}

}  // namespace

void bind_array_ops(nb::module_& m) {
  m.def("constant", [](nb::handle value, nb::handle dtype, nb::handle shape, nb::handle name) {
    NodeName named(name);
    tf::Tensor t = constant_value(value, optional_dtype(dtype));
    if (!shape.is_none()) {
      tf::TensorShape target = shape_from(shape);
      if (t.num_elements() == 1 && target.num_elements() != 1) return tf::fill(target, tf::reshape(t, tf::IntArray()));
      return tf::reshape(t, tf::IntArray(std::vector<std::int64_t>(target.dims().begin(), target.dims().end())));
    }
    return t;
  }, "value"_a, "dtype"_a = nb::none(), "shape"_a = nb::none(), "name"_a = nb::none(),
     "A tensor holding `value` (tf.constant).");
  m.def("convert_to_tensor", [](nb::handle value, nb::handle dtype, nb::handle, nb::handle dtype_hint) {
    if (!dtype.is_none()) return to_tensor_strictly(value, dtype_from(dtype));
    return converted(value, dtype, dtype_hint);
  }, "value"_a, "dtype"_a = nb::none(), "name"_a = nb::none(), "dtype_hint"_a = nb::none());
  // tfpp's own Python code converts with a dtype and leaves a tensor of another dtype as it is,
  // for the op that takes it to judge.
  m.def("_set_registered_conversion", &set_registered_conversion, "fn"_a,
        "Sets the function tf.register_tensor_conversion_function's registry converts with.");
  m.def("_convert_to_tensor", [](nb::handle value, nb::handle dtype, nb::handle, nb::handle dtype_hint) {
    return converted(value, dtype, dtype_hint);
  }, "value"_a, "dtype"_a = nb::none(), "name"_a = nb::none(), "dtype_hint"_a = nb::none());
  m.def("zeros", [](nb::handle shape, nb::handle dtype, nb::handle name) {
    NodeName named(name);
    if (holds_symbolic(shape)) return filled(shape, tf::zeros({}, dtype_from(dtype)));
    return tf::zeros(shape_from(shape), dtype_from(dtype));
  },
        "shape"_a, "dtype"_a = nb::str("float32"), "name"_a = nb::none());
  m.def("ones", [](nb::handle shape, nb::handle dtype, nb::handle name) {
    NodeName named(name);
    if (holds_symbolic(shape)) return filled(shape, tf::ones({}, dtype_from(dtype)));
    return tf::ones(shape_from(shape), dtype_from(dtype));
  },
        "shape"_a, "dtype"_a = nb::str("float32"), "name"_a = nb::none());
  m.def("zeros_like", [](nb::handle input, nb::handle dtype, nb::handle name) {
    NodeName named(name);
    tf::Tensor t = to_tensor(input);
    return dtype.is_none() ? tf::zeros_like(t) : filled_like(t, tf::zeros({}, dtype_from(dtype)));
  }, "input"_a, "dtype"_a = nb::none(), "name"_a = nb::none());
  m.def("ones_like", [](nb::handle input, nb::handle dtype, nb::handle name) {
    NodeName named(name);
    tf::Tensor t = to_tensor(input);
    return dtype.is_none() ? tf::ones_like(t) : filled_like(t, tf::ones({}, dtype_from(dtype)));
  }, "input"_a, "dtype"_a = nb::none(), "name"_a = nb::none());
  m.def("fill", [](nb::handle dims, nb::handle value, nb::handle name) {
    NodeName named(name);
    if (nb::hasattr(dims, "_dims")) return tf::fill(shape_from(dims), to_tensor(value));  // a TensorShape
    return tf::ops::array::fill(to_tensor_hinted(dims, tf::int32), to_tensor(value));  // Fill checks the dims
  },
        "dims"_a, "value"_a, "name"_a = nb::none());
  m.def("eye", [](std::int64_t num_rows, nb::handle num_columns, nb::handle batch_shape, nb::handle dtype, nb::handle name) {
    NodeName named(name);
    const tf::Tensor matrix =
        tf::eye(num_rows, num_columns.is_none() ? -1 : nb::cast<std::int64_t>(num_columns), dtype_from(dtype));
    if (batch_shape.is_none()) return matrix;
    std::vector<std::int64_t> dims = int_list(batch_shape);  // a batch of identity matrices
    dims.push_back(matrix.shape().dim(0));
    dims.push_back(matrix.shape().dim(1));
    return tf::broadcast_to(matrix, dims);
  }, "num_rows"_a, "num_columns"_a = nb::none(), "batch_shape"_a = nb::none(), "dtype"_a = nb::str("float32"),
        "name"_a = nb::none());
  m.def("range", [](nb::handle start, nb::handle limit, nb::handle delta, nb::handle dtype, nb::handle name) {
    NodeName named(op_name(name, "range"));
    if (limit.is_none()) std::swap(start, limit), start = nb::int_(0);
    // TensorFlow infers the widest dtype of the three, then converts all to it.
    std::optional<tf::DType> d = optional_dtype(dtype);
    if (!d) {
      d = tf::int32;
      for (nb::handle v : {start, limit, delta}) {
        tf::DType vd = to_tensor(v).dtype();
        if (vd == tf::float64 || (vd == tf::float32 && *d != tf::float64) || (vd == tf::int64 && !tf::is_floating(*d))) d = vd;
      }
    }
    // Python numbers become constants of that dtype directly, so a traced range keeps its static length.
    auto in_dtype = [&](nb::handle v) { return tf::cast(to_tensor_hinted(v, *d), *d); };
    return tf::range(in_dtype(start), in_dtype(limit), in_dtype(delta));
  }, "start"_a, "limit"_a = nb::none(), "delta"_a = 1, "dtype"_a = nb::none(), "name"_a = nb::none());
  m.def("linspace", [](nb::handle start, nb::handle stop, std::int64_t num, nb::handle name) {
    NodeName named(name);
    auto [a, b] = binary_operands(start, stop);
    return tf::linspace(a, b, num);
  }, "start"_a, "stop"_a, "num"_a, "name"_a = nb::none());
  m.def("reshape", [](nb::handle tensor, nb::handle shape, nb::handle name) {
    NodeName named(name);
    return tf::reshape(to_tensor(tensor), int_array(shape));
  },
        "tensor"_a, "shape"_a, "name"_a = nb::none());
  m.def("squeeze", [](nb::handle input, nb::handle axis, nb::handle name) {
    NodeName named(name);
    return tf::squeeze(to_tensor(input), axis.is_none() ? std::vector<std::int64_t>{} : int_list(axis));
  }, "input"_a, "axis"_a = nb::none(), "name"_a = nb::none());
  m.def("expand_dims", [](nb::handle input, std::int64_t axis, nb::handle name) {
    NodeName named(name);
    return tf::expand_dims(to_tensor(input), axis);
  },
        "input"_a, "axis"_a, "name"_a = nb::none());
  m.def("transpose", [](nb::handle a, nb::handle perm, nb::handle name) {
    NodeName named(op_name(name, "transpose"));
    return perm.is_none() ? tf::transpose(to_tensor(a)) : tf::transpose(to_tensor(a), int_array(perm));
  }, "a"_a, "perm"_a = nb::none(), "name"_a = nb::none());
  m.def("concat", [](nb::handle values, std::int64_t axis, nb::handle name) {
    NodeName named(op_name(name, "concat"));
    return tf::concat(matching_tensors(values), axis);
  },
        "values"_a, "axis"_a, "name"_a = nb::none());
  m.def("stack", [](nb::handle values, std::int64_t axis, nb::handle name) {
    NodeName named(op_name(name, "stack"));
    // Along axis 0 TensorFlow converts the list as one value when it can, so Python numbers take
    // the whole list's inferred dtype ([1, 2.5] is float32).
    if (axis == 0) {
      try {
        return to_tensor(values);
      } catch (const nb::builtin_exception& e) {
        if (e.type() != nb::exception_type::type_error && e.type() != nb::exception_type::value_error) throw;
      }
    }
    return tf::stack(matching_tensors(values), axis);
  },
        "values"_a, "axis"_a = 0, "name"_a = nb::none());
  m.def("unstack", [](nb::handle value, nb::handle, std::int64_t axis, nb::handle name) {
    NodeName named(op_name(name, "unstack"));
    return tf::unstack(to_tensor(value), axis);
  },
        "value"_a, "num"_a = nb::none(), "axis"_a = 0, "name"_a = nb::none());
  m.def("split", [](nb::handle value, nb::handle num_or_size_splits, std::int64_t axis, nb::handle, nb::handle name) {
    NodeName named(op_name(name, "split"));
    tf::Tensor t = to_tensor(value);
    if (PyLong_Check(num_or_size_splits.ptr())) return tf::split(t, nb::cast<std::int64_t>(num_or_size_splits), axis);
    return tf::split(t, int_array(num_or_size_splits), axis);
  }, "value"_a, "num_or_size_splits"_a, "axis"_a = 0, "num"_a = nb::none(), "name"_a = nb::none());
  m.def("tile", [](nb::handle input, nb::handle multiples, nb::handle name) {
    NodeName named(name);
    return tf::tile(to_tensor(input), int_array(multiples));
  },
        "input"_a, "multiples"_a, "name"_a = nb::none());
  m.def("pad", [](nb::handle tensor, nb::handle paddings, std::string mode, double constant_values, nb::handle name) {
    NodeName named(name);
    return tf::pad(to_tensor(tensor), to_tensor(paddings), {.mode = mode, .constant_values = constant_values});
  }, "tensor"_a, "paddings"_a, "mode"_a = "CONSTANT", "constant_values"_a = 0, "name"_a = nb::none());
  m.def("slice", [](nb::handle input, nb::handle begin, nb::handle size, nb::handle name) {
    NodeName named(name);
    return tf::slice(to_tensor(input), int_array(begin), int_array(size));
  }, "input_"_a, "begin"_a, "size"_a, "name"_a = nb::none());
  m.def("strided_slice", [](nb::handle input, nb::handle begin, nb::handle end, nb::handle strides, std::int64_t begin_mask,
                            std::int64_t end_mask, std::int64_t ellipsis_mask, std::int64_t new_axis_mask,
                            std::int64_t shrink_axis_mask, nb::handle, nb::handle name) {
    NodeName named(name);
    return tf::strided_slice(to_tensor(input), int_array(begin), int_array(end),
                             strides.is_none() ? tf::IntArray() : int_array(strides),
                             {.begin_mask = begin_mask, .end_mask = end_mask, .ellipsis_mask = ellipsis_mask,
                              .new_axis_mask = new_axis_mask, .shrink_axis_mask = shrink_axis_mask});
  }, "input_"_a, "begin"_a, "end"_a, "strides"_a = nb::none(), "begin_mask"_a = 0, "end_mask"_a = 0,
     "ellipsis_mask"_a = 0, "new_axis_mask"_a = 0, "shrink_axis_mask"_a = 0, "var"_a = nb::none(), "name"_a = nb::none());
  m.def("gather", [](nb::handle params, nb::handle indices, nb::handle, nb::handle axis, std::int64_t batch_dims, nb::handle name) {
    NodeName named(name);
    // A Python int is one scalar index (the axis goes away), not a list of one.
    return tf::gather(to_tensor(params), PyLong_Check(indices.ptr()) ? tf::IntArray(to_tensor(indices)) : int_array(indices),
                      {.axis = axis.is_none() ? batch_dims : nb::cast<std::int64_t>(axis), .batch_dims = batch_dims});
  }, "params"_a, "indices"_a, "validate_indices"_a = nb::none(), "axis"_a = nb::none(), "batch_dims"_a = 0,
     "name"_a = nb::none());
  m.def("gather_nd", [](nb::handle params, nb::handle indices, std::int64_t, nb::handle name) {
    NodeName named(name);
    return tf::gather_nd(to_tensor(params), int_array(indices));
  }, "params"_a, "indices"_a, "batch_dims"_a = 0, "name"_a = nb::none());
  m.def("scatter_nd", [](nb::handle indices, nb::handle updates, nb::handle shape, nb::handle name) {
    NodeName named(name);
    return tf::scatter_nd(int_array(indices), to_tensor(updates), int_array(shape));
  }, "indices"_a, "updates"_a, "shape"_a, "name"_a = nb::none(),
     "A zero tensor of `shape` with `updates` added at the index tuples `indices` (duplicates add).");
  m.def("one_hot", [](nb::handle indices, std::int64_t depth, nb::handle on_value, nb::handle off_value, nb::handle axis,
                      nb::handle dtype, nb::handle name) {
    NodeName named(name);
    return tf::one_hot(int_array(indices), depth,
                       {.on_value = on_value.is_none() ? 1.0 : nb::cast<double>(on_value),
                        .off_value = off_value.is_none() ? 0.0 : nb::cast<double>(off_value),
                        .axis = axis.is_none() ? -1 : nb::cast<std::int64_t>(axis),
                        .dtype = dtype.is_none() ? tf::float32 : dtype_from(dtype)});
  }, "indices"_a, "depth"_a, "on_value"_a = nb::none(), "off_value"_a = nb::none(), "axis"_a = nb::none(),
     "dtype"_a = nb::none(), "name"_a = nb::none());
  m.def("reverse", [](nb::handle tensor, nb::handle axis, nb::handle name) {
    NodeName named(name);
    return tf::reverse(to_tensor(tensor), int_array(axis));
  },
        "tensor"_a, "axis"_a, "name"_a = nb::none());
  m.def("boolean_mask", [](nb::handle tensor, nb::handle mask, std::int64_t axis, nb::handle name) {
    NodeName named(op_name(name, "boolean_mask"));
    return tf::boolean_mask(to_tensor(tensor), to_tensor(mask), axis);
  }, "tensor"_a, "mask"_a, "axis"_a = 0, "name"_a = nb::none());
  m.def("shape", [](nb::handle input, nb::handle out_type, nb::handle name) {
    NodeName named(name);
    return tf::shape(to_tensor(input), dtype_from(out_type));
  },
        "input"_a, "out_type"_a = nb::str("int32"), "name"_a = nb::none());
  m.def("size", [](nb::handle input, nb::handle out_type, nb::handle name) {
    NodeName named(name);
    return tf::size(to_tensor(input), dtype_from(out_type));
  },
        "input"_a, "out_type"_a = nb::str("int32"), "name"_a = nb::none());
  m.def("rank", [](nb::handle input, nb::handle name) {
    NodeName named(name);
    return tf::rank(to_tensor(input));
  }, "input"_a, "name"_a = nb::none());
  m.def("identity", [](nb::handle input, nb::handle name) {
    const tf::Tensor x = to_tensor(input);
    NodeName named(name);
    return tf::identity(x);
  }, "input"_a,
        "name"_a = nb::none());
  m.def("stop_gradient", [](nb::handle input, nb::handle name) {
    NodeName named(name);
    return tf::stop_gradient(to_tensor(input));
  }, "input"_a,
        "name"_a = nb::none());
  m.def("einsum", [](std::string equation, nb::args inputs, nb::kwargs) {
    return tf::einsum(equation, matching_tensors(inputs));
  }, "equation"_a, "inputs"_a, "kwargs"_a);
  // axes: N (a's last N axes against b's first N), or [a_axes, b_axes], each an axis or a list.
  m.def("tensordot", [](nb::handle a, nb::handle b, nb::handle axes, nb::handle name) {
    NodeName named(name);
    auto [x, y] = binary_operands(a, b);
    if (PyLong_Check(axes.ptr())) return tf::tensordot(x, y, nb::cast<std::int64_t>(axes));
    if (nb::len(axes) != 2) {
      const std::string given = nb::cast<std::string>(nb::repr(axes));
      throw nb::value_error(("'axes' must be an integer or have length 2, got " + given).c_str());
    }
    return tf::tensordot(x, y, tf::TensordotAxes{int_list(axes[0]), int_list(axes[1])});
  }, "a"_a, "b"_a, "axes"_a, "name"_a = nb::none());
}

}  // namespace tfpp_python
