#include "data_type_names.h"

#include <map>

namespace tfpp_tool {
namespace {

struct Names {
  const char* proto;   // the enum value's name without "DT_"
  const char* python;  // tf.DType.name
};

const std::map<int, Names>& names() {
  static const std::map<int, Names> table = {
      {0, {"INVALID", ""}},        {1, {"FLOAT", "float32"}},       {2, {"DOUBLE", "float64"}},
      {3, {"INT32", "int32"}},      {4, {"UINT8", "uint8"}},         {5, {"INT16", "int16"}},
      {6, {"INT8", "int8"}},        {7, {"STRING", "string"}},       {8, {"COMPLEX64", "complex64"}},
      {9, {"INT64", "int64"}},      {10, {"BOOL", "bool"}},          {11, {"QINT8", "qint8"}},
      {12, {"QUINT8", "quint8"}},   {13, {"QINT32", "qint32"}},      {14, {"BFLOAT16", "bfloat16"}},
      {15, {"QINT16", "qint16"}},   {16, {"QUINT16", "quint16"}},    {17, {"UINT16", "uint16"}},
      {18, {"COMPLEX128", "complex128"}}, {19, {"HALF", "float16"}}, {20, {"RESOURCE", "resource"}},
      {21, {"VARIANT", "variant"}}, {22, {"UINT32", "uint32"}},      {23, {"UINT64", "uint64"}},
      {24, {"FLOAT8_E5M2", "float8_e5m2"}}, {25, {"FLOAT8_E4M3FN", "float8_e4m3fn"}},
      {26, {"INT4", "int4"}},       {27, {"UINT4", "uint4"}},
  };
  return table;
}

}  // namespace

std::string data_type_name(int data_type) {
  const bool ref = data_type > 100;
  const auto it = names().find(ref ? data_type - 100 : data_type);
  if (it == names().end() || (ref && it->first == 0)) return "DataType " + std::to_string(data_type);
  return std::string("DT_") + it->second.proto + (ref ? "_REF" : "");
}

std::string python_dtype_repr(int data_type) {
  const bool ref = data_type > 100;
  const auto it = names().find(ref ? data_type - 100 : data_type);
  if (it == names().end() || it->first == 0) return "tf.DType(" + std::to_string(data_type) + ")";
  return std::string("tf.") + it->second.python + (ref ? "_ref" : "");
}

}  // namespace tfpp_tool
