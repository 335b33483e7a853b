// Tensor <-> TensorProto.
#include "proto/tensor_proto.h"

#include <complex>
#include <cstring>
#include <string>
#include <vector>

#include "core/tensor_impl.h"
#include "tfpp/errors.h"

namespace tf::proto_convert {
namespace {

// Fills `out` from a typed repeated field; fewer values than elements repeat the last one,
// none means zeros (TensorFlow's FromProtoField).
template <class T, class Field>
void fill_from_field(const Field& field, T* out, std::int64_t n) {
  for (std::int64_t i = 0; i < n; ++i)
    out[i] = field.empty() ? T{} : static_cast<T>(field[static_cast<int>(std::min<std::int64_t>(i, field.size() - 1))]);
}

// Complex values come as (real, imag) pairs; a short list repeats its last pair, as above.
template <class Field, class T>
void fill_from_pairs(const Field& field, std::complex<T>* out, std::int64_t n) {
  if (field.size() % 2 != 0) throw DataLossError("[TensorProto] an odd number of complex components: " + std::to_string(field.size()));
  const std::int64_t pairs = field.size() / 2;
  for (std::int64_t i = 0; i < n; ++i) {
    const int k = static_cast<int>(2 * std::min<std::int64_t>(i, pairs - 1));
    out[i] = pairs == 0 ? std::complex<T>{} : std::complex<T>(static_cast<T>(field[k]), static_cast<T>(field[k + 1]));
  }
}

}  // namespace

proto::DataType to_data_type(DType dtype) {
  switch (dtype) {
    case DType::kFloat32: return proto::DT_FLOAT;
    case DType::kFloat64: return proto::DT_DOUBLE;
    case DType::kInt32: return proto::DT_INT32;
    case DType::kInt64: return proto::DT_INT64;
    case DType::kUInt8: return proto::DT_UINT8;
    case DType::kBool: return proto::DT_BOOL;
    case DType::kString: return proto::DT_STRING;
    case DType::kResource: return proto::DT_RESOURCE;
    case DType::kVariant: return proto::DT_VARIANT;
    case DType::kInt8: return proto::DT_INT8;
    case DType::kInt16: return proto::DT_INT16;
    case DType::kUInt16: return proto::DT_UINT16;
    case DType::kUInt32: return proto::DT_UINT32;
    case DType::kUInt64: return proto::DT_UINT64;
    case DType::kFloat16: return proto::DT_HALF;
    case DType::kBFloat16: return proto::DT_BFLOAT16;
    case DType::kComplex64: return proto::DT_COMPLEX64;
    case DType::kComplex128: return proto::DT_COMPLEX128;
  }
  return proto::DT_INVALID;
}

DType from_data_type(int data_type) {
  switch (data_type) {
    case proto::DT_FLOAT: return DType::kFloat32;
    case proto::DT_DOUBLE: return DType::kFloat64;
    case proto::DT_INT32: return DType::kInt32;
    case proto::DT_INT64: return DType::kInt64;
    case proto::DT_UINT8: return DType::kUInt8;
    case proto::DT_BOOL: return DType::kBool;
    case proto::DT_STRING: return DType::kString;
    case proto::DT_RESOURCE: return DType::kResource;
    case proto::DT_VARIANT: return DType::kVariant;
    case proto::DT_INT8: return DType::kInt8;
    case proto::DT_INT16: return DType::kInt16;
    case proto::DT_UINT16: return DType::kUInt16;
    case proto::DT_UINT32: return DType::kUInt32;
    case proto::DT_UINT64: return DType::kUInt64;
    case proto::DT_HALF: return DType::kFloat16;
    case proto::DT_BFLOAT16: return DType::kBFloat16;
    case proto::DT_COMPLEX64: return DType::kComplex64;
    case proto::DT_COMPLEX128: return DType::kComplex128;
    default: break;
  }
  throw InvalidArgumentError("[TensorProto] DataType " + std::to_string(data_type) + " has no tfpp dtype");
}

void to_shape_proto(const TensorShape& shape, proto::TensorShapeProto* out) {
  out->Clear();
  if (shape.has_unknown_rank()) {
    out->set_unknown_rank(true);
    return;
  }
  for (std::int64_t d : shape.dims()) out->add_dim()->set_size(d < 0 ? -1 : d);
}

TensorShape from_shape_proto(const proto::TensorShapeProto& shape) {
  if (shape.unknown_rank()) return TensorShape::unknown_rank();
  std::vector<std::int64_t> dims;
  for (const auto& d : shape.dim()) {
    if (d.size() < -1) throw DataLossError("[TensorShapeProto] negative dimension " + std::to_string(d.size()));
    dims.push_back(d.size());
  }
  return TensorShape(std::span<const std::int64_t>(dims));
}

void to_tensor_proto(const Tensor& tensor, proto::TensorProto* out) {
  out->Clear();
  out->set_dtype(to_data_type(tensor.dtype()));
  to_shape_proto(tensor.shape(), out->mutable_tensor_shape());
  if (tensor.dtype() == DType::kString) {
    const std::string* s = tensor.data<std::string>();
    for (std::int64_t i = 0; i < tensor.num_elements(); ++i) out->add_string_val(s[i]);
    return;
  }
  if (tensor.dtype() == DType::kResource || tensor.dtype() == DType::kVariant)
    throw InvalidArgumentError(std::string("[TensorProto] cannot serialize a ") + std::string(dtype_name(tensor.dtype())) + " tensor");
  if (tensor.dtype() == DType::kBool) {  // tfpp stores bool as one byte, as TensorFlow does
    out->set_tensor_content(tensor.raw_data(), static_cast<std::size_t>(tensor.num_elements()));
    return;
  }
  out->set_tensor_content(tensor.raw_data(), static_cast<std::size_t>(tensor.num_elements()) * dtype_size(tensor.dtype()));
}

namespace {

// TensorFlow's DecodeStringList (AsProtoTensorContent's strings, as SerializeSparse writes them):
// n varint32 lengths, then the bytes of each string in turn.
void decode_string_list(const std::string& content, std::string* out, std::int64_t n) {
  std::size_t at = 0;
  std::vector<std::uint64_t> sizes(static_cast<std::size_t>(n));
  for (auto& size : sizes) {
    size = 0;
    for (int shift = 0;; shift += 7) {
      if (at >= content.size() || shift > 28) throw DataLossError("[TensorProto] damaged string lengths in tensor_content");
      const auto byte = static_cast<unsigned char>(content[at++]);
      size |= std::uint64_t{byte & 0x7fu} << shift;
      if (byte < 0x80) break;
    }
  }
  for (std::int64_t i = 0; i < n; ++i) {
    if (sizes[i] > content.size() - at) throw DataLossError("[TensorProto] tensor_content ends inside string " + std::to_string(i));
    out[i].assign(content, at, sizes[i]);
    at += sizes[i];
  }
  if (at != content.size()) throw DataLossError("[TensorProto] tensor_content has bytes after its " + std::to_string(n) + " strings");
}

}  // namespace

Tensor from_tensor_proto(const proto::TensorProto& proto) {
  const DType dtype = from_data_type(proto.dtype());
  const TensorShape shape = from_shape_proto(proto.tensor_shape());
  if (!shape.is_fully_defined()) throw DataLossError("[TensorProto] the tensor's shape " + shape.debug_string() + " is not fully defined");
  const bool string_content = dtype == DType::kString && proto.string_val_size() == 0 && !proto.tensor_content().empty();
  // Every string takes at least its length byte: a shape claiming more is damaged (checked before allocating).
  if (string_content && static_cast<std::uint64_t>(shape.num_elements()) > proto.tensor_content().size())
    throw DataLossError("[TensorProto] tensor_content holds " + std::to_string(proto.tensor_content().size()) +
                        " bytes, too few for the " + std::to_string(shape.num_elements()) + " strings of shape " + shape.debug_string());
  Tensor t = core::empty(dtype, shape);
  const std::int64_t n = t.num_elements();
  if (string_content) {
    decode_string_list(proto.tensor_content(), t.mutable_data<std::string>(), n);
    return t;
  }
  if (dtype == DType::kString) {
    if (proto.string_val_size() != n)
      throw DataLossError("[TensorProto] " + std::to_string(proto.string_val_size()) + " strings for shape " + shape.debug_string());
    std::string* s = t.mutable_data<std::string>();
    for (std::int64_t i = 0; i < n; ++i) s[i] = proto.string_val(static_cast<int>(i));
    return t;
  }
  const std::size_t bytes = static_cast<std::size_t>(n) * (dtype == DType::kBool ? 1 : dtype_size(dtype));
  if (!proto.tensor_content().empty()) {
    if (proto.tensor_content().size() != bytes)
      throw DataLossError("[TensorProto] tensor_content holds " + std::to_string(proto.tensor_content().size()) +
                          " bytes; shape " + shape.debug_string() + " needs " + std::to_string(bytes));
    std::memcpy(t.raw_mutable_data(), proto.tensor_content().data(), bytes);
    return t;
  }
  switch (dtype) {
    case DType::kFloat32: fill_from_field(proto.float_val(), t.mutable_data<float>(), n); break;
    case DType::kFloat64: fill_from_field(proto.double_val(), t.mutable_data<double>(), n); break;
    case DType::kInt32: fill_from_field(proto.int_val(), t.mutable_data<std::int32_t>(), n); break;
    case DType::kInt64: fill_from_field(proto.int64_val(), t.mutable_data<std::int64_t>(), n); break;
    case DType::kUInt8: fill_from_field(proto.int_val(), t.mutable_data<std::uint8_t>(), n); break;  // TensorFlow's field for small ints
    case DType::kInt8: fill_from_field(proto.int_val(), t.mutable_data<std::int8_t>(), n); break;
    case DType::kInt16: fill_from_field(proto.int_val(), t.mutable_data<std::int16_t>(), n); break;
    case DType::kUInt16: fill_from_field(proto.int_val(), t.mutable_data<std::uint16_t>(), n); break;
    case DType::kUInt32: fill_from_field(proto.uint32_val(), t.mutable_data<std::uint32_t>(), n); break;
    case DType::kUInt64: fill_from_field(proto.uint64_val(), t.mutable_data<std::uint64_t>(), n); break;
    case DType::kBool: fill_from_field(proto.bool_val(), t.mutable_data<bool>(), n); break;
    case DType::kComplex64: fill_from_pairs(proto.scomplex_val(), t.mutable_data<std::complex<float>>(), n); break;
    case DType::kComplex128: fill_from_pairs(proto.dcomplex_val(), t.mutable_data<std::complex<double>>(), n); break;
    case DType::kFloat16:  // half_val holds the 16-bit patterns, of bfloat16 too
    case DType::kBFloat16: fill_from_field(proto.half_val(), static_cast<std::uint16_t*>(t.raw_mutable_data()), n); break;
    default: throw InvalidArgumentError("[TensorProto] cannot read a " + std::string(dtype_name(dtype)) + " tensor");
  }
  return t;
}

}  // namespace tf::proto_convert
