#include "ops/lookup/lookup_table.h"

#include <cstdio>

#include "tfpp/errors.h"

namespace tf::ops {

void LookupTable::put(TableKey key, TableValue value) {
  auto [it, inserted] = index.try_emplace(key, entries.size());
  if (inserted) entries.emplace_back(std::move(key), std::move(value));
  else entries[it->second].second = std::move(value);
}

void LookupTable::erase(const TableKey& key) {
  auto it = index.find(key);
  if (it == index.end()) return;
  const std::size_t pos = it->second;
  index.erase(it);
  if (pos + 1 != entries.size()) {  // the last entry fills the gap
    entries[pos] = std::move(entries.back());
    index[entries[pos].first] = pos;
  }
  entries.pop_back();
}

Tensor make_table_handle(const char* kind, DType key_dtype, DType value_dtype, bool is_mutable) {
  if (!is_table_key_dtype(key_dtype))
    throw InvalidArgumentError(std::string("[") + kind + "] keys must be string, int32 or int64, got " +
                               std::string(dtype_name(key_dtype)));
  if (!is_table_value_dtype(value_dtype))
    throw InvalidArgumentError(std::string("[") + kind + "] values must be string, int32, int64, float32 or float64, got " +
                               std::string(dtype_name(value_dtype)));
  // The table's own kind is TensorFlow's kernel class, which its kernels' messages name.
  return core::make_resource_handle(
      std::make_shared<LookupTable>(is_mutable ? "MutableHashTable" : "HashTable", key_dtype, value_dtype, is_mutable));
}

Tensor make_dense_table_handle(DType key_dtype, DType value_dtype, const Tensor& empty_key, const Tensor& deleted_key) {
  for (const Tensor* k : {&empty_key, &deleted_key})
    if (!k->defined() || k->is_symbolic() || k->dtype() != key_dtype || k->num_elements() != 1)
      throw InvalidArgumentError("[DenseHashTable] empty_key and deleted_key must be concrete scalars of the key dtype " +
                                 std::string(dtype_name(key_dtype)));
  Tensor handle = make_table_handle("DenseHashTable", key_dtype, value_dtype, true);
  auto table = std::static_pointer_cast<LookupTable>(core::resource_of(handle));
  table->empty_key = key_at(empty_key, 0);
  table->deleted_key = key_at(deleted_key, 0);
  if (table->empty_key == table->deleted_key)
    throw InvalidArgumentError("[MutableDenseHashTableV2] Empty and deleted keys cannot be equal");
  return handle;
}

bool is_table_key_dtype(DType dtype) { return dtype == string || dtype == int32 || dtype == int64; }
bool is_table_value_dtype(DType dtype) { return is_table_key_dtype(dtype) || is_floating(dtype); }

TableKey key_at(const Tensor& keys, std::int64_t i) {
  switch (keys.dtype()) {
    case DType::kString: return keys.data<std::string>()[i];
    case DType::kInt32: return std::int64_t{keys.data<std::int32_t>()[i]};
    default: return keys.data<std::int64_t>()[i];
  }
}

TableValue value_at(const Tensor& values, std::int64_t i) {
  switch (values.dtype()) {
    case DType::kString: return values.data<std::string>()[i];
    case DType::kInt32: return std::int64_t{values.data<std::int32_t>()[i]};
    case DType::kInt64: return values.data<std::int64_t>()[i];
    case DType::kFloat32: return double{values.data<float>()[i]};
    default: return values.data<double>()[i];
  }
}

void set_value(Tensor& out, std::int64_t i, const TableValue& value) {
  switch (out.dtype()) {
    case DType::kString: out.mutable_data<std::string>()[i] = std::get<std::string>(value); break;
    case DType::kInt32: out.mutable_data<std::int32_t>()[i] = static_cast<std::int32_t>(std::get<std::int64_t>(value)); break;
    case DType::kInt64: out.mutable_data<std::int64_t>()[i] = std::get<std::int64_t>(value); break;
    case DType::kFloat32: out.mutable_data<float>()[i] = static_cast<float>(std::get<double>(value)); break;
    default: out.mutable_data<double>()[i] = std::get<double>(value); break;
  }
}

void set_key(Tensor& out, std::int64_t i, const TableKey& key) {
  switch (out.dtype()) {
    case DType::kString: out.mutable_data<std::string>()[i] = std::get<std::string>(key); break;
    case DType::kInt32: out.mutable_data<std::int32_t>()[i] = static_cast<std::int32_t>(std::get<std::int64_t>(key)); break;
    default: out.mutable_data<std::int64_t>()[i] = std::get<std::int64_t>(key); break;
  }
}

std::string entry_text(const TableKey& key) {
  if (const auto* s = std::get_if<std::string>(&key)) return *s;
  return std::to_string(std::get<std::int64_t>(key));
}

std::string entry_text(const TableValue& value) {
  if (const auto* s = std::get_if<std::string>(&value)) return *s;
  if (const auto* i = std::get_if<std::int64_t>(&value)) return std::to_string(*i);
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", std::get<double>(value));
  return buf;
}

LookupTable& table_input(const OpContext& ctx, std::size_t i) {
  auto table = std::dynamic_pointer_cast<LookupTable>(core::resource_of(ctx.input(i)));
  if (!table) ctx.fail("input " + std::to_string(i) + " is not a lookup table's handle");
  return *table;  // the op's input handle keeps the table alive while the kernel runs
}

}  // namespace tf::ops
