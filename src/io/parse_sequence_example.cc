// parse_sequence_example / parse_single_sequence_example through the ParseSequenceExample op, with
// TensorFlow's ParseSequenceExampleV2 semantics and messages.
//
// Note [Sequence parsing follows TensorFlow's fast parser]: TensorFlow scans every example first
// (list kinds of all context features, then of all feature lists, and the value counts), then
// fills context dense, context sparse, feature-list dense and feature-list sparse outputs in turn.
// Which error a bad batch raises depends on that order, so the kernel keeps it. Its quirks stay
// too: a context FixedLenFeature's length is the longest list in the batch (or its default's), so
// a missing required feature reports "Inconsistent max number of elements" unless another example
// has it; a list of another kind fails even when empty; a Feature holding no list counts as zero
// values (one step of zero values in a feature list).
#include <algorithm>
#include <cstring>
#include <span>

#include "core/tensor_impl.h"
#include "data/tensor_copy.h"
#include "ops/execute.h"
#include "tfpp/errors.h"
#include "tfpp/io/sequence_parsing.h"
#include "tfpp/train/sequence_example.h"

namespace tf::io {
namespace {

using ContextSpecs = std::map<std::string, FeatureSpec>;
using SequenceSpecs = std::map<std::string, SequenceFeatureSpec>;

[[noreturn]] void fail(const std::string& message) { throw InvalidArgumentError("[ParseSequenceExample] " + message); }

// TensorFlow's DataTypeString, which its messages use.
std::string tf_type_name(DType d) { return d == float32 ? "float" : std::string(dtype_name(d)); }

template <class Spec>
DType dtype_of(const Spec& spec) {
  return std::visit([](const auto& s) { return s.dtype; }, spec);
}

void check_dtype(const char* what, const std::string& name, DType d) {
  if (d != float32 && d != int64 && d != string)
    fail(std::string(what) + " '" + name + "': dtype must be float32, int64 or string, got " + std::string(dtype_name(d)));
}

void check_shape(const char* what, const std::string& name, const TensorShape& shape) {
  if (!shape.is_fully_defined())
    fail(std::string(what) + " '" + name + "': Shape " + shape.debug_string() + " is not fully defined");
}

void check_specs(const ContextSpecs& context, const SequenceSpecs& sequence) {
  if (context.empty() && sequence.empty()) fail("no context_features and no sequence_features: give at least one");
  for (const auto& [name, spec] : context) {
    check_dtype("context feature", name, dtype_of(spec));
    const auto* fixed = std::get_if<FixedLenFeature>(&spec);
    if (!fixed) continue;
    check_shape("context feature", name, fixed->shape);
    const Tensor& dv = fixed->default_value;
    if (dv.defined() && dv.dtype() != fixed->dtype)
      fail("context feature '" + name + "': default_value is " + std::string(dtype_name(dv.dtype())) + ", the spec's dtype " +
           std::string(dtype_name(fixed->dtype)));
    // TensorFlow reshapes a default to the feature's shape, so only its number of elements counts.
    if (dv.defined() && dv.num_elements() != fixed->shape.num_elements())
      fail("Default value for context feature " + name + " has an incorrect shape: saw " + dv.shape().debug_string() +
           " but expected " + fixed->shape.debug_string());
  }
  for (const auto& [name, spec] : sequence) {
    check_dtype("feature list", name, dtype_of(spec));
    if (const auto* fixed = std::get_if<FixedLenSequenceFeature>(&spec)) check_shape("feature list", name, fixed->shape);
  }
}

// Whether feature `f` reads as `dtype`: it holds that list, or no list (zero values).
bool holds(const train::Feature& f, DType dtype) {
  switch (f.kind.index()) {
    case 0: return true;
    case 1: return dtype == string;
    case 2: return dtype == float32;
    default: return dtype == int64;
  }
}

std::int64_t count(const train::Feature& f) {
  return std::visit([](const auto& list) -> std::int64_t {
    if constexpr (std::is_same_v<std::decay_t<decltype(list)>, std::monostate>) return 0;
    else return static_cast<std::int64_t>(list.value.size());
  }, f.kind);
}

// Copies f's values (holds(f, out.dtype()) is true) into `out` from element `at`; returns the end.
std::int64_t copy_values(const train::Feature& f, Tensor& out, std::int64_t at) {
  std::visit([&](const auto& list) {
    using List = std::decay_t<decltype(list)>;
    if constexpr (!std::is_same_v<List, std::monostate>)
      data::detail::copy_elements(out.dtype(), list.value.data(),
                                  static_cast<char*>(out.raw_mutable_data()) + at * dtype_size(out.dtype()),
                                  static_cast<std::int64_t>(list.value.size()));
  }, f.kind);
  return at + count(f);
}

// Fills elements [from, to) of `out` with 0 or "".
void pad(Tensor& out, std::int64_t from, std::int64_t to) {
  if (to <= from) return;  // an empty tensor's buffer may be null, which memset must not see
  if (out.dtype() == string) std::fill(out.mutable_data<std::string>() + from, out.mutable_data<std::string>() + to, "");
  else std::memset(static_cast<char*>(out.raw_mutable_data()) + from * dtype_size(out.dtype()), 0,
                   static_cast<std::size_t>(to - from) * dtype_size(out.dtype()));
}

const train::Feature* find(const train::Features& features, const std::string& name) {
  const auto it = features.feature.find(name);
  return it == features.feature.end() ? nullptr : &it->second;
}

const train::FeatureList* find(const train::FeatureLists& lists, const std::string& name) {
  const auto it = lists.feature_list.find(name);
  return it == lists.feature_list.end() ? nullptr : &it->second;
}

Tensor int64_tensor(const std::vector<std::int64_t>& values, const TensorShape& shape) {
  Tensor t = core::empty(int64, shape);
  std::copy(values.begin(), values.end(), t.mutable_data<std::int64_t>());
  return t;
}

TensorShape batched(bool batch, std::int64_t n, TensorShape shape) {
  if (batch) shape.insert_dim(0, n);
  return shape;
}

// One parse: the decoded examples, whether they are a batch, and the outputs in the op's order.
class SequenceParser {
 public:
  SequenceParser(const Tensor& serialized, const ContextSpecs& context, const SequenceSpecs& sequence)
      : context_(context), sequence_(sequence), batch_(serialized.rank() == 1) {
    const std::string* records = serialized.data<std::string>();
    for (std::int64_t i = 0; i < serialized.num_elements(); ++i) {
      try {
        examples_.push_back(train::SequenceExample::FromString(records[i]));
      } catch (const DataLossError&) {
        fail("Invalid protocol message input, example id: <unknown>");
      }
    }
  }

  std::vector<Tensor> run() {
    check_context_kinds();
    const std::map<std::string, std::int64_t> longest = scan_feature_lists();
    std::vector<Tensor> out;
    for (const auto& [name, spec] : context_)
      if (const auto* fixed = std::get_if<FixedLenFeature>(&spec)) out.push_back(context_dense(name, *fixed));
    for (const auto& [name, spec] : context_)
      if (std::holds_alternative<VarLenFeature>(spec)) append_sparse(out, context_sparse(name, dtype_of(spec)));
    std::vector<Tensor> lengths;
    for (const auto& [name, spec] : sequence_)
      if (const auto* fixed = std::get_if<FixedLenSequenceFeature>(&spec))
        out.push_back(list_dense(name, *fixed, longest.at(name), lengths));
    for (const auto& [name, spec] : sequence_)
      if (std::holds_alternative<VarLenFeature>(spec)) append_sparse(out, list_sparse(name, dtype_of(spec)));
    out.insert(out.end(), lengths.begin(), lengths.end());
    return out;
  }

 private:
  std::int64_t n() const { return static_cast<std::int64_t>(examples_.size()); }

  static void append_sparse(std::vector<Tensor>& out, SparseTensor sp) {
    out.push_back(std::move(sp.indices));
    out.push_back(std::move(sp.values));
    out.push_back(std::move(sp.dense_shape));
  }

  void check_context_kinds() const {
    for (const auto& [name, spec] : context_)
      for (const train::SequenceExample& ex : examples_)
        if (const train::Feature* f = find(ex.context, name); f && !holds(*f, dtype_of(spec)))
          fail("Name: <unknown>, Context feature: " + name + ".  Data types don't match. Expected type: " +
               tf_type_name(dtype_of(spec)));
  }

  // Checks every step's list kind; returns each FixedLenSequenceFeature's most values in one example.
  std::map<std::string, std::int64_t> scan_feature_lists() const {
    std::map<std::string, std::int64_t> longest;
    for (const auto& [name, spec] : sequence_) {
      std::int64_t& most = longest[name];
      for (const train::SequenceExample& ex : examples_) {
        const train::FeatureList* list = find(ex.feature_lists, name);
        if (!list) continue;
        std::int64_t total = 0;
        for (std::size_t step = 0; step < list->feature.size(); ++step) {
          if (!holds(list->feature[step], dtype_of(spec)))
            fail("Name: <unknown>, Feature list: " + name + ", Index: " + std::to_string(step) +
                 ".  Data types don't match. Expected type: " + tf_type_name(dtype_of(spec)));
          total += count(list->feature[step]);
        }
        most = std::max(most, total);
      }
    }
    return longest;
  }

  Tensor context_dense(const std::string& name, const FixedLenFeature& spec) const {
    const Tensor& dv = spec.default_value;
    std::int64_t longest = dv.defined() ? dv.num_elements() : 0;
    for (const train::SequenceExample& ex : examples_)
      if (const train::Feature* f = find(ex.context, name)) longest = std::max(longest, count(*f));
    const std::int64_t size = spec.shape.num_elements();
    if (longest != size)
      fail("Inconsistent max number of elements for feature " + name + ": expected " + std::to_string(size) +
           ", but found " + std::to_string(longest));
    Tensor out = core::empty(spec.dtype, batched(batch_, n(), spec.shape));
    std::int64_t at = 0;
    for (const train::SequenceExample& ex : examples_) {
      const train::Feature* f = find(ex.context, name);
      if (!f) {
        if (!dv.defined())
          fail("Feature: " + name + " (data type: " + tf_type_name(spec.dtype) + ") is required but could not be found.");
        data::detail::copy_elements(spec.dtype, dv.raw_data(),
                                    static_cast<char*>(out.raw_mutable_data()) + at * dtype_size(spec.dtype), size);
        at += size;
      } else {
        if (count(*f) != size) fail("Unexpected number of elements in example <unknown>");
        at = copy_values(*f, out, at);
      }
    }
    return out;
  }

  SparseTensor context_sparse(const std::string& name, DType dtype) const {
    std::int64_t total = 0;
    for (const train::SequenceExample& ex : examples_)
      if (const train::Feature* f = find(ex.context, name)) total += count(*f);
    Tensor values = core::empty(dtype, TensorShape{total});
    std::vector<std::int64_t> indices;
    std::int64_t at = 0, widest = 0;
    for (std::int64_t e = 0; e < n(); ++e) {
      const train::Feature* f = find(examples_[e].context, name);
      if (!f) continue;
      for (std::int64_t i = 0; i < count(*f); ++i) {
        if (batch_) indices.push_back(e);
        indices.push_back(i);
      }
      widest = std::max(widest, count(*f));
      at = copy_values(*f, values, at);
    }
    const std::int64_t rank = batch_ ? 2 : 1;
    std::vector<std::int64_t> shape{widest};
    if (batch_) shape.insert(shape.begin(), n());
    return {int64_tensor(indices, TensorShape{total, rank}), values, int64_tensor(shape, TensorShape{rank})};
  }

  Tensor list_dense(const std::string& name, const FixedLenSequenceFeature& spec, std::int64_t longest,
                    std::vector<Tensor>& lengths) const {
    const std::int64_t step_size = spec.shape.num_elements();
    if (step_size == 0 ? longest != 0 : longest % step_size != 0) {
      TensorShape total = spec.shape;
      total.insert_dim(0, None);
      fail("Feature list '" + name + "' has an unexpected number of values.  Total values size: " + std::to_string(longest) +
           " is not consistent with output shape: " + total.debug_string());
    }
    const std::int64_t steps = step_size == 0 ? 0 : longest / step_size;
    TensorShape shape = spec.shape;
    shape.insert_dim(0, steps);
    Tensor out = core::empty(spec.dtype, batched(batch_, n(), shape));
    Tensor length = core::empty(int64, batch_ ? TensorShape{n()} : TensorShape{});
    for (std::int64_t e = 0; e < n(); ++e) {
      const std::int64_t start = e * steps * step_size;
      std::int64_t at = start, step = 0;
      const train::FeatureList* list = find(examples_[e].feature_lists, name);
      if (!list && !spec.allow_missing)
        fail("Name: <unknown>, Feature list '" + name + "' is required but could not be found.  Did you mean to include it "
             "in feature_list_dense_missing_assumed_empty or feature_list_dense_defaults?");
      for (const train::Feature& f : list ? std::span(list->feature) : std::span<const train::Feature>()) {
        if (count(f) != step_size)
          fail("Name: <unknown>, Key: " + name + ", Index: " + std::to_string(step) +
               ".  Number of values != expected.  values size: " + std::to_string(count(f)) +
               " but output shape: " + spec.shape.debug_string());
        at = copy_values(f, out, at);
        ++step;
      }
      length.mutable_data<std::int64_t>()[e] = step;
      pad(out, at, start + steps * step_size);
    }
    lengths.push_back(std::move(length));
    return out;
  }

  SparseTensor list_sparse(const std::string& name, DType dtype) const {
    std::int64_t total = 0;
    for (const train::SequenceExample& ex : examples_)
      if (const train::FeatureList* list = find(ex.feature_lists, name))
        for (const train::Feature& f : list->feature) total += count(f);
    Tensor values = core::empty(dtype, TensorShape{total});
    std::vector<std::int64_t> indices;
    std::int64_t at = 0, most_steps = 0, widest = 0;
    for (std::int64_t e = 0; e < n(); ++e) {
      const train::FeatureList* list = find(examples_[e].feature_lists, name);
      if (!list) continue;
      const auto steps = static_cast<std::int64_t>(list->feature.size());
      for (std::int64_t step = 0; step < steps; ++step) {
        const train::Feature& f = list->feature[step];
        for (std::int64_t i = 0; i < count(f); ++i) {
          if (batch_) indices.push_back(e);
          indices.push_back(step);
          indices.push_back(i);
        }
        widest = std::max(widest, count(f));
        at = copy_values(f, values, at);
      }
      most_steps = std::max(most_steps, steps);
    }
    const std::int64_t rank = batch_ ? 3 : 2;
    std::vector<std::int64_t> shape{most_steps, widest};
    if (batch_) shape.insert(shape.begin(), n());
    return {int64_tensor(indices, TensorShape{total, rank}), values, int64_tensor(shape, TensorShape{rank})};
  }

  const ContextSpecs& context_;
  const SequenceSpecs& sequence_;
  const bool batch_;
  std::vector<train::SequenceExample> examples_;
};

// --- The ParseSequenceExample op -------------------------------------------------------------
// Outputs, features in name order: each context FixedLenFeature's tensor; each context
// VarLenFeature's indices, values and dense_shape; each FixedLenSequenceFeature's tensor; each
// feature-list VarLenFeature's triple; each FixedLenSequenceFeature's lengths.

struct Specs : ops::OpPayload {
  ContextSpecs context;
  SequenceSpecs sequence;
};

const Specs& specs_of(const ops::OpContext& ctx) {
  return static_cast<const Specs&>(*ctx.attr<std::shared_ptr<const ops::OpPayload>>(0));
}

void parse_shape(ops::ShapeContext& ctx) {
  const Tensor& serialized = ctx.input(0);
  const TensorShape& in = serialized.shape();
  if (serialized.dtype() != string || in.has_unknown_rank() || in.rank() > 1)
    ctx.fail("serialized must be a string scalar or vector, got " + std::string(dtype_name(serialized.dtype())) +
             in.debug_string());
  const Specs& specs = specs_of(ctx);
  check_specs(specs.context, specs.sequence);
  const bool batch = in.rank() == 1;
  const std::int64_t n = batch ? in.dim(0) : 1;
  for (const auto& [name, spec] : specs.context)
    if (const auto* fixed = std::get_if<FixedLenFeature>(&spec)) ctx.add_output(fixed->dtype, batched(batch, n, fixed->shape));
  auto add_sparse = [&](DType dtype, int rank) {
    ctx.add_output(int64, TensorShape{None, rank});
    ctx.add_output(dtype, TensorShape{None});
    ctx.add_output(int64, TensorShape{rank});
  };
  for (const auto& [name, spec] : specs.context)
    if (std::holds_alternative<VarLenFeature>(spec)) add_sparse(dtype_of(spec), batch ? 2 : 1);
  for (const auto& [name, spec] : specs.sequence)
    if (const auto* fixed = std::get_if<FixedLenSequenceFeature>(&spec)) {
      TensorShape shape = fixed->shape;
      shape.insert_dim(0, None);
      ctx.add_output(fixed->dtype, batched(batch, n, shape));
    }
  for (const auto& [name, spec] : specs.sequence)
    if (std::holds_alternative<VarLenFeature>(spec)) add_sparse(dtype_of(spec), batch ? 3 : 2);
  for (const auto& [name, spec] : specs.sequence)
    if (std::holds_alternative<FixedLenSequenceFeature>(spec)) ctx.add_output(int64, batch ? TensorShape{n} : TensorShape{});
}

void parse_kernel(ops::KernelContext& ctx) {
  const Specs& specs = specs_of(ctx);
  std::vector<Tensor> outputs = SequenceParser(ctx.input(0), specs.context, specs.sequence).run();
  for (std::size_t i = 0; i < outputs.size(); ++i) ctx.output(i) = std::move(outputs[i]);
}

const ops::OpDef& kParseSequenceExample = ops::OpBuilder("ParseSequenceExample")
    .inputs(1).attrs({"features"}).shape(parse_shape).kernel(string, parse_kernel).kernel_allocates_outputs().no_gradient();

}  // namespace

ParsedSequenceExamples parse_sequence_example(const Tensor& serialized, const ContextSpecs& context_features,
                                              const SequenceSpecs& sequence_features) {
  if (!serialized.defined()) fail("serialized is an undefined tensor");
  auto specs = std::make_shared<Specs>();
  specs->context = context_features;
  specs->sequence = sequence_features;
  const ops::AttrValue attrs[] = {std::shared_ptr<const ops::OpPayload>(std::move(specs))};
  const ops::Outputs outputs = ops::execute(kParseSequenceExample, {serialized}, attrs);
  ParsedSequenceExamples parsed;
  std::size_t out = 0;
  auto next_sparse = [&] {
    SparseTensor sp{outputs[out], outputs[out + 1], outputs[out + 2]};
    out += 3;
    return sp;
  };
  for (const auto& [name, spec] : context_features)
    if (std::holds_alternative<FixedLenFeature>(spec)) parsed.context[name] = outputs[out++];
  for (const auto& [name, spec] : context_features)
    if (std::holds_alternative<VarLenFeature>(spec)) parsed.context_sparse[name] = next_sparse();
  for (const auto& [name, spec] : sequence_features)
    if (std::holds_alternative<FixedLenSequenceFeature>(spec)) parsed.feature_lists[name] = outputs[out++];
  for (const auto& [name, spec] : sequence_features)
    if (std::holds_alternative<VarLenFeature>(spec)) parsed.feature_lists_sparse[name] = next_sparse();
  for (const auto& [name, spec] : sequence_features)
    if (std::holds_alternative<FixedLenSequenceFeature>(spec)) parsed.lengths[name] = outputs[out++];
  return parsed;
}

ParsedSequenceExamples parse_single_sequence_example(const Tensor& serialized, const ContextSpecs& context_features,
                                                     const SequenceSpecs& sequence_features) {
  if (serialized.defined() && !serialized.shape().has_unknown_rank() && serialized.rank() != 0)
    fail("serialized must be a string scalar (one SequenceExample), got shape " + serialized.shape().debug_string());
  return parse_sequence_example(serialized, context_features, sequence_features);
}

}  // namespace tf::io
