#include "tfpp/keras/layers/deserialize.h"

#include <map>
#include <mutex>

#include "keras/layers/config_util.h"
#include "keras/mixed_precision/layer_policy.h"
#include "keras/saving/external_class.h"
#include "tfpp/errors.h"
#include "tfpp/keras/input.h"
#include "tfpp/keras/layers/activation_layers.h"
#include "tfpp/keras/layers/adaptive_pooling.h"
#include "tfpp/keras/layers/attention.h"
#include "tfpp/keras/layers/audio_preprocessing.h"
#include "tfpp/keras/layers/conv_lstm.h"
#include "tfpp/keras/layers/convolutional.h"
#include "tfpp/keras/layers/convolutional_3d.h"
#include "tfpp/keras/layers/core.h"
#include "tfpp/keras/layers/einsum_dense.h"
#include "tfpp/keras/layers/embedding.h"
#include "tfpp/keras/layers/image_augmentation.h"
#include "tfpp/keras/layers/image_augmentation_augmix.h"
#include "tfpp/keras/layers/image_augmentation_color.h"
#include "tfpp/keras/layers/image_augmentation_geometry.h"
#include "tfpp/keras/layers/image_augmentation_mixing.h"
#include "tfpp/keras/layers/image_augmentation_pipeline.h"
#include "tfpp/keras/layers/image_preprocessing.h"
#include "tfpp/keras/layers/group_normalization.h"
#include "tfpp/keras/layers/grouped_query_attention.h"
#include "tfpp/keras/layers/merge.h"
#include "tfpp/keras/layers/noise.h"
#include "tfpp/keras/layers/normalization.h"
#include "tfpp/keras/layers/pass_through.h"
#include "tfpp/keras/layers/pooling.h"
#include "tfpp/keras/layers/pooling_3d.h"
#include "tfpp/keras/layers/preprocessing.h"
#include "tfpp/keras/layers/recurrent.h"
#include "tfpp/keras/layers/regularization.h"
#include "tfpp/keras/layers/reshaping.h"
#include "tfpp/keras/layers/reshaping_1d_3d.h"
#include "tfpp/keras/layers/reversible_embedding.h"
#include "tfpp/keras/layers/rms_normalization.h"
#include "tfpp/keras/layers/score_attention.h"
#include "tfpp/keras/layers/separable_conv_1d.h"
#include "tfpp/keras/layers/spectral_normalization.h"
#include "tfpp/keras/layers/stacked_rnn_cells.h"
#include "tfpp/keras/layers/unit_normalization.h"
#include "tfpp/keras/layers/wrappers.h"
#include "tfpp/keras/model.h"
#include "tfpp/keras/saving.h"

namespace tf::keras::layers {

namespace {

template <class L>
LayerFactory factory_of() {
  return [](const Config& c) -> std::shared_ptr<Layer> { return std::make_shared<L>(L::from_config(c)); };
}

// Layers whose config is only name, trainable and dtype (the elementwise merges).
template <class L>
LayerFactory basic_factory_of() {
  return [](const Config& c) -> std::shared_ptr<Layer> {
    BasicOptions o;
    keras::detail::read_common(c, o);
    return std::make_shared<L>(o);
  };
}

struct Registry {
  std::mutex mutex;
  std::map<std::string, LayerFactory> factories{
      {"InputLayer", factory_of<InputLayer>()},
      // core
      {"Dense", factory_of<Dense>()},
      {"Activation", factory_of<Activation>()},
      {"ReLU", factory_of<ReLU>()},
      {"LeakyReLU", factory_of<LeakyReLU>()},
      {"Softmax", factory_of<Softmax>()},
      {"Dropout", factory_of<Dropout>()},
      {"PReLU", factory_of<PReLU>()},
      {"ELU", factory_of<ELU>()},
      {"Identity", factory_of<Identity>()},
      {"ActivityRegularization", factory_of<ActivityRegularization>()},
      {"GaussianNoise", factory_of<GaussianNoise>()},
      {"GaussianDropout", factory_of<GaussianDropout>()},
      {"AlphaDropout", factory_of<AlphaDropout>()},
      {"Reshape", factory_of<Reshape>()},
      {"Flatten", factory_of<Flatten>()},
      {"Permute", factory_of<Permute>()},
      {"RepeatVector", factory_of<RepeatVector>()},
      {"Rescaling", factory_of<Rescaling>()},
      // image preprocessing and augmentation
      {"Resizing", factory_of<Resizing>()},
      {"CenterCrop", factory_of<CenterCrop>()},
      {"RandomFlip", factory_of<RandomFlip>()},
      {"RandomRotation", factory_of<RandomRotation>()},
      {"RandomZoom", factory_of<RandomZoom>()},
      {"RandomTranslation", factory_of<RandomTranslation>()},
      {"RandomContrast", factory_of<RandomContrast>()},
      {"RandomBrightness", factory_of<RandomBrightness>()},
      {"RandomCrop", factory_of<RandomCrop>()},
      {"AutoContrast", factory_of<AutoContrast>()},
      {"Equalization", factory_of<Equalization>()},
      {"ContrastLimitedAdaptiveHistogramEqualization", factory_of<ContrastLimitedAdaptiveHistogramEqualization>()},
      {"MaxNumBoundingBoxes", factory_of<MaxNumBoundingBoxes>()},
      {"Solarization", factory_of<Solarization>()},
      {"RandomGrayscale", factory_of<RandomGrayscale>()},
      {"RandomInvert", factory_of<RandomInvert>()},
      {"RandomPosterization", factory_of<RandomPosterization>()},
      {"RandomHue", factory_of<RandomHue>()},
      {"RandomSaturation", factory_of<RandomSaturation>()},
      {"RandomColorDegeneration", factory_of<RandomColorDegeneration>()},
      {"RandomSharpness", factory_of<RandomSharpness>()},
      {"RandomColorJitter", factory_of<RandomColorJitter>()},
      {"RandomShear", factory_of<RandomShear>()},
      {"RandomErasing", factory_of<RandomErasing>()},
      {"RandomPerspective", factory_of<RandomPerspective>()},
      {"RandomElasticTransform", factory_of<RandomElasticTransform>()},
      {"RandomGaussianBlur", factory_of<RandomGaussianBlur>()},
      {"MixUp", factory_of<MixUp>()},
      {"CutMix", factory_of<CutMix>()},
      {"RandAugment", factory_of<RandAugment>()},
      {"AugMix", factory_of<AugMix>()},
      {"Pipeline", factory_of<Pipeline>()},
      {"MelSpectrogram", factory_of<MelSpectrogram>()},
      {"STFTSpectrogram", factory_of<STFTSpectrogram>()},
      // merge
      {"Add", basic_factory_of<Add>()},
      {"Subtract", basic_factory_of<Subtract>()},
      {"Multiply", basic_factory_of<Multiply>()},
      {"Average", basic_factory_of<Average>()},
      {"Maximum", basic_factory_of<Maximum>()},
      {"Minimum", basic_factory_of<Minimum>()},
      {"Concatenate", factory_of<Concatenate>()},
      {"Dot", factory_of<Dot>()},
      // convolution, pooling, normalization, regularization, reshaping
      {"Conv1D", factory_of<Conv1D>()},
      {"Conv2D", factory_of<Conv2D>()},
      {"Conv2DTranspose", factory_of<Conv2DTranspose>()},
      {"DepthwiseConv2D", factory_of<DepthwiseConv2D>()},
      {"SeparableConv2D", factory_of<SeparableConv2D>()},
      {"MaxPooling1D", factory_of<MaxPooling1D>()},
      {"MaxPooling2D", factory_of<MaxPooling2D>()},
      {"AveragePooling1D", factory_of<AveragePooling1D>()},
      {"AveragePooling2D", factory_of<AveragePooling2D>()},
      {"GlobalMaxPooling1D", factory_of<GlobalMaxPooling1D>()},
      {"GlobalMaxPooling2D", factory_of<GlobalMaxPooling2D>()},
      {"GlobalAveragePooling1D", factory_of<GlobalAveragePooling1D>()},
      {"GlobalAveragePooling2D", factory_of<GlobalAveragePooling2D>()},
      {"BatchNormalization", factory_of<BatchNormalization>()},
      {"LayerNormalization", factory_of<LayerNormalization>()},
      {"SpatialDropout1D", factory_of<SpatialDropout1D>()},
      {"SpatialDropout2D", factory_of<SpatialDropout2D>()},
      {"SpatialDropout3D", factory_of<SpatialDropout3D>()},
      {"ZeroPadding2D", factory_of<ZeroPadding2D>()},
      {"Cropping2D", factory_of<Cropping2D>()},
      {"UpSampling2D", factory_of<UpSampling2D>()},
      // 3-D convolution and pooling, the 1-D and 3-D transposes and reshapings, group normalization
      {"Conv3D", factory_of<Conv3D>()},
      {"Conv1DTranspose", factory_of<Conv1DTranspose>()},
      {"Conv3DTranspose", factory_of<Conv3DTranspose>()},
      {"MaxPooling3D", factory_of<MaxPooling3D>()},
      {"AveragePooling3D", factory_of<AveragePooling3D>()},
      {"GlobalMaxPooling3D", factory_of<GlobalMaxPooling3D>()},
      {"GlobalAveragePooling3D", factory_of<GlobalAveragePooling3D>()},
      {"ZeroPadding1D", factory_of<ZeroPadding1D>()},
      {"ZeroPadding3D", factory_of<ZeroPadding3D>()},
      {"Cropping1D", factory_of<Cropping1D>()},
      {"Cropping3D", factory_of<Cropping3D>()},
      {"UpSampling1D", factory_of<UpSampling1D>()},
      {"UpSampling3D", factory_of<UpSampling3D>()},
      {"GroupNormalization", factory_of<GroupNormalization>()},
      {"UnitNormalization", factory_of<UnitNormalization>()},
      {"RMSNormalization", factory_of<RMSNormalization>()},
      {"DepthwiseConv1D", factory_of<DepthwiseConv1D>()},
      {"SeparableConv1D", factory_of<SeparableConv1D>()},
      {"EinsumDense", factory_of<EinsumDense>()},
      {"AdaptiveAveragePooling1D", factory_of<AdaptiveAveragePooling1D>()},
      {"AdaptiveAveragePooling2D", factory_of<AdaptiveAveragePooling2D>()},
      {"AdaptiveAveragePooling3D", factory_of<AdaptiveAveragePooling3D>()},
      {"AdaptiveMaxPooling1D", factory_of<AdaptiveMaxPooling1D>()},
      {"AdaptiveMaxPooling2D", factory_of<AdaptiveMaxPooling2D>()},
      {"AdaptiveMaxPooling3D", factory_of<AdaptiveMaxPooling3D>()},
      {"ConvLSTM1D", factory_of<ConvLSTM1D>()},
      {"ConvLSTM2D", factory_of<ConvLSTM2D>()},
      {"ConvLSTM3D", factory_of<ConvLSTM3D>()},
      {"GroupQueryAttention", factory_of<GroupedQueryAttention>()},
      {"StackedRNNCells", factory_of<StackedRNNCells>()},
      {"ReversibleEmbedding", factory_of<ReversibleEmbedding>()},
      {"SpectralNormalization", factory_of<SpectralNormalization>()},
      // embedding, masking, recurrent
      {"Embedding", factory_of<Embedding>()},
      {"Masking", factory_of<Masking>()},
      {"SimpleRNNCell", factory_of<SimpleRNNCell>()},
      {"LSTMCell", factory_of<LSTMCell>()},
      {"GRUCell", factory_of<GRUCell>()},
      {"RNN", factory_of<RNN>()},
      {"SimpleRNN", factory_of<SimpleRNN>()},
      {"LSTM", factory_of<LSTM>()},
      {"GRU", factory_of<GRU>()},
      // wrappers, attention, preprocessing
      {"Bidirectional", factory_of<Bidirectional>()},
      {"TimeDistributed", factory_of<TimeDistributed>()},
      {"MultiHeadAttention", factory_of<MultiHeadAttention>()},
      {"Attention", factory_of<Attention>()},
      {"AdditiveAttention", factory_of<AdditiveAttention>()},
      {"Normalization", factory_of<Normalization>()},
      // models
      {"Functional", factory_of<Model>()},
      {"Sequential", factory_of<Sequential>()},
  };
};

// The custom objects of the CustomObjectScopes alive on this thread, innermost last.
thread_local std::vector<std::map<std::string, LayerFactory>> custom_scopes;

Registry& registry() {
  static Registry* r = new Registry;  // never destroyed: registrations may come from static initializers
  return *r;
}

// The factory for `key` in the custom object scopes (innermost first), else the registry; empty if none.
LayerFactory factory_for(const std::string& key) {
  for (auto scope = custom_scopes.rbegin(); scope != custom_scopes.rend(); ++scope)
    if (auto it = scope->find(key); it != scope->end()) return it->second;
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  auto it = r.factories.find(key);
  return it == r.factories.end() ? LayerFactory() : it->second;
}

}  // namespace

void register_layer_class(const std::string& class_name, LayerFactory factory) {
  if (!factory) throw InvalidArgumentError("[register_layer_class] got an empty factory for '" + class_name + "'");
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  r.factories[class_name] = std::move(factory);
}

std::vector<std::string> registered_layer_classes() {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  std::vector<std::string> names;
  for (const auto& [name, factory] : r.factories) names.push_back(name);
  return names;
}

std::shared_ptr<Layer> deserialize(const ConfigValue& serialized) {
  if (!serialized.holds<Config>())
    throw InvalidArgumentError("[deserialize] expects {\"class_name\": ..., \"config\": ...}, got a " +
                               std::string(serialized.type_name()));
  const Config& s = serialized.get<Config>();
  const ConfigValue& class_name = keras::detail::config_at(s, "class_name", "deserialize");
  const ConfigValue& config = keras::detail::config_at(s, "config", "deserialize");
  if (!class_name.holds<std::string>() || !config.holds<Config>())
    throw InvalidArgumentError("[deserialize] expects a str class_name and a dict config, got a " +
                               std::string(class_name.type_name()) + " and a " + std::string(config.type_name()));
  const std::string& cls = class_name.get<std::string>();
  // Keras finds a custom class by its registered name ("Package>Name"); built-in layers have
  // none. The class name comes next, as keras.layers.deserialize also tries it.
  std::string registered;
  if (auto it = s.find("registered_name"); it != s.end() && it->second.holds<std::string>()) registered = it->second.get<std::string>();
  LayerFactory factory = registered.empty() ? LayerFactory() : factory_for(registered);
  if (!factory) factory = factory_for(cls);
  if (!factory)
    throw InvalidArgumentError("[deserialize] unknown layer class '" + cls + "'" +
                               (registered.empty() || registered == cls ? "" : " (registered name '" + registered + "')") +
                               "; register it with tf::keras::layers::register_layer_class or pass it in custom_objects");
  std::shared_ptr<Layer> layer = factory(config.get<Config>());
  // A mixed policy ("mixed_float16") was read as its variable dtype: the layer gets the policy
  // itself; an explicit dtype overrides the global policy the layer took when it was made.
  if (auto it = config.get<Config>().find("dtype"); it != config.get<Config>().end() && !it->second.is_null()) {
    namespace mp = mixed_precision;
    if (auto policy = mp::detail::policy_name(it->second)) mp::detail::record_policy(*layer, mp::Policy(*policy));
    else if (mp::detail::recorded_policy(layer->layer_state())) mp::detail::record_policy(*layer, mp::Policy(layer->dtype()));
  }
  if (auto it = s.find("build_config"); it != s.end() && it->second.holds<Config>())
    layer->build_from_config(it->second.get<Config>());
  return layer;
}

Config serialize(const Layer& handle) {
  // A handle (a Model value load_model returned) stands for its heap instance, of the layer's own class.
  const std::shared_ptr<Layer> instance = handle.layer_state().instance.lock();
  const Layer& layer = instance ? *instance : handle;
  const std::string cls = layer.class_name();
  // Keras 3's modules: models are not in keras.layers.
  const char* module = cls == "Functional" ? "keras.src.models.functional" : cls == "Sequential" ? "keras" : "keras.layers";
  Config s{{"module", module},
           {"class_name", cls},
           {"config", layer.get_config()},
           {"registered_name", cls == "Functional" ? ConfigValue("Functional") : ConfigValue()}};
  if (const auto* external = dynamic_cast<const saving::ExternalClass*>(&layer)) {
    s["module"] = external->class_module();
    // An empty registered name: a class Keras itself defines (keras.layers.Lambda), saved with null.
    const std::string registered = external->registered_name();
    s["registered_name"] = registered.empty() ? ConfigValue() : ConfigValue(registered);
  }
  Config build = layer.get_build_config();
  const auto* model = dynamic_cast<const Model*>(&layer);
  // Keras writes every model's compile_config ({} before compile).
  if (!build.empty()) s["build_config"] = std::move(build);
  if (model) s["compile_config"] = model->get_compile_config();
  return s;
}

}  // namespace tf::keras::layers

namespace tf::keras::saving {

CustomObjectScope::CustomObjectScope(std::map<std::string, layers::LayerFactory> custom_objects) {
  for (const auto& [name, factory] : custom_objects)
    if (!factory) throw InvalidArgumentError("[CustomObjectScope] got an empty factory for '" + name + "'");
  layers::custom_scopes.push_back(std::move(custom_objects));
}

CustomObjectScope::~CustomObjectScope() { layers::custom_scopes.pop_back(); }

}  // namespace tf::keras::saving
