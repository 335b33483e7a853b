// `tfpp saved_model show|run`, with saved_model_cli's flags.
#include "commands.h"
#include "saved_model_commands.h"

namespace tfpp_tool {

void add_saved_model_commands(CLI::App& app) {
  CLI::App* group = app.add_subcommand("saved_model", "Inspect and run a SavedModel");
  group->require_subcommand(1);

  CLI::App* show = group->add_subcommand("show", "Show the tag-sets, signatures, inputs and outputs of a SavedModel");
  auto show_options = std::make_shared<ShowOptions>();
  show->add_option("--dir", show_options->dir, "The SavedModel directory")->required();
  show->add_flag("--all", show_options->all, "Every MetaGraph, its signatures and ops, and the root's functions");
  show->add_option("--tag_set", show_options->tag_set, "The MetaGraph's tags, separated by ','");
  show->add_option("--signature_def", show_options->signature_def, "The signature whose inputs and outputs to show");
  show->callback([show_options] { show_saved_model(*show_options); });

  CLI::App* run = group->add_subcommand("run", "Run a signature on inputs from .npy files");
  auto run_options = std::make_shared<RunOptions>();
  run->add_option("--dir", run_options->dir, "The SavedModel directory")->required();
  run->add_option("--tag_set", run_options->tag_set, "The MetaGraph's tags, separated by ','; default: the only one, or 'serve'");
  run->add_option("--signature_def", run_options->signature_def, "The signature to run")->required();
  run->add_option("--inputs", run_options->inputs, "<input_key>=<file.npy>, separated by ';'")->required();
  run->add_option("--outdir", run_options->outdir, "Write each output to <outdir>/<output_key>.npy");
  run->add_flag("--overwrite", run_options->overwrite, "Overwrite existing output files");
  run->callback([run_options] { run_saved_model(*run_options); });
}

}  // namespace tfpp_tool
