// EncodeBase64 and DecodeBase64: web-safe base64, elementwise over string tensors.
#include <array>

#include "ops/execute.h"
#include "ops/strings/string_inputs.h"
#include "tfpp/base64_ops.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::OpBuilder;
using ops::OpDef;
using ops::ShapeContext;

constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

std::string encode(const std::string& bytes, bool pad) {
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  std::size_t i = 0;
  for (; i + 3 <= bytes.size(); i += 3) {
    const unsigned v = (static_cast<unsigned char>(bytes[i]) << 16) | (static_cast<unsigned char>(bytes[i + 1]) << 8) |
                       static_cast<unsigned char>(bytes[i + 2]);
    for (int shift = 18; shift >= 0; shift -= 6) out += kAlphabet[(v >> shift) & 63];
  }
  const std::size_t rest = bytes.size() - i;
  if (rest) {
    unsigned v = static_cast<unsigned char>(bytes[i]) << 16;
    if (rest == 2) v |= static_cast<unsigned char>(bytes[i + 1]) << 8;
    for (std::size_t k = 0; k <= rest; ++k) out += kAlphabet[(v >> (18 - 6 * k)) & 63];
    if (pad) out.append(3 - rest, '=');
  }
  return out;
}

// The 6-bit value of a web-safe base64 character, or -1.
int sextet(char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '-') return 62;
  if (c == '_') return 63;
  return -1;
}

// Appends the three bytes of four characters; false on a character outside the alphabet.
bool decode_quantum(const char* chars, std::string& out) {
  unsigned v = 0;
  for (int k = 0; k < 4; ++k) {
    const int s = sextet(chars[k]);
    if (s < 0) return false;
    v = (v << 6) | static_cast<unsigned>(s);
  }
  out += static_cast<char>(v >> 16);
  out += static_cast<char>((v >> 8) & 255);
  out += static_cast<char>(v & 255);
  return true;
}

// Note [Base64 tails]: full quanta first; the last one may end in "=" or "==" (padding), and
// the characters left, two or three, stand for one or two bytes (a single one is an error).
std::string decode(const ops::OpContext& ctx, const std::string& text) {
  std::string out;
  if (text.empty()) return out;
  const char* at = text.data();
  const char* end = at + text.size();
  out.reserve(text.size() / 4 * 3 + 3);
  for (; end - at > 4; at += 4)
    if (!decode_quantum(at, out)) ctx.fail("Invalid character found in base64.");
  if (end - at == 4 && at[2] == '=' && at[3] == '=') end -= 2;
  if (end - at == 4 && at[3] == '=') end -= 1;
  const auto remain = static_cast<std::size_t>(end - at);
  if (remain == 1) ctx.fail("Base64 string length cannot be 1 modulo 4.");
  std::array<char, 4> tail{'A', 'A', 'A', 'A'};  // 'A' is zero bits: it fills the missing characters
  std::copy(at, end, tail.begin());
  if (!decode_quantum(tail.data(), out)) ctx.fail("Invalid character found in base64.");
  out.resize(out.size() - (4 - remain));  // remain characters hold remain - 1 bytes
  return out;
}

void same_shape_strings(ShapeContext& ctx) {
  ops::check_string_input(ctx, 0);
  ctx.add_output(string, ctx.input(0).shape());
}

void encode_kernel(KernelContext& ctx) {
  const Tensor& input = ctx.input(0);
  const std::string* in = input.data<std::string>();
  std::string* out = ctx.output(0).mutable_data<std::string>();
  const bool pad = ctx.attr<bool>(0);
  for (std::int64_t i = 0; i < input.num_elements(); ++i) out[i] = encode(in[i], pad);
}

void decode_kernel(KernelContext& ctx) {
  const Tensor& input = ctx.input(0);
  const std::string* in = input.data<std::string>();
  std::string* out = ctx.output(0).mutable_data<std::string>();
  for (std::int64_t i = 0; i < input.num_elements(); ++i) out[i] = decode(ctx, in[i]);
}

const OpDef& kEncodeBase64 = OpBuilder("EncodeBase64").inputs(1).attrs({"pad"}).shape(same_shape_strings)
    .kernel(string, encode_kernel).no_gradient();
const OpDef& kDecodeBase64 = OpBuilder("DecodeBase64").inputs(1).shape(same_shape_strings)
    .kernel(string, decode_kernel).no_gradient();

}  // namespace

namespace io {

Tensor encode_base64(const Tensor& input, const EncodeBase64Options& options) {
  const std::array<ops::AttrValue, 1> attrs{options.pad};
  return std::move(ops::execute(kEncodeBase64, {input}, attrs)[0]);
}

Tensor decode_base64(const Tensor& input) { return std::move(ops::execute(kDecodeBase64, {input}, {})[0]); }

}  // namespace io
}  // namespace tf
