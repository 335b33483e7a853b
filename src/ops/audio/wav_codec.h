// TensorFlow's reading and writing of 16-bit PCM WAV files (its wav_io): the header checks and
// messages, the optional chunks it skips before "fmt ", and the sample scaling.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace tf::ops::audio {

/// Where a checked WAV file keeps its samples.
struct WavLayout {
  std::uint32_t sample_rate = 0;
  std::uint16_t channels = 0;
  std::uint32_t frames = 0;     ///< samples per channel
  std::size_t data_offset = 0;  ///< the first sample's byte, little-endian int16 interleaved
};

/// Checks the header and that every sample is present; the empty string, or TensorFlow's message.
std::string read_wav_layout(std::string_view wav, WavLayout& layout);

/// Sample `frame` of `channel`, scaled to [-1, 1) (frame and channel within the layout).
float wav_sample(std::string_view wav, const WavLayout& layout, std::uint32_t frame, std::uint16_t channel);

/// `audio` (frames x channels, interleaved) as a WAV file; the empty string, or TensorFlow's message.
std::string write_wav(const float* audio, std::int64_t frames, std::int64_t channels, std::int64_t sample_rate,
                      std::string& out);

}  // namespace tf::ops::audio
