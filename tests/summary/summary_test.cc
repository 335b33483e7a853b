// tf::summary: event files read back by TensorBoard 2.21's own event processing and compared
// with what TensorFlow 2.21 writes for the same summaries (compare_with_tensorflow.py).
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <numbers>

#include "ops/execute.h"
#include "reference_env.h"
#include "summary/summary_ops.h"
#include "tfpp/profiler.h"
#include "tfpp/tfpp.h"

namespace tf {
namespace {

namespace fs = std::filesystem;

// A fresh directory under the test's temporary folder.
fs::path fresh_dir(const std::string& name) {
  fs::path dir = fs::temp_directory_path() / ("tfpp_summary_" + name + "_" + std::to_string(getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

// The data of compare_with_tensorflow.py, built the same way.
Tensor histogram_data(int step) {
  std::vector<double> v(1500);
  for (int i = 0; i < 1500; ++i) v[i] = static_cast<double>(i % (37 + step)) / 7.0 - 2.0;
  return constant(v, {50, 30});
}

Tensor image_data() {
  std::vector<float> v(2 * 4 * 5 * 3);
  const float max = static_cast<float>(v.size() - 1);
  for (std::size_t i = 0; i < v.size(); ++i) v[i] = static_cast<float>(i) / max * 1.2f - 0.1f;
  return constant(v, {2, 4, 5, 3});
}

// A grayscale and an RGBA batch, values in [0, 1] as TensorFlow scales them.
Tensor gray_data() {
  std::vector<float> v(3 * 2 * 3);
  for (std::size_t i = 0; i < v.size(); ++i) v[i] = static_cast<float>(i % 7) / 6.0f;
  return constant(v, {3, 2, 3, 1});
}

Tensor rgba_data() {
  std::vector<float> v(1 * 2 * 2 * 4);
  for (std::size_t i = 0; i < v.size(); ++i) v[i] = static_cast<float>(i) / 15.0f;
  return constant(v, {1, 2, 2, 4});
}

// uint8 pixels, and int32 ones across the int32 range (TensorFlow scales them down to uint8).
Tensor byte_data() {
  std::vector<std::uint8_t> v(2 * 3 * 2 * 3);
  for (std::size_t i = 0; i < v.size(); ++i) v[i] = static_cast<std::uint8_t>(i * 11 % 256);
  return constant(v, {2, 3, 2, 3});
}

Tensor int32_image_data() {
  using limits = std::numeric_limits<std::int32_t>;
  return constant(std::vector<std::int32_t>{limits::min(), -1, 0, (1 << 23) - 1, 1 << 23, 1 << 30, limits::max(), 12345678},
                  {1, 2, 4, 1});
}

Tensor audio_data() {
  std::vector<float> v(100);
  for (int i = 0; i < 100; ++i)
    v[i] = std::sin(2 * std::numbers::pi_v<float> * 440 * (static_cast<float>(i) / 8000.0f));
  return constant(v, {1, 100, 1});
}

// "OK\n" if TensorBoard reads from `logdir` what TensorFlow writes for the same summaries (only
// those tfpp wrote, with `subset`); else the differences.
std::string compare_with_tensorflow(const fs::path& logdir, bool subset = false) {
  const fs::path script = fs::path(testing::source_dir()) / "tests/summary/compare_with_tensorflow.py";
  const fs::path scratch = fresh_dir("reference");
  return testing::run_command(testing::reference_python() + " " + script.string() + " " + logdir.string() + " " +
                              scratch.string() + (subset ? " subset" : ""));
}

TEST(Summary, TensorBoardReadsWhatTensorFlowWrites) {
  const fs::path logdir = fresh_dir("kinds");
  auto writer = summary::create_file_writer(logdir.string());
  {
    auto scope = writer.as_default();
    for (int step = 0; step < 3; ++step) {
      EXPECT_TRUE(summary::scalar("loss", constant(0.5 * step + 0.25), step));
      EXPECT_TRUE(summary::histogram("weights", histogram_data(step), step));
    }
    {
      name_scope scope_train("train");
      summary::scalar("accuracy", constant(0.75f), 7);
    }
    summary::histogram("constant", fill({6}, 3.5), 0);
    summary::histogram("empty", zeros({0}, float64), 0);
    summary::text("notes", constant("hello **world**"), 1);
    summary::image("pictures", image_data(), 2, /*max_outputs=*/1);
    summary::audio("sound", audio_data(), 8000, 3);
    summary::image("gray", gray_data(), 4, /*max_outputs=*/2);
    summary::image("rgba", rgba_data(), 5);
    summary::image("bytes", byte_data(), 5, /*max_outputs=*/2);
    summary::image("int32", int32_image_data(), 5);
    summary::histogram("byte_values", byte_data(), 5);
    summary::write("raw", constant(std::vector<std::int32_t>{1, 2, 3, 4}, {2, 2}), 6);  // a tensor summary, no plugin
  }
  writer.close();
  EXPECT_EQ(compare_with_tensorflow(logdir), "OK\n");
}

TEST(Summary, InsideAFunctionEveryCallWritesWithItsStep) {
  const fs::path logdir = fresh_dir("function");
  auto writer = summary::create_file_writer(logdir.string());
  Variable step(std::int64_t{0}, {.name = "step", .trainable = false});
  auto train = function([&](Tensor x) {
    summary::scalar("loss", x * 0.5f + 0.25f, step);  // the loss values of the first test's steps
    step.assign_add(constant(std::int64_t{1}));
    return x;
  });
  {
    auto scope = writer.as_default();
    for (int i = 0; i < 3; ++i) train(constant(static_cast<float>(i)));
  }
  EXPECT_EQ(train.tracing_count(), 1);
  writer.flush();
  EXPECT_EQ(compare_with_tensorflow(logdir, /*subset=*/true), "OK\n");
}

TEST(Summary, TraceExportWritesTheFunctionGraph) {
  const fs::path logdir = fresh_dir("trace");
  auto writer = summary::create_file_writer(logdir.string());
  auto func2 = function([](Tensor a, Tensor b) {
    name_scope scope("Linear_function");
    return a * b + a + b;
  });
  summary::trace_on({.graph = true, .profiler = false});
  EXPECT_EQ(func2(constant(8), constant(5)).item<std::int32_t>(), 53);
  {
    auto scope = writer.as_default();
    summary::trace_export("func2", 0);
  }
  writer.close();
  const std::string out = compare_with_tensorflow(logdir);
  EXPECT_NE(out.find("GRAPH 0 graph_run_metadata_graph"), std::string::npos) << out;
  // Python's `a * b + a + b` names them so.
  EXPECT_NE(out.find("Linear_function/mul:Mul"), std::string::npos) << out;
  EXPECT_NE(out.find("Linear_function/add_1:AddV2"), std::string::npos) << out;
}

// The profiles under `dir` (<dir>/plugins/profile/<run>/<host>.xplane.pb).
std::size_t profiles_under(const fs::path& dir) {
  if (!fs::exists(dir)) return 0;
  std::size_t n = 0;
  for (const auto& entry : fs::recursive_directory_iterator(dir))
    n += entry.path().string().ends_with(".xplane.pb");
  return n;
}

TEST(Summary, TraceWithTheProfilerWritesRunMetadataAndAProfile) {
  const fs::path logdir = fresh_dir("trace_profiler"), profile = fresh_dir("trace_profile");
  auto writer = summary::create_file_writer(logdir.string());
  auto func2 = function([](Tensor a, Tensor b) { return a * b + a + b; });
  summary::trace_on({.profiler = true, .profiler_outdir = profile.string()});
  EXPECT_THROW(profiler::experimental::start(profile.string()), AlreadyExistsError);  // the trace's profile runs
  EXPECT_EQ(func2(constant(8), constant(5)).item<std::int32_t>(), 53);
  {
    auto scope = writer.as_default();
    summary::trace_export("func2", 0);
  }
  writer.close();
  EXPECT_EQ(profiles_under(profile), 1u);
  const std::string out = compare_with_tensorflow(logdir);
  EXPECT_NE(out.find("GRAPH 0 graph_run_metadata "), std::string::npos) << out;  // not ..._graph
  EXPECT_NE(out.find(" mul:Mul"), std::string::npos) << out;

  // Without a directory there is no profile (TensorFlow warns); trace_off saves a running one.
  summary::trace_on({.profiler = true});
  EXPECT_NO_THROW(profiler::experimental::start(profile.string()));
  profiler::experimental::stop(false);
  summary::trace_off();
  const fs::path unexported = fresh_dir("trace_off_profile");
  summary::trace_on({.graph = false, .profiler = true, .profiler_outdir = unexported.string()});
  summary::trace_off();
  EXPECT_EQ(profiles_under(unexported), 1u);
}

TEST(Summary, NothingIsWrittenWithoutADefaultWriterOrWhenRecordIfIsFalse) {
  EXPECT_FALSE(summary::should_record_summaries());
  EXPECT_FALSE(summary::scalar("x", constant(1.0f), 0));
  const fs::path logdir = fresh_dir("record_if");
  auto writer = summary::create_file_writer(logdir.string());
  auto scope = writer.as_default();
  EXPECT_TRUE(summary::should_record_summaries());
  {
    auto off = summary::record_if(false);
    EXPECT_FALSE(summary::should_record_summaries());
    EXPECT_FALSE(summary::scalar("x", constant(1.0f), 0));
  }
  EXPECT_TRUE(summary::scalar("x", constant(1.0f), 0));
}

TEST(Summary, TheDefaultStepAndItsErrors) {
  const fs::path logdir = fresh_dir("step");
  auto writer = summary::create_file_writer(logdir.string());
  auto scope = writer.as_default();
  EXPECT_THROW(summary::scalar("x", constant(1.0f)), InvalidArgumentError);
  summary::experimental::set_step(4);
  EXPECT_TRUE(summary::scalar("x", constant(1.0f)));
  summary::experimental::set_step(summary::Step());
  EXPECT_THROW(summary::scalar("x", constant({1.0f, 2.0f}), 0), InvalidArgumentError);
  EXPECT_THROW(summary::image("x", zeros({2, 3}), 0), InvalidArgumentError);
  EXPECT_THROW(summary::image("x", zeros({1, 2, 2, 5}), 0), InvalidArgumentError);
  EXPECT_THROW(summary::text("x", constant(1.0f), 0), InvalidArgumentError);
  // TensorFlow's ValueError (README's deviations).
  EXPECT_THROW(summary::trace_export("x", 0), InvalidArgumentError);
  summary::trace_on();
  summary::trace_off();
  EXPECT_THROW(summary::trace_export("x", 0), InvalidArgumentError);
}

TEST(Summary, FileNameAndFirstEvent) {
  const fs::path logdir = fresh_dir("name");
  auto writer = summary::create_file_writer((logdir / "run1").string(), {.filename_suffix = ".v2"});
  const std::string name = fs::path(writer.path()).filename().string();
  EXPECT_EQ(name.rfind("events.out.tfevents.", 0), 0u) << name;
  EXPECT_NE(name.find("." + std::to_string(getpid()) + "."), std::string::npos) << name;
  EXPECT_TRUE(name.ends_with(".v2")) << name;
  writer.close();
  std::ifstream in(writer.path(), std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), {});
  EXPECT_NE(bytes.find("brain.Event:2"), std::string::npos);
}

}  // namespace
}  // namespace tf

namespace tf {
namespace {

TEST(Summary, HistogramBucketsLeaveNaNsOutAndImagesShowThemBlack) {
  const ops::AttrValue two_buckets[] = {std::int64_t{2}};
  const Tensor counts = ops::execute1(summary::detail::histogram_buckets_op(),
                                      {constant({1.0, std::nan(""), 3.0})}, two_buckets);
  EXPECT_EQ(counts.numpy<double>(), (std::vector<double>{1, 2, 1, 2, 3, 1}));
  const ops::AttrValue one_image[] = {std::int64_t{1}};
  const Tensor png = ops::execute1(summary::detail::encode_images_op(),
                                   {constant(std::vector<float>{std::nanf(""), 1.0f}, {1, 1, 2, 1})}, one_image);
  EXPECT_EQ(png.shape().dim(0), 3);
}

}  // namespace
}  // namespace tf
