// tfpp.Tensor: the Python face of tf::Tensor. Values reach NumPy without a copy (__array__ gives
// a read-only view of the tensor's buffer, which stays alive as long as the view), operators
// follow TensorFlow's Python semantics, and str/repr are TensorFlow's text (tfpp's C++ prints it).
#include <complex>
#include <nanobind/ndarray.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "bindings.h"
#include "core/tensor_impl.h"
#include "dtype_object.h"
#include "operators.h"
#include "tfpp/debugging_asserts.h"

namespace tfpp_python {
namespace {

using namespace nb::literals;

nb::dlpack::dtype dlpack_dtype(tf::DType d) {
  switch (d) {
    case tf::DType::kFloat32: return nb::dtype<float>();
    case tf::DType::kFloat64: return nb::dtype<double>();
    case tf::DType::kInt32: return nb::dtype<std::int32_t>();
    case tf::DType::kInt64: return nb::dtype<std::int64_t>();
    case tf::DType::kUInt8: return nb::dtype<std::uint8_t>();
    case tf::DType::kComplex64: return nb::dtype<std::complex<float>>();
    case tf::DType::kComplex128: return nb::dtype<std::complex<double>>();
    case tf::DType::kInt8: return nb::dtype<std::int8_t>();
    case tf::DType::kInt16: return nb::dtype<std::int16_t>();
    case tf::DType::kUInt16: return nb::dtype<std::uint16_t>();
    case tf::DType::kUInt32: return nb::dtype<std::uint32_t>();
    case tf::DType::kUInt64: return nb::dtype<std::uint64_t>();
    case tf::DType::kBool: return nb::dtype<bool>();
    case tf::DType::kFloat16: return {static_cast<std::uint8_t>(nb::dlpack::dtype_code::Float), 16, 1};
    case tf::DType::kBFloat16: return nb::dtype<std::uint16_t>();  // viewed as ml_dtypes.bfloat16 below
    default: throw nb::type_error(("a " + std::string(tf::dtype_name(d)) + " tensor has no NumPy value").c_str());
  }
}

void require_concrete(const tf::Tensor& t, const char* what) {
  if (!t.defined()) throw nb::value_error("the tensor is undefined (None)");
  if (t.is_symbolic())
    throw nb::type_error((std::string(what) + " is not available for a symbolic tensor (inside tf.function); "
                          "return the tensor from the function instead").c_str());
}

// An ndarray of the tensor's buffer for `Framework` (array_api: a DLPack producer). The capsule inside
// owns a handle to the tensor, so its buffer lives as long as the ndarray's consumer holds it.
template <class... Framework>
nb::object shared_ndarray(const tf::Tensor& t, nb::dlpack::dtype dtype) {
  std::vector<std::size_t> shape(t.shape().dims().begin(), t.shape().dims().end());
  auto* owner = new tf::Tensor(t);
  nb::capsule keep_alive(owner, [](void* p) noexcept { delete static_cast<tf::Tensor*>(p); });
  nb::ndarray<Framework..., nb::ro> array(t.raw_data(), shape.size(), shape.data(), keep_alive, nullptr, dtype);
  return nb::cast(array, nb::rv_policy::reference);
}

// A NumPy array of the tensor's values that shares its buffer (strings: an object array of bytes).
nb::object array_view(const tf::Tensor& t) {
  require_concrete(t, "the NumPy value");
  if (t.dtype() == tf::string) {
    std::vector<std::size_t> shape(t.shape().dims().begin(), t.shape().dims().end());
    nb::list items;
    const std::string* s = t.data<std::string>();
    for (std::int64_t i = 0; i < t.num_elements(); ++i) items.append(nb::bytes(s[i].data(), s[i].size()));
    nb::module_ np = nb::module_::import_("numpy");
    nb::object flat = np.attr("empty")(items.size(), "dtype"_a = "object");
    for (std::size_t i = 0; i < items.size(); ++i) flat[nb::int_(i)] = items[i];
    return flat.attr("reshape")(nb::cast(shape));
  }
  nb::object result = shared_ndarray<nb::numpy>(t, dlpack_dtype(t.dtype()));
  // NumPy takes DLPack's 64-bit ints as C long long ('q'), a type apart from np.int64 ('l') that
  // prints dtype=int64 where TensorFlow's arrays print none: view them as np.int64.
  if (t.dtype() == tf::DType::kInt64) {
    static auto* int64 = new nb::object(nb::module_::import_("numpy").attr("int64"));
    result = result.attr("view")(*int64);
  }
  if (t.dtype() == tf::DType::kBFloat16) {  // NumPy has no bfloat16: TensorFlow's arrays use ml_dtypes'
    static auto* bfloat16 = new nb::object(nb::module_::import_("ml_dtypes").attr("bfloat16"));
    result = result.attr("view")(*bfloat16);
  }
  if (t.dtype() == tf::DType::kUInt64) {  // likewise unsigned long long, viewed as np.uint64
    static auto* uint64 = new nb::object(nb::module_::import_("numpy").attr("uint64"));
    result = result.attr("view")(*uint64);
  }
  return result;
}

// DLPack's own bfloat16 (NumPy views tfpp's as ml_dtypes' through a uint16 array instead).
constexpr nb::dlpack::dtype kDlpackBfloat16{static_cast<std::uint8_t>(nb::dlpack::dtype_code::Bfloat), 16, 1};

// The tensor as a DLPack producer (nanobind's ndarray object, whose __dlpack__ makes capsules
// sharing the tensor's buffer).
nb::object dlpack_producer(const tf::Tensor& t) {
  if (!t.defined() || t.is_symbolic())
    throw tf::InvalidArgumentError("The argument to `to_dlpack` must be a TF tensor, not Python object");
  if (t.dtype() == tf::string || t.dtype() == tf::resource || t.dtype() == tf::variant)
    throw tf::InvalidArgumentError("[to_dlpack] a " + std::string(tf::dtype_name(t.dtype())) +
                                   " tensor has no DLPack form: DLPack holds numbers of fixed size");
  if (t.dtype() == tf::bfloat16)
    return shared_ndarray<nb::array_api>(t, kDlpackBfloat16);
  return shared_ndarray<nb::array_api>(t, dlpack_dtype(t.dtype()));
}

tf::DType dtype_of_dlpack(nb::dlpack::dtype dtype) {
  if (dtype == kDlpackBfloat16) return tf::bfloat16;
  for (tf::DType d : {tf::float32, tf::float64, tf::float16, tf::int32, tf::int64, tf::int8, tf::int16, tf::uint8,
                      tf::uint16, tf::uint32, tf::uint64, tf::bool_, tf::complex64, tf::complex128})
    if (dlpack_dtype(d) == dtype) return d;
  throw tf::InvalidArgumentError("[from_dlpack] tfpp has no dtype for DLPack's type code " +
                                 std::to_string(dtype.code) + " of " + std::to_string(dtype.bits) + " bits and " +
                                 std::to_string(dtype.lanes) + " lanes");
}

// tf.experimental.dlpack.from_dlpack: a tensor with a copy of the capsule's values (tfpp's
// buffers come from its own allocator, so it cannot adopt the producer's memory).
tf::Tensor from_dlpack(nb::handle capsule) {
  if (!PyCapsule_CheckExact(capsule.ptr()))
    throw nb::type_error(("from_dlpack expects a DLPack capsule, got " + nb::cast<std::string>(nb::repr(capsule.type()))).c_str());
  const char* name = PyCapsule_GetName(capsule.ptr());
  const std::string shown = name ? name : "";
  if (shown != "dltensor" && shown != "dltensor_versioned")
    throw tf::InvalidArgumentError("DLPack tensor must be a capsule with name \"dltensor\", got \"" + shown +
                                   "\". Note that a DLPack tensor may be consumed at most once.");
  nb::ndarray<nb::ro> array;
  if (!nb::try_cast(capsule, array)) throw tf::InvalidArgumentError("[from_dlpack] the capsule holds no readable tensor");
  if (array.device_type() != nb::device::cpu::value)
    throw tf::InvalidArgumentError("[from_dlpack] the tensor is on DLPack device type " +
                                   std::to_string(array.device_type()) + "; tfpp reads host (CPU) memory only");
  tf::TensorShape shape;
  for (std::size_t i = 0; i < array.ndim(); ++i) shape.append(static_cast<std::int64_t>(array.shape(i)));
  std::int64_t compact = 1;  // the stride of a row-major array with no gaps
  for (std::size_t i = array.ndim(); i-- > 0 && shape.num_elements() > 0;) {
    if (array.shape(i) != 1 && array.stride(i) != compact) throw tf::InvalidArgumentError("Invalid strides array from DLPack");
    compact *= static_cast<std::int64_t>(array.shape(i));
  }
  return tf::detail::constant_from(dtype_of_dlpack(array.dtype()), shape, array.data(), array.size());
}

nb::object shape_object(const tf::TensorShape& shape) {
  static auto* tensor_shape = new nb::object(nb::module_::import_("tfpp.tensor_shape").attr("TensorShape"));
  if (shape.has_unknown_rank()) return (*tensor_shape)(nb::none());
  nb::list dims;
  for (std::int64_t d : shape.dims()) dims.append(d < 0 ? nb::none() : nb::object(nb::int_(d)));
  return (*tensor_shape)(dims);
}

// The value of a one-element tensor as a Python number (int(t), float(t), bool(t)).
nb::object scalar_value(const tf::Tensor& t, const char* what) {
  require_concrete(t, what);
  if (t.num_elements() != 1)
    throw nb::type_error(("only a tensor with one element converts to a Python scalar, got shape " +
                          t.shape().to_string()).c_str());
  return array_view(t).attr("item")();
}

}  // namespace

nb::object tensor_array_view(const tf::Tensor& t) { return array_view(t); }
nb::object tensor_shape_object(const tf::TensorShape& shape) { return shape_object(shape); }

void bind_tensor(nb::module_& m) {
  nb::class_<tf::Tensor> cls(m, "Tensor", "A multi-dimensional array of one dtype (tf.Tensor).");
  cls.def_prop_ro("dtype", [](const tf::Tensor& t) { return dtype_object(t.dtype()); })
      .def_prop_ro("shape", [](const tf::Tensor& t) { return shape_object(t.shape()); })
      .def_prop_ro("ndim", [](const tf::Tensor& t) { return t.rank(); })
      .def_prop_ro("name", [](const tf::Tensor& t) {  // a graph tensor's "op_name:index"
        if (!t.is_symbolic()) throw nb::attribute_error("Tensor.name is undefined when eager execution is enabled.");
        return t.impl()->symbolic->name;
      })
      .def("get_shape", [](const tf::Tensor& t) { return shape_object(t.shape()); })
      .def("_ensure_shape", [](tf::Tensor& t, nb::handle shape) { t = tf::ensure_shape(t, shape_from(shape)); },
           "Makes this object a tensor of the (more specific) static `shape`, checked when the graph runs "
           "(Tensor.set_shape inside a tf.function).")
      .def("_array_view", &array_view, "The values as a read-only NumPy array sharing the tensor's buffer.")
      .def("__dlpack__",
           [](const tf::Tensor& t, nb::kwargs options) { return dlpack_producer(t).attr("__dlpack__")(**options); },
           "A DLPack capsule sharing the tensor's buffer (stream, max_version, dl_device and copy as the protocol says).")
      .def("__dlpack_device__", [](const tf::Tensor&) { return nb::make_tuple(1, 0); }, "(kDLCPU, 0): tensors live in host memory.")
      .def("_is_symbolic", &tf::Tensor::is_symbolic)
      .def("__str__", &tf::Tensor::to_string)
      .def("__repr__",
           [](const tf::Tensor& t) {
             if (!t.is_symbolic()) return t.repr();
             // TensorFlow's repr of a graph tensor: <tf.Tensor 'x:0' shape=(2,) dtype=float32>.
             return "<tf.Tensor '" + t.impl()->symbolic->name + "' shape=" + t.shape().to_string() +
                    " dtype=" + std::string(tf::dtype_name(t.dtype())) + ">";
           })
      .def("__len__",
           [](const tf::Tensor& t) {
             if (t.rank() == 0) throw nb::type_error("Scalar tensor has no `len()`");
             if (t.shape().dim(0) < 0) throw nb::type_error("len() of a tensor whose first dimension is unknown");
             return t.shape().dim(0);
           })
      // A symbolic tensor's bool() raises OperatorNotAllowedInGraphError first (python/tfpp/tensor_methods.py).
      .def("__bool__", [](const tf::Tensor& t) { return PyObject_IsTrue(scalar_value(t, "bool()").ptr()) == 1; })
      .def("__float__", [](const tf::Tensor& t) { return nb::cast<double>(scalar_value(t, "float()")); })
      .def("__int__", [](const tf::Tensor& t) { return scalar_value(t, "int()"); })
      .def("__index__",
           [](const tf::Tensor& t) {
             if (!tf::is_integer(t.dtype())) throw nb::type_error("only integer scalar tensors can be used as an index");
             return scalar_value(t, "__index__");
           });
  add_operators(cls);
  m.def("_to_dlpack", [](const tf::Tensor& t) { return dlpack_producer(t).attr("__dlpack__")(); });
  m.def("_from_dlpack", &from_dlpack);
}

}  // namespace tfpp_python
