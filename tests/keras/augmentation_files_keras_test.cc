// .keras files of the random augmentation layers, Pipeline, RandAugment, STFTSpectrogram (with
// its kernels) and MelSpectrogram going from Keras 3 to tfpp and back in the same test run: tfpp
// loads Keras' files with the same predictions, saves them again, and Keras loads tfpp's files
// with the same predictions and layer configs. (RandomShear is left out: Keras cannot load its
// own config of a one-number factor; image_augmentation_keras_test.cc exchanges the pixel-value layers.)
#include <gtest/gtest.h>

#include "keras/augmentation_reference.h"
#include "tfpp/constant.h"
#include "tfpp/keras/model.h"
#include "tfpp/keras/saving.h"

namespace {

namespace keras = tf::keras;
using tf::Tensor;
using tf::testing::pattern_tensor;

// `v` without "dtype" keys at any depth: the Keras side drops them before printing, and this test
// compares the rest of each config.
keras::ConfigValue without_dtypes(const keras::ConfigValue& v) {
  if (v.holds<keras::ConfigValue::List>()) {
    keras::ConfigValue::List out;
    for (const keras::ConfigValue& item : v.get<keras::ConfigValue::List>()) out.push_back(without_dtypes(item));
    return out;
  }
  if (!v.holds<keras::Config>()) return v;
  keras::Config out;
  for (const auto& [key, item] : v.get<keras::Config>())
    if (key != "dtype") out[key] = without_dtypes(item);
  return out;
}

const char* kScript = R"PY(
here = os.path.dirname(os.path.abspath(__file__))
images = pattern((2, 5, 6, 3), 0.1) * 100 + 100
signals = pattern((2, 400, 2), 0.5)
waves = pattern((2, 400), 0.8)
inputs = {'images': images, 'signals': signals, 'waves': waves}
def models():
    return {
        'images': keras.Sequential([
            keras.Input((5, 6, 3)), layers.RandomHue(0.2, seed=1), layers.RandomSaturation(0.3), layers.RandomColorDegeneration(0.2),
            layers.RandomSharpness(0.3, value_range=(0, 1)), layers.RandomColorJitter(brightness_factor=0.1, hue_factor=(0.1, 0.2)),
            layers.RandomPerspective(0.5, 0.2, fill_value=3.0), layers.RandomErasing(fill_value=(1, 2, 3)),
            layers.RandomGaussianBlur(kernel_size=5, sigma=0.7), layers.MixUp(0.3), layers.CutMix((0.2, 0.6)),
            layers.RandAugment(num_ops=3, factor=0.4), layers.Pipeline([layers.AutoContrast(), layers.RandomInvert(0.3)])]),
        'signals': keras.Sequential([keras.Input((400, 2)), layers.STFTSpectrogram(mode='magnitude', frame_length=32, window='hamming')]),
        'waves': keras.Sequential([keras.Input((400,)), layers.MelSpectrogram(fft_length=64, sequence_stride=32, num_mel_bins=8)]),
    }
def facts(tag, kind, model):
    emit(tag + '_' + kind, model.predict(inputs[kind], verbose=0))
    for layer in model.layers:
        c = layer.get_config()
        for key in ('name', 'dtype', 'trainable'):
            c.pop(key, None)
        print('config', tag + '_' + kind + '.' + type(layer).__name__, json.dumps(c, sort_keys=True))
if sys.argv[1:] and sys.argv[1] == 'load':
    for kind in inputs:
        facts('tfpp', kind, keras.models.load_model(os.path.join(here, 'tfpp_' + kind + '.keras')))
else:
    for kind, model in models().items():
        model.save(os.path.join(here, 'keras_' + kind + '.keras'))
        facts('keras', kind, model)
)PY";

TEST(AugmentationFilesKeras, KerasFilesGoBothWays) {
  tf::testing::KerasScript keras_side(std::string(tf::testing::kAugmentationHelpers) + kScript, "augmentation_files");
  ASSERT_FALSE(keras_side.values().empty()) << keras_side.output();
  const std::map<std::string, Tensor> inputs = {
      {"images", pattern_tensor({2, 5, 6, 3}, 0.1) * 100.0f + 100.0f},
      {"signals", pattern_tensor({2, 400, 2}, 0.5)},
      {"waves", pattern_tensor({2, 400}, 0.8)}};
  std::map<std::string, keras::Model> loaded;
  for (const auto& [kind, x] : inputs) {
    SCOPED_TRACE(kind);
    keras::Model model = keras::models::load_model((keras_side.dir() / ("keras_" + kind + ".keras")).string());
    tf::testing::expect_values(keras_side.values(), "keras_" + kind, model.predict(x, {.verbose = 0}), 1e-4);
    model.save((keras_side.dir() / ("tfpp_" + kind + ".keras")).string());
    loaded.emplace(kind, model);
  }
  const std::string back = keras_side.run("load");
  const auto back_values = tf::testing::parse_values(back);
  for (auto& [kind, model] : loaded) {
    SCOPED_TRACE(kind);
    tf::testing::expect_values(back_values, "tfpp_" + kind, model.predict(inputs.at(kind), {.verbose = 0}), 1e-4);
    for (const std::shared_ptr<keras::Layer>& layer : model.layers()) {
      if (layer->class_name() == "InputLayer") continue;
      const std::string name = kind + "." + layer->class_name();
      keras::Config written = without_dtypes(layer->get_config()).get<keras::Config>();
      written.erase("name");
      written.erase("trainable");
      const std::vector<std::pair<std::string, const std::string*>> sides = {{"tfpp_", &back}, {"keras_", &keras_side.output()}};
      for (const auto& [tag, output] : sides) {
        const std::string line = tf::testing::line_of(*output, "config", tag + name);
        ASSERT_FALSE(line.empty()) << tag << name;
        EXPECT_EQ(keras::to_json(tf::testing::numbers_as_doubles(written)),
                  keras::to_json(tf::testing::numbers_as_doubles(without_dtypes(keras::from_json(line)))))
            << tag << name;
      }
    }
  }
}

}  // namespace
