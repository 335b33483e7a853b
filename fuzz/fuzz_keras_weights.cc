// libFuzzer target: tf::fuzz::read_keras_weights (readers.cc).
#include "readers.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  tf::fuzz::read_keras_weights(data, size);
  return 0;
}
