// NumPy's .npy format: magic "\x93NUMPY", version, header length, a Python dict literal
// {'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), } padded to 64 bytes, then the data.
#include "io/npy.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <span>
#include <sstream>
#include <vector>

#include "tfpp/constant.h"
#include "tfpp/errors.h"

namespace tf::io {
namespace {

constexpr std::string_view kMagic = "\x93NUMPY";
constexpr std::size_t kAlign = 64;
// np.save leaves room for the first axis to grow to this many digits (GROWTH_AXIS_MAX_DIGITS).
constexpr std::size_t kGrowthAxisMaxDigits = 21;
constexpr char kNativeOrder = std::endian::native == std::endian::little ? '<' : '>';

struct DtypeCode {
  DType dtype;
  char kind;  // NumPy's kind letter: f, i, u, b, c
  std::size_t size;
};

constexpr DtypeCode kCodes[] = {{DType::kFloat32, 'f', 4}, {DType::kFloat64, 'f', 8}, {DType::kInt32, 'i', 4},
                                {DType::kInt64, 'i', 8}, {DType::kUInt8, 'u', 1}, {DType::kBool, 'b', 1},
                                {DType::kComplex64, 'c', 8}, {DType::kComplex128, 'c', 16}, {DType::kFloat16, 'f', 2},
                                {DType::kInt8, 'i', 1},  {DType::kInt16, 'i', 2},  {DType::kUInt16, 'u', 2},
                                {DType::kUInt32, 'u', 4}, {DType::kUInt64, 'u', 8}};

struct Header {
  std::string descr;
  bool fortran_order = false;
  std::vector<std::int64_t> shape;
};

// A small parser for the dict literal np.save writes (and np.load's ast.literal_eval accepts for it).
class HeaderParser {
 public:
  HeaderParser(std::string_view text, const std::string& source) : text_(text), source_(source) {}

  Header parse() {
    Header header;
    bool has_descr = false, has_order = false, has_shape = false;
    skip_space();
    expect('{');
    while (true) {
      skip_space();
      if (peek() == '}') break;
      const std::string key = quoted();
      skip_space();
      expect(':');
      skip_space();
      if (key == "descr" && !has_descr) {
        if (peek() != '\'' && peek() != '"')
          fail("the descr is not a simple dtype string (structured arrays are not supported)");
        header.descr = quoted();
        has_descr = true;
      } else if (key == "fortran_order" && !has_order) {
        header.fortran_order = boolean();
        has_order = true;
      } else if (key == "shape" && !has_shape) {
        header.shape = tuple();
        has_shape = true;
      } else {
        fail("the header has an unexpected or repeated key '" + key + "'");
      }
      skip_space();
      if (peek() == ',') ++pos_;
      else if (peek() != '}') fail("expected ',' or '}' in the header");
    }
    ++pos_;
    skip_space();
    if (pos_ != text_.size()) fail("the header has text after its closing '}'");
    if (!has_descr || !has_order || !has_shape) fail("the header lacks one of 'descr', 'fortran_order', 'shape'");
    return header;
  }

 private:
  [[noreturn]] void fail(const std::string& what) const {
    throw DataLossError("[npy] " + source_ + " is damaged: " + what + " (header offset " + std::to_string(pos_) + ")");
  }
  char peek() const { return pos_ < text_.size() ? text_[pos_] : '\0'; }
  void skip_space() {
    while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\n' || text_[pos_] == '\t' || text_[pos_] == '\r')) ++pos_;
  }
  void expect(char c) {
    if (peek() != c) fail(std::string("expected '") + c + "'");
    ++pos_;
  }
  std::string quoted() {
    const char quote = peek();
    if (quote != '\'' && quote != '"') fail("expected a quoted string");
    const std::size_t end = text_.find(quote, pos_ + 1);
    if (end == std::string_view::npos) fail("a string is not closed");
    std::string out(text_.substr(pos_ + 1, end - pos_ - 1));
    pos_ = end + 1;
    return out;
  }
  bool boolean() {
    if (text_.substr(pos_, 4) == "True") return pos_ += 4, true;
    if (text_.substr(pos_, 5) == "False") return pos_ += 5, false;
    fail("fortran_order is neither True nor False");
  }
  std::vector<std::int64_t> tuple() {
    expect('(');
    std::vector<std::int64_t> dims;
    while (true) {
      skip_space();
      if (peek() == ')') break;
      if (peek() < '0' || peek() > '9') fail("a shape dimension is not a non-negative integer");
      std::uint64_t value = 0;
      while (peek() >= '0' && peek() <= '9') {
        value = value * 10 + static_cast<std::uint64_t>(peek() - '0');
        if (value > (std::uint64_t{1} << 62)) fail("a shape dimension is too large");
        ++pos_;
      }
      dims.push_back(static_cast<std::int64_t>(value));
      skip_space();
      if (peek() == ',') ++pos_;
      else if (peek() != ')') fail("expected ',' or ')' in the shape");
    }
    ++pos_;
    return dims;
  }

  std::string_view text_;
  const std::string& source_;
  std::size_t pos_ = 0;
};

std::uint64_t read_le(std::string_view bytes, std::size_t offset, std::size_t width) {
  std::uint64_t value = 0;
  for (std::size_t i = 0; i < width; ++i) value |= std::uint64_t{static_cast<unsigned char>(bytes[offset + i])} << (8 * i);
  return value;
}

const DtypeCode& dtype_code(const std::string& descr, const std::string& source, bool& swap) {
  const bool plausible = descr.size() >= 3 && (descr[0] == '<' || descr[0] == '>' || descr[0] == '|' || descr[0] == '=');
  if (plausible) {
    const std::string size_text = descr.substr(2);
    for (const DtypeCode& code : kCodes) {
      if (descr[1] != code.kind || size_text != std::to_string(code.size)) continue;
      const char order = descr[0] == '=' ? kNativeOrder : descr[0];
      if (code.size > 1 && order == '|') break;
      swap = code.size > 1 && order != kNativeOrder;
      return code;
    }
  }
  throw InvalidArgumentError("[npy] " + source + " holds dtype '" + descr +
                             "', which tfpp does not read (it reads float16 '<f2', float32 '<f4', float64 '<f8', complex64 "
                             "'<c8', complex128 '<c16', the integers '|i1' to '<i8' and '|u1' to '<u8', and bool '|b1', "
                             "either byte order)");
}

}  // namespace

Tensor parse_npy(std::string_view bytes, const std::string& source) {
  if (bytes.size() < kMagic.size() + 2 || bytes.substr(0, kMagic.size()) != kMagic)
    throw DataLossError("[npy] " + source + " is not a .npy file: it does not start with NumPy's magic \\x93NUMPY");
  const int major = static_cast<unsigned char>(bytes[6]);
  if (major < 1 || major > 3)
    throw DataLossError("[npy] " + source + " has format version " + std::to_string(major) + "." +
                        std::to_string(static_cast<unsigned char>(bytes[7])) + "; NumPy writes 1.0, 2.0 and 3.0");
  const std::size_t length_width = major == 1 ? 2 : 4;
  const std::size_t header_start = 8 + length_width;
  if (bytes.size() < header_start)
    throw DataLossError("[npy] " + source + " is truncated: " + std::to_string(bytes.size()) + " bytes end inside the header length");
  const std::uint64_t header_length = read_le(bytes, 8, length_width);
  if (header_length > bytes.size() - header_start)
    throw DataLossError("[npy] " + source + " is truncated: the header claims " + std::to_string(header_length) +
                        " bytes at offset " + std::to_string(header_start) + " but the file has " + std::to_string(bytes.size()));
  const Header header = HeaderParser(bytes.substr(header_start, header_length), source).parse();
  bool swap = false;
  const DtypeCode& code = dtype_code(header.descr, source, swap);

  std::uint64_t count = 1;
  for (std::int64_t dim : header.shape) {
    const auto d = static_cast<std::uint64_t>(dim);
    if (d != 0 && count > (std::uint64_t{1} << 62) / d / code.size)
      throw DataLossError("[npy] " + source + " is damaged: its shape holds more elements than any file can");
    count *= d;
  }
  const std::size_t data_start = header_start + header_length;
  const std::uint64_t data_bytes = count * code.size;
  if (bytes.size() - data_start != data_bytes)
    throw DataLossError("[npy] " + source + " is damaged: shape and dtype '" + header.descr + "' need " +
                        std::to_string(data_bytes) + " data bytes at offset " + std::to_string(data_start) + ", the file has " +
                        std::to_string(bytes.size() - data_start));

  // Copy into C order, native byte order; bools become 0/1 so no invalid bool is ever loaded.
  std::vector<unsigned char> values(data_bytes);
  const std::size_t rank = header.shape.size();
  std::vector<std::uint64_t> index(rank, 0), fortran_stride(rank, 1);
  for (std::size_t k = 1; k < rank; ++k) fortran_stride[k] = fortran_stride[k - 1] * static_cast<std::uint64_t>(header.shape[k - 1]);
  for (std::uint64_t i = 0; i < count; ++i) {
    std::uint64_t source_index = i;
    if (header.fortran_order) {
      source_index = 0;
      for (std::size_t k = 0; k < rank; ++k) source_index += index[k] * fortran_stride[k];
      for (std::size_t k = rank; k-- > 0;) {  // the next C-order index
        if (++index[k] < static_cast<std::uint64_t>(header.shape[k])) break;
        index[k] = 0;
      }
    }
    const char* from = bytes.data() + data_start + source_index * code.size;
    unsigned char* to = values.data() + i * code.size;
    // A complex number is two floats, each byte-swapped on its own.
    const std::size_t part = code.kind == 'c' ? code.size / 2 : code.size;
    for (std::size_t b = 0; b < code.size; ++b)
      to[b] = static_cast<unsigned char>(from[swap ? b - b % part + part - 1 - b % part : b]);
    if (code.dtype == DType::kBool) to[0] = to[0] != 0;
  }
  return detail::constant_from(code.dtype, TensorShape(std::span<const std::int64_t>(header.shape)), values.data(),
                               static_cast<std::size_t>(count));
}

Tensor read_npy(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw NotFoundError("[npy] cannot open " + path);
  std::ostringstream data;
  data << in.rdbuf();
  if (in.bad()) throw DataLossError("[npy] could not read " + path);
  return parse_npy(data.view(), path);
}

std::string serialize_npy(const Tensor& tensor) {
  const auto code = std::find_if(std::begin(kCodes), std::end(kCodes), [&](const DtypeCode& c) { return c.dtype == tensor.dtype(); });
  if (code == std::end(kCodes))
    throw InvalidArgumentError("[npy] a " + std::string(dtype_name(tensor.dtype())) +
                               " tensor has no .npy form tfpp writes (float32, float64, the integer dtypes, bool)");
  const std::string descr = std::string(1, code->size == 1 ? '|' : kNativeOrder) + code->kind + std::to_string(code->size);
  const std::span<const std::int64_t> dims = tensor.shape().dims();
  std::string shape = "(";
  for (std::size_t i = 0; i < dims.size(); ++i) shape += (i ? ", " : "") + std::to_string(dims[i]);
  shape += dims.size() == 1 ? ",)" : ")";
  std::string header = "{'descr': '" + descr + "', 'fortran_order': False, 'shape': " + shape + ", }";
  if (!dims.empty()) header.append(kGrowthAxisMaxDigits - std::to_string(dims[0]).size(), ' ');

  // Version 1.0 unless its 16-bit header length cannot hold the header (then 2.0), as np.save picks.
  const std::size_t with_newline = header.size() + 1;
  auto padding_for = [&](std::size_t length_width) { return kAlign - (kMagic.size() + 2 + length_width + with_newline) % kAlign; };
  const int version = with_newline + padding_for(2) <= 65535 ? 1 : 2;
  const std::size_t length_width = version == 1 ? 2 : 4;
  const std::size_t padding = padding_for(length_width);
  const std::uint64_t header_length = with_newline + padding;
  std::string out(kMagic);
  out += static_cast<char>(version);
  out += '\0';
  for (std::size_t i = 0; i < length_width; ++i) out += static_cast<char>((header_length >> (8 * i)) & 0xff);
  out += header;
  out.append(padding, ' ');
  out += '\n';
  const std::size_t data_bytes = static_cast<std::size_t>(tensor.num_elements()) * code->size;
  if (data_bytes) out.append(static_cast<const char*>(tensor.raw_data()), data_bytes);
  return out;
}

void write_npy(const std::string& path, const Tensor& tensor) {
  const std::string bytes = serialize_npy(tensor);
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out.write(bytes.data(), static_cast<std::streamsize>(bytes.size())) || !out.flush())
    throw DataLossError("[npy] could not write " + path);
}

}  // namespace tf::io
