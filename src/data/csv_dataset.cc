// experimental::CsvDataset and make_csv_dataset.
#include <algorithm>
#include <charconv>
#include <cstdlib>

#include "core/tensor_impl.h"
#include "data/node.h"
#include "io/file_stream.h"
#include "tfpp/constant.h"
#include "tfpp/errors.h"
#include "tfpp/data/readers.h"

namespace tf::data::experimental {
namespace {

using detail::DatasetNode;
using detail::IteratorImpl;

// Reads records (lines, or several lines when a quoted field spans them) and splits fields.
class CsvReader {
 public:
  CsvReader(const std::string& path, const CsvOptions& o) : in_(io::InputStream::open(path, o.compression_type, "[CsvDataset]")), opt_(o) {}
  /// The next record's fields; false at the end. line() is the record's first line number.
  bool next(std::vector<std::string>& fields) {
    std::string text;
    do {
      if (!in_->read_line(text)) return false;
      line_ = ++lines_read_;
    } while (text.empty());  // blank lines hold no record
    split(text, fields);
    return true;
  }
  std::int64_t line() const { return line_; }
  [[noreturn]] void fail(const std::string& why) const {
    throw InvalidArgumentError("[CsvDataset] '" + in_->path() + "' line " + std::to_string(line_) + ": " + why);
  }

 private:
  void split(std::string& text, std::vector<std::string>& fields) {
    fields.clear();
    std::string field;
    std::size_t i = 0;
    for (;;) {
      field.clear();
      if (opt_.use_quote_delim && i < text.size() && text[i] == '"') {
        ++i;
        for (;;) {
          if (i == text.size()) {  // the quoted field continues on the next line
            std::string more;
            if (!in_->read_line(more)) fail("unterminated quoted field");
            ++lines_read_;
            text += '\n' + more;
          }
          if (text[i] == '"') {
            if (i + 1 < text.size() && text[i + 1] == '"') {
              field += '"';
              i += 2;
              continue;
            }
            ++i;
            break;
          }
          field += text[i++];
        }
        if (i < text.size() && text[i] != opt_.field_delim)
          fail("a quoted field must be followed by the delimiter or the end of the line");
      } else {
        const std::size_t end = text.find(opt_.field_delim, i);
        field.assign(text, i, end == std::string::npos ? std::string::npos : end - i);
        i = end == std::string::npos ? text.size() : end;
      }
      fields.push_back(field);
      if (i >= text.size()) break;
      ++i;  // the delimiter
      if (i == text.size()) {
        fields.emplace_back();  // a trailing delimiter ends with an empty field
        break;
      }
    }
  }

  std::unique_ptr<io::InputStream> in_;
  const CsvOptions& opt_;
  std::int64_t line_ = 0, lines_read_ = 0;
};

template <class T>
bool parse_number(const std::string& s, T& out) {
  const char* b = s.data();
  const char* e = b + s.size();
  while (b < e && *b == ' ') ++b;
  while (e > b && e[-1] == ' ') --e;
  if (b < e && *b == '+') ++b;
  const auto r = std::from_chars(b, e, out);
  return r.ec == std::errc() && r.ptr == e && b != e;
}

// Converts one field to a scalar of `dtype`; false if it does not parse.
bool convert(const std::string& field, DType dtype, Tensor& out) {
  out = core::empty(dtype, TensorShape{});
  switch (dtype) {
    case DType::kInt32: return parse_number(field, *out.mutable_data<std::int32_t>());
    case DType::kInt64: return parse_number(field, *out.mutable_data<std::int64_t>());
    case DType::kFloat32: return parse_number(field, *out.mutable_data<float>());
    case DType::kFloat64: return parse_number(field, *out.mutable_data<double>());
    case DType::kString: *out.mutable_data<std::string>() = field; return true;
    default: return false;
  }
}

class CsvNode final : public DatasetNode {
 public:
  CsvNode(std::vector<std::string> files, std::vector<Tensor> defaults, CsvOptions options)
      : files_(std::move(files)), defaults_(std::move(defaults)), opt_(std::move(options)) {}
  std::unique_ptr<IteratorImpl> make_iterator() const override { return std::make_unique<It>(this); }

 private:
  struct It final : IteratorImpl {
    explicit It(const CsvNode* n) : node(n) {}
    bool next(Element& out) override {
      const CsvOptions& opt = node->opt_;
      for (;;) {
        if (!reader) {
          if (file == node->files_.size()) return false;
          reader = std::make_unique<CsvReader>(node->files_[file++], opt);
          if (opt.header && !reader->next(fields)) reader.reset();
          continue;
        }
        if (!reader->next(fields)) {
          reader.reset();
          continue;
        }
        const std::size_t ncols = node->defaults_.size();
        const std::size_t want = opt.select_cols.empty() ? ncols : static_cast<std::size_t>(opt.select_cols.back()) + 1;
        if (opt.select_cols.empty() ? fields.size() != ncols : fields.size() < want)
          reader->fail("expected " + std::string(opt.select_cols.empty() ? "" : "at least ") + std::to_string(want) +
                       " fields but found " + std::to_string(fields.size()));
        out.resize(ncols);
        for (std::size_t c = 0; c < ncols; ++c) {
          const std::size_t col = opt.select_cols.empty() ? c : static_cast<std::size_t>(opt.select_cols[c]);
          const std::string& f = fields[col];
          const Tensor& def = node->defaults_[c];
          if (f.empty() || (!opt.na_value.empty() && f == opt.na_value)) {
            if (def.num_elements() != 1)
              reader->fail("field " + std::to_string(col) + " is missing and the column has no default");
            out[c] = def;
          } else if (!convert(f, def.dtype(), out[c])) {
            reader->fail("field " + std::to_string(col) + " '" + f + "' is not a valid " + std::string(dtype_name(def.dtype())));
          }
        }
        return true;
      }
    }
    const CsvNode* node;
    std::unique_ptr<CsvReader> reader;
    std::vector<std::string> fields;
    std::size_t file = 0;
  };
  std::vector<std::string> files_;
  std::vector<Tensor> defaults_;
  CsvOptions opt_;
};

void check_defaults(const std::vector<Tensor>& defaults, const CsvOptions& o) {
  if (defaults.empty()) throw InvalidArgumentError("[CsvDataset] record_defaults must name at least one column");
  for (std::size_t i = 0; i < defaults.size(); ++i) {
    const Tensor& d = defaults[i];
    const bool ok_dtype = d.defined() && (is_floating(d.dtype()) || is_index_dtype(d.dtype()) || d.dtype() == string);
    if (!ok_dtype || !(d.rank() == 0 || (d.rank() == 1 && d.num_elements() <= 1)))
      throw InvalidArgumentError("[CsvDataset] record_defaults[" + std::to_string(i) +
                                 "] must be a scalar default or an empty vector (a required column) of int32, int64, "
                                 "float32, float64 or string");
  }
  if (!o.select_cols.empty()) {
    if (o.select_cols.size() != defaults.size())
      throw InvalidArgumentError("[CsvDataset] " + std::to_string(o.select_cols.size()) + " select_cols but " +
                                 std::to_string(defaults.size()) + " record_defaults");
    for (std::size_t i = 0; i < o.select_cols.size(); ++i)
      if (o.select_cols[i] < 0 || (i > 0 && o.select_cols[i] <= o.select_cols[i - 1]))
        throw InvalidArgumentError("[CsvDataset] select_cols must be non-negative and strictly increasing");
  }
}

// A one-element default as a scalar (record_defaults may give [x] for x).
std::vector<Tensor> scalar_defaults(std::vector<Tensor> defaults) {
  for (Tensor& d : defaults)
    if (d.rank() == 1 && d.num_elements() == 1) d = core::view(d, TensorShape{});
  return defaults;
}

// make_csv_dataset's type inference over the first records of `path`.
std::vector<Tensor> infer_defaults(const std::string& path, std::size_t ncols, const CsvOptions& o) {
  enum Kind { kInt, kFloat, kString };
  std::vector<Kind> kinds(ncols, kInt);
  CsvReader reader(path, o);
  std::vector<std::string> fields;
  if (o.header) reader.next(fields);
  for (int row = 0; row < 100 && reader.next(fields); ++row) {
    for (std::size_t c = 0; c < ncols && c < fields.size(); ++c) {
      const std::string& f = fields[c];
      if (f.empty() || f == o.na_value) continue;
      std::int32_t i;
      float x;
      if (kinds[c] == kInt && !parse_number(f, i)) kinds[c] = kFloat;
      if (kinds[c] == kFloat && !parse_number(f, x)) kinds[c] = kString;
    }
  }
  std::vector<Tensor> defaults;
  for (Kind k : kinds) defaults.push_back(k == kInt ? constant(0) : k == kFloat ? constant(0.0f) : constant(""));
  return defaults;
}

}  // namespace

CsvDataset::CsvDataset(std::vector<std::string> filenames, std::vector<Tensor> record_defaults, CsvOptions options)
    : Dataset([&] {
        check_defaults(record_defaults, options);
        return std::make_shared<CsvNode>(std::move(filenames), scalar_defaults(std::move(record_defaults)),
                                         std::move(options));
      }()) {}

Dataset make_csv_dataset(const std::string& file_pattern, std::int64_t batch_size, MakeCsvOptions o) {
  Dataset files = Dataset::list_files(file_pattern, /*shuffle=*/false);
  std::vector<std::string> names;
  for (const Element& e : files) names.push_back(e[0].item<std::string>());
  CsvOptions csv{.compression_type = o.compression_type, .header = o.header, .field_delim = o.field_delim,
                 .use_quote_delim = o.use_quote_delim, .na_value = o.na_value, .select_cols = {}};
  std::vector<std::string> columns = o.column_names;
  if (columns.empty()) {
    if (!o.header) throw InvalidArgumentError("[make_csv_dataset] column_names are required when the files have no header");
    CsvReader reader(names[0], csv);
    if (!reader.next(columns)) throw InvalidArgumentError("[make_csv_dataset] '" + names[0] + "' is empty");
  }
  std::vector<Tensor> defaults = o.column_defaults.empty() ? infer_defaults(names[0], columns.size(), csv) : o.column_defaults;
  if (defaults.size() != columns.size())
    throw InvalidArgumentError("[make_csv_dataset] " + std::to_string(defaults.size()) + " column_defaults for " +
                               std::to_string(columns.size()) + " columns");
  // Keep the selected columns (in file order) with the label last.
  std::vector<int> keep;
  for (std::size_t c = 0; c < columns.size(); ++c) {
    const bool selected = o.select_columns.empty() ||
                          std::find(o.select_columns.begin(), o.select_columns.end(), columns[c]) != o.select_columns.end() ||
                          columns[c] == o.label_name;
    if (selected) keep.push_back(static_cast<int>(c));
  }
  for (const std::string& s : o.select_columns)
    if (std::find(columns.begin(), columns.end(), s) == columns.end())
      throw InvalidArgumentError("[make_csv_dataset] select_columns names '" + s + "', which is not a column");
  int label = -1;
  if (!o.label_name.empty()) {
    const auto it = std::find(columns.begin(), columns.end(), o.label_name);
    if (it == columns.end()) throw InvalidArgumentError("[make_csv_dataset] label_name '" + o.label_name + "' is not a column");
    label = static_cast<int>(it - columns.begin());
  }
  std::vector<Tensor> kept_defaults;
  std::vector<std::string> kept_names;
  for (int c : keep) kept_defaults.push_back(defaults[c]), kept_names.push_back(columns[c]);
  csv.select_cols = keep.size() == columns.size() ? std::vector<int>{} : keep;
  Dataset files_ds = Dataset::from_tensor_slices(constant(names));
  if (o.shuffle) files_ds = files_ds.shuffle(static_cast<std::int64_t>(names.size()), {.seed = o.shuffle_seed});
  Dataset rows = files_ds.flat_map([kept_defaults, csv](const Tensor& name) {
    return Dataset(CsvDataset(name.item<std::string>(), kept_defaults, csv));
  });
  std::vector<std::string> out_names = kept_names;
  if (label >= 0) {
    const std::size_t pos = static_cast<std::size_t>(std::find(keep.begin(), keep.end(), label) - keep.begin());
    rows = rows.map([pos](const Element& e) {
      Element r;
      for (std::size_t i = 0; i < e.size(); ++i)
        if (i != pos) r.push_back(e[i]);
      r.push_back(e[pos]);
      return r;
    });
    out_names.erase(out_names.begin() + static_cast<std::ptrdiff_t>(pos));
    out_names.push_back(o.label_name);
  }
  if (o.num_epochs != 1) rows = rows.repeat(o.num_epochs);
  if (o.shuffle) rows = rows.shuffle(o.shuffle_buffer_size, {.seed = o.shuffle_seed});
  Dataset batched = rows.batch(batch_size);
  if (o.prefetch_buffer_size != 0) batched = batched.prefetch(o.prefetch_buffer_size);
  return Dataset(batched.node(), out_names);
}

}  // namespace tf::data::experimental
