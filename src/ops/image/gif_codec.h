// GIF decoding in memory, as TensorFlow's core/lib/gif/gif_io.cc does it through giflib: every
// frame on a canvas as large as the largest frame, each frame drawn over a copy of the previous
// one (the first over black) at its offset and clipped to the canvas, transparent pixels keeping
// the pixel below; disposal methods are ignored, as TensorFlow ignores them. Errors carry giflib's
// messages, so they read as TensorFlow's; a file damaged after complete frames gives those frames
// (TensorFlow logs the error and decodes what giflib read).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace tf::ops::image {

/// Decoded frames: [frames, height, width, 3] RGB bytes.
struct GifFrames {
  std::int64_t frames = 0, height = 0, width = 0;
  std::vector<std::uint8_t> rgb;
};

/// Decodes all frames (or only the first when `first_frame_only`, after reading the whole file
/// as giflib does); on bad data returns false with TensorFlow's reason in `error` (for example
/// "failed to slurp gif file: Failed to read from given file").
bool decode_gif(std::string_view gif, bool first_frame_only, GifFrames& out, std::string& error);

}  // namespace tf::ops::image
