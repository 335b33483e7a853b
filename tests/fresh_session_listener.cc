// Every test starts with Keras' automatic names counted afresh, as in a new process: the suite runs
// many tests in one process (its shards), and a test comparing names such as
// "lstm_cell" with Keras' would otherwise see the counts of the tests before it.
#include <gtest/gtest.h>

#include "tfpp/keras/clear_session.h"

namespace {

class FreshKerasSession : public ::testing::EmptyTestEventListener {
  void OnTestStart(const ::testing::TestInfo&) override { tf::keras::utils::clear_session(); }
};

const bool registered = [] {
  ::testing::UnitTest::GetInstance()->listeners().Append(new FreshKerasSession);
  return true;
}();

}  // namespace
