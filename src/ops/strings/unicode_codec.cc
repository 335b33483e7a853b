#include "ops/strings/unicode_codec.h"

namespace tf::ops::unicode {

Encoding encoding_named(const OpContext& ctx, const std::string& name, const char* attr) {
  if (name == "UTF-8") return Encoding::kUtf8;
  if (name == "UTF-16-BE") return Encoding::kUtf16Be;
  if (name == "UTF-32-BE") return Encoding::kUtf32Be;
  ctx.fail(std::string("Value for attr '") + attr + "' of \"" + name +
           "\" is not in the list of allowed values: \"UTF-8\", \"UTF-16-BE\", \"UTF-32-BE\"");
}

Errors errors_named(const OpContext& ctx, const std::string& name) {
  if (name == "strict") return Errors::kStrict;
  if (name == "replace") return Errors::kReplace;
  if (name == "ignore") return Errors::kIgnore;
  ctx.fail("Value for attr 'errors' of \"" + name +
           "\" is not in the list of allowed values: \"strict\", \"replace\", \"ignore\"");
}

bool is_scalar_value(std::int64_t code_point) {
  return code_point >= 0 && code_point <= 0x10FFFF && (code_point < 0xD800 || code_point > 0xDFFF);
}

namespace {

// Note [UTF-8 maximal subparts]: an ill-formed sequence is replaced by one error per maximal
// subpart (the longest prefix of a well-formed sequence), as ICU and TensorFlow do: the second
// byte's range depends on the lead (E0: A0..BF, ED: 80..9F, F0: 90..BF, F4: 80..8F).
std::int32_t next_utf8(const std::string& s, std::size_t& pos) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(s[i]); };
  const unsigned lead = byte(pos++);
  if (lead < 0x80) return static_cast<std::int32_t>(lead);
  int count;
  unsigned low = 0x80, high = 0xBF;
  std::int32_t value;
  if (lead >= 0xC2 && lead <= 0xDF) {
    count = 1, value = lead & 0x1F;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    count = 2, value = lead & 0x0F;
    if (lead == 0xE0) low = 0xA0;
    if (lead == 0xED) high = 0x9F;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    count = 3, value = lead & 0x07;
    if (lead == 0xF0) low = 0x90;
    if (lead == 0xF4) high = 0x8F;
  } else {
    return -1;
  }
  for (int k = 0; k < count; ++k, low = 0x80, high = 0xBF) {
    if (pos >= s.size() || byte(pos) < low || byte(pos) > high) return -1;
    value = (value << 6) | (byte(pos++) & 0x3F);
  }
  return value;
}

std::int32_t next_utf16be(const std::string& s, std::size_t& pos) {
  if (s.size() - pos < 2) {
    pos = s.size();
    return -1;
  }
  const auto unit = [&](std::size_t i) {
    return (static_cast<unsigned>(static_cast<unsigned char>(s[i])) << 8) | static_cast<unsigned char>(s[i + 1]);
  };
  const unsigned first = unit(pos);
  pos += 2;
  if (first < 0xD800 || first > 0xDFFF) return static_cast<std::int32_t>(first);
  if (first >= 0xDC00 || s.size() - pos < 2) return -1;  // a lone surrogate
  const unsigned second = unit(pos);
  if (second < 0xDC00 || second > 0xDFFF) return -1;
  pos += 2;
  return static_cast<std::int32_t>(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00));
}

std::int32_t next_utf32be(const std::string& s, std::size_t& pos) {
  if (s.size() - pos < 4) {
    pos = s.size();
    return -1;
  }
  std::uint32_t value = 0;
  for (int k = 0; k < 4; ++k) value = (value << 8) | static_cast<unsigned char>(s[pos++]);
  return is_scalar_value(value) ? static_cast<std::int32_t>(value) : -1;
}

}  // namespace

std::int32_t next_code_point(const std::string& bytes, std::size_t& pos, Encoding encoding) {
  switch (encoding) {
    case Encoding::kUtf8: return next_utf8(bytes, pos);
    case Encoding::kUtf16Be: return next_utf16be(bytes, pos);
    case Encoding::kUtf32Be: return next_utf32be(bytes, pos);
  }
  return -1;
}

void append_code_point(std::string& out, std::int32_t cp, Encoding encoding) {
  const auto put = [&](unsigned v) { out += static_cast<char>(v); };
  switch (encoding) {
    case Encoding::kUtf8:
      if (cp < 0x80) {
        put(cp);
      } else if (cp < 0x800) {
        put(0xC0 | (cp >> 6)), put(0x80 | (cp & 0x3F));
      } else if (cp < 0x10000) {
        put(0xE0 | (cp >> 12)), put(0x80 | ((cp >> 6) & 0x3F)), put(0x80 | (cp & 0x3F));
      } else {
        put(0xF0 | (cp >> 18)), put(0x80 | ((cp >> 12) & 0x3F)), put(0x80 | ((cp >> 6) & 0x3F)), put(0x80 | (cp & 0x3F));
      }
      return;
    case Encoding::kUtf16Be:
      if (cp < 0x10000) {
        put(cp >> 8), put(cp & 0xFF);
      } else {
        const unsigned high = 0xD800 + ((cp - 0x10000) >> 10), low = 0xDC00 + ((cp - 0x10000) & 0x3FF);
        put(high >> 8), put(high & 0xFF), put(low >> 8), put(low & 0xFF);
      }
      return;
    case Encoding::kUtf32Be:
      put(cp >> 24), put((cp >> 16) & 0xFF), put((cp >> 8) & 0xFF), put(cp & 0xFF);
      return;
  }
}

}  // namespace tf::ops::unicode
