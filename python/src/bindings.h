// Shared pieces of the Python bindings (the _tfpp extension module): each bind_* function adds
// one concept to the module, and the conversions turn Python values into tfpp tensors with
// TensorFlow's rules (tf.convert_to_tensor's dtype inference and dtype hints).
#pragma once

#include <nanobind/nanobind.h>

#include <memory>
#include <optional>
#include <vector>

#include "graph/tracer.h"
#include "tfpp/tfpp.h"

namespace tfpp_python {

namespace nb = nanobind;

void bind_dtypes(nb::module_& m);
void bind_errors(nb::module_& m);
void bind_tensor(nb::module_& m);
void bind_math_ops(nb::module_& m);
void bind_math_reductions(nb::module_& m);  // after bind_math_ops, into its tf.math
void bind_math_counting(nb::module_& m);    // after bind_math_ops, into its tf.math
void bind_array_ops(nb::module_& m);
void bind_nn_ops(nb::module_& m);
void bind_variable(nb::module_& m);
void bind_gradient_tape(nb::module_& m);
void bind_function(nb::module_& m);
void bind_control_flow(nb::module_& m);
void bind_tensor_array(nb::module_& m);
void bind_data(nb::module_& m);
void bind_debugging(nb::module_& m);
void bind_checkpoint(nb::module_& m);
void bind_summary(nb::module_& m);
void bind_profiler(nb::module_& m);
void bind_gradients(nb::module_& m);
void bind_saved_model(nb::module_& m);
void bind_keras(nb::module_& m);
void bind_string_ops(nb::module_& m);
void bind_io(nb::module_& m);
void bind_proto_messages(nb::module_& m);
void bind_array_everyday_ops(nb::module_& m);
void bind_linalg_norm_ops(nb::module_& m);

/// A Python object that C++ code may copy and drop on any thread (a tape, a dataset's workers):
/// the last owner takes the GIL to release it.
class SharedPyObject {
 public:
  explicit SharedPyObject(nb::object object)
      : object_(new nb::object(std::move(object)), [](nb::object* o) {
          nb::gil_scoped_acquire gil;
          delete o;
        }) {}
  /// The object; use with the GIL held.
  const nb::object& get() const { return *object_; }

 private:
  std::shared_ptr<nb::object> object_;
};

/// While alive inside a trace, the next op traced is named after a Python op's `name=` argument
/// (in the current name scope, made unique), as TensorFlow's op wrappers name their nodes;
/// nothing when the argument is None or eagerly.
class NodeName {
 public:
  explicit NodeName(nb::handle name);

 private:
  std::string name_;
  std::optional<tf::graph::NodeNameOverride> override_;
};

/// A Python value as a tensor, as tf.convert_to_tensor does: tensors and variables as they are,
/// Python scalars and nested lists with TensorFlow's inference (int32, int64 when needed,
/// float32, bool, string), NumPy arrays and scalars in their dtype. With `dtype`, Python numbers
/// become that dtype (TypeError if they do not fit it, as TensorFlow's "Cannot convert").
tf::Tensor to_tensor(nb::handle value, std::optional<tf::DType> dtype = std::nullopt);
/// As to_tensor, without the functions of tf.register_tensor_conversion_function (tf.constant).
tf::Tensor constant_value(nb::handle value, std::optional<tf::DType> dtype);
/// Makes fn(value, dtype) the converter of values no built-in conversion takes: it returns a
/// tensor, or None for a value no registered function converts.
void set_registered_conversion(nb::object fn);
/// As tf.convert_to_tensor(value, dtype), and as an op's input of one declared dtype: Python
/// values become `dtype` (TypeError if they do not fit it); a tensor or variable of another dtype
/// raises ValueError with TensorFlow's message.
tf::Tensor to_tensor_strictly(nb::handle value, tf::DType dtype);
/// As to_tensor, trying `hint` first for Python values (tf.convert_to_tensor's dtype_hint): a
/// value that does not convert to it gets the inferred dtype instead.
tf::Tensor to_tensor_hinted(nb::handle value, tf::DType hint);
/// An op's input converted to the dtype of `like`, another input, as TensorFlow's op wrappers
/// convert it: Python values to that dtype when theirs is compatible with it (TypeError "Cannot
/// convert ..." otherwise), NumPy values cast by NumPy; tensors and variables as they are.
tf::Tensor operand_like(nb::handle value, const tf::Tensor& like);
/// As operand_like, but a value that does not convert to `like`'s dtype (TypeError or
/// ValueError) keeps its own, for the op to refuse: tf.convert_to_tensor's dtype_hint, which
/// `x + y`, tf.add, tf.matmul and `/` use for their second input.
tf::Tensor operand_hinted(nb::handle value, const tf::Tensor& like);
/// True for tfpp.Tensor and tfpp.Variable objects.
bool is_tensor_like(nb::handle value);
/// Both inputs of a two-input op, converted as TensorFlow's op wrappers do: a Python value
/// takes the dtype of the other input when that one is a tensor.
std::pair<tf::Tensor, tf::Tensor> binary_operands(nb::handle a, nb::handle b);
/// `a` converted by itself and `b` by operand_hinted beside it (tf.add, tf.matmul, `x + y`).
std::pair<tf::Tensor, tf::Tensor> hinted_operands(nb::handle a, nb::handle b);
/// The inputs of TensorFlow's truediv (`/`, tf.math.truediv, tf.divide): as hinted_operands
/// when `a` is a tensor, else as binary_operands; inputs of two dtypes then raise truediv's own
/// TypeError before any op runs.
std::pair<tf::Tensor, tf::Tensor> truediv_operands(nb::handle a, nb::handle b);
/// A list of ints (a Python int, list, tuple or int tensor), e.g. an axis argument.
std::vector<std::int64_t> int_list(nb::handle value);
/// A Python shape (list/tuple of ints or None, a TensorShape, or None for unknown rank).
tf::TensorShape shape_from(nb::handle value);
/// A read-only NumPy array sharing the tensor's buffer (an object array of bytes for strings).
nb::object tensor_array_view(const tf::Tensor& t);
/// The module a tf.train checkpoint node (tfpp._tfpp._train.Node) stands for.
tf::Module module_of_node(nb::handle node);
/// A tfpp.TensorShape for `shape`.
nb::object tensor_shape_object(const tf::TensorShape& shape);
/// The dtype of a Python dtype argument (tfpp.float32, a NumPy dtype, or a name like "float32").
tf::DType dtype_from(nb::handle value);

}  // namespace tfpp_python
