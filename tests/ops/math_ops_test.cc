#include <gtest/gtest.h>

#include <tfpp/tfpp.h>

namespace {

TEST(MathOps, AddBroadcasts) {
  tf::Tensor a = tf::constant({{1.0f, 2.0f}, {3.0f, 4.0f}});
  tf::Tensor b = tf::constant({10.0f, 20.0f});
  EXPECT_EQ((a + b).numpy<float>(), (std::vector<float>{11, 22, 13, 24}));
  EXPECT_EQ((a * 2).numpy<float>(), (std::vector<float>{2, 4, 6, 8}));
  EXPECT_EQ((5.0f * tf::constant(5.0f) + 10.0f).item<float>(), 35.0f);
}

TEST(MathOps, MismatchedShapesAndDtypesThrow) {
  try {
    tf::add(tf::zeros({2, 3}), tf::zeros({4}));
    FAIL();
  } catch (const tf::InvalidArgumentError& e) {
    EXPECT_STREQ(e.what(), "[AddV2] shapes [2,3] and [4] cannot be broadcast together");
  }
  EXPECT_THROW(tf::add(tf::zeros({2}), tf::zeros({2}, tf::int32)), tf::InvalidArgumentError);
}

TEST(MathOps, StringsConcatenate) {
  EXPECT_EQ(tf::add(tf::constant("a"), tf::constant("b")).item<std::string>(), "ab");
}

}  // namespace
