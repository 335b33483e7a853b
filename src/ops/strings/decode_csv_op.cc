// DecodeCSV: splits each record into fields (RFC 4180 quoting when use_quote_delim) and parses
// field i as record_defaults[i]'s dtype, with TensorFlow's error messages.
#include <array>
#include <type_traits>

#include "ops/execute.h"
#include "ops/strings/parse_number.h"
#include "ops/strings/string_inputs.h"
#include "tfpp/decode_csv.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::OpBuilder;
using ops::OpContext;
using ops::OpDef;
using ops::ShapeContext;

enum Attr { kFieldDelim, kUseQuoteDelim, kNaValue, kSelectCols };

char delimiter(const OpContext& ctx) {
  const std::string& delim = ctx.attr<std::string>(kFieldDelim);
  if (delim.size() != 1) ctx.fail("field_delim should be only 1 char, got \"" + delim + "\"");
  return delim[0];
}

void decode_csv_shape(ShapeContext& ctx) {
  ops::check_string_input(ctx, 0, "records");
  delimiter(ctx);
  for (std::size_t i = 1; i < ctx.num_inputs(); ++i) {
    const Tensor& d = ctx.input(i);
    const DType t = d.dtype();
    if (t != float32 && t != float64 && t != int32 && t != int64 && t != string)
      ctx.fail("Value for attr 'OUT_TYPE' of " + std::string(dtype_name(t)) +
               " is not in the list of allowed values: float, double, int32, int64, string");
    if (!d.shape().has_unknown_rank() && (d.rank() > 1 || (d.rank() == 1 && d.shape().dim(0) > 1)))
      ctx.fail("Shape of a default must be a length-0 or length-1 vector, or a scalar; record_defaults[" +
               std::to_string(i - 1) + "] has shape " + d.shape().debug_string());
    ctx.add_output(t, ctx.input(0).shape());
  }
}

// The fields of `record`, as TensorFlow's DecodeCSV splits them.
std::vector<std::string> split_record(const OpContext& ctx, const std::string& record, char delim, bool quotes) {
  std::vector<std::string> fields;
  std::size_t i = 0;
  for (;;) {
    std::string field;
    if (quotes && i < record.size() && record[i] == '"') {
      for (++i;; ++i) {
        if (i >= record.size()) ctx.fail("Quoted field has to end with quote followed by delim or end");
        if (record[i] == '"') {
          if (i + 1 < record.size() && record[i + 1] == '"') {
            field += '"';
            ++i;
            continue;
          }
          ++i;
          break;
        }
        field += record[i];
      }
      if (i < record.size() && record[i] != delim) ctx.fail("Quoted field has to end with quote followed by delim or end");
    } else {
      for (; i < record.size() && record[i] != delim; ++i) {
        if (quotes && (record[i] == '"' || record[i] == '\n' || record[i] == '\r'))
          ctx.fail("Unquoted fields cannot have quotes/CRLFs inside");
        field += record[i];
      }
    }
    fields.push_back(std::move(field));
    if (i >= record.size()) return fields;
    ++i;  // the delimiter; one at the very end leaves an empty last field
  }
}

template <class T>
void parse_field(const OpContext& ctx, const std::string& field, std::size_t column, std::int64_t record, T& out) {
  if constexpr (std::is_same_v<T, std::string>) {
    out = field;
  } else if (!ops::parse_number(field, out)) {
    // TensorFlow's C++ type names: float, double, int32, int64.
    const char* type = std::is_same_v<T, float> ? "float" : std::is_same_v<T, double> ? "double"
                       : std::is_same_v<T, std::int32_t> ? "int32" : "int64";
    ctx.fail("Field " + std::to_string(column) + " in record " + std::to_string(record) + " is not a valid " + type +
             ": " + field);
  }
}

// Writes column `c` of record `r` from `field` (or the column's default when it is missing).
void write_field(const OpContext& ctx, const std::string* field, std::size_t c, std::int64_t r, Tensor& out) {
  const Tensor& fallback = ctx.input(c + 1);
  const bool missing = field == nullptr || field->empty() || *field == ctx.attr<std::string>(kNaValue);
  if (missing && fallback.num_elements() == 0)
    ctx.fail("Field " + std::to_string(c) + " is required but missing in record " + std::to_string(r) + "!");
  const auto put = [&]<class T>(T* values) {
    if (missing) values[r] = fallback.data<T>()[0];
    else parse_field(ctx, *field, c, r, values[r]);
  };
  switch (out.dtype()) {
    case DType::kFloat32: return put(out.mutable_data<float>());
    case DType::kFloat64: return put(out.mutable_data<double>());
    case DType::kInt32: return put(out.mutable_data<std::int32_t>());
    case DType::kInt64: return put(out.mutable_data<std::int64_t>());
    default: return put(out.mutable_data<std::string>());
  }
}

void decode_csv_kernel(KernelContext& ctx) {
  const Tensor& records = ctx.input(0);
  const char delim = delimiter(ctx);
  const bool quotes = ctx.attr<bool>(kUseQuoteDelim);
  const auto& select = ctx.attr<std::vector<std::int64_t>>(kSelectCols);
  const std::size_t columns = ctx.num_inputs() - 1;
  const std::string* text = records.data<std::string>();
  for (std::int64_t r = 0; r < records.num_elements(); ++r) {
    const std::vector<std::string> fields = split_record(ctx, text[r], delim, quotes);
    const std::size_t expected = select.empty() ? columns : static_cast<std::size_t>(select.back()) + 1;
    if (select.empty() ? fields.size() != columns : fields.size() < expected)
      ctx.fail("Expect " + std::to_string(expected) + " fields but have " + std::to_string(fields.size()) + " in record " +
               std::to_string(r));
    for (std::size_t c = 0; c < columns; ++c)
      write_field(ctx, &fields[select.empty() ? c : static_cast<std::size_t>(select[c])], c, r, ctx.output(c));
  }
}

const OpDef& kDecodeCsv = OpBuilder("DecodeCSV").variadic_inputs()
    .attrs({"field_delim", "use_quote_delim", "na_value", "select_cols"}).shape(decode_csv_shape)
    .kernel(string, decode_csv_kernel).no_gradient();

}  // namespace

namespace io {

std::vector<Tensor> decode_csv(const Tensor& records, const std::vector<Tensor>& record_defaults,
                               const DecodeCsvOptions& options) {
  const std::string op = "[DecodeCSV] ";
  if (record_defaults.empty()) throw InvalidArgumentError(op + "needs at least one record default");
  if (!options.select_cols.empty() && options.select_cols.size() != record_defaults.size())
    throw InvalidArgumentError(op + "Length of select_cols and record_defaults do not match.");
  for (std::size_t i = 0; i < options.select_cols.size(); ++i) {
    if (options.select_cols[i] < 0) throw InvalidArgumentError(op + "select_cols contains negative values.");
    if (i && options.select_cols[i] <= options.select_cols[i - 1])
      throw InvalidArgumentError(op + "select_cols is not strictly increasing.");
  }
  std::vector<Tensor> inputs{records};
  inputs.insert(inputs.end(), record_defaults.begin(), record_defaults.end());
  const std::array<ops::AttrValue, 4> attrs{options.field_delim, options.use_quote_delim, options.na_value,
                                            options.select_cols};
  ops::Outputs out = ops::execute(kDecodeCsv, inputs, attrs);
  return {out.begin(), out.end()};
}

}  // namespace io
}  // namespace tf
