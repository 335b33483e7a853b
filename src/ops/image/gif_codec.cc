#include "ops/image/gif_codec.h"

#include <algorithm>
#include <array>
#include <cstring>

namespace tf::ops::image {
namespace {

// giflib's messages (GifErrorString) for the failures a reader of memory can meet.
constexpr const char* kReadFailed = "Failed to read from given file";
constexpr const char* kNoScreenDescriptor = "No screen descriptor detected";
constexpr const char* kNoImageDescriptor = "No Image Descriptor detected";
constexpr const char* kWrongRecord = "Wrong record type detected";
constexpr const char* kImageDefect = "Image is defective, decoding aborted";
constexpr const char* kEofTooSoon = "Image EOF detected before image complete";

struct Failure {
  const char* reason;
};

class Reader {
 public:
  explicit Reader(std::string_view data) : data_(data) {}
  std::uint8_t byte() {
    if (pos_ >= data_.size()) throw Failure{kReadFailed};
    return static_cast<std::uint8_t>(data_[pos_++]);
  }
  int word() {
    const int lo = byte();
    return lo | (byte() << 8);
  }
  std::string_view bytes(std::size_t n) {
    if (data_.size() - pos_ < n) throw Failure{kReadFailed};
    pos_ += n;
    return data_.substr(pos_ - n, n);
  }
  std::size_t remaining() const { return data_.size() - pos_; }

 private:
  std::string_view data_;
  std::size_t pos_ = 0;
};

using ColorMap = std::vector<std::array<std::uint8_t, 3>>;

ColorMap read_color_map(Reader& in, int size_bits) {
  ColorMap map(std::size_t{1} << (size_bits + 1));
  for (auto& c : map) std::memcpy(c.data(), in.bytes(3).data(), 3);
  return map;
}

// The data sub-blocks of an image, read as one stream of bytes (a zero-length block ends them).
class SubBlocks {
 public:
  explicit SubBlocks(Reader& in) : in_(in) {}
  // The next byte, or -1 after the terminating block.
  int next() {
    while (left_ == 0) {
      if (ended_) return -1;
      left_ = in_.byte();
      if (left_ == 0) ended_ = true;
    }
    --left_;
    return in_.byte();
  }
  // Skips what remains of the image's blocks, as giflib does after the last pixel.
  void skip_rest() {
    while (next() >= 0) {
    }
  }

 private:
  Reader& in_;
  int left_ = 0;
  bool ended_ = false;
};

// Decompresses `count` LZW-coded color indices (giflib's variable-width codes, 12 bits at most).
std::vector<std::uint8_t> decompress(Reader& in, std::size_t count) {
  const int min_bits = in.byte();
  if (min_bits > 8) throw Failure{kReadFailed};
  const int clear = 1 << min_bits, end = clear + 1;
  constexpr int kMaxCodes = 4096;
  std::vector<int> prefix(kMaxCodes, -1);
  std::vector<std::uint8_t> suffix(kMaxCodes), first(kMaxCodes);
  for (int c = 0; c < clear; ++c) suffix[c] = first[c] = static_cast<std::uint8_t>(c);
  SubBlocks blocks(in);
  std::vector<std::uint8_t> out;
  // The frame's declared size is only a claim: reserve no more than the bytes left could plausibly
  // expand to, so a 65535 x 65535 header on a few bytes of data fails without a 4 GiB allocation.
  out.reserve(std::min(count, in.remaining() * 16));
  std::vector<std::uint8_t> stack;
  int bits = min_bits + 1, next_code = clear + 2, last = -1;
  std::uint32_t acc = 0;
  int acc_bits = 0;
  while (out.size() < count) {
    while (acc_bits < bits) {
      const int b = blocks.next();
      if (b < 0) throw Failure{kReadFailed};
      acc |= static_cast<std::uint32_t>(b) << acc_bits;
      acc_bits += 8;
    }
    const int code = static_cast<int>(acc & ((1u << bits) - 1));
    acc >>= bits;
    acc_bits -= bits;
    if (code == clear) {
      bits = min_bits + 1, next_code = clear + 2, last = -1;
      continue;
    }
    if (code == end) throw Failure{kEofTooSoon};
    // A code past the table, or a first code after a clear that is not a color, is corrupt.
    if (code > next_code || (last < 0 && code >= clear)) throw Failure{kImageDefect};
    // The code's string, reversed; the code being defined (KwKwK) is the last string plus its first byte.
    stack.clear();
    if (code == next_code) stack.push_back(first[last]);
    for (int c = code < next_code ? code : last; c >= 0; c = prefix[c]) stack.push_back(suffix[c]);
    for (auto it = stack.rbegin(); it != stack.rend() && out.size() < count; ++it) out.push_back(*it);
    if (last >= 0 && next_code < kMaxCodes) {
      prefix[next_code] = last;
      suffix[next_code] = stack.back();
      first[next_code] = first[last];
      if (++next_code >= (1 << bits) && bits < 12) ++bits;
    }
    last = code;
  }
  blocks.skip_rest();
  return out;
}

// Rows in file order of an interlaced image: every 8th from 0, every 8th from 4, every 4th
// from 2, then the odd rows.
std::vector<std::size_t> interlaced_rows(std::size_t height) {
  std::vector<std::size_t> rows;
  const std::size_t starts[] = {0, 4, 2, 1}, steps[] = {8, 8, 4, 2};
  for (int pass = 0; pass < 4; ++pass)
    for (std::size_t r = starts[pass]; r < height; r += steps[pass]) rows.push_back(r);
  return rows;
}

struct Frame {
  int left = 0, top = 0, width = 0, height = 0;
  int transparent = -1;
  ColorMap local;
  std::vector<std::uint8_t> indices;  // width * height, row by row
};

// The transparent index of a graphic control extension's block, or -1.
int transparent_of(std::string_view block) {
  if (block.size() != 4) return -1;
  return (block[0] & 1) ? static_cast<std::uint8_t>(block[3]) : -1;
}

Frame read_frame(Reader& in, int transparent) {
  Frame f;
  f.transparent = transparent;
  f.left = in.word(), f.top = in.word(), f.width = in.word(), f.height = in.word();
  const std::uint8_t flags = in.byte();
  if (flags & 0x80) f.local = read_color_map(in, flags & 7);
  if (f.width == 0 || f.height == 0) throw Failure{kImageDefect};
  const std::size_t count = static_cast<std::size_t>(f.width) * static_cast<std::size_t>(f.height);
  std::vector<std::uint8_t> indices = decompress(in, count);
  if (!(flags & 0x40)) {
    f.indices = std::move(indices);
    return f;
  }
  f.indices.resize(count);
  const std::vector<std::size_t> rows = interlaced_rows(static_cast<std::size_t>(f.height));
  for (std::size_t i = 0; i < rows.size(); ++i)
    std::memcpy(&f.indices[rows[i] * f.width], &indices[i * f.width], static_cast<std::size_t>(f.width));
  return f;
}

}  // namespace

bool decode_gif(std::string_view gif, bool first_frame_only, GifFrames& out, std::string& error) {
  Reader in(gif);
  ColorMap global;
  try {
    in.bytes(6);  // "GIF87a" or "GIF89a": the caller recognized the file by "GIF8"
  } catch (const Failure& f) {
    error = std::string("failed to open gif file: ") + f.reason;
    return false;
  }
  try {
    in.bytes(4);  // the screen's size: TensorFlow sizes the canvas by the frames instead
    const std::uint8_t flags = in.byte();
    in.bytes(2);  // background index and aspect ratio, which TensorFlow does not use
    if (flags & 0x80) global = read_color_map(in, flags & 7);
  } catch (const Failure&) {
    error = std::string("failed to open gif file: ") + kNoScreenDescriptor;
    return false;
  }
  std::vector<Frame> frames;
  try {
    int transparent = -1;  // from the graphic control extension before the next image
    for (bool done = false; !done;) {
      switch (in.byte()) {
        case ',':
          frames.push_back(read_frame(in, transparent));
          transparent = -1;
          break;
        case '!': {
          const std::uint8_t label = in.byte();
          for (int size = in.byte(); size != 0; size = in.byte()) {
            const std::string_view block = in.bytes(static_cast<std::size_t>(size));
            if (label == 0xF9) transparent = transparent_of(block);
          }
          break;
        }
        case ';':
          done = true;
          break;
        default:
          throw Failure{kWrongRecord};
      }
    }
    if (frames.empty()) throw Failure{kNoImageDescriptor};
  } catch (const Failure& f) {
    // As TensorFlow (which logs the error): a file damaged after complete frames gives those
    // frames.
    if (frames.empty()) {
      error = std::string("failed to slurp gif file: ") + f.reason;
      return false;
    }
  }

  const std::size_t count = first_frame_only ? 1 : frames.size();
  std::int64_t width = 0, height = 0;
  for (std::size_t k = 0; k < count; ++k) {
    width = std::max<std::int64_t>(width, frames[k].width);
    height = std::max<std::int64_t>(height, frames[k].height);
  }
  const std::size_t frame_bytes = static_cast<std::size_t>(width * height * 3);
  out.frames = static_cast<std::int64_t>(count), out.height = height, out.width = width;
  out.rgb.assign(frame_bytes * count, 0);
  for (std::size_t k = 0; k < count; ++k) {
    const Frame& f = frames[k];
    std::uint8_t* canvas = out.rgb.data() + k * frame_bytes;
    if (k > 0) std::memcpy(canvas, canvas - frame_bytes, frame_bytes);
    const ColorMap& map = f.local.empty() ? global : f.local;
    if (map.empty()) {
      error = "missing color map for frame " + std::to_string(k);
      return false;
    }
    const std::int64_t right = std::min<std::int64_t>(f.left + f.width, width);
    const std::int64_t bottom = std::min<std::int64_t>(f.top + f.height, height);
    for (std::int64_t y = f.top; y < bottom; ++y) {
      for (std::int64_t x = f.left; x < right; ++x) {
        const int index = f.indices[static_cast<std::size_t>((y - f.top) * f.width + (x - f.left))];
        if (index == f.transparent) continue;  // the pixel below shows (black on the first frame)
        if (static_cast<std::size_t>(index) >= map.size()) {
          error = "found color index " + std::to_string(index) + " outside of color map range " + std::to_string(map.size());
          return false;
        }
        std::memcpy(canvas + (y * width + x) * 3, map[static_cast<std::size_t>(index)].data(), 3);
      }
    }
  }
  return true;
}

}  // namespace tf::ops::image
