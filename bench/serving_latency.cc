// Serving latency in tfpp, for bench/serving_compare.py (which times the same calls in
// TensorFlow 2.21): loads the SavedModel in DIR with tf::saved_model::load and calls its
// serving_default signature on one float32 batch of BATCH rows (the signature's input shape with
// the batch dimension set), WARMUP times untimed, then REPS times. Prints one line per timed
// call: "wall_s cpu_s" (the process's CPU time, all threads).
// Usage: serving_latency DIR BATCH WARMUP REPS
#include <time.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <span>
#include <string>
#include <vector>

#include <tfpp/constant.h>
#include <tfpp/saved_model.h>

namespace {

double cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 5) {
    std::fprintf(stderr, "usage: %s DIR BATCH WARMUP REPS\n", argv[0]);
    return 2;
  }
  const std::int64_t batch = std::atoll(argv[2]);
  const int warmup = std::atoi(argv[3]), reps = std::atoi(argv[4]);
  const tf::saved_model::Loaded loaded = tf::saved_model::load(argv[1]);
  const tf::saved_model::LoadedFunction& serve = loaded.signatures.at("serving_default");
  const tf::TensorSpec spec = serve.input_specs().at(0);
  std::vector<std::int64_t> dims(spec.shape.dims().begin(), spec.shape.dims().end());
  dims.at(0) = batch;
  std::int64_t count = 1;
  for (std::int64_t d : dims) count *= d;
  std::vector<float> values(static_cast<std::size_t>(count));
  for (std::size_t i = 0; i < values.size(); ++i) values[i] = static_cast<float>(i % 255) / 255.0f;
  const std::map<std::string, tf::Tensor> inputs = {
      {serve.input_names().at(0), tf::constant(values, tf::TensorShape(std::span<const std::int64_t>(dims)))}};
  for (int i = 0; i < warmup; ++i) serve(inputs);
  for (int r = 0; r < reps; ++r) {
    const auto start = std::chrono::steady_clock::now();
    const double cpu_start = cpu_seconds();
    const std::map<std::string, tf::Tensor> out = serve(inputs);
    out.begin()->second.numpy<float>();  // the result is ready, as TensorFlow's .numpy() waits for it
    const double cpu = cpu_seconds() - cpu_start;
    std::printf("%.9f %.9f\n", std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), cpu);
  }
  std::fflush(stdout);
  return 0;
}
