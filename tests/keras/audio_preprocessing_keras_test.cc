// MelSpectrogram against Keras 3 in the same test run: values, shapes and dtypes of batched and
// single waveforms in decibels and as power, with other windows, strides and filter banks;
// configs read from Keras and written back; the argument errors.
#include <gtest/gtest.h>

#include "error_of.h"
#include "keras/augmentation_reference.h"
#include "tfpp/array_ops.h"
#include "tfpp/keras/layers/audio_preprocessing.h"
#include "tfpp/math_ops.h"

namespace {

namespace keras = tf::keras;
namespace layers = tf::keras::layers;
using tf::Tensor;
using tf::testing::pattern_tensor;

const char* kScript = R"PY(
waves = pattern((2, 1000), 0.3) * 0.5 + 0.3 * pattern((2, 1000), 1.7) ** 3
case('mel_default_small', layers.MelSpectrogram(fft_length=256, sequence_stride=64, num_mel_bins=32, sampling_rate=8000), waves)
case('mel_power', layers.MelSpectrogram(fft_length=128, sequence_stride=50, sequence_length=100, num_mel_bins=16,
                                        power_to_db=False, mag_exp=1.0, min_freq=50.0, max_freq=3000.0, sampling_rate=8000), waves)
case('mel_hamming_single', layers.MelSpectrogram(fft_length=256, sequence_stride=128, window='hamming', num_mel_bins=20,
                                                 top_db=30.0, ref_power=0.5), waves[1])
case('mel_no_window', layers.MelSpectrogram(fft_length=64, sequence_stride=32, window=None, num_mel_bins=8, sampling_rate=4000,
                                            min_power=1e-3), waves)
config('MelSpectrogram', layers.MelSpectrogram(fft_length=512, sequence_stride=100, sequence_length=400, window='hamming',
                                               sampling_rate=22050, num_mel_bins=40, min_freq=30.0, max_freq=9000.0,
                                               power_to_db=False, top_db=60.0, mag_exp=1.0, min_power=1e-8, ref_power=2.0))
config('MelSpectrogramDefault', layers.MelSpectrogram())
config('MelSpectrogramNoWindow', layers.MelSpectrogram(window=None))
)PY";

class AudioPreprocessingKeras : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { keras_ = new tf::testing::KerasScript(std::string(tf::testing::kAugmentationHelpers) + kScript, "audio"); }
  static void TearDownTestSuite() { delete keras_; }
  void SetUp() override { ASSERT_FALSE(keras_->values().empty()) << "the Keras script printed nothing:\n" << keras_->output(); }

  static Tensor waves() {
    const Tensor b = pattern_tensor({2, 1000}, 1.7);
    return pattern_tensor({2, 1000}, 0.3) * 0.5f + 0.3f * b * b * b;
  }

  static inline tf::testing::KerasScript* keras_ = nullptr;
};

TEST_F(AudioPreprocessingKeras, MelSpectrogramIsKeras) {
  tf::testing::expect_case(*keras_, "mel_default_small",
                           layers::MelSpectrogram({.fft_length = 256, .sequence_stride = 64, .sampling_rate = 8000, .num_mel_bins = 32}),
                           waves(), true, 1e-4);
  tf::testing::expect_case(*keras_, "mel_power",
                           layers::MelSpectrogram({.fft_length = 128, .sequence_stride = 50, .sequence_length = 100, .sampling_rate = 8000,
                                                   .num_mel_bins = 16, .min_freq = 50.0, .max_freq = 3000.0, .power_to_db = false,
                                                   .mag_exp = 1.0}),
                           waves(), true, 1e-4);
  tf::testing::expect_case(*keras_, "mel_hamming_single",
                           layers::MelSpectrogram({.fft_length = 256, .sequence_stride = 128, .window = "hamming", .num_mel_bins = 20,
                                                   .top_db = 30.0, .ref_power = 0.5}),
                           tf::reshape(tf::slice(waves(), {1, 0}, {1, -1}), {-1}), true, 1e-4);
  tf::testing::expect_case(*keras_, "mel_no_window",
                           layers::MelSpectrogram({.fft_length = 64, .sequence_stride = 32, .window = std::nullopt, .sampling_rate = 4000,
                                                   .num_mel_bins = 8, .min_power = 1e-3}),
                           waves(), true, 1e-4);
}

TEST_F(AudioPreprocessingKeras, ConfigsAreKeras) {
  tf::testing::expect_configs(*keras_, "MelSpectrogram", "MelSpectrogram",
                              layers::MelSpectrogram({.fft_length = 512, .sequence_stride = 100, .sequence_length = 400, .window = "hamming",
                                                      .sampling_rate = 22050, .num_mel_bins = 40, .min_freq = 30.0, .max_freq = 9000.0,
                                                      .power_to_db = false, .top_db = 60.0, .mag_exp = 1.0, .min_power = 1e-8,
                                                      .ref_power = 2.0}));
  tf::testing::expect_configs(*keras_, "MelSpectrogramDefault", "MelSpectrogram", layers::MelSpectrogram());
  tf::testing::expect_configs(*keras_, "MelSpectrogramNoWindow", "MelSpectrogram", layers::MelSpectrogram({.window = std::nullopt}));
}

TEST(AudioPreprocessing, MelSpectrogramErrors) {
  using tf::testing::error_of;
  const auto has = [](const std::string& error, const std::string& part) { EXPECT_NE(error.find(part), std::string::npos) << error; };
  has(error_of([] { layers::MelSpectrogram({.fft_length = 256, .sequence_length = 300}); }),
      "`fft_length` must be greater than or equal to   `sequence_length`. Received: `sequence_length`=300, `fft_length`=256.");
  has(error_of([] { layers::MelSpectrogram({.window = "blackman"}); }), "If a string is passed to `window`, it must be one of");
  has(error_of([] { layers::MelSpectrogram({.name = "mel"})(tf::ones({2, 3, 400})); }), "[mel] expects waveforms [samples] or [batch, samples]");
}

}  // namespace
