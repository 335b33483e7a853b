#include "conformance/wire_format.h"

#include <bit>
#include <complex>
#include <cstdint>
#include <cstdio>
#include <stdexcept>

#include "core/visit_integer_dtype.h"
#include "tfpp/constant.h"

namespace tf::conformance {
namespace {

std::string next(std::istream& in) {
  std::string token;
  if (!(in >> token)) throw std::runtime_error("conformance wire format: unexpected end of record");
  return token;
}

template <class Bits>
std::string hex_of(Bits bits) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "%0*llx", static_cast<int>(2 * sizeof(Bits)), static_cast<unsigned long long>(bits));
  return buf;
}

}  // namespace

std::string hex_bytes(const std::string& bytes) {
  std::string out = "x";
  for (unsigned char c : bytes) out += hex_of<std::uint8_t>(c);
  return out;
}

std::string unhex_bytes(const std::string& token) {
  if (token.empty() || token[0] != 'x' || token.size() % 2 != 1)
    throw std::runtime_error("conformance wire format: bad byte string " + token);
  std::string out;
  for (std::size_t i = 1; i < token.size(); i += 2) out += static_cast<char>(std::stoi(token.substr(i, 2), nullptr, 16));
  return out;
}

DType dtype_from_name(const std::string& name) {
  for (DType d : {float32, float64, int32, int64, uint8, int8, int16, uint16, uint32, uint64, bool_, string, complex64, complex128, float16, bfloat16})
    if (dtype_name(d) == name) return d;
  throw std::runtime_error("conformance wire format: unknown dtype " + name);
}

namespace {

// Complex numbers travel as their real and imaginary parts' bits, in turn.
template <class T>
Tensor read_complex(std::istream& in, const TensorShape& shape, std::int64_t n) {
  using Bits = std::conditional_t<std::is_same_v<T, float>, std::uint32_t, std::uint64_t>;
  std::vector<std::complex<T>> values(n);
  for (auto& v : values) {
    const T re = std::bit_cast<T>(static_cast<Bits>(std::stoull(next(in), nullptr, 16)));
    const T im = std::bit_cast<T>(static_cast<Bits>(std::stoull(next(in), nullptr, 16)));
    v = {re, im};
  }
  return constant(values, shape);
}

template <class T>
void write_complex(std::ostream& out, const Tensor& t) {
  using Bits = std::conditional_t<std::is_same_v<T, float>, std::uint32_t, std::uint64_t>;
  const std::complex<T>* data = t.data<std::complex<T>>();
  for (std::int64_t k = 0; k < t.num_elements(); ++k)
    out << ' ' << hex_of(std::bit_cast<Bits>(data[k].real())) << ' ' << hex_of(std::bit_cast<Bits>(data[k].imag()));
}

}  // namespace

Tensor read_tensor(std::istream& in) {
  const DType dtype = dtype_from_name(next(in));
  const int rank = std::stoi(next(in));
  std::vector<std::int64_t> dims(rank);
  std::int64_t n = 1;
  for (auto& d : dims) n *= (d = std::stoll(next(in)));
  const TensorShape shape{std::span<const std::int64_t>(dims)};
  if (dtype == string) {
    std::vector<std::string> values(n);
    for (auto& v : values) v = unhex_bytes(next(in));
    return detail::constant_from_strings(shape, values);
  }
  if (dtype == complex64) return read_complex<float>(in, shape, n);
  if (dtype == complex128) return read_complex<double>(in, shape, n);
  if (dtype == float16 || dtype == bfloat16) {  // 16-bit patterns in hex
    std::vector<std::uint16_t> bits(n);
    for (auto& b : bits) b = static_cast<std::uint16_t>(std::stoul(next(in), nullptr, 16));
    return detail::constant_from(dtype, shape, bits.data(), bits.size());
  }
  return visit_integer_dtype(dtype, [&](auto tag) -> Tensor {
    using T = decltype(tag);
    std::vector<T> values(n);
    for (std::int64_t k = 0; k < n; ++k) {
      const std::string token = next(in);
      if constexpr (std::is_same_v<T, float>) values[k] = std::bit_cast<float>(static_cast<std::uint32_t>(std::stoul(token, nullptr, 16)));
      else if constexpr (std::is_same_v<T, double>) values[k] = std::bit_cast<double>(static_cast<std::uint64_t>(std::stoull(token, nullptr, 16)));
      else if constexpr (std::is_same_v<T, bool>) values[k] = token == "1";
      else if constexpr (std::is_same_v<T, std::uint64_t>) values[k] = std::stoull(token);
      else if constexpr (std::is_integral_v<T>) values[k] = static_cast<T>(std::stoll(token));
    }
    return detail::constant_from_vector(values, shape);
  });
}

void write_tensor(std::ostream& out, const Tensor& t) {
  out << dtype_name(t.dtype()) << ' ' << t.rank();
  for (std::int64_t d : t.shape().dims()) out << ' ' << d;
  if (t.dtype() == complex64) return write_complex<float>(out, t);
  if (t.dtype() == complex128) return write_complex<double>(out, t);
  if (t.dtype() == float16 || t.dtype() == bfloat16) {
    const auto* bits = static_cast<const std::uint16_t*>(t.raw_data());
    for (std::int64_t k = 0; k < t.num_elements(); ++k) out << ' ' << hex_of(bits[k]);
    return;
  }
  visit_integer_dtype(t.dtype(), [&](auto tag) {
    using T = decltype(tag);
    const T* data = t.data<T>();
    for (std::int64_t k = 0; k < t.num_elements(); ++k) {
      out << ' ';
      if constexpr (std::is_same_v<T, float>) out << hex_of(std::bit_cast<std::uint32_t>(data[k]));
      else if constexpr (std::is_same_v<T, double>) out << hex_of(std::bit_cast<std::uint64_t>(data[k]));
      else if constexpr (std::is_same_v<T, std::string>) out << hex_bytes(data[k]);
      else if constexpr (std::is_same_v<T, bool>) out << (data[k] ? 1 : 0);
      else if constexpr (std::is_same_v<T, std::uint64_t>) out << data[k];
      else out << static_cast<std::int64_t>(data[k]);  // int8 and uint8 are numbers, not characters
    }
  });
}

void Attrs::read(std::istream& line) {
  const std::string name = next(line);
  Attr attr;
  attr.kind = next(line)[0];
  for (std::string token; line >> token;) attr.tokens.push_back(token);
  values_[name] = attr;
}

bool Attrs::has(const std::string& name) const {
  auto it = values_.find(name);
  return it != values_.end() && it->second.kind != 'n';
}

char Attrs::kind(const std::string& name) const {
  auto it = values_.find(name);
  return it == values_.end() ? 'n' : it->second.kind;
}

const Attr& Attrs::get(const std::string& name, char kind) const {
  auto it = values_.find(name);
  if (it == values_.end() || (it->second.kind != kind && !(kind == 'I' && it->second.kind == 'i')))
    throw std::runtime_error("conformance case: attribute " + name + " of kind " + kind + " missing");
  return it->second;
}

std::int64_t Attrs::i(const std::string& name, std::int64_t fallback) const {
  return has(name) ? std::stoll(get(name, 'i').tokens.at(0)) : fallback;
}

std::vector<std::int64_t> Attrs::ints(const std::string& name) const {
  std::vector<std::int64_t> out;
  for (const std::string& t : get(name, 'I').tokens) out.push_back(std::stoll(t));
  return out;
}

double Attrs::f(const std::string& name, double fallback) const {
  if (!has(name)) return fallback;
  const Attr& a = values_.at(name);
  if (a.kind == 'i') return static_cast<double>(std::stoll(a.tokens.at(0)));
  return std::bit_cast<double>(static_cast<std::uint64_t>(std::stoull(get(name, 'f').tokens.at(0), nullptr, 16)));
}

std::string Attrs::s(const std::string& name, const std::string& fallback) const {
  return has(name) ? unhex_bytes(get(name, 's').tokens.at(0)) : fallback;
}

std::vector<std::string> Attrs::strings(const std::string& name) const {
  std::vector<std::string> out;
  for (const std::string& t : get(name, 'S').tokens) out.push_back(unhex_bytes(t));
  return out;
}

bool Attrs::b(const std::string& name, bool fallback) const {
  return has(name) ? get(name, 'b').tokens.at(0) == "1" : fallback;
}

DType Attrs::d(const std::string& name, DType fallback) const {
  return has(name) ? dtype_from_name(get(name, 'd').tokens.at(0)) : fallback;
}

}  // namespace tf::conformance
