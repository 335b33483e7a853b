// Keras 3's .keras files: Model::save, models::load_model, and the JSON forms (Model::to_json,
// models::model_from_json). The archive holds metadata.json, config.json, model.weights.h5 and
// the lookup layers' vocabularies under assets/ (saving_lib's _save_model_to_fileobj); it is
// built in memory and written atomically.
#include <ctime>

#include "io/atomic_file.h"
#include "keras/saving/file_bytes.h"
#include "keras/saving/h5_file.h"
#include "keras/saving/weights_store.h"
#include "keras/saving/zip_archive.h"
#include "tfpp/errors.h"
#include "tfpp/keras/saving.h"

namespace tf::keras {
namespace {

constexpr const char* kMetadataFile = "metadata.json";
constexpr const char* kConfigFile = "config.json";
constexpr const char* kWeightsFile = "model.weights.h5";
// The Keras release whose .keras format these files follow (metadata.json's keras_version).
constexpr const char* kKerasVersion = "3.15.1";

bool ends_with(const std::string& s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// serialize_keras_object(model): the layer's serialized form, with its compile_config.
Config serialized_model(const Model& model) { return layers::serialize(model); }

std::string date_saved() {
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%d@%H:%M:%S", &local);
  return text;
}

// The model a serialized config describes; errors name `where` (the file) in front.
Model model_from_config(const ConfigValue& config, const std::string& who, const std::string& where) {
  std::shared_ptr<Layer> layer;
  try {
    layer = layers::deserialize(config);
  } catch (const InvalidArgumentError& e) {
    throw InvalidArgumentError(who + " " + where + e.what());
  } catch (const UnimplementedError& e) {
    throw UnimplementedError(who + " " + where + e.what());
  }
  auto model = std::dynamic_pointer_cast<Model>(layer);
  if (!model) throw InvalidArgumentError(who + " " + where + "holds a " + layer->class_name() + ", not a model");
  return *model;
}

}  // namespace

std::string Model::to_json() const { return keras::to_json(serialized_model(*this)); }

void Model::save(const std::string& filepath) const {
  const std::string who = "[save]";
  if (!ends_with(filepath, ".keras"))
    throw InvalidArgumentError(who + " the filename must end in `.keras` (use save_weights for `.weights.h5`). Received: filepath=" + filepath);
  const std::string config = keras::to_json(serialized_model(*this));
  const std::string metadata = keras::to_json(Config{{"keras_version", kKerasVersion}, {"date_saved", date_saved()}});
  saving::detail::H5Writer weights(filepath + "/" + kWeightsFile);
  std::vector<std::pair<std::string, std::string>> assets;  // the lookup layers' vocabularies
  saving::detail::save_state(*this, weights, &assets);
  std::vector<std::pair<std::string, std::string>> members{{kMetadataFile, metadata}, {kConfigFile, config}, {kWeightsFile, weights.finish()}};
  members.insert(members.end(), assets.begin(), assets.end());
  const std::string archive = saving::detail::make_zip(members, filepath, who);
  io::write_file_atomically(filepath, archive, who);
}

namespace models {

Model load_model(const std::string& filepath, LoadModelOptions options) {
  const std::string who = "[load_model]";
  if (!ends_with(filepath, ".keras"))
    throw InvalidArgumentError(who + " file format not supported: filepath=" + filepath +
                               ". tfpp reads Keras 3's `.keras` files (weights alone: Model::load_weights with `.weights.h5`)");
  const saving::detail::ZipReader zip(saving::detail::read_file_bytes(filepath, who), filepath, who);
  const std::string where = "'" + filepath + "': ";
  ConfigValue config;
  try {
    config = from_json(zip.read(kConfigFile));
  } catch (const InvalidArgumentError& e) {
    throw DataLossError(who + " " + where + kConfigFile + " is not valid JSON: " + e.what());
  }
  if (!config.holds<Config>()) throw DataLossError(who + " " + where + kConfigFile + " holds no model config");
  if (!zip.has(kWeightsFile))
    throw DataLossError(who + " " + where + "the archive has no " + kWeightsFile + " (it holds: " + [&] {
      std::string names;
      for (const std::string& n : zip.names()) names += (names.empty() ? "" : ", ") + n;
      return names;
    }() + ")");
  const saving::CustomObjectScope scope(std::move(options.custom_objects));
  Model model = model_from_config(config, who, where);
  const Config& c = config.get<Config>();
  if (auto it = c.find("compile_config"); options.compile && it != c.end() && it->second.holds<Config>() &&
                                          !it->second.get<Config>().empty()) {
    try {
      model.compile_from_config(it->second.get<Config>());
    } catch (const InvalidArgumentError& e) {
      throw InvalidArgumentError(who + " " + where + e.what());
    } catch (const UnimplementedError& e) {
      throw UnimplementedError(who + " " + where + e.what() + " (load_model with .compile = false skips compile_config)");
    }
  }
  const saving::detail::H5Reader weights(zip.read(kWeightsFile), filepath + "/" + kWeightsFile);
  saving::detail::load_state(model, weights, who, false, &zip);
  return model;
}

Model model_from_json(const std::string& json, const std::map<std::string, layers::LayerFactory>& custom_objects) {
  const saving::CustomObjectScope scope(custom_objects);
  return model_from_config(from_json(json), "[model_from_json]", "");
}

}  // namespace models
}  // namespace tf::keras
