#include "kernels/cpu/matmul_fused_onednn.h"

#include <algorithm>
#include <array>

#include "kernels/cpu/elementwise.h"
#include "kernels/cpu/matmul_split.h"
#include "kernels/cpu/onednn_plan.h"

namespace tf::kernels {
namespace {

using dnnl::memory;

struct Key {
  std::array<std::int64_t, 8> words;  // m, n, k, transpose_a, transpose_b, activation, m_total, n_total
  friend bool operator==(const Key&, const Key&) = default;
};
struct KeyHash {
  std::size_t operator()(const Key& k) const { return hash_words(k.words.data(), k.words.size()); }
};

struct Plan {
  memory::desc a_md, b_md, bias_md, out_md, scratchpad_md;
  dnnl::matmul primitive;
};

// A [rows, cols] matrix stored row-major with row length `ld`, or transposed (column length `ld`).
memory::desc matrix_desc(std::int64_t rows, std::int64_t cols, std::int64_t ld, bool transposed) {
  return memory::desc({rows, cols}, memory::data_type::f32, transposed ? memory::dims{1, ld} : memory::dims{ld, 1});
}

// The post-op's algorithm and its alpha, beta.
void append_activation(dnnl::post_ops& ops, MatMulActivation act) {
  using dnnl::algorithm;
  switch (act) {
    case MatMulActivation::kNone: return;
    case MatMulActivation::kRelu: ops.append_eltwise(1.f, algorithm::eltwise_relu, 0.f, 0.f); return;
    case MatMulActivation::kRelu6: ops.append_eltwise(1.f, algorithm::eltwise_clip, 0.f, 6.f); return;
    case MatMulActivation::kSigmoid: ops.append_eltwise(1.f, algorithm::eltwise_logistic, 0.f, 0.f); return;
    case MatMulActivation::kTanh: ops.append_eltwise(1.f, algorithm::eltwise_tanh, 0.f, 0.f); return;
    case MatMulActivation::kElu: ops.append_eltwise(1.f, algorithm::eltwise_elu, 1.f, 0.f); return;
    case MatMulActivation::kGeluTanh: ops.append_eltwise(1.f, algorithm::eltwise_gelu_tanh, 0.f, 0.f); return;
    case MatMulActivation::kGeluErf: ops.append_eltwise(1.f, algorithm::eltwise_gelu_erf, 0.f, 0.f); return;
  }
}

// The primitive of one piece (MatMulPiece: leading dimensions from the whole product).
Plan build(const MatMulPiece& piece, MatMulActivation act) {
  const MatMulGeometry& g = piece.g;
  Plan p;
  p.a_md = matrix_desc(g.m, g.k, g.transpose_a ? piece.m_total : g.k, g.transpose_a);
  p.b_md = matrix_desc(g.k, g.n, g.transpose_b ? g.k : piece.n_total, g.transpose_b);
  p.bias_md = memory::desc({1, g.n}, memory::data_type::f32, memory::dims{g.n, 1});
  p.out_md = matrix_desc(g.m, g.n, piece.n_total, false);
  dnnl::post_ops ops;
  append_activation(ops, act);
  dnnl::primitive_attr attr;
  attr.set_post_ops(ops);
  const dnnl::matmul::desc desc(p.a_md, p.b_md, p.bias_md, p.out_md);
  const dnnl::matmul::primitive_desc pd(desc, onednn_user_scratchpad(attr), onednn_engine());
  p.scratchpad_md = pd.scratchpad_desc();
  p.primitive = dnnl::matmul(pd);
  return p;
}

// The unfused ops' own SIMD row for an activation (used when the product is an empty sum).
UnaryOp row_op(MatMulActivation act) {
  switch (act) {
    case MatMulActivation::kRelu6: return UnaryOp::kRelu6;
    case MatMulActivation::kSigmoid: return UnaryOp::kSigmoid;
    case MatMulActivation::kTanh: return UnaryOp::kTanh;
    case MatMulActivation::kElu: return UnaryOp::kElu;
    case MatMulActivation::kGeluTanh: return UnaryOp::kGeluTanh;
    case MatMulActivation::kGeluErf: return UnaryOp::kGeluErf;
    default: return UnaryOp::kRelu;
  }
}

}  // namespace

void onednn_matmul_bias_activation(const float* a, const float* b, const float* bias, float* out, const MatMulGeometry& g,
                                   MatMulActivation act) {
  if (g.m * g.n == 0) return;
  if (g.k == 0) {  // an empty sum: every row is act(bias)
    for (std::int64_t i = 0; i < g.m; ++i) {
      std::copy_n(bias, g.n, out + i * g.n);
      if (act != MatMulActivation::kNone) unary_row(row_op(act), out + i * g.n, out + i * g.n, g.n);
    }
    return;
  }
  static PlanCache<Key, KeyHash, Plan> cache;
  const auto plan_of = [&](const MatMulPiece& p) {
    const Key key{{p.g.m, p.g.n, p.g.k, g.transpose_a, g.transpose_b, static_cast<std::int64_t>(act), p.m_total,
                   p.n_total}};
    return cache.get(key, [&](const Key&) { return build(p, act); });
  };
  const MatMulSplit split = split_matmul(g);
  const PiecePlans<Plan> plans(g, split, plan_of);
  for_each_piece(split, [&](std::int64_t i) {
    const MatMulPiece p = matmul_piece(g, split, i);
    const std::shared_ptr<const Plan>& plan = plans[i];
    static constexpr int kArgs[] = {DNNL_ARG_SRC, DNNL_ARG_WEIGHTS, DNNL_ARG_BIAS, DNNL_ARG_DST, DNNL_ARG_SCRATCHPAD};
    const memory::desc descs[] = {plan->a_md, plan->b_md, plan->bias_md, plan->out_md, plan->scratchpad_md};
    void* const data[] = {const_cast<float*>(a + p.a_offset), const_cast<float*>(b + p.b_offset),
                          const_cast<float*>(bias + p.n_begin), out + p.out_offset};
    onednn_execute(plan, plan->primitive, kArgs, descs, data);
  });
}

}  // namespace tf::kernels
