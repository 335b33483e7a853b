// The summary events tfpp writes are protobuf's own serialization of their Event messages:
// TensorFlow 2.21 parses each record of the file and serializes it back to the same bytes
// (WriteSummary writes the enclosing messages itself, summary/summary_event.cc).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <unistd.h>

#include "reference_env.h"
#include "tfpp/tfpp.h"

namespace tf {
namespace {

namespace fs = std::filesystem;

constexpr const char* kReserializeScript = R"PY(
import os, sys
os.environ["TF_CPP_MIN_LOG_LEVEL"] = "3"
import tensorflow as tf
records = [r.numpy() for r in tf.data.TFRecordDataset(sys.argv[1])]
for raw in records[1:]:  # after file_version
    event = tf.compat.v1.Event.FromString(raw)
    same = event.SerializeToString() == raw
    print(event.step, event.summary.value[0].tag, "same" if same else "differs")
)PY";

TEST(SummaryEvent, EachRecordIsProtobufsSerializationOfItsEvent) {
  const fs::path logdir = fs::temp_directory_path() / ("tfpp_summary_event_" + std::to_string(getpid()));
  fs::remove_all(logdir);
  auto writer = summary::create_file_writer(logdir.string());
  {
    auto scope = writer.as_default();
    summary::scalar("loss", constant(0.5f), 7);
    summary::scalar("zero_step", constant(2.0), 0);  // proto3 leaves a zero step out
    summary::write("negative_step", constant({1, 2, 3}), -3);
    summary::text("notes", constant(std::string(300, 'x')), std::int64_t{1} << 40, "a long description");
    summary::histogram("weights", constant({1.0f, 2.0f, 4.0f}), 5);
    auto traced = function([](Tensor x, Tensor step) {
      name_scope scope("train");
      summary::scalar("loss", x, step);
      summary::write("raw", x, step);  // tf.summary.write's tag is not scoped
      return x;
    });
    traced(constant(1.5f), constant(std::int64_t{8}));
  }
  writer.close();

  const std::string script = ::testing::TempDir() + "reserialize_" + std::to_string(getpid()) + ".py";
  std::ofstream(script) << kReserializeScript;
  const std::string out = testing::run_command(testing::reference_python() + " " + script + " " + writer.path() + " 2>/dev/null");
  EXPECT_EQ(out,
            "7 loss same\n0 zero_step same\n-3 negative_step same\n1099511627776 notes same\n5 weights same\n"
            "8 train/loss same\n8 raw same\n");
  fs::remove_all(logdir);
}

}  // namespace
}  // namespace tf
