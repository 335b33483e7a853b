// `tfpp checkpoint list PREFIX`: every tensor's key, dtype and shape, one per line, then the
// number of values, as TensorFlow's inspect_checkpoint prints them:
//   module/w/.ATTRIBUTES/VARIABLE_VALUE (DT_FLOAT) [2,3]
#include <cstdint>
#include <iostream>
#include <string>

#include "checkpoint/tensor_bundle.h"
#include "commands.h"
#include "data_type_names.h"
#include "tfpp/train/checkpoint.h"

namespace tfpp_tool {
namespace {

void list_checkpoint(const std::string& path) {
  // A directory means its latest checkpoint, as tf.train.load_checkpoint takes it.
  std::string prefix = path;
  if (auto latest = tf::train::latest_checkpoint(path)) prefix = *latest;
  const tf::checkpoint::BundleReader reader(prefix);
  std::uint64_t total = 0;
  for (const std::string& key : reader.keys()) {
    const tf::checkpoint::BundleEntryInfo& entry = reader.entry(key);
    std::string shape = "[";
    std::uint64_t elements = 1;
    for (std::size_t i = 0; i < entry.shape.dims().size(); ++i) {
      shape += (i ? "," : "") + std::to_string(entry.shape.dims()[i]);
      elements *= static_cast<std::uint64_t>(entry.shape.dims()[i]);
    }
    total += elements;
    std::cout << key << " (" << data_type_name(entry.data_type) << ") " << shape << "]\n";
  }
  std::cout << "\n# Total number of params: " << total << "\n";
}

}  // namespace

void add_checkpoint_commands(CLI::App& app) {
  CLI::App* group = app.add_subcommand("checkpoint", "Inspect a TensorFlow-format checkpoint");
  group->require_subcommand(1);
  CLI::App* list = group->add_subcommand("list", "Print every tensor's key, dtype and shape");
  auto prefix = std::make_shared<std::string>();
  list->add_option("prefix", *prefix, "The checkpoint's prefix (PREFIX.index), or a directory with a checkpoint file")->required();
  list->callback([prefix] { list_checkpoint(*prefix); });
}

}  // namespace tfpp_tool
