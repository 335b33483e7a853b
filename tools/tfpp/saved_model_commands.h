// `tfpp saved_model show` and `tfpp saved_model run`: the parts saved_model_commands.cc wires
// into the command line.
#pragma once

#include <string>

#include "proto/saved_model.pb.h"

namespace tfpp_tool {

/// The options of `tfpp saved_model show`.
struct ShowOptions {
  std::string dir, tag_set, signature_def;
  bool all = false;
};

/// The options of `tfpp saved_model run`.
struct RunOptions {
  std::string dir, tag_set, signature_def, inputs, outdir;
  bool overwrite = false;
};

/// Prints what `saved_model_cli show` prints for the options.
void show_saved_model(const ShowOptions& options);

/// Runs a signature on .npy inputs, prints each output and writes it to outdir/<key>.npy.
void run_saved_model(const RunOptions& options);

/// The MetaGraph whose tags equal the comma-separated `tag_set`; throws NotFoundError naming
/// the tag-sets there are.
const tf::proto::MetaGraphDef& meta_graph_for(const tf::proto::SavedModel& model, const std::string& tag_set);

}  // namespace tfpp_tool
