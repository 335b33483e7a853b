// `tfpp saved_model run`: loads the SavedModel with tf::saved_model::load, feeds the signature
// the .npy inputs (converted to the input's dtype, as a session feed converts NumPy arrays),
// and prints and saves the outputs as `saved_model_cli run` does: "Result for output key K:"
// then NumPy's str of the value, outputs sorted by key, each written to <outdir>/K.npy.
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <map>
#include <regex>
#include <sstream>

#include "io/npy.h"
#include "saved_model_commands.h"
#include "saving/saved_model/saved_model_file.h"
#include "tfpp/errors.h"
#include "tfpp/math_ops.h"
#include "tfpp/saved_model.h"

namespace tfpp_tool {
namespace {

namespace fs = std::filesystem;

// "x=a.npy;y=b.npy[name]" -> {x: a.npy, y: b.npy} (a [name] only matters for .npz files).
std::map<std::string, std::string> parse_inputs(const std::string& text) {
  static const std::regex with_name(R"(([^=]+)=([^\[\]]+)\[([^\[\]]+)\])"), plain(R"(([^=]+)=([^\[\]]+))");
  std::map<std::string, std::string> files;
  std::stringstream in(text);
  for (std::string item; std::getline(in, item, ';');) {
    if (item.empty()) continue;
    std::smatch match;
    if (std::regex_match(item, match, with_name)) {
      std::cerr << "Input file " << match[2] << " contains a single ndarray. Name key \"" << match[3] << "\" ignored.\n";
    } else if (!std::regex_match(item, match, plain)) {
      throw tf::InvalidArgumentError("[saved_model run] --inputs \"" + item +
                                     "\" format is incorrect. Please follow \"<input_key>=<filename>\"");
    }
    files[match[1]] = match[2];
  }
  return files;
}

std::string joined(const std::vector<std::string>& items) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) out += (i ? ", " : "") + items[i];
  return out;
}

}  // namespace

void run_saved_model(const RunOptions& options) {
  const std::map<std::string, std::string> files = parse_inputs(options.inputs);
  if (files.empty()) throw tf::InvalidArgumentError("[saved_model run] --inputs names no input");

  tf::saved_model::LoadOptions load_options;
  if (!options.tag_set.empty()) {
    // Check the tag-set first, for saved_model_cli's message naming the tag-sets there are.
    const tf::proto::SavedModel model = tf::saved_model::read_saved_model(options.dir);
    const auto& tags = meta_graph_for(model, options.tag_set).meta_info_def().tags();
    load_options.tags.assign(tags.begin(), tags.end());
  }
  const tf::saved_model::Loaded loaded = tf::saved_model::load(options.dir, load_options);
  const auto found = loaded.signatures.find(options.signature_def);
  if (found == loaded.signatures.end()) {
    std::vector<std::string> keys;
    for (const auto& [key, _] : loaded.signatures) keys.push_back(key);
    throw tf::NotFoundError("[saved_model run] Could not find signature \"" + options.signature_def +
                            "\". Please choose from: " + joined(keys));
  }
  const tf::saved_model::LoadedFunction& signature = found->second;
  const std::vector<std::string> names = signature.input_names();
  const std::vector<tf::TensorSpec> specs = signature.input_specs();

  std::map<std::string, tf::Tensor> inputs;
  for (const auto& [key, file] : files) {
    const auto at = std::find(names.begin(), names.end(), key);
    if (at == names.end())
      throw tf::InvalidArgumentError("[saved_model run] \"" + key + "\" is not a valid input key. Please choose from " +
                                     joined(names) + ", or use --show option.");
    tf::Tensor value = tf::io::read_npy(file);
    const tf::DType dtype = specs[static_cast<std::size_t>(at - names.begin())].dtype;
    if (value.dtype() != dtype) value = tf::cast(value, dtype);
    inputs[key] = value;
  }
  for (const std::string& name : names)
    if (!inputs.count(name))
      throw tf::InvalidArgumentError("[saved_model run] signature \"" + options.signature_def + "\" needs input \"" + name +
                                     "\"; give it with --inputs " + name + "=<file.npy>");

  const std::map<std::string, tf::Tensor> outputs = signature(inputs);
  for (const auto& [key, value] : outputs) {
    std::cout << "Result for output key " << key << ":\n" << value.values_string() << "\n";
    if (options.outdir.empty()) continue;
    fs::create_directories(options.outdir);
    const std::string path = (fs::path(options.outdir) / (key + ".npy")).string();
    if (!options.overwrite && fs::exists(path))
      throw tf::FailedPreconditionError("[saved_model run] Output file " + path +
                                        " already exists. Add \"--overwrite\" to overwrite the existing output files.");
    tf::io::write_npy(path, value);
    std::cout << "Output " << key << " is saved to " << path << "\n";
  }
}

}  // namespace tfpp_tool
