// tf::audio::encode_wav and decode_wav: TensorFlow's header bytes for two stereo frames at 100 Hz
// (from tf.audio.encode_wav), samples clipped and rounded to 16 bits, decoding with desired
// channels and samples, traced shapes, and TensorFlow's errors. tests/python/programs/audio_wav.py
// compares many more files with TensorFlow itself.
#include <gtest/gtest.h>

#include <tfpp/audio_ops.h>
#include <tfpp/tfpp.h>

#include "error_of.h"
#include "from_hex.h"

namespace {

using tf::Tensor;
using tf::testing::error_of;
using tf::testing::from_hex;

const Tensor kAudio = tf::constant(std::vector<float>{0.0f, 0.5f, -0.5f, 1.0f}, {2, 2});

TEST(AudioWav, EncodesTensorFlowsBytes) {
  const std::string wav = tf::audio::encode_wav(kAudio, tf::constant(100)).item<std::string>();
  EXPECT_EQ(wav.substr(0, 44), from_hex("524946462c00000057415645666d7420100000000100020064000000900100000400100064617461"
                                        "08000000"));
  // 0, 16384, -16384 and 32767 (1.0 * 32768 clipped), little-endian.
  EXPECT_EQ(wav.substr(44), from_hex("0000004000c0ff7f"));
}

TEST(AudioWav, DecodesWhatItEncodes) {
  const Tensor wav = tf::audio::encode_wav(kAudio, tf::constant(100));
  const auto [audio, rate] = tf::audio::decode_wav(wav);
  EXPECT_EQ(audio.shape(), tf::TensorShape({2, 2}));
  EXPECT_EQ(audio.numpy<float>(), (std::vector<float>{0.0f, 0.5f, -0.5f, 32767.0f / 32768.0f}));
  EXPECT_EQ(rate.item<std::int32_t>(), 100);
  // One channel keeps the first; three repeat the last; four samples pad with silence.
  const Tensor first = tf::audio::decode_wav(wav, {.desired_channels = 1, .desired_samples = 4}).audio;
  EXPECT_EQ(first.numpy<float>(), (std::vector<float>{0.0f, -0.5f, 0.0f, 0.0f}));
  const Tensor three = tf::audio::decode_wav(wav, {.desired_channels = 3, .desired_samples = 1}).audio;
  EXPECT_EQ(three.numpy<float>(), (std::vector<float>{0.0f, 0.5f, 0.5f}));
}

TEST(AudioWav, TracedShapes) {
  std::vector<tf::TensorShape> shapes;
  auto f = tf::function([&shapes](Tensor contents) {
    const Tensor any = tf::audio::decode_wav(contents).audio;
    const Tensor fixed = tf::audio::decode_wav(contents, {.desired_channels = 2, .desired_samples = 3}).audio;
    shapes = {any.shape(), fixed.shape()};
    return fixed;
  });
  auto concrete = f.get_concrete_function(tf::TensorSpec(tf::TensorShape{}, tf::string));
  EXPECT_EQ(shapes, (std::vector<tf::TensorShape>{{tf::None, tf::None}, {3, 2}}));
  EXPECT_EQ(concrete.call_flat({tf::audio::encode_wav(kAudio, tf::constant(8000))})[0].shape(), (tf::TensorShape{3, 2}));
}

TEST(AudioWav, ErrorsAreTensorFlows) {
  const std::string wav = tf::audio::encode_wav(kAudio, tf::constant(100)).item<std::string>();
  EXPECT_EQ(error_of([&] { tf::audio::decode_wav(tf::constant(wav.substr(0, 30))); }),
            "[DecodeWav] Data too short when trying to read string");
  EXPECT_EQ(error_of([&] { tf::audio::decode_wav(tf::constant("RIFX" + wav.substr(4))); }),
            "[DecodeWav] Header mismatch: Expected RIFF but found RIFX");
  EXPECT_EQ(error_of([&] { tf::audio::decode_wav(tf::constant(wav.substr(0, 36))); }), "[DecodeWav] No data chunk found in WAV");
  EXPECT_EQ(error_of([&] { tf::audio::decode_wav(tf::constant(std::vector<std::string>{wav, wav})); }),
            "[DecodeWav] contents must be scalar, got shape [2]");
  EXPECT_EQ(error_of([] { tf::audio::encode_wav(tf::zeros({4}), tf::constant(8000)); }), "[EncodeWav] audio must be 2-dimensional[4]");
  EXPECT_EQ(error_of([] { tf::audio::encode_wav(kAudio, tf::constant(-5)); }),
            "[EncodeWav] sample_rate must be in (0, 2^32), got: 18446744073709551611");
  EXPECT_EQ(error_of([] { tf::audio::encode_wav(tf::zeros({3, 0}), tf::constant(8000)); }), "[EncodeWav] audio is null");
  EXPECT_THROW(tf::audio::encode_wav(kAudio, tf::constant(8000.0f)), tf::InvalidArgumentError);
}

}  // namespace
