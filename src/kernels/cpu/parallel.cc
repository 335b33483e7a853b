// How many threads a loop may use: the calling thread's own choice, else the process default.
#include "kernels/cpu/parallel.h"

#include <sched.h>

#include <atomic>
#include <cstdlib>
#include <string>

#include "tfpp/config.h"
#include "tfpp/errors.h"

namespace tf {
namespace kernels {
namespace {

// A positive count from the environment variable `name`, or 0.
int env_threads(const char* name) {
  const char* text = std::getenv(name);
  if (!text) return 0;
  char* end = nullptr;
  const long value = std::strtol(text, &end, 10);
  return end != text && *end == '\0' && value > 0 && value < 1024 ? static_cast<int>(value) : 0;
}

// TensorFlow's variable first; OMP_NUM_THREADS is still honoured by scripts written for OpenMP.
int chosen_threads() {
  if (const int t = env_threads("TF_NUM_INTRAOP_THREADS")) return t;
  if (const int t = env_threads("OMP_NUM_THREADS")) return t;
  cpu_set_t cpus;
  if (sched_getaffinity(0, sizeof cpus, &cpus) == 0) return std::max(1, CPU_COUNT(&cpus));
  return 1;
}

std::atomic<int> g_configured{0};  // tf::config::threading's value; 0: chosen_threads()
thread_local int t_threads = 0;    // this thread's own choice; 0: the process default

}  // namespace

void set_intra_op_threads(int threads) { t_threads = std::max(threads, 0); }

int intra_op_threads() {
  if (t_threads > 0) return t_threads;
  if (const int configured = g_configured.load(std::memory_order_relaxed)) return configured;
  static const int chosen = chosen_threads();
  return chosen;
}

}  // namespace kernels

namespace config::threading {

void set_intra_op_parallelism_threads(int threads) {
  if (threads < 0)
    throw InvalidArgumentError("set_intra_op_parallelism_threads: the thread count must be >= 0, got " +
                               std::to_string(threads));
  kernels::g_configured.store(threads);
}

int get_intra_op_parallelism_threads() { return kernels::g_configured.load(); }

}  // namespace config::threading
}  // namespace tf
