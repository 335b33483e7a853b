// Every test starts with Keras' automatic names counted afresh and no global seed or random
// streams, as in a new process: the suite runs many tests in one process (its shards), and a
// test comparing names such as "lstm_cell" with Keras', or a seeded draw with TensorFlow's,
// would otherwise see the state the tests before it left.
#include <gtest/gtest.h>

#include "tfpp/keras/clear_session.h"
#include "tfpp/random_ops.h"

namespace {

class FreshKerasSession : public ::testing::EmptyTestEventListener {
  void OnTestStart(const ::testing::TestInfo&) override {
    tf::keras::utils::clear_session();
    tf::random::set_seed(std::nullopt);
  }
};

const bool registered = [] {
  ::testing::UnitTest::GetInstance()->listeners().Append(new FreshKerasSession);
  return true;
}();

}  // namespace
