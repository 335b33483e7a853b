// 16-bit PCM WAV files (tf.audio): decode_wav to float samples in [-1, 1) of shape
// [samples, channels] with the file's sample rate, encode_wav back, as TensorFlow's DecodeWav
// and EncodeWav (the same bytes, values, checks and messages).
//
//   auto [audio, rate] = tf::audio::decode_wav(tf::io::read_file("a.wav"), {.desired_channels = 1});
//   tf::Tensor wav = tf::audio::encode_wav(audio, rate);
#pragma once

#include <cstdint>

#include "tfpp/tensor.h"

namespace tf::audio {

/// Options of decode_wav.
struct DecodeWavOptions {
  /// Channels of the result (-1: the file's); extra channels repeat the file's last one, fewer
  /// keep the first ones.
  std::int64_t desired_channels = -1;
  /// Samples of the result (-1: the file's); more pad with zeros, fewer keep the first ones.
  std::int64_t desired_samples = -1;
};

/// decode_wav's results.
struct DecodedWav {
  Tensor audio;        ///< float32 [samples, channels], each 16-bit sample divided by 32768
  Tensor sample_rate;  ///< int32 scalar, samples per second
};

/// Decodes a 16-bit PCM WAV file (the scalar string `contents`) (DecodeWav).
DecodedWav decode_wav(const Tensor& contents, const DecodeWavOptions& options = {});

/// Encodes float32 [samples, channels] audio, clipped to [-1, 1] and rounded to 16 bits, as a
/// WAV file with the int32 scalar `sample_rate` (EncodeWav).
Tensor encode_wav(const Tensor& audio, const Tensor& sample_rate);

}  // namespace tf::audio
