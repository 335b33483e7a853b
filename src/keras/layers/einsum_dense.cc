// EinsumDense: the kernel and bias shapes read off the equation as Keras 3's
// _analyze_einsum_string reads them, and the forward pass through tf::einsum.
#include "tfpp/keras/layers/einsum_dense.h"

#include <algorithm>
#include <map>
#include <regex>
#include <set>

#include "keras/layers/config_util.h"
#include "keras/layers/lora_adapter.h"
#include "tfpp/array_ops.h"
#include "tfpp/errors.h"
#include "tfpp/linalg_ops.h"
#include "tfpp/math_ops.h"

namespace tf::keras::layers {

namespace {

// What the equation and the input shape make of the weights.
struct EinsumShapes {
  std::vector<std::int64_t> kernel;
  std::optional<std::vector<std::int64_t>> bias;
  std::vector<std::int64_t> input_axes, output_axes;  // kernel axes that count toward fan_in / fan_out
};

std::string dims_string(const std::vector<std::int64_t>& dims) { return TensorShape(dims).to_string(); }

// Keras' three forms: "X,Y->Z", "...X,Y->...Z" (left elided) and "X...,Y->Z..." (right elided),
// matched at the start of the equation as re.match does.
EinsumShapes analyze(const std::string& layer, const std::string& equation, const std::optional<std::string>& bias_axes,
                     const TensorShape& input_shape, const std::vector<std::int64_t>& partial_output) {
  const std::string eq = std::regex_replace(equation, std::regex("\\.\\.\\."), "0");
  static const std::regex plain("([a-zA-Z]+),([a-zA-Z]+)->([a-zA-Z]+)");
  static const std::regex left("0([a-zA-Z]+),([a-zA-Z]+)->0([a-zA-Z]+)");
  static const std::regex right("([a-zA-Z]{2,})0,([a-zA-Z]+)->([a-zA-Z]+)0");
  std::smatch m;
  const auto flags = std::regex_constants::match_continuous;
  const bool plain_form = std::regex_search(eq, m, plain, flags);
  const bool left_elided = !plain_form && std::regex_search(eq, m, left, flags);
  if (!plain_form && !left_elided && !std::regex_search(eq, m, right, flags)) {
    throw InvalidArgumentError("[" + layer + "] Invalid einsum equation '" + equation +
                               "'. Equations must be in the form [X],[Y]->[Z], ...[X],[Y]->...[Z], or [X]...,[Y]->[Z]....");
  }
  const std::string input_spec = m[1], weight_spec = m[2], output_spec = m[3];
  const std::int64_t rank = input_shape.rank();
  const std::int64_t elided = rank - std::int64_t(input_spec.size());
  if (elided < 0 || (elided > 0 && std::string(m[0]).find('0') == std::string::npos))
    throw InvalidArgumentError("[" + layer + "] the input spec '" + input_spec + "' of equation '" + equation +
                               "' does not fit an input of shape " + input_shape.to_string());

  // The full output shape: batch, the given dimensions, and the elided ones where they go.
  std::vector<std::int64_t> out{input_shape[0]};
  if (elided > 0 && left_elided)
    for (std::int64_t i = 1; i < elided; ++i) out.push_back(input_shape[i]);
  out.insert(out.end(), partial_output.begin(), partial_output.end());
  if (elided > 0 && !left_elided)
    for (std::int64_t i = rank - elided; i < rank; ++i) out.push_back(input_shape[i]);
  const std::int64_t out_offset = left_elided ? elided : 0;
  if (std::int64_t(out.size()) < out_offset + std::int64_t(output_spec.size()))
    throw InvalidArgumentError("[" + layer + "] output_shape " + dims_string(partial_output) +
                               " has fewer dimensions than the output spec '" + output_spec + "' of '" + equation + "' needs");

  std::map<char, std::int64_t> input_at, output_at;  // letter -> axis of the input / of `out`
  for (std::size_t i = 0; i < input_spec.size(); ++i)
    input_at[input_spec[i]] = std::int64_t(i) + (left_elided ? elided : 0);
  for (std::size_t i = 0; i < output_spec.size(); ++i) output_at[output_spec[i]] = std::int64_t(i) + out_offset;

  for (char dim : input_spec) {
    auto o = output_at.find(dim);
    if (o == output_at.end()) continue;
    const std::int64_t in_size = input_shape[input_at[dim]], out_size = out[o->second];
    if (out_size >= 0 && out_size != in_size)
      throw InvalidArgumentError("[" + layer + "] Input shape and output shape do not match at shared dimension '" +
                                 std::string(1, dim) + "'. Input shape is " +
                                 (in_size < 0 ? std::string("None") : std::to_string(in_size)) + ", and output shape is " +
                                 std::to_string(out_size) + ".");
  }
  for (char dim : output_spec)
    if (!input_at.count(dim) && weight_spec.find(dim) == std::string::npos)
      throw InvalidArgumentError("[" + layer + "] Dimension '" + std::string(1, dim) + "' was specified in the output '" +
                                 output_spec + "' but has no corresponding dim in the input spec '" + input_spec +
                                 "' or weight spec '" + weight_spec + "'");

  EinsumShapes s;
  for (std::size_t i = 0; i < weight_spec.size(); ++i) {
    const char dim = weight_spec[i];
    if (auto o = output_at.find(dim); o != output_at.end()) {
      s.kernel.push_back(out[o->second]);
      s.output_axes.push_back(std::int64_t(i));
    } else if (auto in = input_at.find(dim); in != input_at.end()) {
      s.kernel.push_back(input_shape[in->second]);
      s.input_axes.push_back(std::int64_t(i));
    } else {
      throw InvalidArgumentError("[" + layer + "] Weight dimension '" + std::string(1, dim) +
                                 "' did not have a match in either the input spec '" + input_spec +
                                 "' or the output spec '" + output_spec +
                                 "'. For this layer, the weight must be fully specified.");
    }
    if (s.kernel.back() < 0)
      throw InvalidArgumentError("[" + layer + "] the size of kernel dimension '" + std::string(1, dim) +
                                 "' is unknown for input shape " + input_shape.to_string() + " and output_shape " +
                                 dims_string(partial_output));
  }

  if (bias_axes) {
    std::size_t first = output_spec.size();
    for (char c : *bias_axes) {
      const std::size_t at = output_spec.find(c);
      if (at == std::string::npos)
        throw InvalidArgumentError("[" + layer + "] Bias dimension '" + std::string(1, c) +
                                   "' was requested, but is not part of the output spec '" + output_spec + "'");
      first = std::min(first, at);
    }
    std::vector<std::int64_t> bias;
    for (std::size_t i = first; i < output_spec.size(); ++i)
      bias.push_back(bias_axes->find(output_spec[i]) != std::string::npos ? out[std::int64_t(i) + out_offset] : 1);
    if (!left_elided) bias.insert(bias.end(), std::size_t(elided), 1);  // broadcast over the trailing elided axes
    s.bias = bias;
  }
  return s;
}

// Keras hands a variance-scaling kernel initializer the kernel's input and output axes, so its
// fans are the products of those sizes. Drawing the same i.i.d. values as a [fan_in, fan_out]
// matrix and reshaping gives that distribution without the initializer knowing the axes.
initializers::Initializer with_einsum_fans(const initializers::Initializer& init, const EinsumShapes& s) {
  static const std::set<std::string> variance_scaling{"VarianceScaling", "GlorotUniform", "GlorotNormal", "HeNormal",
                                                      "HeUniform",       "LecunNormal",   "LecunUniform"};
  if (!variance_scaling.count(init.class_name())) return init;
  std::int64_t fan_in = 1, fan_out = 1;
  for (std::int64_t a : s.input_axes) fan_in *= s.kernel[std::size_t(a)];
  for (std::int64_t a : s.output_axes) fan_out *= s.kernel[std::size_t(a)];
  return initializers::Initializer(init.class_name(), init.config(), [init, fan_in, fan_out](const TensorShape& shape, DType d) {
    return reshape(init(TensorShape({fan_in, fan_out}), d), std::vector<std::int64_t>(shape.dims().begin(), shape.dims().end()));
  });
}

std::vector<std::int64_t> output_shape_from(const ConfigValue& v) {
  if (v.holds<std::int64_t>()) return {v.get<std::int64_t>()};
  return detail::int_list_from(v);
}

}  // namespace

EinsumDense::EinsumDense(std::string equation, std::vector<std::int64_t> output_shape, EinsumDenseOptions options)
    : Layer(layer_options(options, "EinsumDense")),
      equation_(std::move(equation)),
      output_shape_(std::move(output_shape)),
      options_(std::move(options)),
      lora_(std::make_shared<detail::LoraState>()) {}

void EinsumDense::build(const TensorShape& input_shape) {
  if (input_shape.has_unknown_rank()) throw InvalidArgumentError("[" + name() + "] needs inputs of known rank");
  const EinsumShapes s = analyze(name(), equation_, options_.bias_axes, input_shape, output_shape_);
  add_weight("kernel", TensorShape(s.kernel),
             {.initializer = with_einsum_fans(options_.kernel_initializer, s),
              .regularizer = options_.kernel_regularizer, .constraint = options_.kernel_constraint});
  if (s.bias)
    add_weight("bias", TensorShape(*s.bias),
               {.initializer = options_.bias_initializer, .regularizer = options_.bias_regularizer,
                .constraint = options_.bias_constraint});
  set_input_spec({.ndim = input_shape.rank()});
  if (options_.lora_rank) {
    set_built();  // as Keras' build, which marks the layer built first
    enable_lora(*options_.lora_rank, {.lora_alpha = options_.lora_alpha});
  }
}

void EinsumDense::enable_lora(std::int64_t rank, LoraOptions options) {
  detail::enable_lora(*this, *lora_, rank, options,
                      detail::kernel_lora_target(options_.kernel_constraint.has_value(), options_.kernel_regularizer));
}

bool EinsumDense::lora_enabled() const { return lora_->rank > 0; }

Tensor EinsumDense::call(const Tensor& inputs, bool) {
  // Integer inputs become the layer's dtype, as Keras' einsum promotes them.
  const Tensor x = is_floating(inputs.dtype()) ? inputs : cast(inputs, dtype());
  Tensor y = einsum(equation_, {x, detail::lora_kernel(*lora_, weight(0))});
  if (options_.bias_axes) y = y + weight(1);
  return options_.activation(y);
}

Config EinsumDense::get_config() const {
  Config c = Layer::get_config();
  c["output_shape"] = detail::int_list(output_shape_);
  c["equation"] = equation_;
  c["activation"] = options_.activation.name();
  c["bias_axes"] = options_.bias_axes ? ConfigValue(*options_.bias_axes) : ConfigValue();
  detail::write_weight_config(c, "kernel", options_.kernel_initializer, options_.kernel_regularizer,
                              options_.kernel_constraint);
  detail::write_weight_config(c, "bias", options_.bias_initializer, options_.bias_regularizer, options_.bias_constraint);
  c["activity_regularizer"] = detail::optional_config(activity_regularizer());
  detail::write_no_quantization(c);
  detail::write_lora_config(c, *lora_, options_.lora_rank, options_.lora_alpha);
  return c;
}

EinsumDense EinsumDense::from_config(const Config& c) {
  EinsumDenseOptions o;
  detail::read_common(c, o);
  detail::read_if_present(c, "activation", o.activation, [](const ConfigValue& v) { return v.get<std::string>(); });
  detail::read_if_present(c, "bias_axes", o.bias_axes, [](const ConfigValue& v) { return v.get<std::string>(); });
  detail::read_weight_config(c, "kernel", o.kernel_initializer, o.kernel_regularizer, o.kernel_constraint);
  detail::read_weight_config(c, "bias", o.bias_initializer, o.bias_regularizer, o.bias_constraint);
  detail::read_lora_config(c, o.lora_rank, o.lora_alpha);
  detail::refuse_quantization(c, "EinsumDense");
  return EinsumDense(detail::config_at(c, "equation", "EinsumDense").get<std::string>(),
                     output_shape_from(detail::config_at(c, "output_shape", "EinsumDense")), o);
}

}  // namespace tf::keras::layers
