// The `tfpp` tool's command groups: each adds its subcommand to the app in its own file
// (checkpoint_commands.cc, ...), and main.cc calls every add_*_commands.
#pragma once

#include <CLI/CLI.hpp>

namespace tfpp_tool {

/// `tfpp checkpoint ...`: list a checkpoint's tensors.
void add_checkpoint_commands(CLI::App& app);

/// `tfpp saved_model ...`: show a SavedModel's signatures, run one on .npy inputs.
void add_saved_model_commands(CLI::App& app);

}  // namespace tfpp_tool
