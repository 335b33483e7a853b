// MelSpectrogram and STFTSpectrogram against Keras 3 in the same test run: values, shapes and
// dtypes (MelSpectrogram: batched and single waveforms in decibels and as power, with other
// windows, strides and filter banks; STFTSpectrogram: every mode, padding, data_format and
// window, and its kernels and their names); configs read from Keras and written back; errors.
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
signals = pattern((2, 300, 2), 0.9) + 0.5 * pattern((2, 300, 2), 2.1) ** 2
STFT = layers.STFTSpectrogram
case('stft_log', STFT(frame_length=64), signals)
case('stft_magnitude_same', STFT(mode='magnitude', frame_length=50, frame_step=20, fft_length=64, padding='same'), signals)
case('stft_psd_periodic', STFT(mode='psd', frame_length=32, window='hamming', periodic=True, scaling='spectrum'), signals)
case('stft_real_expand', STFT(mode='real', frame_length=32, frame_step=32, expand_dims=True, window='blackman'), signals)
case('stft_imag_cf', STFT(mode='imag', frame_length=40, data_format='channels_first', scaling=None), np.transpose(signals, (0, 2, 1)))
case('stft_angle', STFT(mode='angle', frame_length=16, window='boxcar'), signals)
case('stft_stft_cf_expand', STFT(mode='stft', frame_length=24, window=None, data_format='channels_first', expand_dims=True),
     np.transpose(signals, (0, 2, 1)))
stft_weights = STFT(frame_length=20, fft_length=32, window='hann', periodic=True)
stft_weights.build((None, 100, 1))
emit('stft_real_kernel', stft_weights.weights[0])
emit('stft_imag_kernel', stft_weights.weights[1])
config('STFTSpectrogram', STFT(mode='psd', frame_length=100, frame_step=30, fft_length=128, window='hamming', periodic=True,
                               scaling='spectrum', padding='same', expand_dims=True, data_format='channels_first'))
config('STFTSpectrogramDefault', STFT())
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

TEST_F(AudioPreprocessingKeras, STFTSpectrogramIsKeras) {
  const Tensor b = pattern_tensor({2, 300, 2}, 2.1);
  const Tensor signals = pattern_tensor({2, 300, 2}, 0.9) + 0.5f * b * b;
  const Tensor channels_first = tf::transpose(signals, {0, 2, 1});
  using Stft = layers::STFTSpectrogram;
  const auto expect = [&](const std::string& name, Stft layer, const Tensor& x) { tf::testing::expect_case(*keras_, name, layer, x, true, 2e-4); };
  expect("stft_log", Stft({.frame_length = 64}), signals);
  expect("stft_magnitude_same", Stft({.mode = "magnitude", .frame_length = 50, .frame_step = 20, .fft_length = 64, .padding = "same"}), signals);
  expect("stft_psd_periodic", Stft({.mode = "psd", .frame_length = 32, .window = "hamming", .periodic = true, .scaling = "spectrum"}), signals);
  expect("stft_real_expand", Stft({.mode = "real", .frame_length = 32, .frame_step = 32, .window = "blackman", .expand_dims = true}), signals);
  expect("stft_imag_cf", Stft({.mode = "imag", .frame_length = 40, .scaling = std::nullopt, .data_format = "channels_first"}), channels_first);
  expect("stft_angle", Stft({.mode = "angle", .frame_length = 16, .window = "boxcar"}), signals);
  expect("stft_stft_cf_expand",
         Stft({.mode = "stft", .frame_length = 24, .window = std::nullopt, .expand_dims = true, .data_format = "channels_first"}),
         channels_first);
  Stft layer({.frame_length = 20, .fft_length = 32, .window = "hann", .periodic = true});
  layer.build(tf::TensorShape({-1, 100, 1}));
  ASSERT_EQ(layer.weights().size(), 2u);
  tf::testing::expect_values(keras_->values(), "stft_real_kernel", layer.weights()[0].read_value(), 1e-5);
  tf::testing::expect_values(keras_->values(), "stft_imag_kernel", layer.weights()[1].read_value(), 1e-5);
  EXPECT_EQ(layer.weights()[0].name(), layer.name() + "/real_kernel:0");
  EXPECT_EQ(layer.weights()[1].name(), layer.name() + "/imag_kernel:0");
  tf::testing::expect_configs(*keras_, "STFTSpectrogram", "STFTSpectrogram",
                              Stft({.mode = "psd", .frame_length = 100, .frame_step = 30, .fft_length = 128, .window = "hamming",
                                    .periodic = true, .scaling = "spectrum", .padding = "same", .expand_dims = true,
                                    .data_format = "channels_first"}));
  tf::testing::expect_configs(*keras_, "STFTSpectrogramDefault", "STFTSpectrogram", Stft());
}

TEST(AudioPreprocessing, STFTSpectrogramErrors) {
  using tf::testing::error_of;
  using Stft = layers::STFTSpectrogram;
  const auto has = [](const std::string& error, const std::string& part) { EXPECT_NE(error.find(part), std::string::npos) << error; };
  has(error_of([] { Stft({.frame_length = 32, .frame_step = 40}); }),
      "`frame_step` should be a positive integer not greater than `frame_length`. Received frame_step=40, frame_length=32");
  has(error_of([] { Stft({.frame_length = 64, .fft_length = 32}); }), "`fft_length` should be not less than `frame_length`. Received fft_length=32");
  has(error_of([] { Stft({.mode = "power"}); }), "Output mode is invalid, it must be one of log, magnitude, psd, real, imag, angle, stft. Received: mode=power");
  has(error_of([] { Stft({.scaling = "energy"}); }), "Scaling is invalid");
  has(error_of([] { Stft({.padding = "causal"}); }), "Padding is invalid, it should be 'valid', 'same'. Received: padding=causal");
  has(error_of([] { Stft({.window = "kaiser"}); }), "Unknown window type");
  has(error_of([] { Stft({.name = "stft"})(tf::ones({2, 100, 1}, tf::int32)); }), "Invalid input type. Expected `float16`, `float32` or `float64`");
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
