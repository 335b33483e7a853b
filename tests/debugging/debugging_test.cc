// tf::debugging: check_numerics, enable_check_numerics and the assertions, eagerly (messages as
// TensorFlow 2.21 gives them, from tensorflow_messages.py in the same run) and traced.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <map>

#include "autodiff/gradient_checker.h"
#include "error_of.h"
#include "reference_env.h"
#include "tfpp/tfpp.h"

namespace tf {
namespace {

using testing::error_of;
constexpr float kNan = std::numeric_limits<float>::quiet_NaN(), kInf = std::numeric_limits<float>::infinity();

// TensorFlow's class and message per case.
const std::map<std::string, std::string>& tensorflow_messages() {
  static const std::map<std::string, std::string> messages = [] {
    const std::string out = testing::run_command(testing::reference_python() + " " + testing::source_dir() +
                                                 "/tests/debugging/tensorflow_messages.py");
    std::map<std::string, std::string> m;
    std::string name, text;
    std::size_t pos = 0;
    while (pos < out.size()) {
      std::size_t end = out.find('\n', pos);
      if (end == std::string::npos) end = out.size();
      const std::string line = out.substr(pos, end - pos);
      pos = end + 1;
      if (line.rfind("== end", 0) == 0) m[name] = text.empty() ? text : text.substr(0, text.size() - 1);
      else if (line.rfind("== ", 0) == 0) name = line.substr(3), text.clear();
      else text += line + "\n";
    }
    return m;
  }();
  return messages;
}

std::string expected(const std::string& name) {
  const auto& m = tensorflow_messages();
  auto it = m.find(name);
  return it == m.end() ? "missing case " + name : it->second;
}

TEST(Debugging, AssertionMessagesAreTensorFlows) {
  EXPECT_EQ("InvalidArgumentError\n" + error_of([] {
              debugging::assert_equal(constant({1, 2, 5, 7}), constant({1, 3, 5, 8}), "m");
            }),
            expected("assert_equal"));
  EXPECT_EQ("InvalidArgumentError\n" + error_of([] { debugging::assert_less(constant({1.f, 2.f}), constant({1.f, 3.f})); }),
            expected("assert_less"));
  EXPECT_EQ("InvalidArgumentError\n" + error_of([] { debugging::assert_equal(constant(1), constant(2)); }),
            expected("assert_equal_scalar"));
  EXPECT_EQ(error_of([] { debugging::assert_equal(constant({1, 2}), constant({1, 2})); }), "no error");
}

TEST(Debugging, CheckNumericsMessagesAreTensorFlows) {
  EXPECT_EQ("InvalidArgumentError\n" + error_of([] { debugging::check_numerics(constant({1.f, kInf, kNan}), "msg"); }),
            expected("check_numerics"));
  EXPECT_EQ("InvalidArgumentError\n" + error_of([] { debugging::check_numerics(constant({-kInf, 2.f}), "msg"); }),
            expected("check_numerics_inf"));
  const Tensor fine = constant({1.0, 2.0});
  EXPECT_EQ(debugging::check_numerics(fine, "msg").numpy<double>(), fine.numpy<double>());
  EXPECT_THROW(debugging::check_numerics(constant({1, 2}), "msg"), InvalidArgumentError);  // not floating point
}

TEST(Debugging, EnableCheckNumericsNamesTheOpThatMadeTheNaN) {
  debugging::enable_check_numerics();
  const std::string eager = error_of([] { math::log(constant({-1.f, 1.f, 0.f})); });
  debugging::disable_check_numerics();
  EXPECT_EQ("InvalidArgumentError\n" + eager, expected("enable_check_numerics"));
  EXPECT_NO_THROW(math::log(constant({-1.f})));  // disabled again
}

TEST(Debugging, EnableCheckNumericsChecksTracedFunctionsWhenTheyRun) {
  debugging::enable_check_numerics();
  auto f = function([](Tensor x) {
    name_scope scope("blk");
    return math::log(x);
  });
  EXPECT_EQ(f(constant({1.f, 2.f})).numpy<float>()[0], 0.f);
  const std::string error = error_of([&] { f(constant({-1.f, 1.f})); });
  debugging::disable_check_numerics();
  EXPECT_NE(error.find("of graph op \"Log\""), std::string::npos) << error;
  EXPECT_NE(error.find("Name scope: \"blk/\""), std::string::npos) << error;
  EXPECT_NE(error.find(" : Tensor had NaN values"), std::string::npos) << error;
}

// Both infinities, and NaN with one or both, eagerly and traced: the report and CheckNumericsV2's
// summary ("-Inf, +Inf, and NaN") as TensorFlow's. Traced, tfpp names the name scope where
// TensorFlow names the graph and prints Python's stack traces (left out on its side), and its
// node suffix names the CheckNumericsV2 node, TensorFlow's "blk/mul/CheckNumericsV2".
TEST(Debugging, EnableCheckNumericsReportsSignedInfinitiesAsTensorFlow) {
  const std::vector<std::tuple<std::string, std::vector<float>, std::vector<float>>> cases = {
      {"both_inf", {-kInf, 1.f, kInf}, {1.f, 2.f, 3.f}},
      {"nan_inf", {kNan, 1.f, kInf, -kInf}, {1.f, 2.f, 3.f, 1.f}},
      {"nan_neg_inf", {kNan, -kInf}, {1.f, 2.f}}};
  auto multiply = [](Tensor x, Tensor y) {
    name_scope scope("blk");
    return x * y;
  };
  for (const auto& [name, x, y] : cases) {
    auto traced = function(multiply);  // one function a case, as on TensorFlow's side (no relaxed shapes)
    debugging::enable_check_numerics();
    const std::string eager = error_of([&] { multiply(constant(x), constant(y)); });
    std::string graph = error_of([&] { traced(constant(x), constant(y)); });
    debugging::disable_check_numerics();
    EXPECT_EQ("InvalidArgumentError\n" + eager, expected("enable_eager_" + name));
    const std::string node_suffix = "\n\t [[{{node blk/CheckNumericsV2}}]]";
    ASSERT_TRUE(graph.ends_with(node_suffix)) << graph;
    graph.erase(graph.size() - node_suffix.size());
    const std::string scope_line = "  Name scope: \"blk/\"\n";
    const std::size_t at = graph.find(scope_line);
    ASSERT_NE(at, std::string::npos) << graph;
    graph.erase(at, scope_line.size());
    EXPECT_EQ("InvalidArgumentError\n" + graph, expected("enable_traced_" + name));
  }
  EXPECT_EQ("InvalidArgumentError\n" + error_of([] { debugging::check_numerics(constant({-kInf, kInf, kNan}), "msg"); }),
            expected("check_numerics_both_inf"));
}

// An error raised while a graph runs ends with TensorFlow's suffix naming the node that raised
// it, once, naming the innermost node when the node is inside a tf::cond branch.
TEST(Debugging, TracedErrorsNameTheirNodeAsTensorFlow) {
  auto f = function([](Tensor x) {
    name_scope scope("blk");
    return debugging::check_numerics(x, "msg");
  });
  EXPECT_EQ("InvalidArgumentError\n" + error_of([&] { f(constant({1.f, kNan})); }), expected("traced_check_numerics"));
  auto in_branch = function([](Tensor x) {
    return cond(reduce_sum(x) > 0.f, [&] { return debugging::check_numerics(x, "branch"); }, [&] { return x; });
  });
  const std::string error = error_of([&] { in_branch(constant({1.f, kInf})); });
  const std::size_t at = error.find("\n\t [[{{node ");
  ASSERT_NE(at, std::string::npos) << error;
  EXPECT_EQ(error.find("\n\t [[{{node ", at + 1), std::string::npos) << error;
  EXPECT_TRUE(error.ends_with("CheckNumerics}}]]")) << error;
  EXPECT_EQ(error.substr(0, at), "branch : Tensor had Inf values");
}

// CheckNumerics is stateful, as in TensorFlow: a traced check whose result nothing reads still runs.
TEST(Debugging, TracedChecksRunWhenTheirResultIsUnused) {
  auto f = function([](Tensor x) {
    debugging::assert_all_finite(x, "unused");
    return x * 2.f;
  });
  EXPECT_EQ(f(constant({1.f, 2.f})).numpy<float>(), (std::vector<float>{2.f, 4.f}));
  const std::string error = error_of([&] { f(constant({1.f, kNan})); });
  EXPECT_TRUE(error.starts_with("unused : Tensor had NaN values")) << error;
  EXPECT_EQ(f.tracing_count(), 1);
}

TEST(Debugging, CheckNumericsGradientPassesThroughAndIsChecked) {
  const double error = testing::max_gradient_error(
      [](const std::vector<Tensor>& x) { return debugging::check_numerics(x[0] * x[0], "m"); },
      {testing::random_tensor({3}, 1)});
  EXPECT_LT(error, 1e-6);
  Variable v(constant({0.0, 1.0}));
  GradientTape tape;
  Tensor y = math::sqrt(debugging::check_numerics(v.read_value(), "root"));  // d sqrt(x) is +Inf at 0
  EXPECT_NE(error_of([&] { tape.gradient(y, v); }).find("detected in gradient. root : Tensor had Inf values"),
            std::string::npos);
}

TEST(Debugging, TracedAssertionsRaiseWhenTheGraphRuns) {
  auto f = function([](Tensor x, Tensor y) {
    debugging::assert_less(x, y, "x must be smaller");
    return x + y;
  });
  EXPECT_EQ(f(constant({1, 2}), constant({3, 4})).numpy<std::int32_t>(), (std::vector<std::int32_t>{4, 6}));
  EXPECT_EQ(error_of([&] { f(constant({5, 2}), constant({3, 4})); }),
            "assertion failed: [x must be smaller] [Condition x < y did not hold element-wise:] [x = ] [5 2] [y = ] [3 4]"
            "\n\t [[{{node Assert}}]]");
  EXPECT_EQ(f.tracing_count(), 1);
}

TEST(Debugging, AssertNearRankAndShapes) {
  EXPECT_EQ(error_of([] { debugging::assert_near(constant({1.f, 2.f}), constant({1.f, 2.f + 1e-7f})); }), "no error");
  EXPECT_NE(error_of([] { debugging::assert_near(constant({1.f, 2.f}), constant({1.f, 3.f})); })
                .find("x and y not equal to tolerance"),
            std::string::npos);
  EXPECT_EQ(error_of([] { debugging::assert_rank(constant({1.f, 2.f}), 2); }),
            "Tensor must have rank 2.  Received rank 1, shape (2,)");
  const Tensor a = zeros({2, 3}), b = zeros({3, 4}), c = zeros({2, 4});
  EXPECT_EQ(error_of([&] { debugging::assert_shapes({{a, {"N", "K"}}, {b, {"K", "."}}}); }), "no error");
  EXPECT_NE(error_of([&] { debugging::assert_shapes({{a, {"N", "K"}}, {c, {"K", "4"}}}); }).find("must have size 3"),
            std::string::npos);
  EXPECT_NE(error_of([&] { debugging::assert_shapes({{a, {"N"}}}); }).find("dimension rank"), std::string::npos);
  EXPECT_EQ(debugging::assert_all_finite(constant({1.0}), "x").numpy<double>(), std::vector<double>{1.0});
  EXPECT_THROW(debugging::assert_all_finite(constant({kNan}), "x"), InvalidArgumentError);
}

}  // namespace
}  // namespace tf
