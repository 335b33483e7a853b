// The machine's float32 FMA peak: the denominator of "sgemm reaches N % of peak".
//
// Note [Measuring the FMA peak]: the peak that matters for a 2-core sgemm is the throughput
// both cores sustain together, running AVX-512 FMAs for as long as a big matmul does (a
// CPU may clock down under sustained wide-vector load, and a short single-core burst may run
// at a boost clock that two busy cores do not hold). So each benchmark runs independent FMA
// chains on every OpenMP thread for >= 2 s of repeated ~20-50 ms bursts. Sixteen accumulators
// (twelve with AVX2, which has only 16 vector registers) cover the FMA latency times the number
// of FMA pipes on current x86 cores, so the loop is throughput-bound, not latency-bound. Items
// are floating-point operations (2 per FMA lane). On a shared machine another process may take
// a core for a moment and the other thread then waits at the end of the burst, so the counter
// `cpu_flops` also sums each thread's FLOPs per second of its own CPU time: what both cores
// deliver while they run together, at the clock they hold then.
#include <benchmark/benchmark.h>
#include <immintrin.h>
#include <omp.h>

#include <cstdint>
#include <ctime>
#include <vector>

namespace {

constexpr int kChains = 16, kChainsAvx2 = 12;
constexpr std::int64_t kSteps = 4'000'000;  // per burst and thread

// Runs kSteps rounds of kChains independent 16-lane FMAs; returns a value that depends on all.
__attribute__((target("avx512f"), noinline)) float fma_burst_avx512(float seed) {
  __m512 acc[kChains];
  for (int j = 0; j < kChains; ++j) acc[j] = _mm512_set1_ps(seed + static_cast<float>(j));
  const __m512 mul = _mm512_set1_ps(0.999999f), add = _mm512_set1_ps(1e-6f);
  for (std::int64_t i = 0; i < kSteps; ++i) {
#pragma GCC unroll 16
    for (int j = 0; j < kChains; ++j) acc[j] = _mm512_fmadd_ps(acc[j], mul, add);
  }
  for (int j = 1; j < kChains; ++j) acc[0] = _mm512_add_ps(acc[0], acc[j]);
  return _mm512_reduce_add_ps(acc[0]);
}

// The same with 8-lane AVX2 FMAs, for comparison (on cores that split 512-bit operations into
// two 256-bit halves, both give the same FLOP/s).
__attribute__((target("avx2,fma"), noinline)) float fma_burst_avx2(float seed) {
  __m256 acc[kChainsAvx2];
  for (int j = 0; j < kChainsAvx2; ++j) acc[j] = _mm256_set1_ps(seed + static_cast<float>(j));
  const __m256 mul = _mm256_set1_ps(0.999999f), add = _mm256_set1_ps(1e-6f);
  for (std::int64_t i = 0; i < kSteps; ++i) {
#pragma GCC unroll 12
    for (int j = 0; j < kChainsAvx2; ++j) acc[j] = _mm256_fmadd_ps(acc[j], mul, add);
  }
  for (int j = 1; j < kChainsAvx2; ++j) acc[0] = _mm256_add_ps(acc[0], acc[j]);
  __m128 s = _mm_add_ps(_mm256_castps256_ps128(acc[0]), _mm256_extractf128_ps(acc[0], 1));
  s = _mm_hadd_ps(s, s);
  return _mm_cvtss_f32(_mm_hadd_ps(s, s));
}

double thread_cpu_seconds() {
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

// Arg 0: threads (0 = all of the OpenMP pool); template arg: lanes per FMA (16 or 8).
template <int Lanes>
void BM_FmaPeakF32(benchmark::State& state) {
  if (!__builtin_cpu_supports(Lanes == 16 ? "avx512f" : "avx2")) {
    state.SkipWithError("this CPU lacks the instruction set");
    return;
  }
  const int threads = state.range(0) ? static_cast<int>(state.range(0)) : omp_get_max_threads();
  const double flops_per_burst = static_cast<double>(kSteps) * (Lanes == 16 ? kChains : kChainsAvx2) * Lanes * 2;
  std::vector<double> cpu_seconds(threads, 0.0);
  for (auto _ : state) {
    float sink = 0;
#pragma omp parallel num_threads(threads) reduction(+ : sink)
    {
      const double start = thread_cpu_seconds();
      sink += Lanes == 16 ? fma_burst_avx512(omp_get_thread_num()) : fma_burst_avx2(omp_get_thread_num());
      cpu_seconds[omp_get_thread_num()] += thread_cpu_seconds() - start;
    }
    benchmark::DoNotOptimize(sink);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * threads * flops_per_burst));
  double cpu_flops = 0;
  for (double s : cpu_seconds) cpu_flops += state.iterations() * flops_per_burst / s;
  state.counters["cpu_flops"] = cpu_flops;
  state.counters["threads"] = threads;
}
BENCHMARK(BM_FmaPeakF32<16>)->MeasureProcessCPUTime()->Name("BM_FmaPeakF32/avx512")->Arg(1)->Arg(0)->MinTime(2.0)->UseRealTime();
BENCHMARK(BM_FmaPeakF32<8>)->MeasureProcessCPUTime()->Name("BM_FmaPeakF32/avx2")->Arg(1)->Arg(0)->MinTime(2.0)->UseRealTime();

}  // namespace
