// The process-wide fuzz factor of keras.config.epsilon.
#include "tfpp/keras/epsilon.h"

#include <atomic>

namespace tf::keras::config {
namespace {

std::atomic<double>& value() {
  static std::atomic<double> epsilon{1e-7};
  return epsilon;
}

}  // namespace

double epsilon() { return value().load(std::memory_order_relaxed); }

void set_epsilon(double v) { value().store(v, std::memory_order_relaxed); }

}  // namespace tf::keras::config
