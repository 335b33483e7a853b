// libFuzzer target: tf::fuzz::read_image (readers.cc).
#include "readers.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  tf::fuzz::read_image(data, size);
  return 0;
}
