// tfpp: the command-line tool (`tfpp checkpoint list PREFIX`, ...).
#include <exception>
#include <iostream>

#include "commands.h"

int main(int argc, char** argv) {
  CLI::App app{"tfpp: inspect TensorFlow-format checkpoints and models"};
  app.require_subcommand(1);
  tfpp_tool::add_checkpoint_commands(app);
  tfpp_tool::add_saved_model_commands(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  } catch (const std::exception& e) {
    std::cerr << e.what() << "\n";
    return 1;
  }
  return 0;
}
