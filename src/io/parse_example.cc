// parse_single_example / parse_example: Example records into tensors, eagerly, and the
// ParseExample op that parses in graphs too.
#include "io/parse_example_op.h"

#include <algorithm>
#include <span>

#include "core/tensor_impl.h"
#include "data/tensor_copy.h"
#include "ops/execute.h"
#include "tfpp/constant.h"
#include "tfpp/errors.h"
#include "tfpp/io/parsing.h"
#include "tfpp/train/example.h"

namespace tf::io {
namespace {

const char* list_name(const train::Feature& f) {
  switch (f.kind.index()) {
    case 1: return "bytes_list";
    case 2: return "float_list";
    case 3: return "int64_list";
    default: return "no list";
  }
}

DType spec_dtype(const FeatureSpec& spec) {
  return std::visit([](const auto& s) { return s.dtype; }, spec);
}

void check_spec(const std::string& name, const FeatureSpec& spec) {
  const DType d = spec_dtype(spec);
  if (d != float32 && d != int64 && d != string)
    throw InvalidArgumentError("[ParseExample] feature '" + name + "': dtype must be float32, int64 or string, got " +
                               std::string(dtype_name(d)));
  if (const auto* fixed = std::get_if<FixedLenFeature>(&spec)) {
    if (!fixed->shape.is_fully_defined())
      throw InvalidArgumentError("[ParseExample] feature '" + name + "': FixedLenFeature needs a fully defined shape, got " +
                                 fixed->shape.debug_string());
    const Tensor& dv = fixed->default_value;
    if (dv.defined() && (dv.dtype() != d || (dv.num_elements() != 1 && dv.num_elements() != fixed->shape.num_elements())))
      throw InvalidArgumentError("[ParseExample] feature '" + name + "': default_value must be " +
                                 std::string(dtype_name(d)) + " with 1 or " + std::to_string(fixed->shape.num_elements()) +
                                 " elements, got " + std::string(dtype_name(dv.dtype())) + " " + dv.shape().debug_string());
  }
}

// The values of feature `f` as a 1-D tensor of `dtype`; throws if the list kind differs.
Tensor values_of(const std::string& name, const train::Feature& f, DType dtype) {
  auto mismatch = [&](const char* want) {
    return InvalidArgumentError("[ParseExample] feature '" + name + "': the spec's dtype " + std::string(dtype_name(dtype)) +
                                " needs a " + want + " but the example holds " + list_name(f));
  };
  if (dtype == float32) {
    const auto* l = std::get_if<train::FloatList>(&f.kind);
    if (!l) throw mismatch("float_list");
    return constant(l->value);
  }
  if (dtype == int64) {
    const auto* l = std::get_if<train::Int64List>(&f.kind);
    if (!l) throw mismatch("int64_list");
    return constant(l->value);
  }
  const auto* l = std::get_if<train::BytesList>(&f.kind);
  if (!l) throw mismatch("bytes_list");
  return constant(l->value);
}

Tensor fixed_value(const std::string& name, const FixedLenFeature& spec, const train::Features& features) {
  const auto it = features.feature.find(name);
  // An empty list counts as missing, as in TensorFlow.
  if (it == features.feature.end() || it->second.kind.index() == 0) {
    if (!spec.default_value.defined())
      throw InvalidArgumentError("[ParseExample] feature '" + name + "' is required but missing (no default_value)");
    if (spec.default_value.num_elements() == 1) return fill(spec.shape, spec.default_value);
    return core::view(spec.default_value, spec.shape);
  }
  Tensor v = values_of(name, it->second, spec.dtype);
  if (v.num_elements() != spec.shape.num_elements())
    throw InvalidArgumentError("[ParseExample] feature '" + name + "': expected " +
                               std::to_string(spec.shape.num_elements()) + " values (shape " + spec.shape.debug_string() +
                               ") but the example has " + std::to_string(v.num_elements()));
  return core::view(v, spec.shape);
}

Tensor var_value(const std::string& name, const VarLenFeature& spec, const train::Features& features) {
  const auto it = features.feature.find(name);
  if (it == features.feature.end() || it->second.kind.index() == 0) return zeros({0}, spec.dtype);
  return values_of(name, it->second, spec.dtype);
}

train::Example decode(const Tensor& serialized, std::int64_t i) {
  try {
    return train::Example::FromString(serialized.data<std::string>()[i]);
  } catch (const DataLossError& e) {
    throw InvalidArgumentError("[ParseExample] record " + std::to_string(i) + ": " + e.what());
  }
}

std::map<std::string, Tensor> parse_one(const train::Example& ex, const std::map<std::string, FeatureSpec>& features) {
  std::map<std::string, Tensor> out;
  for (const auto& [name, spec] : features) {
    if (const auto* fixed = std::get_if<FixedLenFeature>(&spec)) out[name] = fixed_value(name, *fixed, ex.features);
    else out[name] = var_value(name, std::get<VarLenFeature>(spec), ex.features);
  }
  return out;
}

void check_inputs(const Tensor& serialized, int rank, const std::map<std::string, FeatureSpec>& features) {
  if (!serialized.defined() || serialized.dtype() != string || serialized.rank() != rank)
    throw InvalidArgumentError(std::string("[ParseExample] serialized must be a string ") +
                               (rank == 0 ? "scalar" : "vector") + ", got " +
                               (serialized.defined() ? std::string(dtype_name(serialized.dtype())) + " " +
                                                           serialized.shape().debug_string()
                                                     : std::string("an undefined tensor")));
  for (const auto& [name, spec] : features) check_spec(name, spec);
}

// The records of `serialized` (a scalar or a vector) decoded, errors naming the record.
std::vector<train::Example> decode_all(const Tensor& serialized) {
  std::vector<train::Example> examples;
  examples.reserve(serialized.num_elements());
  for (std::int64_t i = 0; i < serialized.num_elements(); ++i) examples.push_back(decode(serialized, i));
  return examples;
}

// Each example parsed, errors naming the record.
std::vector<std::map<std::string, Tensor>> parse_rows(const std::vector<train::Example>& examples,
                                                      const std::map<std::string, FeatureSpec>& features) {
  std::vector<std::map<std::string, Tensor>> rows;
  rows.reserve(examples.size());
  for (std::size_t i = 0; i < examples.size(); ++i) {
    try {
      rows.push_back(parse_one(examples[i], features));
    } catch (const InvalidArgumentError& e) {
      throw InvalidArgumentError("[ParseExample] record " + std::to_string(i) + ": " + e.what());
    }
  }
  return rows;
}

// A batch's values of one FixedLenFeature, stacked along a new first dimension.
Tensor stack_fixed(std::span<const Tensor* const> parts, const std::string& name, const FixedLenFeature& spec) {
  if (!parts.empty()) return data::detail::stack(parts, "[ParseExample] feature '" + name + "'");
  TensorShape shape = spec.shape;
  shape.insert_dim(0, 0);
  return core::empty(spec.dtype, shape);
}

}  // namespace

std::map<std::string, Tensor> parse_single_example(const Tensor& serialized,
                                                   const std::map<std::string, FeatureSpec>& features) {
  check_inputs(serialized, 0, features);
  return parse_one(decode(serialized, 0), features);
}

std::map<std::string, Tensor> parse_example(const Tensor& serialized, const std::map<std::string, FeatureSpec>& features) {
  check_inputs(serialized, 1, features);
  const std::int64_t n = serialized.shape().dim(0);
  const std::vector<std::map<std::string, Tensor>> rows = parse_rows(decode_all(serialized), features);
  std::map<std::string, Tensor> out;
  for (const auto& [name, spec] : features) {
    std::vector<const Tensor*> parts;
    for (const auto& r : rows) parts.push_back(&r.at(name));
    if (const auto* fixed = std::get_if<FixedLenFeature>(&spec)) {
      out[name] = stack_fixed(parts, name, *fixed);
    } else {
      std::int64_t longest = 0;
      for (const Tensor* p : parts) longest = std::max(longest, p->num_elements());
      out[name] = n == 0 ? zeros({0, 0}, spec_dtype(spec))
                         : data::detail::pad_stack(parts, TensorShape{longest}, Tensor(), "[ParseExample] feature '" + name + "'");
    }
  }
  return out;
}

// --- The ParseExample op ---------------------------------------------------------------------
// Outputs: each FixedLenFeature's tensor, then each VarLenFeature's indices, values and
// dense_shape, then each ragged key's values and row_splits, features and keys in name order.

namespace {

struct FeatureSpecs : ops::OpPayload {
  std::map<std::string, FeatureSpec> features;
  std::map<std::string, RaggedKey> ragged;
};

const FeatureSpecs& payload_of(const ops::OpContext& ctx) {
  return static_cast<const FeatureSpecs&>(*ctx.attr<std::shared_ptr<const ops::OpPayload>>(0));
}

const std::map<std::string, FeatureSpec>& specs_of(const ops::OpContext& ctx) { return payload_of(ctx).features; }

void check_ragged_keys(const FeatureSpecs& specs) {
  for (const auto& [name, key] : specs.ragged) {
    if (key.dtype != float32 && key.dtype != int64 && key.dtype != string)
      throw InvalidArgumentError("[ParseExample] ragged key '" + name + "': dtype must be float32, int64 or string, got " +
                                 std::string(dtype_name(key.dtype)));
    if (key.splits_dtype != int32 && key.splits_dtype != int64)
      throw InvalidArgumentError("[ParseExample] ragged key '" + name + "': row_splits dtype must be int32 or int64, got " +
                                 std::string(dtype_name(key.splits_dtype)));
    if (specs.features.contains(name))
      throw InvalidArgumentError("[ParseExample] key '" + name + "' is both a feature and a ragged key");
  }
}

// TensorFlow's DataTypeString, which its messages use.
std::string tf_type_name(DType d) { return d == float32 ? "float" : std::string(dtype_name(d)); }

// Ragged key `name` of every example: all values in turn and the row splits (TensorFlow's
// ParseExampleV2 ragged outputs); a missing key or a Feature holding no list is an empty row.
// TensorFlow's message for a list of another kind names the example only in a batch.
std::array<Tensor, 2> ragged_of(const std::vector<train::Example>& examples, bool batched, const std::string& name,
                                const RaggedKey& key) {
  static constexpr DType kKinds[] = {string, float32, int64};  // Feature::kind's alternatives 1..3
  std::vector<Tensor> rows;
  std::vector<std::int64_t> splits{0};
  for (std::size_t i = 0; i < examples.size(); ++i) {
    const auto it = examples[i].features.feature.find(name);
    if (it == examples[i].features.feature.end() || it->second.kind.index() == 0) {
      splits.push_back(splits.back());
      continue;
    }
    if (const DType actual = kKinds[it->second.kind.index() - 1]; actual != key.dtype)
      throw InvalidArgumentError((batched ? "Name: <unknown>, Key: " + name + ", Index: " + std::to_string(i)
                                          : "Key: " + name) +
                                 ".  Data types don't match. Expected type: " + tf_type_name(key.dtype) +
                                 ", Actual type: " + tf_type_name(actual));
    rows.push_back(values_of(name, it->second, key.dtype));
    splits.push_back(splits.back() + rows.back().num_elements());
  }
  Tensor values = core::empty(key.dtype, TensorShape{splits.back()});
  std::int64_t at = 0;
  for (const Tensor& r : rows) {
    if (r.num_elements() == 0) continue;  // an empty buffer may be null, which the copy must not see
    data::detail::copy_elements(key.dtype, r.raw_data(),
                                static_cast<char*>(values.raw_mutable_data()) + at * dtype_size(key.dtype),
                                r.num_elements());
    at += r.num_elements();
  }
  Tensor row_splits = core::empty(key.splits_dtype, TensorShape{static_cast<std::int64_t>(splits.size())});
  if (key.splits_dtype == int64) std::copy(splits.begin(), splits.end(), row_splits.mutable_data<std::int64_t>());
  else std::transform(splits.begin(), splits.end(), row_splits.mutable_data<std::int32_t>(),
                      [](std::int64_t v) { return static_cast<std::int32_t>(v); });
  return {std::move(values), std::move(row_splits)};
}

void parse_shape(ops::ShapeContext& ctx) {
  const Tensor& serialized = ctx.input(0);
  const TensorShape& in = serialized.shape();
  if (serialized.dtype() != string || (!in.has_unknown_rank() && in.rank() > 1))
    ctx.fail("serialized must be a string scalar or vector, got " + std::string(dtype_name(serialized.dtype())) +
             in.debug_string());
  if (in.has_unknown_rank()) ctx.fail("serialized needs a known rank (a scalar or a vector)");
  const std::map<std::string, FeatureSpec>& features = specs_of(ctx);
  for (const auto& [name, spec] : features) check_spec(name, spec);
  check_ragged_keys(payload_of(ctx));
  const int rank = in.rank();
  for (const auto& [name, spec] : features)
    if (const auto* fixed = std::get_if<FixedLenFeature>(&spec)) {
      TensorShape shape = fixed->shape;
      if (rank == 1) shape.insert_dim(0, in.dim(0));
      ctx.add_output(fixed->dtype, shape);
    }
  for (const auto& [name, spec] : features)
    if (std::holds_alternative<VarLenFeature>(spec)) {
      ctx.add_output(int64, TensorShape{None, rank + 1});
      ctx.add_output(spec_dtype(spec), TensorShape{None});
      ctx.add_output(int64, TensorShape{rank + 1});
    }
  for (const auto& [name, key] : payload_of(ctx).ragged) {
    ctx.add_output(key.dtype, TensorShape{None});
    ctx.add_output(key.splits_dtype, TensorShape{rank == 0 ? 2 : in.dim(0) < 0 ? None : in.dim(0) + 1});
  }
}

Tensor int64_tensor(const std::vector<std::int64_t>& values, const TensorShape& shape) {
  Tensor t = core::empty(int64, shape);
  std::copy(values.begin(), values.end(), t.mutable_data<std::int64_t>());
  return t;
}

// One VarLenFeature's sparse triple from each example's values (`rows` of one example when
// `batched` is false).
std::array<Tensor, 3> sparse_of(std::span<const Tensor* const> rows, bool batched, DType dtype) {
  std::vector<std::int64_t> indices;
  std::int64_t total = 0, longest = 0;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const std::int64_t n = rows[i]->num_elements();
    for (std::int64_t j = 0; j < n; ++j) {
      if (batched) indices.push_back(static_cast<std::int64_t>(i));
      indices.push_back(j);
    }
    total += n;
    longest = std::max(longest, n);
  }
  const std::int64_t rank = batched ? 2 : 1;
  Tensor values = core::empty(dtype, TensorShape{total});
  std::int64_t at = 0;
  for (const Tensor* r : rows) {
    data::detail::copy_elements(dtype, r->raw_data(), static_cast<char*>(values.raw_mutable_data()) + at * dtype_size(dtype),
                                r->num_elements());
    at += r->num_elements();
  }
  std::vector<std::int64_t> dense_shape{longest};
  if (batched) dense_shape.insert(dense_shape.begin(), static_cast<std::int64_t>(rows.size()));
  return {int64_tensor(indices, TensorShape{total, rank}), values, int64_tensor(dense_shape, TensorShape{rank})};
}

void parse_kernel(ops::KernelContext& ctx) {
  const Tensor& serialized = ctx.input(0);
  const std::map<std::string, FeatureSpec>& features = specs_of(ctx);
  const bool batched = serialized.rank() == 1;
  const std::vector<train::Example> examples = decode_all(serialized);
  const std::vector<std::map<std::string, Tensor>> rows =
      batched ? parse_rows(examples, features) : std::vector{parse_one(examples[0], features)};
  std::size_t out = 0;
  for (const auto& [name, spec] : features)
    if (const auto* fixed = std::get_if<FixedLenFeature>(&spec)) {
      std::vector<const Tensor*> parts;
      for (const auto& r : rows) parts.push_back(&r.at(name));
      ctx.output(out++) = batched ? stack_fixed(parts, name, *fixed) : rows[0].at(name);
    }
  for (const auto& [name, spec] : features)
    if (std::holds_alternative<VarLenFeature>(spec)) {
      std::vector<const Tensor*> parts;
      for (const auto& r : rows) parts.push_back(&r.at(name));
      for (Tensor& t : sparse_of(parts, batched, spec_dtype(spec))) ctx.output(out++) = std::move(t);
    }
  for (const auto& [name, key] : payload_of(ctx).ragged)
    for (Tensor& t : ragged_of(examples, batched, name, key)) ctx.output(out++) = std::move(t);
}

const ops::OpDef& kParseExample = ops::OpBuilder("ParseExample")
    .inputs(1).attrs({"features"}).shape(parse_shape).kernel(string, parse_kernel).kernel_allocates_outputs().no_gradient();

}  // namespace

ParsedFeatures parse_example_features(const Tensor& serialized, const std::map<std::string, FeatureSpec>& features,
                                      const std::map<std::string, RaggedKey>& ragged) {
  if (!serialized.defined()) throw InvalidArgumentError("[ParseExample] serialized is an undefined tensor");
  auto specs = std::make_shared<FeatureSpecs>();
  specs->features = features;
  specs->ragged = ragged;
  const ops::AttrValue attrs[] = {std::shared_ptr<const ops::OpPayload>(std::move(specs))};
  const ops::Outputs outputs = ops::execute(kParseExample, {serialized}, attrs);
  ParsedFeatures parsed;
  std::size_t out = 0;
  for (const auto& [name, spec] : features)
    if (std::holds_alternative<FixedLenFeature>(spec)) parsed.dense[name] = outputs[out++];
  for (const auto& [name, spec] : features)
    if (std::holds_alternative<VarLenFeature>(spec)) {
      parsed.sparse[name] = {outputs[out], outputs[out + 1], outputs[out + 2]};
      out += 3;
    }
  for (const auto& [name, key] : ragged) {
    parsed.ragged[name] = {outputs[out], outputs[out + 1]};
    out += 2;
  }
  return parsed;
}

}  // namespace tf::io
