// Regular-expression string ops: StaticRegexReplace, RegexReplace, StaticRegexFullMatch, RegexFullMatch.
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>

#include "ops/nn/nn_test_util.h"

namespace {

using tf::testing::error_of;
using Strings = std::vector<std::string>;

TEST(RegexReplace, GlobalFirstAndGroups) {
  tf::Tensor s = tf::constant({"aabb", "ab", ""});
  EXPECT_EQ(tf::strings::regex_replace(s, "a+", "X").numpy<std::string>(), (Strings{"Xbb", "Xb", ""}));
  EXPECT_EQ(tf::strings::regex_replace(s, "a", "X", {.replace_global = false}).numpy<std::string>(), (Strings{"Xabb", "Xb", ""}));
  EXPECT_EQ(tf::strings::regex_replace(s, "(a)(b)", "\\2\\1").numpy<std::string>(), (Strings{"abab", "ba", ""}));
  // An empty pattern matches between every character, as in RE2.
  EXPECT_EQ(tf::strings::regex_replace(tf::constant("ab"), "", "-").item<std::string>(), "-a-b-");
  // A rewrite naming a group the pattern lacks replaces nothing (RE2's rule, so TensorFlow's).
  EXPECT_EQ(tf::strings::regex_replace(tf::constant("ab"), "b", "\\3").item<std::string>(), "ab");
}

TEST(RegexReplace, PatternAndRewriteAsTensors) {
  tf::Tensor s = tf::constant({"aabb", "ab"});
  EXPECT_EQ(tf::strings::regex_replace(s, tf::constant("a"), tf::constant("X")).numpy<std::string>(), (Strings{"XXbb", "Xb"}));
  EXPECT_EQ(tf::strings::regex_replace(s, tf::constant("b$"), tf::constant("!"), {.replace_global = false}).numpy<std::string>(),
            (Strings{"aab!", "a!"}));
}

TEST(RegexReplace, Errors) {
  tf::Tensor s = tf::constant({"ab"});
  EXPECT_EQ(error_of([&] { tf::strings::regex_replace(s, "(a", "X"); }),
            "[StaticRegexReplace] Invalid pattern: (a, error: missing ): (a");
  EXPECT_EQ(error_of([&] { tf::strings::regex_replace(s, tf::constant("(a"), tf::constant("X")); }),
            "[RegexReplace] Invalid pattern: (a, error: missing ): (a");
  EXPECT_EQ(error_of([&] { tf::strings::regex_replace(s, tf::constant({"a"}), tf::constant("X")); }),
            "[RegexReplace] Pattern must be scalar, but received [1]");
  EXPECT_EQ(error_of([&] { tf::strings::regex_replace(s, tf::constant("a"), tf::constant({"X"})); }),
            "[RegexReplace] Replacement pattern must be scalar, but received [1]");
  EXPECT_EQ(error_of([] { tf::strings::regex_replace(tf::constant(1), "a", "b"); }),
            "[StaticRegexReplace] input has dtype int32; expected string");
}

TEST(RegexFullMatch, WholeStringsOnly) {
  tf::Tensor s = tf::constant(Strings{"aabb", "ab", "ba", ""}, {2, 2});
  tf::Tensor m = tf::strings::regex_full_match(s, "a+b+");
  EXPECT_EQ(m.dtype(), tf::bool_);
  EXPECT_EQ(m.shape(), tf::TensorShape({2, 2}));
  EXPECT_EQ(m.numpy<bool>(), (std::vector<bool>{true, true, false, false}));
  EXPECT_EQ(tf::strings::regex_full_match(s, "a").numpy<bool>(), (std::vector<bool>{false, false, false, false}));
  EXPECT_EQ(tf::strings::regex_full_match(s, tf::constant("b?a?")).numpy<bool>(), (std::vector<bool>{false, false, true, true}));
}

TEST(RegexFullMatch, Errors) {
  EXPECT_EQ(error_of([] { tf::strings::regex_full_match(tf::constant("a"), "[a"); }),
            "[StaticRegexFullMatch] Invalid pattern: [a, error: missing ]: [a");
  EXPECT_EQ(error_of([] { tf::strings::regex_full_match(tf::constant("a"), tf::constant({"a"})); }),
            "[RegexFullMatch] Pattern must be scalar, but received [1]");
}

TEST(RegexOps, RunInsideAFunctionWithAComputedPattern) {
  auto f = tf::function([](tf::Tensor s, tf::Tensor letter) {
    tf::Tensor pattern = tf::strings::join({letter, tf::constant("+")});
    return tf::strings::regex_replace(s, pattern, tf::constant("_"));
  });
  EXPECT_EQ(f(tf::constant({"aab", "bba"}), tf::constant("b")).numpy<std::string>(), (Strings{"aa_", "_a"}));
  EXPECT_EQ(f(tf::constant({"aab", "bba"}), tf::constant("a")).numpy<std::string>(), (Strings{"_b", "bb_"}));
  EXPECT_THROW(f(tf::constant({"a"}), tf::constant("(")), tf::InvalidArgumentError);
  auto g = tf::function([](tf::Tensor s) { return tf::strings::regex_full_match(s, "[0-9]+"); });
  EXPECT_EQ(g(tf::constant({"123", "12a"})).numpy<bool>(), (std::vector<bool>{true, false}));
}

}  // namespace
