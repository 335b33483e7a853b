// libFuzzer target: tf::fuzz::read_tfrecord (readers.cc).
#include "readers.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  tf::fuzz::read_tfrecord(data, size);
  return 0;
}
