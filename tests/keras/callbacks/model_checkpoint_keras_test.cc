// ModelCheckpoint decides, names files and prints as Keras 3.15's does: for the same events
// (epoch begins and ends, batch ends, with their logs) both save the same files, holding the
// same weights, with the same messages. Keras' callback (from .venv-ref, run in this test)
// saves a Keras model of the same layout; the weight is set to a new value before every event,
// so each file shows which event saved it. Python's format() is compared on a table of specs.
#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>

#include "error_of.h"
#include "keras/callbacks/keras_reference.h"
#include "keras/callbacks/python_format.h"
#include "keras/callbacks/tiny_model.h"
#include "tfpp/errors.h"
#include "tfpp/keras/callbacks.h"

namespace tf::keras::callbacks {
namespace {

namespace fs = std::filesystem;

// One call on the callback: on_epoch_begin (kind 'b'), on_train_batch_end ('t') or on_epoch_end ('e').
struct Event {
  char kind;
  int index;
  Logs logs;
};

struct Scenario {
  std::string name;
  std::string filepath;          // under the scenario's directory, written as "DIR/..."
  ModelCheckpointOptions options;
  std::string keras_options;     // Keras' keyword arguments after filepath
  std::vector<Event> events;
};

fs::path scenario_dir(const std::string& side, std::size_t index) {
  return fs::temp_directory_path() /
         ("tfpp_model_checkpoint_" + std::to_string(::getpid()) + "_" + side + "_" + std::to_string(index));
}

std::string replace_all(std::string text, const std::string& from, const std::string& to) {
  for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
  return text;
}

// The messages, then every file saved (sorted) with the weight it holds.
std::string run_tfpp(const Scenario& s, const fs::path& dir) {
  std::ostringstream messages;
  ModelCheckpointOptions options = s.options;
  options.out = &messages;
  auto model = testing::compiled_tiny_model(0.1);
  auto callback = std::make_shared<ModelCheckpoint>(replace_all(s.filepath, "DIR", dir.string()), options);
  CallbackList list({callback}, {.model = &model, .params = Params{.verbose = 0, .epochs = 3}});
  list.on_train_begin();
  float weight = 0;
  for (const Event& e : s.events) {
    testing::set_weight(model, weight += 1);
    if (e.kind == 'b') list.on_epoch_begin(e.index, e.logs);
    if (e.kind == 't') list.on_train_batch_end(e.index, e.logs);
    if (e.kind == 'e') list.on_epoch_end(e.index, e.logs);
  }
  list.on_train_end();
  std::vector<std::string> files;
  for (const auto& entry : fs::recursive_directory_iterator(dir))
    if (entry.is_regular_file()) files.push_back(fs::relative(entry.path(), dir).string());
  std::sort(files.begin(), files.end());
  std::string text = replace_all(messages.str(), dir.string(), "DIR");
  for (const std::string& file : files) {
    auto loaded = testing::tiny_model();
    loaded.load_weights((dir / file).string());
    text += "file " + file + " " + internal::python_repr(testing::weight_of(loaded)) + "\n";
  }
  return text;
}

std::string python_logs(const Logs& logs) {
  std::string text = "{";
  for (const auto& [name, value] : logs) text += "'" + name + "': " + testing::python_literal(value) + ", ";
  return text + "}";
}

constexpr const char* kDriver = R"PY(
import io, os, sys, warnings
import numpy as np
import keras
from keras.src.callbacks import ModelCheckpoint
warnings.simplefilter("ignore")

def run(s):
    model = keras.Sequential([keras.Input((1,)), keras.layers.Dense(1, use_bias=False)])
    real, messages = sys.stdout, io.StringIO()
    sys.stdout = messages
    try:
        callback = eval("ModelCheckpoint(s['filepath'], " + s["options"] + ")")
        callback.set_model(model)
        callback.on_train_begin({})
        weight = 0.0
        for kind, index, logs in s["events"]:
            weight += 1
            model.set_weights([np.array([[weight]], dtype=np.float32)])
            if kind == "b": callback.on_epoch_begin(index, dict(logs))
            if kind == "t": callback.on_train_batch_end(index, dict(logs))
            if kind == "e": callback.on_epoch_end(index, dict(logs))
        callback.on_train_end({})
    finally:
        sys.stdout = real
    text = messages.getvalue().replace(s["dir"], "DIR")
    files = sorted(os.path.relpath(os.path.join(root, f), s["dir"]) for root, _, names in os.walk(s["dir"]) for f in names)
    for f in files:
        model.load_weights(os.path.join(s["dir"], f))
        text += f"file {f} {float(model.get_weights()[0][0][0])!r}\n"
    return text

for s in SCENARIOS:
    print("RESULT " + run(s).encode().hex())
)PY";

// Epochs of one begin and one end each, with these validation losses.
std::vector<Event> epochs(const std::vector<double>& values, const std::string& name = "val_loss") {
  std::vector<Event> events;
  for (std::size_t e = 0; e < values.size(); ++e) {
    events.push_back({'b', static_cast<int>(e), {}});
    events.push_back({'e', static_cast<int>(e), {{"loss", values[e] + 0.125}, {name, values[e]}}});
  }
  return events;
}

// Epochs of `batches` batches each, with a falling loss.
std::vector<Event> batches(int epochs, int batches) {
  std::vector<Event> events;
  double loss = 2;
  for (int e = 0; e < epochs; ++e) {
    events.push_back({'b', e, {}});
    for (int b = 0; b < batches; ++b) events.push_back({'t', b, {{"loss", loss *= 0.75}}});
    events.push_back({'e', e, {{"loss", loss}, {"val_loss", loss * 1.5}}});
  }
  return events;
}

std::vector<Scenario> scenarios() {
  std::vector<Scenario> s;
  s.push_back({"every epoch, named by epoch and val_loss", "DIR/w-{epoch:02d}-{val_loss:.4f}.weights.h5",
               {.verbose = 1, .save_weights_only = true}, "verbose=1, save_weights_only=True",
               epochs({0.5, 0.4123456, 0.45})});
  s.push_back({"best only, val_loss", "DIR/best.weights.h5",
               {.verbose = 1, .save_best_only = true, .save_weights_only = true},
               "verbose=1, save_best_only=True, save_weights_only=True", epochs({0.5, 0.4, 0.45, 0.3, 0.3})});
  s.push_back({"best only, mode max with a threshold, into a new directory", "DIR/sub/dir/e{epoch}-{val_acc}.weights.h5",
               {.monitor = "val_acc", .verbose = 1, .save_best_only = true, .save_weights_only = true, .mode = "max",
                .initial_value_threshold = 0.6},
               "monitor='val_acc', verbose=1, save_best_only=True, save_weights_only=True, mode='max', "
               "initial_value_threshold=0.6",
               epochs({0.5, 0.7, 0.65, 0.8}, "val_acc")});
  s.push_back({"best only without the monitored metric", "DIR/m{epoch}.weights.h5",
               {.monitor = "val_auc", .verbose = 1, .save_best_only = true, .save_weights_only = true, .mode = "max"},
               "monitor='val_auc', verbose=1, save_best_only=True, save_weights_only=True, mode='max'",
               epochs({0.5, 0.4})});
  s.push_back({"every 3 batches, named by batch and loss", "DIR/b{epoch}-{batch:03d}-{loss:.3e}.weights.h5",
               {.verbose = 1, .save_weights_only = true, .save_freq = 3}, "verbose=1, save_weights_only=True, save_freq=3",
               batches(2, 4)});
  // Keras' callback learns the metric's direction at the first epoch's end (before it, a second
  // comparison fails in Keras), so this saves once in the first epoch.
  s.push_back({"every 2 batches, best loss only, quiet", "DIR/q.weights.h5",
               {.monitor = "loss", .save_best_only = true, .save_weights_only = true, .save_freq = 2},
               "monitor='loss', save_best_only=True, save_weights_only=True, save_freq=2", batches(2, 3)});
  return s;
}

TEST(ModelCheckpointKerasTest, SavesAndPrintsAsKerasForTheSameEvents) {
  const auto all = scenarios();
  std::string script = "SCENARIOS = [\n";
  for (std::size_t i = 0; i < all.size(); ++i) {
    const fs::path dir = scenario_dir("keras", i);
    fs::remove_all(dir);
    fs::create_directories(dir);
    script += "dict(dir='" + dir.string() + "', filepath='" + replace_all(all[i].filepath, "DIR", dir.string()) +
              "', options=\"" + all[i].keras_options + "\", events=[";
    for (const Event& e : all[i].events)
      script += "('" + std::string(1, e.kind) + "', " + std::to_string(e.index) + ", " + python_logs(e.logs) + "), ";
    script += "]),\n";
  }
  script += "]\n";
  script += kDriver;
  std::vector<std::string> keras_text;
  for (const auto& line : testing::split_lines(testing::run_reference_python(script))) {
    if (line.rfind("RESULT ", 0) == 0) keras_text.push_back(testing::from_hex(line.substr(7)));
  }
  ASSERT_EQ(keras_text.size(), all.size());
  for (std::size_t i = 0; i < all.size(); ++i) {
    SCOPED_TRACE(all[i].name);
    const fs::path dir = scenario_dir("tfpp", i);
    fs::remove_all(dir);
    fs::create_directories(dir);
    EXPECT_EQ(run_tfpp(all[i], dir), keras_text[i]);
    fs::remove_all(dir);
    fs::remove_all(scenario_dir("keras", i));
  }
  // The scenarios save and skip.
  EXPECT_NE(keras_text[1].find("did not improve from"), std::string::npos) << keras_text[1];
  EXPECT_NE(keras_text[4].find("file b2-002-"), std::string::npos) << keras_text[4];
}

TEST(ModelCheckpointKerasTest, FormatsNumbersAsPythonsFormat) {
  const std::vector<std::string> specs{"",     "02d", "5",    ">6",   "<6",   "^7",   "+d",   " d",    "08.3f", ".4f", ".2e",
                                       ".3E",  "g",   ".3g",  "G",    ".2%",  "x",    "#x",   "#o",    "b",     ",",   "_d",
                                       ",.2f", "*^9", "=+8",  ".3",   ".0f",  "#.0f", "#.3g", "010.2e", "-^8.1f"};
  const std::vector<internal::FormatArgument> values{std::int64_t{0},  std::int64_t{7},  std::int64_t{-42},
                                                      std::int64_t{1234567}, 0.0,  -0.0, 0.5, 1.0 / 3,
                                                      -2.71828, 12345.678, 1e-7, 3e21, std::nan(""),
                                                      -HUGE_VAL};
  std::string script = "import math\nfor v in [";
  for (const auto& v : values) {
    if (const auto* i = std::get_if<std::int64_t>(&v)) script += std::to_string(*i) + ", ";
    else script += testing::python_literal(std::get<double>(v)) + ", ";
  }
  script += "]:\n  for s in [";
  for (const auto& spec : specs) script += "'" + spec + "', ";
  script += "]:\n    try:\n      print('OK ' + format(v, s).encode().hex())\n    except ValueError:\n      print('ERR')\n";
  const std::vector<std::string> lines = testing::split_lines(testing::run_reference_python(script));
  ASSERT_EQ(lines.size(), values.size() * specs.size());
  std::size_t line = 0;
  for (const auto& v : values) {
    for (const auto& spec : specs) {
      SCOPED_TRACE("spec '" + spec + "', value " + std::to_string(line / specs.size()));
      std::string ours;
      try {
        ours = "OK " + internal::python_format_value(v, spec, "[test]");
      } catch (const InvalidArgumentError&) {
        ours = "ERR";
      }
      const std::string& theirs = lines[line++];
      EXPECT_EQ(ours, theirs.rfind("OK ", 0) == 0 ? "OK " + testing::from_hex(theirs.substr(3)) : theirs);
    }
  }
}

TEST(ModelCheckpointTest, RejectsWhatKerasRejects) {
  EXPECT_EQ(testing::error_of([] { ModelCheckpoint("w.h5", {.save_weights_only = true}); }),
            "[ModelCheckpoint] When using `save_weights_only=True` in `ModelCheckpoint`, the filepath provided must end "
            "in `.weights.h5` (Keras weights format). Received: filepath=w.h5");
  EXPECT_EQ(testing::error_of([] { ModelCheckpoint("w.weights.h5", {.save_weights_only = true, .save_freq = "batch"}); }),
            "[ModelCheckpoint] Unrecognized save_freq: batch. Expected save_freq are 'epoch' or integer values");
  EXPECT_THROW(ModelCheckpoint("w.weights.h5", {.save_weights_only = true, .save_freq = 0}), InvalidArgumentError);
  EXPECT_EQ(testing::error_of([] { ModelCheckpoint("m.weights.h5"); }),
            "[ModelCheckpoint] The filepath provided must end in `.keras` (Keras model format). Received: filepath=m.weights.h5");
  EXPECT_THROW(ModelCheckpoint("w.weights.h5", {.save_weights_only = true, .mode = "up"}), InvalidArgumentError);

  const fs::path dir = scenario_dir("errors", 0);
  fs::create_directories(dir);
  auto model = testing::compiled_tiny_model(0.1);
  const std::string pattern = (dir / "{epoch}-{val_los:.2f}.weights.h5").string();
  ModelCheckpoint checkpoint(pattern, {.save_weights_only = true});
  checkpoint.set_model(&model);
  Logs logs{{"loss", 1.0}, {"val_loss", 2.0}};
  EXPECT_EQ(testing::error_of([&] { checkpoint.on_epoch_end(0, logs); }),
            "[ModelCheckpoint] Failed to format this callback filepath: \"" + pattern + "\". Reason: 'val_los'");
  fs::create_directories(dir / "1.weights.h5");
  ModelCheckpoint into_directory((dir / "{epoch}.weights.h5").string(), {.save_weights_only = true});
  into_directory.set_model(&model);
  EXPECT_EQ(testing::error_of([&] { into_directory.on_epoch_end(0, logs); }),
            "[ModelCheckpoint] Please specify a non-directory filepath for ModelCheckpoint. Filepath used is an "
            "existing directory: " + (dir / "1.weights.h5").string());
  fs::remove_all(dir);
}

}  // namespace
}  // namespace tf::keras::callbacks
