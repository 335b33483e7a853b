// Case functions for convolution, pooling, softmax, cross-entropies and batch normalization.
#include "conformance/case_functions.h"
#include "tfpp/bias_add.h"
#include "tfpp/embedding_lookup.h"
#include "tfpp/local_response_normalization.h"
#include "tfpp/nn_activations.h"
#include "tfpp/nn_conv3d.h"
#include "tfpp/nn_conv_pool_variants.h"
#include "tfpp/nn_losses.h"
#include "tfpp/nn_moments.h"
#include "tfpp/nn_pool.h"
#include "tfpp/space_to_depth.h"
#include "tfpp/tfpp.h"

namespace tf::conformance {
namespace {

using Inputs = std::vector<Tensor>;
using Outputs = std::vector<Tensor>;

nn::Sizes sizes(const Attrs& a, const std::string& name, std::int64_t fallback) {
  if (!a.has(name)) return nn::Sizes(fallback);
  return nn::Sizes(a.ints(name));
}

// "SAME", "VALID", or explicit [[before, after]] x 4, flattened.
nn::Padding padding(const Attrs& a) {
  if (a.kind("padding") == 's') return nn::Padding(a.s("padding"));
  const std::vector<std::int64_t> f = a.ints("padding");
  if (f.size() != 8) return nn::Padding("EXPLICIT");  // let the op report the malformed list
  return nn::Padding({{f[0], f[1]}, {f[2], f[3]}, {f[4], f[5]}, {f[6], f[7]}});
}

nn::ConvOptions conv_options(const Attrs& a) {
  return {.dilations = sizes(a, "dilations", 1), .data_format = a.s("data_format", "NHWC")};
}

Outputs both(const nn::Moments& m) { return {m.mean, m.variance}; }

// bias_add, the activations, losses and moments of nn_activations.h, nn_losses.h and nn_moments.h.
void add_nn_loss_functions(CaseFunctions& t) {
  t["tf.nn.bias_add"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{nn::bias_add(in.at(0), in.at(1), a.s("data_format", "NHWC"))};
  };
  t["tf.nn.leaky_relu"] = [](const Inputs& in, const Attrs& a) { return Outputs{nn::leaky_relu(in.at(0), a.f("alpha", 0.2))}; };
  t["tf.nn.silu"] = [](const Inputs& in, const Attrs& a) { return Outputs{nn::silu(in.at(0), a.f("beta", 1.0))}; };
  t["tf.nn.swish"] = [](const Inputs& in, const Attrs& a) { return Outputs{nn::swish(in.at(0), a.f("beta", 1.0))}; };
  t["tf.nn.crelu"] = [](const Inputs& in, const Attrs& a) { return Outputs{nn::crelu(in.at(0), a.i("axis", -1))}; };
  t["tf.nn.sigmoid_cross_entropy_with_logits"] = [](const Inputs& in, const Attrs&) {
    return Outputs{nn::sigmoid_cross_entropy_with_logits(in.at(0), in.at(1))};
  };
  t["tf.nn.weighted_cross_entropy_with_logits"] = [](const Inputs& in, const Attrs&) {
    return Outputs{nn::weighted_cross_entropy_with_logits(in.at(0), in.at(1), in.at(2))};
  };
  t["tf.nn.log_poisson_loss"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{nn::log_poisson_loss(in.at(0), in.at(1), a.b("compute_full_loss", false))};
  };
  t["tf.nn.l2_loss"] = [](const Inputs& in, const Attrs&) { return Outputs{nn::l2_loss(in.at(0))}; };
  t["tf.nn.compute_average_loss"] = [](const Inputs& in, const Attrs& a) {
    nn::AverageLossOptions options{.sample_weight = in.size() > 1 ? in[1] : Tensor()};
    if (a.has("global_batch_size")) options.global_batch_size = a.i("global_batch_size");
    return Outputs{nn::compute_average_loss(in.at(0), options)};
  };
  t["tf.nn.scale_regularization_loss"] = [](const Inputs& in, const Attrs&) {
    return Outputs{nn::scale_regularization_loss(in.at(0))};
  };
  t["tf.nn.moments"] = [](const Inputs& in, const Attrs& a) {
    return both(nn::moments(in.at(0), a.ints("axes"), a.b("keepdims", false)));
  };
  t["weighted_moments"] = [](const Inputs& in, const Attrs& a) {
    return both(nn::weighted_moments(in.at(0), a.ints("axes"), in.at(1), a.b("keepdims", false)));
  };
  t["tf.nn.normalize_moments"] = [](const Inputs& in, const Attrs&) {
    return both(nn::normalize_moments(in.at(0), in.at(1), in.at(2), in.at(3)));
  };
}

// conv1d, convolution, separable_conv2d, conv2d_transpose and the 1-D and rank-generic pools.
void add_conv_pool_variant_functions(CaseFunctions& t) {
  t["tf.nn.conv1d"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{nn::conv1d(in.at(0), in.at(1), sizes(a, "stride", 1), padding(a),
                              {.dilations = sizes(a, "dilations", 1), .data_format = a.s("data_format", "NWC")})};
  };
  t["tf.nn.convolution"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{nn::convolution(in.at(0), in.at(1), a.has("padding") ? padding(a) : nn::Padding("VALID"),
                                   {.strides = sizes(a, "strides", 1), .dilations = sizes(a, "dilations", 1),
                                    .data_format = a.s("data_format", "")})};
  };
  t["tf.nn.separable_conv2d"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{nn::separable_conv2d(in.at(0), in.at(1), in.at(2), sizes(a, "strides", 1), padding(a), conv_options(a))};
  };
  t["tf.nn.conv2d_transpose"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{nn::conv2d_transpose(in.at(0), in.at(1), in.at(2), sizes(a, "strides", 1), padding(a), conv_options(a))};
  };
  using Pool = Tensor (*)(const Tensor&, const nn::Sizes&, const nn::Sizes&, const nn::Padding&, const std::string&);
  for (const auto& [name, pool, format] : {std::tuple<const char*, Pool, const char*>{"tf.nn.max_pool1d", nn::max_pool1d, "NWC"},
                                           {"tf.nn.avg_pool1d", nn::avg_pool1d, "NWC"},
                                           {"tf.nn.max_pool", nn::max_pool, ""},
                                           {"tf.nn.avg_pool", nn::avg_pool, ""}}) {
    const Pool fn = pool;
    const std::string fallback = format;
    t[name] = [fn, fallback](const Inputs& in, const Attrs& a) {
      return Outputs{fn(in.at(0), sizes(a, "ksize", 1), sizes(a, "strides", 1), padding(a), a.s("data_format", fallback))};
    };
  }
}

// conv3d, conv3d_transpose, the 3-D pools and tf.nn.pool.
void add_conv_pool_3d_functions(CaseFunctions& t) {
  const auto conv3d_options = [](const Attrs& a) {
    return nn::Conv3dOptions{.dilations = sizes(a, "dilations", 1), .data_format = a.s("data_format", "NDHWC")};
  };
  t["tf.nn.conv3d"] = [conv3d_options](const Inputs& in, const Attrs& a) {
    return Outputs{nn::conv3d(in.at(0), in.at(1), sizes(a, "strides", 1), a.s("padding"), conv3d_options(a))};
  };
  t["tf.nn.conv3d_transpose"] = [conv3d_options](const Inputs& in, const Attrs& a) {
    return Outputs{nn::conv3d_transpose(in.at(0), in.at(1), in.at(2), sizes(a, "strides", 1), a.s("padding", "SAME"),
                                        conv3d_options(a))};
  };
  t["tf.nn.max_pool3d"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{nn::max_pool3d(in.at(0), sizes(a, "ksize", 1), sizes(a, "strides", 1), a.s("padding"),
                                  a.s("data_format", "NDHWC"))};
  };
  t["tf.nn.avg_pool3d"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{nn::avg_pool3d(in.at(0), sizes(a, "ksize", 1), sizes(a, "strides", 1), a.s("padding"),
                                  a.s("data_format", "NDHWC"))};
  };
  t["tf.nn.pool"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{nn::pool(in.at(0), a.ints("window_shape"), a.s("pooling_type"),
                            {.strides = sizes(a, "strides", 1), .padding = a.s("padding", "VALID"),
                             .data_format = a.s("data_format", ""), .dilations = sizes(a, "dilations", 1)})};
  };
}

nn::EmbeddingLookupOptions lookup_options(const Attrs& a) {
  nn::EmbeddingLookupOptions options;
  if (a.has("max_norm")) options.max_norm = a.f("max_norm");
  return options;
}

// space_to_depth / depth_to_space, embedding_lookup and local_response_normalization.
void add_space_depth_embedding_lrn_functions(CaseFunctions& t) {
  t["tf.nn.space_to_depth"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{nn::space_to_depth(in.at(0), a.i("block_size"), a.s("data_format", "NHWC"))};
  };
  t["tf.nn.depth_to_space"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{nn::depth_to_space(in.at(0), a.i("block_size"), a.s("data_format", "NHWC"))};
  };
  t["tf.nn.embedding_lookup"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{nn::embedding_lookup(in.at(0), in.at(1), lookup_options(a))};
  };
  t["embedding_lookup_partitioned"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{nn::embedding_lookup(std::vector<Tensor>{in.at(0), in.at(1)}, in.at(2), lookup_options(a))};
  };
  t["tf.nn.local_response_normalization"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{nn::local_response_normalization(
        in.at(0), {.depth_radius = a.i("depth_radius", 5), .bias = a.f("bias", 1), .alpha = a.f("alpha", 1), .beta = a.f("beta", 0.5)})};
  };
}

}  // namespace

void add_nn_functions(CaseFunctions& t) {
  add_space_depth_embedding_lrn_functions(t);
  add_nn_loss_functions(t);
  add_conv_pool_variant_functions(t);
  add_conv_pool_3d_functions(t);
  t["tf.nn.conv2d"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{nn::conv2d(in.at(0), in.at(1), sizes(a, "strides", 1), padding(a), conv_options(a))};
  };
  t["tf.nn.depthwise_conv2d"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{nn::depthwise_conv2d(in.at(0), in.at(1), sizes(a, "strides", 1), padding(a), conv_options(a))};
  };
  t["tf.nn.max_pool2d"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{nn::max_pool2d(in.at(0), sizes(a, "ksize", 1), sizes(a, "strides", 1), padding(a),
                                  {.data_format = a.s("data_format", "NHWC")})};
  };
  t["tf.nn.avg_pool2d"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{nn::avg_pool2d(in.at(0), sizes(a, "ksize", 1), sizes(a, "strides", 1), padding(a),
                                  {.data_format = a.s("data_format", "NHWC")})};
  };
  t["tf.nn.softmax"] = [](const Inputs& in, const Attrs& a) { return Outputs{nn::softmax(in.at(0), a.i("axis", -1))}; };
  t["tf.nn.log_softmax"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{nn::log_softmax(in.at(0), a.i("axis", -1))};
  };
  t["tf.nn.softmax_cross_entropy_with_logits"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{nn::softmax_cross_entropy_with_logits(in.at(0), in.at(1), a.i("axis", -1))};
  };
  t["tf.nn.sparse_softmax_cross_entropy_with_logits"] = [](const Inputs& in, const Attrs&) {
    return Outputs{nn::sparse_softmax_cross_entropy_with_logits(in.at(0), in.at(1))};
  };
  t["tf.nn.batch_normalization"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{nn::batch_normalization(in.at(0), in.at(1), in.at(2), in.at(3), in.at(4), a.f("variance_epsilon"))};
  };
}

}  // namespace tf::conformance
