#include "core/cpu_features.h"

#include <xmmintrin.h>

namespace tf::core {
namespace {

void set_ftz_daz() { _mm_setcsr(_mm_getcsr() | 0x8040); }  // FTZ (bit 15) | DAZ (bit 6)

}  // namespace

void flush_denormals_on_this_thread() {
  thread_local bool done = false;
  if (!done) {
    set_ftz_daz();
    done = true;
  }
}

}  // namespace tf::core
