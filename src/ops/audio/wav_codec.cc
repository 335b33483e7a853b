#include "ops/audio/wav_codec.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

namespace tf::ops::audio {
namespace {

// Reads the fields of a WAV file in order; every read past the end is TensorFlow's one message.
class Reader {
 public:
  explicit Reader(std::string_view data) : data_(data) {}
  bool text(std::size_t n, std::string& out) {
    if (!fits(n)) return false;
    out.assign(data_.substr(pos_, n));
    pos_ += n;
    return true;
  }
  template <class T>
  bool value(T& out) {
    if (!fits(sizeof(T))) return false;
    std::make_unsigned_t<T> v = 0;
    for (std::size_t b = 0; b < sizeof(T); ++b) v |= static_cast<std::make_unsigned_t<T>>(static_cast<std::uint8_t>(data_[pos_ + b])) << (8 * b);
    out = static_cast<T>(v);
    pos_ += sizeof(T);
    return true;
  }
  bool skip(std::uint64_t n) {
    if (!fits(n)) return false;
    pos_ += n;
    return true;
  }
  bool fits(std::uint64_t n) const { return pos_ <= data_.size() && n <= data_.size() - pos_; }
  void advance(std::uint64_t n) { pos_ += n; }  // may pass the end: the chunk loop then stops
  std::size_t pos() const { return pos_; }
  bool at_end() const { return pos_ >= data_.size(); }

 private:
  std::string_view data_;
  std::size_t pos_ = 0;
};

constexpr const char* kTooShort = "Data too short when trying to read string";

bool is_skippable_chunk(const std::string& id) {
  static constexpr const char* kIds[] = {"JUNK", "bext", "iXML", "qlty", "mext", "levl", "link", "axml"};
  return std::any_of(std::begin(kIds), std::end(kIds), [&](const char* k) { return id == k; });
}

std::string expect_text(Reader& in, const char* expected) {
  std::string found;
  if (!in.text(std::strlen(expected), found)) return kTooShort;
  if (found != expected) return std::string("Header mismatch: Expected ") + expected + " but found " + found;
  return "";
}

// The format chunk after its id: PCM, 16 bits, and sizes consistent with the channels.
std::string read_format(Reader& in, WavLayout& layout, std::uint16_t& block_align) {
  std::uint32_t chunk_size = 0, byte_rate = 0;
  std::uint16_t format = 0, bits = 0;
  if (!in.value(chunk_size)) return kTooShort;
  if (chunk_size != 16 && chunk_size != 18)
    return "Bad format chunk size for WAV: Expected 16 or 18, but got" + std::to_string(chunk_size);
  if (!in.value(format)) return kTooShort;
  if (format != 1) return "Bad audio format for WAV: Expected 1 (PCM), but got" + std::to_string(format);
  if (!in.value(layout.channels)) return kTooShort;
  if (layout.channels < 1)
    return "Bad number of channels for WAV: Expected at least 1, but got " + std::to_string(layout.channels);
  if (!in.value(layout.sample_rate) || !in.value(byte_rate) || !in.value(block_align) || !in.value(bits)) return kTooShort;
  if (bits != 16) return "Can only read 16-bit WAV files, but received " + std::to_string(bits);
  const std::uint32_t expected_align = (16u * layout.channels + 7) / 8;
  if (block_align != expected_align)
    return "Bad bytes per sample in WAV header: Expected " + std::to_string(expected_align) + " but got " +
           std::to_string(block_align);
  const std::uint32_t expected_rate = static_cast<std::uint32_t>(block_align) * layout.sample_rate;  // wraps as TensorFlow's
  if (byte_rate != expected_rate)
    return "Bad bytes per second in WAV header: Expected " + std::to_string(expected_rate) + " but got " +
           std::to_string(byte_rate) + " (sample_rate=" + std::to_string(layout.sample_rate) +
           ", bytes_per_sample=" + std::to_string(block_align) + ")";
  if (chunk_size == 18) in.advance(2);  // an unused extension size
  return "";
}

std::int16_t to_int16(float x) {
  if (std::isnan(x)) return 0;  // what x86 makes of TensorFlow's conversion
  return static_cast<std::int16_t>(std::clamp(std::round(x * 32768.0f), -32768.0f, 32767.0f));
}

void put_le(std::string& out, std::uint32_t v, int bytes) {
  for (int b = 0; b < bytes; ++b) out += static_cast<char>((v >> (8 * b)) & 0xFF);
}

}  // namespace

std::string read_wav_layout(std::string_view wav, WavLayout& layout) {
  Reader in(wav);
  std::uint32_t riff_size = 0;
  if (std::string e = expect_text(in, "RIFF"); !e.empty()) return e;
  if (!in.value(riff_size)) return kTooShort;
  if (std::string e = expect_text(in, "WAVE"); !e.empty()) return e;
  std::string id;
  if (!in.text(4, id)) return kTooShort;
  while (id != "fmt ") {  // padding and broadcast-WAV chunks may come first
    if (!is_skippable_chunk(id)) return "Unexpected field " + id;
    std::uint32_t size = 0;
    if (!in.value(size) || !in.skip(size) || !in.text(4, id)) return kTooShort;
  }
  std::uint16_t block_align = 0;
  if (std::string e = read_format(in, layout, block_align); !e.empty()) return e;
  bool found_data = false;
  while (!in.at_end()) {
    std::uint32_t size = 0;
    if (!in.text(4, id) || !in.value(size)) return kTooShort;
    if (size > static_cast<std::uint32_t>(std::numeric_limits<std::int32_t>::max()))
      return "WAV data chunk '" + id + "' is too large: " + std::to_string(size) + " bytes, but the limit is " +
             std::to_string(std::numeric_limits<std::int32_t>::max());
    if (id != "data") {
      in.advance(size);
      continue;
    }
    if (found_data) return "More than one data chunk found in WAV";
    found_data = true;
    layout.frames = size / block_align;
    layout.data_offset = in.pos();
    // Only whole frames count; the bytes after them are read as the next chunk, as TensorFlow does.
    if (!in.skip(std::uint64_t{2} * layout.frames * layout.channels)) return kTooShort;
  }
  if (!found_data) return "No data chunk found in WAV";
  return "";
}

float wav_sample(std::string_view wav, const WavLayout& layout, std::uint32_t frame, std::uint16_t channel) {
  const std::size_t at = layout.data_offset + 2 * (static_cast<std::size_t>(frame) * layout.channels + channel);
  const auto v = static_cast<std::int16_t>(static_cast<std::uint8_t>(wav[at]) | (static_cast<std::uint8_t>(wav[at + 1]) << 8));
  return static_cast<float>(v) * (1.0f / 32768.0f);
}

std::string write_wav(const float* audio, std::int64_t frames, std::int64_t channels, std::int64_t sample_rate,
                      std::string& out) {
  if (frames > 0 && channels == 0) return "audio is null";  // TensorFlow's check of the empty tensor's data
  // TensorFlow passes the int32 rate as a size_t: a negative one shows as a huge number.
  const auto rate = static_cast<std::uint64_t>(sample_rate);
  if (rate == 0 || rate > std::numeric_limits<std::uint32_t>::max())
    return "sample_rate must be in (0, 2^32), got: " + std::to_string(rate);
  if (channels <= 0 || channels > std::numeric_limits<std::uint16_t>::max())
    return "num_channels must be in (0, 2^16), got: " + std::to_string(channels);
  const std::uint64_t samples = static_cast<std::uint64_t>(frames) * static_cast<std::uint64_t>(channels);
  constexpr std::uint64_t kHeaderSize = 44;
  if (kHeaderSize + 2 * samples > std::numeric_limits<std::uint32_t>::max())
    return "Provided channels and frames cannot be encoded as a WAV.";
  out.clear();
  out.reserve(kHeaderSize + 2 * samples);
  out += "RIFF";
  put_le(out, static_cast<std::uint32_t>(kHeaderSize + 2 * samples - 8), 4);
  out += "WAVEfmt ";
  put_le(out, 16, 4);
  put_le(out, 1, 2);  // PCM
  put_le(out, static_cast<std::uint32_t>(channels), 2);
  put_le(out, static_cast<std::uint32_t>(rate), 4);
  put_le(out, static_cast<std::uint32_t>(rate * 2 * static_cast<std::uint64_t>(channels)), 4);
  put_le(out, static_cast<std::uint32_t>(2 * channels), 2);
  put_le(out, 16, 2);
  out += "data";
  put_le(out, static_cast<std::uint32_t>(2 * samples), 4);
  for (std::uint64_t i = 0; i < samples; ++i) put_le(out, static_cast<std::uint16_t>(to_int16(audio[i])), 2);
  return "";
}

}  // namespace tf::ops::audio
