// The lookup table ops. Each takes the table's handle as input 0; attributes carry the key and
// value dtypes, so shape functions work on symbolic handles inside tf::function. Ops that change
// a table are stateful; finds, sizes and exports read it, and automatic control dependencies
// order them after earlier writes, as reads of a variable.
#include <fstream>

#include "core/tensor_impl.h"
#include "ops/execute.h"
#include "ops/lookup/lookup_table.h"
#include "tfpp/errors.h"

namespace tf::ops {
namespace {

constexpr int kTin = 0, kTout = 1;  // attribute positions of the ops that have them

std::string name_of(DType d) { return std::string(dtype_name(d)); }

void check_handle(const ShapeContext& ctx) {
  if (ctx.input(0).dtype() != DType::kResource || !ctx.input(0).shape().is_compatible_with(TensorShape{}))
    ctx.fail("table must be a scalar tf.resource handle, got " + name_of(ctx.input(0).dtype()) + ctx.input(0).shape().to_string());
}

// The kernel's check of the inputs against the table's own dtypes (TensorFlow's LookupInterface).
void check_keys(const KernelContext& ctx, const LookupTable& table, const Tensor& keys) {
  if (keys.dtype() != table.key_dtype)
    ctx.fail("Key must be type " + name_of(table.key_dtype) + " but got " + name_of(keys.dtype()));
  if (!table.empty_key) return;
  for (std::int64_t i = 0; i < keys.num_elements(); ++i) {
    const TableKey key = key_at(keys, i);
    if (key == *table.empty_key) ctx.fail("Using the empty_key as a table key is not allowed");
    if (key == *table.deleted_key) ctx.fail("Using the deleted_key as a table key is not allowed");
  }
}

void check_values(const KernelContext& ctx, const LookupTable& table, const Tensor& keys, const Tensor& values) {
  check_keys(ctx, table, keys);
  if (values.dtype() != table.value_dtype)
    ctx.fail("Value must be type " + name_of(table.value_dtype) + " but got " + name_of(values.dtype()));
  if (keys.num_elements() != values.num_elements())
    ctx.fail("Expected shape " + keys.shape().to_string() + " for value, got " + values.shape().to_string());
}

// --- LookupTableFindV2 ------------------------------------------------------------------------

void find_shape(ShapeContext& ctx) {
  check_handle(ctx);
  if (ctx.input(1).dtype() != ctx.attr<DType>(kTin))
    ctx.fail("keys must have dtype " + name_of(ctx.attr<DType>(kTin)) + ", got " + name_of(ctx.input(1).dtype()));
  if (ctx.input(2).dtype() != ctx.attr<DType>(kTout))
    ctx.fail("default_value must have dtype " + name_of(ctx.attr<DType>(kTout)) + ", got " + name_of(ctx.input(2).dtype()));
  ctx.add_output(ctx.attr<DType>(kTout), ctx.input(1).shape());
}

void find_kernel(KernelContext& ctx) {
  const LookupTable& table = table_input(ctx);
  const Tensor& keys = ctx.input(1);
  const Tensor& fallback = ctx.input(2);
  check_keys(ctx, table, keys);
  if (fallback.dtype() != table.value_dtype)
    ctx.fail("Value must be type " + name_of(table.value_dtype) + " but got " + name_of(fallback.dtype()));
  if (fallback.num_elements() != 1)
    ctx.fail("default_value must be a scalar, got shape " + fallback.shape().to_string());
  const TableValue missing = value_at(fallback, 0);
  Tensor& out = ctx.output(0);
  std::lock_guard lock(table.mutex);
  for (std::int64_t i = 0; i < keys.num_elements(); ++i) {
    auto it = table.index.find(key_at(keys, i));
    set_value(out, i, it == table.index.end() ? missing : table.entries[it->second].second);
  }
}

// --- LookupTableImportV2 / InsertV2 / RemoveV2 ------------------------------------------------

void write_shape(ShapeContext& ctx) {
  check_handle(ctx);
  if (ctx.input(1).dtype() != ctx.attr<DType>(kTin))
    ctx.fail("keys must have dtype " + name_of(ctx.attr<DType>(kTin)) + ", got " + name_of(ctx.input(1).dtype()));
  if (ctx.num_inputs() > 2 && ctx.input(2).dtype() != ctx.attr<DType>(kTout))
    ctx.fail("values must have dtype " + name_of(ctx.attr<DType>(kTout)) + ", got " + name_of(ctx.input(2).dtype()));
}

void import_kernel(KernelContext& ctx) {
  LookupTable& table = table_input(ctx);
  const Tensor &keys = ctx.input(1), &values = ctx.input(2);
  check_values(ctx, table, keys, values);
  std::lock_guard lock(table.mutex);
  if (table.is_mutable) {  // a mutable table's import replaces its entries
    table.index.clear();
    table.entries.clear();
    for (std::int64_t i = 0; i < keys.num_elements(); ++i) table.put(key_at(keys, i), value_at(values, i));
    return;
  }
  if (table.initialized)
    throw FailedPreconditionError("[LookupTableImportV2] Table already initialized.");
  for (std::int64_t i = 0; i < keys.num_elements(); ++i) {
    TableKey key = key_at(keys, i);
    TableValue value = value_at(values, i);
    auto it = table.index.find(key);
    if (it != table.index.end() && table.entries[it->second].second != value) {
      const std::string message = "[LookupTableImportV2] " + table.kind + " has different value for same key. Key " +
                                  entry_text(key) + " has " + entry_text(table.entries[it->second].second) +
                                  " and trying to add value " + entry_text(value);
      table.index.clear();  // a failed initialization leaves the table empty
      table.entries.clear();
      throw FailedPreconditionError(message);
    }
    table.put(std::move(key), std::move(value));
  }
  table.initialized = true;
}

LookupTable& mutable_table(KernelContext& ctx, const char* what) {
  LookupTable& table = table_input(ctx);
  if (!table.is_mutable) ctx.fail(std::string(what) + " is not supported by " + table.kind);
  return table;
}

void insert_kernel(KernelContext& ctx) {
  LookupTable& table = mutable_table(ctx, "Insert");
  const Tensor &keys = ctx.input(1), &values = ctx.input(2);
  check_values(ctx, table, keys, values);
  std::lock_guard lock(table.mutex);
  for (std::int64_t i = 0; i < keys.num_elements(); ++i) table.put(key_at(keys, i), value_at(values, i));
}

void remove_kernel(KernelContext& ctx) {
  LookupTable& table = mutable_table(ctx, "Remove");
  const Tensor& keys = ctx.input(1);
  check_keys(ctx, table, keys);
  std::lock_guard lock(table.mutex);
  for (std::int64_t i = 0; i < keys.num_elements(); ++i) table.erase(key_at(keys, i));
}

// --- LookupTableSizeV2 / ExportV2 -------------------------------------------------------------

void size_shape(ShapeContext& ctx) {
  check_handle(ctx);
  ctx.add_output(int64, TensorShape{});
}

void size_kernel(KernelContext& ctx) {
  const LookupTable& table = table_input(ctx);
  std::lock_guard lock(table.mutex);
  ctx.output(0).mutable_data<std::int64_t>()[0] = static_cast<std::int64_t>(table.entries.size());
}

void export_shape(ShapeContext& ctx) {
  check_handle(ctx);
  ctx.add_output(ctx.attr<DType>(kTin), TensorShape({-1}));
  ctx.add_output(ctx.attr<DType>(kTout), TensorShape({-1}));
}

void export_kernel(KernelContext& ctx) {
  const LookupTable& table = table_input(ctx);
  std::lock_guard lock(table.mutex);
  const auto n = static_cast<std::int64_t>(table.entries.size());
  Tensor keys = core::empty(table.key_dtype, TensorShape({n}));
  Tensor values = core::empty(table.value_dtype, TensorShape({n}));
  for (std::int64_t i = 0; i < n; ++i) {
    const auto& [key, value] = table.entries[i];
    set_key(keys, i, key);
    set_value(values, i, value);
  }
  ctx.output(0) = std::move(keys);
  ctx.output(1) = std::move(values);
}

// --- InitializeTableFromTextFileV2 -----------------------------------------------------------
// Attributes: key_index and value_index (a column, or -2 for the whole line, -1 for the line
// number), vocab_size (-1: every line), delimiter, offset (added to line numbers).

enum TextFileAttr { kKeyIndex, kValueIndex, kVocabSize, kDelimiter, kOffset };
constexpr std::int64_t kWholeLine = -2, kLineNumber = -1;

void text_file_shape(ShapeContext& ctx) {
  check_handle(ctx);
  if (ctx.input(1).dtype() != string || !ctx.input(1).shape().is_compatible_with(TensorShape{}))
    ctx.fail("filename must be a string scalar, got " + name_of(ctx.input(1).dtype()) + ctx.input(1).shape().to_string());
}

std::vector<std::string> split_columns(const std::string& line, const std::string& delimiter) {
  std::vector<std::string> columns;
  std::size_t start = 0;
  for (std::size_t pos; (pos = line.find(delimiter, start)) != std::string::npos && !delimiter.empty(); start = pos + delimiter.size())
    columns.push_back(line.substr(start, pos - start));
  columns.push_back(line.substr(start));
  return columns;
}

// The key or value of one line: the line, its number, or a column parsed as `dtype`.
std::variant<std::int64_t, double, std::string> text_entry(const KernelContext& ctx, std::int64_t index, DType dtype,
                                                           const std::string& line, std::int64_t line_number,
                                                           const std::string& filename) {
  const std::string where = filename + ":" + std::to_string(line_number);
  if (index == kLineNumber) {
    if (!is_integer(dtype)) ctx.fail("a line number needs an integer dtype, not " + name_of(dtype));
    return line_number + ctx.attr<std::int64_t>(kOffset);
  }
  std::string text = line;
  if (index != kWholeLine) {
    const std::vector<std::string> columns = split_columns(line, ctx.attr<std::string>(kDelimiter));
    if (index >= static_cast<std::int64_t>(columns.size()))
      ctx.fail("Invalid number of columns in " + where + " : " + line + " Expected " + std::to_string(index + 1) +
               " got " + std::to_string(columns.size()));
    text = columns[index];
  }
  if (dtype == string) return text;
  try {
    std::size_t used = 0;
    if (is_integer(dtype)) {
      const std::int64_t v = std::stoll(text, &used);
      if (used == text.size()) return v;
    } else {
      const double v = std::stod(text, &used);
      if (used == text.size()) return v;
    }
  } catch (const std::exception&) {
  }
  ctx.fail("Field " + text + " in line " + std::to_string(line_number) + " of " + filename + " is not a valid " +
           name_of(dtype));
}

void text_file_kernel(KernelContext& ctx) {
  LookupTable& table = table_input(ctx);
  const std::string filename = ctx.input(1).item<std::string>();
  std::ifstream in(filename, std::ios::binary);
  if (!in) throw NotFoundError("[InitializeTableFromTextFileV2] " + filename + "; No such file or directory");
  const std::int64_t vocab_size = ctx.attr<std::int64_t>(kVocabSize);
  std::vector<std::pair<TableKey, TableValue>> rows;
  std::string line;
  for (std::int64_t n = 0; (vocab_size < 0 || n < vocab_size) && std::getline(in, line); ++n) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    auto key = text_entry(ctx, ctx.attr<std::int64_t>(kKeyIndex), table.key_dtype, line, n, filename);
    auto value = text_entry(ctx, ctx.attr<std::int64_t>(kValueIndex), table.value_dtype, line, n, filename);
    TableKey k = std::holds_alternative<std::string>(key) ? TableKey(std::get<std::string>(key))
                                                          : TableKey(std::get<std::int64_t>(key));
    TableValue v = std::holds_alternative<std::int64_t>(value) && is_floating(table.value_dtype)
                       ? TableValue(static_cast<double>(std::get<std::int64_t>(value)))
                       : TableValue(std::move(value));
    rows.emplace_back(std::move(k), std::move(v));
  }
  if (vocab_size >= 0 && static_cast<std::int64_t>(rows.size()) != vocab_size)
    ctx.fail("Invalid vocab_size in " + filename + ": expected " + std::to_string(vocab_size) + " but got " +
             std::to_string(rows.size()));
  std::lock_guard lock(table.mutex);
  if (table.initialized && !table.is_mutable)
    throw FailedPreconditionError("[InitializeTableFromTextFileV2] Table already initialized.");
  for (auto& [key, value] : rows) {
    auto it = table.index.find(key);
    if (!table.is_mutable && it != table.index.end() && table.entries[it->second].second != value)
      throw FailedPreconditionError("[InitializeTableFromTextFileV2] " + table.kind +
                                    " has different value for same key. Key " + entry_text(key) + " has " +
                                    entry_text(table.entries[it->second].second) + " and trying to add value " +
                                    entry_text(value));
    table.put(std::move(key), std::move(value));
  }
  if (!table.is_mutable)
    table.text_file = LookupTable::TextFileSource{filename, ctx.attr<std::int64_t>(kKeyIndex), ctx.attr<std::int64_t>(kValueIndex),
                                                  vocab_size, ctx.attr<std::string>(kDelimiter), ctx.attr<std::int64_t>(kOffset)};
  table.initialized = true;
}

OpBuilder table_op(const char* name, int inputs, std::vector<std::string> attrs, ShapeFn shape, KernelFn kernel) {
  OpBuilder b(name);
  b.inputs(inputs).attrs(std::move(attrs)).shape(shape).kernel(DType::kResource, kernel).no_gradient();
  return b;
}

const OpDef& kFind = table_op("LookupTableFindV2", 3, {"Tin", "Tout"}, find_shape, find_kernel);
const OpDef& kImport = table_op("LookupTableImportV2", 3, {"Tin", "Tout"}, write_shape, import_kernel).stateful();
const OpDef& kInsert = table_op("LookupTableInsertV2", 3, {"Tin", "Tout"}, write_shape, insert_kernel).stateful();
const OpDef& kRemove = table_op("LookupTableRemoveV2", 2, {"Tin"}, write_shape, remove_kernel).stateful();
const OpDef& kSize = table_op("LookupTableSizeV2", 1, {}, size_shape, size_kernel);
const OpDef& kExport =
    table_op("LookupTableExportV2", 1, {"Tkeys", "Tvalues"}, export_shape, export_kernel).kernel_allocates_outputs();
const OpDef& kTextFile = table_op("InitializeTableFromTextFileV2", 2,
                                  {"key_index", "value_index", "vocab_size", "delimiter", "offset"}, text_file_shape,
                                  text_file_kernel).stateful();

}  // namespace

const OpDef& lookup_table_find_op() { return kFind; }
const OpDef& lookup_table_import_op() { return kImport; }
const OpDef& lookup_table_insert_op() { return kInsert; }
const OpDef& lookup_table_remove_op() { return kRemove; }
const OpDef& lookup_table_size_op() { return kSize; }
const OpDef& lookup_table_export_op() { return kExport; }
const OpDef& initialize_table_from_text_file_op() { return kTextFile; }

}  // namespace tf::ops
