// tf.lookup's table ops and the string hashing ops for Python. The table classes themselves are
// Python (python/tfpp/lookup.py, with TensorFlow's argument checks); here are the ops they run,
// on a table's resource handle, so they run eagerly and inside tf.function alike.
#include <array>
#include <optional>

#include <nanobind/stl/pair.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "bindings.h"
#include "core/resource_handle.h"
#include "ops/execute.h"
#include "ops/lookup/lookup_table.h"
#include "tfpp/init_scope.h"
#include "tfpp/string_hashing.h"
#include "tfpp/string_ngrams.h"

namespace tfpp_python {
namespace {

using namespace nb::literals;

tf::Tensor string_input(nb::handle value) { return to_tensor(value, tf::string); }

tf::Tensor new_table(const std::string& kind, nb::handle key_dtype, nb::handle value_dtype, bool is_mutable,
                     nb::handle empty_key, nb::handle deleted_key) {
  const tf::DType keys = dtype_from(key_dtype);
  auto table = std::make_shared<tf::ops::LookupTable>(kind, keys, dtype_from(value_dtype), is_mutable);
  if (!empty_key.is_none()) {  // a dense table's reserved keys
    table->empty_key = tf::ops::key_at(to_tensor(empty_key, keys), 0);
    table->deleted_key = tf::ops::key_at(to_tensor(deleted_key, keys), 0);
    if (table->empty_key == table->deleted_key)
      throw tf::InvalidArgumentError("[MutableDenseHashTableV2] Empty and deleted keys cannot be equal");
  }
  return tf::core::make_resource_handle(std::move(table));
}

std::array<tf::ops::AttrValue, 2> dtypes(nb::handle key_dtype, nb::handle value_dtype) {
  return {dtype_from(key_dtype), dtype_from(value_dtype)};
}

tf::Tensor find(const tf::Tensor& handle, const tf::Tensor& keys, const tf::Tensor& fallback, nb::handle kd, nb::handle vd,
                nb::handle name) {
  NodeName node(name);
  return tf::ops::execute1(tf::ops::lookup_table_find_op(), {handle, keys, fallback}, dtypes(kd, vd));
}

void write(const tf::ops::OpDef& op, const tf::Tensor& handle, const tf::Tensor& keys, const tf::Tensor& values,
           nb::handle kd, nb::handle vd) {
  tf::ops::execute(op, {handle, keys, values}, dtypes(kd, vd));
}

}  // namespace

void bind_lookup_ops(nb::module_& m) {
  nb::module_ lookup = m.def_submodule("_lookup", "The lookup table ops under tf.lookup's classes.");
  lookup.def("new_table", &new_table, "kind"_a, "key_dtype"_a, "value_dtype"_a, "is_mutable"_a,
             "empty_key"_a = nb::none(), "deleted_key"_a = nb::none(), "A new empty table's resource handle.");
  lookup.def("find", &find, "handle"_a, "keys"_a, "default_value"_a, "key_dtype"_a, "value_dtype"_a, "name"_a = nb::none(),
             "LookupTableFindV2.");
  lookup.def("import_", [](const tf::Tensor& h, const tf::Tensor& k, const tf::Tensor& v, nb::handle kd, nb::handle vd,
                           bool lift) {
    std::optional<tf::init_scope> eager;  // a static table's initialization runs once, outside any trace
    if (lift) eager.emplace();
    write(tf::ops::lookup_table_import_op(), h, k, v, kd, vd);
  }, "handle"_a, "keys"_a, "values"_a, "key_dtype"_a, "value_dtype"_a, "lift"_a = false, "LookupTableImportV2.");
  lookup.def("insert", [](const tf::Tensor& h, const tf::Tensor& k, const tf::Tensor& v, nb::handle kd, nb::handle vd) {
    write(tf::ops::lookup_table_insert_op(), h, k, v, kd, vd);
  }, "LookupTableInsertV2.");
  lookup.def("remove", [](const tf::Tensor& h, const tf::Tensor& k, nb::handle kd) {
    const std::array<tf::ops::AttrValue, 1> attrs{dtype_from(kd)};
    tf::ops::execute(tf::ops::lookup_table_remove_op(), {h, k}, attrs);
  }, "LookupTableRemoveV2.");
  lookup.def("size", [](const tf::Tensor& h, nb::handle name) {
    NodeName node(name);
    return tf::ops::execute1(tf::ops::lookup_table_size_op(), {h});
  }, "handle"_a, "name"_a = nb::none(), "LookupTableSizeV2.");
  lookup.def("export", [](const tf::Tensor& h, nb::handle kd, nb::handle vd) {
    tf::ops::Outputs out = tf::ops::execute(tf::ops::lookup_table_export_op(), {h}, dtypes(kd, vd));
    return std::pair(std::move(out[0]), std::move(out[1]));
  }, "LookupTableExportV2.");
  lookup.def("init_from_text_file", [](const tf::Tensor& h, const std::string& filename, std::int64_t key_index,
                                       std::int64_t value_index, std::int64_t vocab_size, const std::string& delimiter,
                                       std::int64_t offset) {
    tf::init_scope eager;  // a static table's initialization runs once, outside any trace
    const std::array<tf::ops::AttrValue, 5> attrs{key_index, value_index, vocab_size, delimiter, offset};
    tf::ops::execute(tf::ops::initialize_table_from_text_file_op(), {h, tf::constant(filename)}, attrs);
  }, "InitializeTableFromTextFileV2.");

  nb::module_ strings = nb::borrow<nb::module_>(m.attr("strings"));
  strings.def("to_hash_bucket_fast", [](nb::handle input, std::int64_t num_buckets, nb::handle name) {
    NodeName node(name);
    return tf::strings::to_hash_bucket_fast(string_input(input), num_buckets);
  }, "input"_a, "num_buckets"_a, "name"_a = nb::none(), "FarmHash Fingerprint64 of each string modulo num_buckets.");
  strings.def("to_hash_bucket_strong", [](nb::handle input, std::int64_t num_buckets, std::vector<std::int64_t> key,
                                          nb::handle name) {
    NodeName node(name);
    return tf::strings::to_hash_bucket_strong(string_input(input), num_buckets, key);
  }, "input"_a, "num_buckets"_a, "key"_a, "name"_a = nb::none(), "SipHash-2-4 of each string modulo num_buckets.");
  strings.def("to_hash_bucket", [](nb::handle input, std::int64_t num_buckets, nb::handle name) {
    NodeName node(name);
    return tf::strings::to_hash_bucket(string_input(input), num_buckets);
  }, "string_tensor"_a, "num_buckets"_a, "name"_a = nb::none(), "TensorFlow's legacy Hash64 of each string modulo num_buckets.");
  strings.def("_ngrams", [](nb::handle values, nb::handle splits, const std::string& separator,
                            std::vector<std::int64_t> widths, const std::string& left, const std::string& right,
                            std::int64_t pad_width, bool preserve_short) {
    return tf::strings::ngrams_of_rows(string_input(values), to_tensor(splits), widths,
                                       {.separator = separator, .left_pad = left, .right_pad = right,
                                        .pad_width = pad_width, .preserve_short_sequences = preserve_short});
  }, "StringNGrams on flat values and row splits: the n-grams and their row splits.");
  m.def("fingerprint", [](nb::handle data, const std::string& method, nb::handle name) {
    NodeName node(name);
    return tf::fingerprint(to_tensor(data), method);
  }, "data"_a, "method"_a = "farmhash64", "name"_a = nb::none(), "The 64-bit fingerprint of each row of data, as 8 bytes.");
}

}  // namespace tfpp_python
