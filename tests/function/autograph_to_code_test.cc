// tf::autograph::to_code shows what tracing made of a function with natural `if`s, and
// set_verbosity logs the decision points and paths.
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>

namespace {

const int kIfLine = __LINE__ + 2;
tf::Tensor abs_natural(tf::Tensor x) {
  if (x < 0) x = -x;
  return x;
}

TEST(AutoGraphToCode, ShowsTheIfWithItsSourceLocationAndBranches) {
  auto f = tf::function(abs_natural);
  const std::string code = tf::autograph::to_code(f, tf::TensorSpec({}, tf::float32));
  const std::string where = "autograph_to_code_test.cc:" + std::to_string(kIfLine);
  EXPECT_EQ(code,
            "function(args_0: float32[]) {\n"
            "  Less = Less(args_0, 0.0);\n"
            "  if (Less) {  // " + where + "\n"
            "    Neg = Neg(args_0);\n"
            "    StatelessIf = Neg;\n"
            "  } else {\n"
            "    StatelessIf = args_0;\n"
            "  }\n"
            "  return StatelessIf;\n"
            "}\n");
  const std::string text = f.get_concrete_function(tf::TensorSpec({}, tf::float32)).graph().to_string();
  EXPECT_NE(text.find("StatelessIf = StatelessIf(Less, args_0, then_branch=<function>, else_branch=<function>) "
                      ": float32[]  @ " + where),
            std::string::npos)
      << text;
}

TEST(AutoGraphToCode, NamesALoopsVariablesAfterItsOutputsInsideItsBodies) {
  auto f = tf::function([](const tf::Tensor& limit, const tf::Tensor& step) {
    auto [total] = tf::while_loop([&](const tf::Tensor& t) { return t < limit; },
                                  [&](const tf::Tensor& t) { return std::tuple{t + step}; }, std::tuple{tf::constant(0)});
    return total;
  }, {.name = "count", .arg_names = {"limit", "step"}});
  EXPECT_EQ(tf::autograph::to_code(f, tf::TensorSpec({}, tf::int32), tf::TensorSpec({}, tf::int32)),
            "count(limit: int32[], step: int32[]) {\n"
            "  StatelessWhile = StatelessWhile(0, limit, step, num_loop_vars=1, maximum_iterations=-1) {\n"
            "    cond {\n"
            "      Less = Less(StatelessWhile, limit);\n"
            "      return Less;\n"
            "    }\n"
            "    body {\n"
            "      add = AddV2(StatelessWhile, step);\n"
            "      return add;\n"
            "    }\n"
            "  }\n"
            "  return StatelessWhile;\n"
            "}\n");
}

TEST(AutoGraphToCode, VerbosityLogsDecisionPointsAndPaths) {
  auto f = tf::function(abs_natural);
  tf::autograph::set_verbosity(1);
  testing::internal::CaptureStderr();
  f(tf::constant(1));
  const std::string log = testing::internal::GetCapturedStderr();
  tf::autograph::set_verbosity(0);
  const std::string where = "autograph_to_code_test.cc:" + std::to_string(kIfLine);
  EXPECT_EQ(log,
            "AutoGraph: function: tracing (trace 1) for int32[]; because this is the first call\n"
            "AutoGraph: function: decision point 1 at " + where + "\n"
            "AutoGraph: function: path 1: " + where + " true\n"
            "AutoGraph: function: path 2: " + where + " false\n"
            "AutoGraph: function: merged 2 paths through 1 decision points\n");
  EXPECT_EQ(tf::autograph::get_verbosity(), 0);
}

}  // namespace
