#include "saving/saved_model/table_importers.h"

#include "ops/lookup/lookup_table.h"
#include "proto/tensor_proto.h"

namespace tf::saving {
namespace {

DType dtype_attr(const ImportedNode& n, const char* name) { return proto_convert::from_data_type(n.attr(name).type()); }

}  // namespace

std::vector<Tensor> import_hash_table(ImportedNode& n) {
  return {ops::make_table_handle("HashTableV2", dtype_attr(n, "key_dtype"), dtype_attr(n, "value_dtype"), false)};
}

std::vector<Tensor> import_mutable_hash_table(ImportedNode& n) {
  return {ops::make_table_handle("MutableHashTableV2", dtype_attr(n, "key_dtype"), dtype_attr(n, "value_dtype"), true)};
}

std::vector<Tensor> import_mutable_dense_hash_table(ImportedNode& n) {
  if (n.has_attr("value_shape") && n.attr("value_shape").shape().dim_size() != 0)
    n.fail("tfpp's dense tables hold scalar values only");
  return {ops::make_dense_table_handle(dtype_attr(n, "key_dtype"), dtype_attr(n, "value_dtype"), n.input(0), n.input(1))};
}

}  // namespace tf::saving
