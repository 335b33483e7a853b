// Timestamp: the clock read when the op runs, eagerly and at each call of a traced function.
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>
#include <tfpp/timestamp.h>

#include <chrono>

namespace {

double now_seconds() {
  return std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
}

TEST(Timestamp, ReadsTheClockWhenItRuns) {
  const double before = now_seconds();
  const tf::Tensor t = tf::timestamp();
  const double after = now_seconds();
  EXPECT_EQ(t.dtype(), tf::float64);
  EXPECT_EQ(t.shape(), tf::TensorShape({}));
  EXPECT_GE(t.item<double>(), before);
  EXPECT_LE(t.item<double>(), after);
}

TEST(Timestamp, IsReadAtEveryCallOfAFunction) {
  auto f = tf::function([] { return tf::timestamp(); });
  const double first = f().item<double>();
  const double start = now_seconds();
  while (now_seconds() < start + 0.002) {
  }
  EXPECT_GT(f().item<double>(), first);  // not a constant folded while tracing
  EXPECT_EQ(f.tracing_count(), 1);
}

}  // namespace
