#include "kernels/cpu/matmul_fused_onednn.h"

#include <algorithm>
#include <array>

#include "kernels/cpu/elementwise.h"
#include "kernels/cpu/onednn_plan.h"

namespace tf::kernels {
namespace {

using dnnl::memory;

struct Key {
  std::array<std::int64_t, 6> words;  // m, n, k, transpose_a, transpose_b, activation
  friend bool operator==(const Key&, const Key&) = default;
};
struct KeyHash {
  std::size_t operator()(const Key& k) const { return hash_words(k.words.data(), k.words.size()); }
};

struct Plan {
  memory::desc a_md, b_md, bias_md, out_md, scratchpad_md;
  dnnl::matmul primitive;
};

memory::desc matrix_desc(std::int64_t rows, std::int64_t cols, bool transposed) {
  return memory::desc({rows, cols}, memory::data_type::f32,
                      transposed ? memory::dims{1, rows} : memory::dims{cols, 1});
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

Plan build(const MatMulGeometry& g, MatMulActivation act) {
  Plan p;
  p.a_md = matrix_desc(g.m, g.k, g.transpose_a);
  p.b_md = matrix_desc(g.k, g.n, g.transpose_b);
  p.bias_md = memory::desc({1, g.n}, memory::data_type::f32, memory::dims{g.n, 1});
  p.out_md = matrix_desc(g.m, g.n, false);
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
  const Key key{{g.m, g.n, g.k, g.transpose_a, g.transpose_b, static_cast<std::int64_t>(act)}};
  const auto plan = cache.get(key, [&](const Key&) { return build(g, act); });
  static constexpr int kArgs[] = {DNNL_ARG_SRC, DNNL_ARG_WEIGHTS, DNNL_ARG_BIAS, DNNL_ARG_DST, DNNL_ARG_SCRATCHPAD};
  const memory::desc descs[] = {plan->a_md, plan->b_md, plan->bias_md, plan->out_md, plan->scratchpad_md};
  void* const data[] = {const_cast<float*>(a), const_cast<float*>(b), const_cast<float*>(bias), out};
  onednn_execute(plan, plan->primitive, kArgs, descs, data);
}

}  // namespace tf::kernels
