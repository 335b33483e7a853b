// tf::saved_model::save of functions with tf::cond and tf::while_loop: TensorFlow 2.21 loads
// them (in the same run) as its functional If / While ops and gets tfpp's results; tfpp loads
// them back.
#include <gtest/gtest.h>

#include <filesystem>

#include "saving/saved_model_python.h"
#include "tfpp/module.h"
#include "tfpp/tfpp.h"

namespace tf {
namespace {

namespace fs = std::filesystem;
using testing::expect_near;
using testing::values;

struct Control : Module {
  Variable scale{add_variable("scale", constant(1.5f))};
  Control() : Module("control") {}
};

Tensor inputs(std::int64_t n, float sign) { return sin(cast(range(n), float32) * 0.37f) * (1.5f * sign); }

// The Python expression of inputs(n, sign), with `sign` a Python expression.
std::string inputs_py(std::int64_t n, const std::string& sign) {
  return "tf.sin(tf.range(" + std::to_string(n) + ", dtype=tf.float32) * 0.37) * (1.5 * " + sign + ")";
}

// A cond reading a variable (an If), a while_loop whose body reads it and a value from outside
// (captures), and a while_loop with maximum_iterations whose body holds a cond of its own (a
// StatelessIf inside a StatelessWhile).
std::map<std::string, Tensor> control_flow(const Control& m, const Tensor& n, const Tensor& x) {
  Tensor y = cond(reduce_sum(x) > 0.0f, [&] { return x * m.scale; }, [&] { return x - 1.0f; });
  auto [i, acc] = while_loop([&](Tensor i, Tensor) { return i < n; },
                             [&](Tensor i, Tensor acc) { return std::tuple{i + 1, acc * 0.5f + y * m.scale}; },
                             std::tuple{constant(0), x * 0.0f});
  auto [j, capped] = while_loop(
      [&](Tensor j, Tensor) { return j < 100; },
      [&](Tensor j, Tensor c) {
        Tensor next = cond(equal(math::floormod(j, constant(2)), constant(0)), [&] { return c + x; }, [&] { return c * 2.0f; });
        return std::tuple{j + 1, next};
      },
      std::tuple{constant(0), x * 0.0f + 1.0f}, {.maximum_iterations = 3});
  return {{"acc", acc}, {"y", y}, {"capped", capped}, {"trips", cast(i + j, float32)}};
}

TEST(SavedModelControlFlow, TensorFlowRunsTfppsCondAndWhileLoop) {
  Control m;
  auto f = function([&](const Tensor& n, const Tensor& x) { return control_flow(m, n, x); },
                    {.input_signature = {TensorSpec({}, int32, "n"), TensorSpec({None}, float32, "x")}});
  const std::string dir = testing::saved_model_temp_dir("control_flow");
  saved_model::save(m, dir, {.signatures = {{"serving_default", f.get_concrete_function(TensorSpec({}, int32, "n"), TensorSpec({None}, float32, "x"))}}});

  auto theirs = testing::run_python("control_flow",
      "m = tf.saved_model.load('" + dir + "')\n"
      "sig = m.signatures['serving_default']\n"
      "for tag, n, sign in [('a', 4, 1.0), ('b', 0, -1.0), ('c', 7, -1.0)]:\n"
      "  out = sig(n=tf.constant(n), x=" + inputs_py(6, "sign") + ")\n"
      "  for k in sorted(out): show(tag + '.' + k, out[k])\n");
  saved_model::Loaded loaded = saved_model::load(dir);
  for (const auto& [tag, n, sign] : {std::tuple{"a", 4, 1.0f}, std::tuple{"b", 0, -1.0f}, std::tuple{"c", 7, -1.0f}}) {
    const std::map<std::string, Tensor> mine = f(constant(n), inputs(6, sign));
    const std::map<std::string, Tensor> again = loaded.signatures.at("serving_default")({{"n", constant(n)}, {"x", inputs(6, sign)}});
    for (const auto& [key, value] : mine) {
      const std::string name = std::string(tag) + "." + key;
      ASSERT_TRUE(theirs.contains(name)) << "TensorFlow did not run " << dir << " (" << name << ")";
      expect_near(value, theirs.at(name));
      expect_near(again.at(key), values(value));
    }
  }
  // maximum_iterations stopped the second loop after 3 trips.
  EXPECT_EQ(theirs.at("a.trips"), std::vector<double>{4 + 3});
  fs::remove_all(dir);
}

}  // namespace
}  // namespace tf
