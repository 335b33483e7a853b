// tf::strings::unicode_script against TensorFlow 2.21's values (both use ICU's UScriptCode
// numbers): scripts of letters, digits, spaces and emoji, -1 for values outside Unicode, shapes
// kept, traced shapes and TensorFlow's dtype error.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include <tfpp/tfpp.h>
#include <tfpp/unicode_script.h>

#include "error_of.h"

namespace {

using tf::Tensor;
using tf::testing::error_of;

TEST(UnicodeScript, ScriptsAsTensorFlow) {
  const Tensor codepoints =
      tf::constant(std::vector<std::int32_t>{72, 1041, 0x4e2d, 0x0627, 0x05d0, 32, 48, -1, 0x110000, 0x1F600, 0x0915, 0x3042, 0x30a2});
  const Tensor scripts = tf::strings::unicode_script(codepoints);
  EXPECT_EQ(scripts.dtype(), tf::int32);
  EXPECT_EQ(scripts.numpy<std::int32_t>(), (std::vector<std::int32_t>{25, 8, 17, 2, 19, 0, 0, -1, -1, 0, 10, 20, 22}));
  const Tensor matrix = tf::strings::unicode_script(tf::constant(std::vector<std::int32_t>{72, 1041, 0x4e2d, 7}, {2, 2}));
  EXPECT_EQ(matrix.shape(), (tf::TensorShape{2, 2}));
  EXPECT_EQ(matrix.numpy<std::int32_t>(), (std::vector<std::int32_t>{25, 8, 17, 0}));
  EXPECT_EQ(tf::strings::unicode_script(tf::zeros({0}, tf::int32)).shape(), (tf::TensorShape{0}));
}

TEST(UnicodeScript, TracedShapeAndErrors) {
  tf::TensorShape traced;
  auto f = tf::function([&traced](Tensor x) {
    Tensor scripts = tf::strings::unicode_script(x);
    traced = scripts.shape();
    return scripts;
  });
  auto concrete = f.get_concrete_function(tf::TensorSpec(tf::TensorShape{tf::None, 3}, tf::int32));
  EXPECT_EQ(traced, (tf::TensorShape{tf::None, 3}));
  EXPECT_EQ(concrete.call_flat({tf::constant(std::vector<std::int32_t>{72, 1041, 0x4e2d}, {1, 3})})[0].numpy<std::int32_t>(),
            (std::vector<std::int32_t>{25, 8, 17}));
  EXPECT_EQ(error_of([] { tf::strings::unicode_script(tf::constant(std::vector<std::int64_t>{72})); }),
            "[UnicodeScript] cannot compute UnicodeScript as input #0(zero-based) was expected to be a int32 tensor but is a "
            "int64 tensor");
}

}  // namespace
