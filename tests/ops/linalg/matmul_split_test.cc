// float32 products split into pieces for tfpp's threads (kernels/cpu/matmul_split.h): every
// split (batch, rows, columns) of the matmul primitive, the accumulating sgemm and the fused
// bias + activation primitive, against a naive reference, with 1, 2 and 4 threads per caller
// and from 4 callers at once.
#include <gtest/gtest.h>

#include <dirent.h>

#include <algorithm>
#include <random>
#include <thread>
#include <vector>

#include <tfpp/tfpp.h>

#include "kernels/cpu/matmul_fused_onednn.h"
#include "kernels/cpu/matmul_onednn.h"
#include "kernels/cpu/matmul_split.h"
#include "kernels/cpu/parallel.h"

namespace {

using tf::kernels::MatMulGeometry;
using tf::kernels::MatMulSplit;
using Axis = MatMulSplit::Axis;

// A product's shapes: a is [a_batch, m, k] (or [a_batch, k, m]), b [b_batch, k, n] (or
// [b_batch, n, k]); a batch of 0 means a plain matrix.
struct Case {
  std::int64_t a_batch, b_batch, m, k, n;
  bool ta, tb;
};

MatMulGeometry geometry(const Case& c) {
  const auto shape = [](std::int64_t batch, std::int64_t rows, std::int64_t cols) {
    return batch ? tf::TensorShape{batch, rows, cols} : tf::TensorShape{rows, cols};
  };
  return tf::kernels::matmul_geometry(shape(c.a_batch, c.ta ? c.k : c.m, c.ta ? c.m : c.k),
                                      shape(c.b_batch, c.tb ? c.n : c.k, c.tb ? c.k : c.n), c.ta, c.tb);
}

std::vector<float> random_values(std::int64_t count, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> dist(-4, 4);
  std::vector<float> v(count);
  for (float& x : v) x = static_cast<float>(dist(rng)) / 4;  // exact in float: sums of quarters
  return v;
}

// The naive out[s, i, j] = sum_p op(a)[s, i, p] * op(b)[s, j, p], batches broadcast.
std::vector<float> reference(const Case& c, const std::vector<float>& a, const std::vector<float>& b) {
  const std::int64_t batch = std::max<std::int64_t>({c.a_batch, c.b_batch, 1});
  std::vector<float> out(batch * c.m * c.n);
  for (std::int64_t s = 0; s < batch; ++s) {
    const float* as = a.data() + (c.a_batch > 1 ? s : 0) * c.m * c.k;
    const float* bs = b.data() + (c.b_batch > 1 ? s : 0) * c.k * c.n;
    for (std::int64_t i = 0; i < c.m; ++i)
      for (std::int64_t j = 0; j < c.n; ++j) {
        double acc = 0;
        for (std::int64_t p = 0; p < c.k; ++p)
          acc += double(as[c.ta ? p * c.m + i : i * c.k + p]) * bs[c.tb ? j * c.k + p : p * c.n + j];
        out[(s * c.m + i) * c.n + j] = static_cast<float>(acc);
      }
  }
  return out;
}

// Runs onednn_matmul, onednn_matmul_accumulate and onednn_matmul_bias_activation (the last two
// for plain matrices) on `c` with `threads` intra-op threads, and checks them.
void check_case(const Case& c, int threads) {
  tf::kernels::set_intra_op_threads(threads);
  const MatMulGeometry g = geometry(c);
  const std::vector<float> a = random_values(std::max<std::int64_t>(c.a_batch, 1) * c.m * c.k, 1),
                           b = random_values(std::max<std::int64_t>(c.b_batch, 1) * c.k * c.n, 2);
  const std::vector<float> want = reference(c, a, b);
  const std::string where = "m=" + std::to_string(c.m) + " k=" + std::to_string(c.k) + " n=" + std::to_string(c.n) +
                            " batches=" + std::to_string(c.a_batch) + "," + std::to_string(c.b_batch) +
                            " ta=" + std::to_string(c.ta) + " tb=" + std::to_string(c.tb) +
                            " threads=" + std::to_string(threads);
  std::vector<float> out(want.size(), -7.0f);
  if (!want.empty() && c.k > 0) tf::kernels::onednn_matmul(a.data(), b.data(), out.data(), g);
  else std::fill(out.begin(), out.end(), 0.0f);  // the op's own early outs (kernels::matmul)
  ASSERT_EQ(out, want) << where;
  if (c.a_batch || c.b_batch) return;
  // out += alpha * a @ b in place, on an out holding 1s.
  std::vector<float> acc(want.size(), 1.0f);
  tf::kernels::onednn_matmul_accumulate(a.data(), b.data(), acc.data(), g, -0.5f);
  for (std::size_t i = 0; i < want.size(); ++i) ASSERT_EQ(acc[i], 1.0f - 0.5f * want[i]) << where << " at " << i;
  // relu(a @ b + bias).
  const std::vector<float> bias = random_values(c.n, 3);
  std::vector<float> fused(want.size(), -7.0f);
  tf::kernels::onednn_matmul_bias_activation(a.data(), b.data(), bias.data(), fused.data(), g,
                                             tf::kernels::MatMulActivation::kRelu);
  for (std::int64_t i = 0; i < c.m; ++i)
    for (std::int64_t j = 0; j < c.n; ++j)
      ASSERT_EQ(fused[i * c.n + j], std::max(0.0f, want[i * c.n + j] + bias[j])) << where << " at " << i << "," << j;
}

// Products that take each split with 2 or 4 threads, odd sizes and vectors included.
const Case kCases[] = {
    {0, 0, 33, 300, 40, false, false},   // rows: pieces of 17 and 16 (2 threads), 11 (4 threads)
    {0, 0, 5, 300, 203, false, false},   // columns: too few rows
    {0, 0, 1000, 300, 1, false, false},  // a matrix times a vector: rows
    {0, 0, 1, 300, 1000, false, false},  // a row vector times a matrix: columns
    {0, 0, 1000, 1, 600, false, false},  // k = 1
    {7, 7, 17, 200, 33, false, false},   // batch: not broadcast
    {3, 0, 40, 100, 33, false, false},   // rows of a broadcast batch
    {3, 1, 5, 300, 100, false, false},   // columns of a broadcast batch
    {0, 0, 4, 3, 5, false, false},       // too small to split
    {0, 0, 0, 30, 5, false, false},      // empty dimensions
    {0, 0, 6, 0, 5, false, false},
    {2, 2, 6, 30, 0, false, false},
};

void check_all(int threads) {
  for (Case c : kCases)
    for (bool ta : {false, true})
      for (bool tb : {false, true}) {
        c.ta = ta;
        c.tb = tb;
        check_case(c, threads);
      }
}

class MatMulSplitTest : public ::testing::Test {
 protected:
  void TearDown() override { tf::kernels::set_intra_op_threads(before_); }
  int before_ = tf::kernels::intra_op_threads();
};

TEST_F(MatMulSplitTest, ChoosesTheAxisAndPieceSizes) {
  const auto split = [](const Case& c, int threads) {
    tf::kernels::set_intra_op_threads(threads);
    return tf::kernels::split_matmul(geometry(c));
  };
  const auto expect = [](const MatMulSplit& s, Axis axis, std::int64_t pieces, std::int64_t size) {
    EXPECT_EQ(s.axis, axis);
    EXPECT_EQ(s.pieces, pieces);
    EXPECT_EQ(s.size, size);
  };
  expect(split(kCases[0], 2), Axis::kRows, 2, 17);
  expect(split(kCases[0], 4), Axis::kRows, 3, 11);  // 0.8 MFLOP: three pieces of >= 0.26
  expect(split(kCases[0], 1), Axis::kWhole, 1, 0);
  expect(split(kCases[1], 2), Axis::kCols, 2, 102);
  expect(split(kCases[5], 4), Axis::kBatch, 4, 2);
  expect(split(kCases[6], 4), Axis::kRows, 3, 14);
  expect(split(kCases[7], 4), Axis::kCols, 3, 34);
  expect(split(kCases[8], 4), Axis::kWhole, 1, 0);
  expect(split({0, 0, 2048, 2048, 2048, true, false}, 2), Axis::kRows, 2, 1024);
}

TEST_F(MatMulSplitTest, PiecesOfEverySplitMatchTheReference) {
  for (int threads : {1, 2, 4}) check_all(threads);
}

TEST_F(MatMulSplitTest, PiecesFromFourCallersAtOnce) {
  std::vector<std::thread> callers;
  for (int t = 0; t < 4; ++t) callers.emplace_back([t] { check_all(t % 2 ? 4 : 2); });
  for (std::thread& caller : callers) caller.join();
}

// The process's threads (entries of /proc/self/task).
int process_threads() {
  int count = 0;
  DIR* dir = opendir("/proc/self/task");
  while (const dirent* e = readdir(dir)) count += e->d_name[0] != '.';
  closedir(dir);
  return count;
}

TEST_F(MatMulSplitTest, OnednnNeverStartsAnOpenMpTeam) {
  // Note [oneDNN on one thread]: on a new thread (whose OpenMP default is a team per core), an
  // OpenMP team oneDNN opened would start a worker thread of its own; tfpp's own threads are
  // started by the warm-up loop, before counting.
  std::thread([] {
    tf::kernels::set_intra_op_threads(2);
    std::vector<float> sink(1 << 20);
    tf::kernels::parallel_for(static_cast<std::int64_t>(sink.size()), 1,
                              [&](std::int64_t b, std::int64_t e) { std::fill(sink.begin() + b, sink.begin() + e, 1.0f); });
    const int before = process_threads();
    for (int threads : {1, 2}) {
      check_case(kCases[0], threads);  // rows: primitives, the accumulating sgemm, the fused primitive
      check_case(kCases[5], threads);  // batch
      const tf::Tensor x = tf::ones({600, 600});
      EXPECT_EQ(tf::matmul(x, x).numpy<float>()[0], 600.0f);
    }
    EXPECT_LE(process_threads(), before);
  }).join();
}

}  // namespace
