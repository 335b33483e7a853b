// The trace cache of a tf::function.
//
// Note [Trace cache]: a call's key is the structure and values of its non-tensor arguments
// plus one TensorSpec per tensor. An exact key match runs that trace. Otherwise a trace with
// the same structure whose (partly unknown) specs accept the call runs. Otherwise the call is
// traced; with reduce_retracing, or after kRelaxAfter traces that differ only in dimension
// sizes, differing dimensions become unknown so one trace serves them all (with reduce_retracing
// a differing rank too, as TensorFlow relaxes).
#include <atomic>
#include <iostream>
#include <mutex>
#include <optional>
#include <unordered_map>

#include "autodiff/tape.h"
#include "autodiff/variable_impl.h"
#include "function/autograph.h"
#include "function/concrete_function_impl.h"
#include "graph/passes/passes.h"
#include "graph/tracer.h"
#include "profiler/trace_recorder.h"
#include "tfpp/function.h"

namespace tf {
namespace config {
namespace {
std::atomic<bool> run_eagerly{false};
}
void run_functions_eagerly(bool enable) { run_eagerly = enable; }
bool functions_run_eagerly() { return run_eagerly; }
}  // namespace config

bool executing_eagerly() { return graph::Tracer::current() == nullptr; }

namespace detail {
void bind_variable_argument(const Variable& v, const Tensor& placeholder) {
  graph::Tracer::current()->bind(v.handle(), placeholder);
}

namespace {

constexpr int kRelaxAfter = 3;

constexpr const char* kSingletonVariables =
    "tf.function only supports singleton tf.Variables created on the first call. Make sure the tf.Variable is only "
    "created once or created outside tf.function (e.g. `if (!v) v = tf::Variable(...)` with v outside the traced code)";
constexpr const char* kNonFirstVariables =
    "creating variables on a non-first call to a function decorated with tf.function is not supported; create them "
    "on the first call or outside tf.function";

std::string specs_key(const std::vector<TensorSpec>& specs) {
  std::string key;
  for (const TensorSpec& s : specs) key += std::string(dtype_name(s.dtype)) + s.shape.debug_string() + ";";
  return key;
}

// True if the call's leaves have exactly these dtypes and shapes: the cache's fast path, which
// builds no key string (an exact match is what the key map would find, Note [Trace cache]).
bool same_specs(const std::vector<TensorSpec>& specs, const std::vector<Leaf>& leaves) {
  if (specs.size() != leaves.size()) return false;
  for (std::size_t i = 0; i < specs.size(); ++i)
    if (specs[i].dtype != leaves[i].spec.dtype || !(specs[i].shape == leaves[i].spec.shape)) return false;
  return true;
}

// True if `general` is at least as general as `specific`: every shape `specific` allows, it
// allows too. For a tensor (fully defined shape) that is compatibility; a TensorSpec given to
// get_concrete_function with unknown dimensions needs a trace whose dimensions are unknown too,
// as TensorFlow's trace types require (a [2] trace does not serve a TensorSpec([None])).
bool covers(const TensorSpec& general, const TensorSpec& specific) {
  if (general.dtype != specific.dtype) return false;
  if (general.shape.has_unknown_rank()) return true;
  if (specific.shape.rank() != general.shape.rank()) return false;
  for (int d = 0; d < general.shape.rank(); ++d)
    if (general.shape.dim(d) >= 0 && general.shape.dim(d) != specific.shape.dim(d)) return false;
  return true;
}

bool accepts(const std::vector<TensorSpec>& specs, const std::vector<Leaf>& leaves) {
  if (specs.size() != leaves.size()) return false;
  for (std::size_t i = 0; i < specs.size(); ++i)
    if (!covers(specs[i], leaves[i].spec)) return false;
  return true;
}

// The most general specs covering `a` and `b`, or false if they differ in dtype, or in rank
// unless `across_ranks` (then the spec has an unknown rank, as reduce_retracing relaxes in
// TensorFlow).
bool relax(std::vector<TensorSpec>& a, const std::vector<TensorSpec>& b, bool across_ranks) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i].dtype != b[i].dtype) return false;
    if (!across_ranks && (a[i].shape.rank() != b[i].shape.rank() || a[i].shape.has_unknown_rank())) return false;
  }
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i].shape.has_unknown_rank() || b[i].shape.has_unknown_rank() || a[i].shape.rank() != b[i].shape.rank()) {
      a[i].shape = TensorShape::unknown_rank();
      continue;
    }
    for (int d = 0; d < a[i].shape.rank(); ++d)
      if (a[i].shape.dim(d) != b[i].shape.dim(d)) a[i].shape.set_dim(d, None);
  }
  return true;
}

std::string spec_text(const TensorSpec& s) { return std::string(dtype_name(s.dtype)) + s.shape.debug_string(); }

}  // namespace

struct FunctionState::Cache {
  struct Entry {
    std::string structure;  // non-tensor part of the key
    std::vector<TensorSpec> specs;
    ConcreteFunction function;
  };
  std::recursive_mutex mutex;  // recursive: a traced body may call its own function
  std::vector<Entry> entries;
  std::unordered_map<std::string, std::size_t> exact;
  int tracing_count = 0;
  bool traced = false;             // a trace has completed
  bool created_variables = false;  // the first trace created variables
  int last_created = 0;            // variables created by the latest trace
};

namespace {

// What retrace_reason reads of a cached trace.
struct TraceView {
  const std::string* structure;
  const std::vector<TensorSpec>* specs;
};

// Why a call needs a new trace, for AutoGraph's log: the first call, tensor arguments no trace
// accepts (the first difference from the trace with the same non-tensor arguments), or new
// non-tensor arguments.
std::string retrace_reason(const std::vector<TraceView>& entries, const std::string& structure,
                           const std::vector<TensorSpec>& specs) {
  if (entries.empty()) return "this is the first call";
  for (const auto& e : entries) {
    if (*e.structure != structure || e.specs->size() != specs.size()) continue;
    for (std::size_t i = 0; i < specs.size(); ++i)
      if (!(*e.specs)[i].is_compatible_with(specs[i].dtype, specs[i].shape))
        return "tensor argument " + std::to_string(i) + " is " + spec_text(specs[i]) + " where an earlier trace took " +
               spec_text((*e.specs)[i]);
  }
  return "the non-tensor arguments are new (" + structure + ")";
}

}  // namespace

FunctionState::FunctionState(FunctionOptions options) : options_(std::move(options)), cache_(std::make_unique<Cache>()) {}
FunctionState::~FunctionState() = default;

int FunctionState::tracing_count() const {
  std::lock_guard lock(cache_->mutex);
  return cache_->tracing_count;
}

namespace {

// Note [A tf::function call's profiler event]: TensorFlow's tf.function records one event per
// call, named after the function, from before the trace-cache lookup (and any tracing) to after
// the run, with stats tf_function_call ("traced-nonXla" when the call traced, else
// "notTraced-nonXla") and tracing_count. A tfpp call is two steps of function.h's template,
// lookup_or_trace then call, with nothing between them (functions used while tracing finish
// inside the lookup), so the lookup leaves the pending call in a per-thread slot and the call of
// the same concrete function records it; a lookup never called (get_concrete_function) is
// replaced by the next one.
struct PendingCall {
  const void* function;
  std::string name;
  std::int64_t start_ns;
  bool traced;
  int tracing_count;
};
thread_local std::optional<PendingCall> pending_call;

}  // namespace

ConcreteFunction FunctionState::lookup_or_trace(ArgWalk& walk, const TraceBody& body) {
  auto lookup = [&]() -> ConcreteFunction {
    std::lock_guard lock(cache_->mutex);
    Cache& c = *cache_;
    if (options_.input_signature.empty())
      for (const auto& e : c.entries)
        if (same_specs(e.specs, walk.leaves) && e.structure == walk.key) return e.function;
    std::vector<TensorSpec> specs;
    for (const Leaf& leaf : walk.leaves) specs.push_back(leaf.spec);

    if (!options_.input_signature.empty()) {
      if (!accepts(options_.input_signature, walk.leaves)) {
        std::string expected, got;
        for (const auto& s : options_.input_signature) expected += "\n  " + s.to_string();
        for (const auto& l : walk.leaves) got += "\n  " + l.spec.to_string();
        throw InvalidArgumentError("[" + options_.name + "] the arguments do not match the input_signature; expected:" +
                                   expected + "\ngot:" + got);
      }
      specs = options_.input_signature;
    }

    const std::string key = walk.key + "|" + specs_key(specs);
    if (auto it = c.exact.find(key); it != c.exact.end()) return c.entries[it->second].function;
    for (const auto& e : c.entries)
      if (e.structure == walk.key && accepts(e.specs, walk.leaves)) return e.function;

    const bool log = autograph::detail::verbosity() >= 1;
    std::string reason;
    if (log) {
      std::vector<TraceView> views;
      for (const auto& e : c.entries) views.push_back({&e.structure, &e.specs});
      reason = retrace_reason(views, walk.key, specs);
    }
    if (options_.input_signature.empty()) {
      int similar = 0;
      std::vector<TensorSpec> relaxed = specs;
      for (const auto& e : c.entries)
        if (e.structure == walk.key && relax(relaxed, e.specs, options_.reduce_retracing)) ++similar;
      if (similar > 0 && (options_.reduce_retracing || similar + 1 >= kRelaxAfter) && relaxed != specs) {
        if (!options_.reduce_retracing)
          std::cerr << "tfpp: " << options_.name << " has been traced " << similar + 1
                    << " times for arguments that differ only in dimension sizes; relaxing them to " << specs_key(relaxed)
                    << " to avoid retracing\n";
        if (log) autograph::detail::log(options_.name + ": relaxed the argument shapes to " + specs_key(relaxed));
        specs = relaxed;
      }
    }
    if (log)
      autograph::detail::log(options_.name + ": " + (c.traced ? "retracing" : "tracing") + " (trace " +
                             std::to_string(c.tracing_count + 1) + ") for " + specs_key(specs) + " because " + reason);

    // Note [Variables created in tf::function]: as in TensorFlow, only the first trace may
    // create variables (the function keeps them: the traced code stores them, e.g. behind
    // `if (!v) v = tf::Variable(...)`). A first trace that created some is traced once more with
    // creation refused, so code that would create a variable at every call fails at once; that
    // second graph is the one the call runs.
    const bool first = !c.traced;
    ConcreteFunction cf = trace(specs, body, first ? "" : c.created_variables ? kSingletonVariables : kNonFirstVariables);
    if (first && c.last_created > 0) {
      c.created_variables = true;
      cf = trace(specs, body, kSingletonVariables);
    }
    c.traced = true;
    c.entries.push_back({walk.key, specs, cf});
    c.exact.emplace(walk.key + "|" + specs_key(specs), c.entries.size() - 1);
    c.exact.emplace(key, c.entries.size() - 1);
    return cf;
  };
  if (!profiler::recording(profiler::Level::kTraceMe)) return lookup();
  const std::int64_t start = profiler::now_ns();
  const int before = tracing_count();
  ConcreteFunction cf = lookup();
  const int after = tracing_count();
  pending_call = PendingCall{cf.impl().get(), options_.name, start, after != before, after};
  return cf;
}

ConcreteFunction FunctionState::trace(const std::vector<TensorSpec>& specs, const TraceBody& body,
                                      const char* refusal) {
  Cache& c = *cache_;
  ++c.tracing_count;
  autograph::detail::PathsTrace traced;
  {
    // Tapes outside see the call, never the symbolic ops of the trace.
    autodiff::SuspendTapes suspend;
    graph::RootNameScope root;
    detail::VariableCreationScope creation(*refusal ? "[" + options_.name + "] " + refusal : std::string());
    // Each path through the body's tensor conditions runs it once (Note [AutoGraph paths]).
    traced = autograph::detail::trace_paths(options_.name, nullptr, [&](graph::Tracer& tracer) {
      std::vector<Tensor> placeholders;
      for (std::size_t i = 0; i < specs.size(); ++i) {
        std::string name = !specs[i].name.empty()             ? specs[i].name
                           : i < options_.arg_names.size() ? options_.arg_names[i]
                                                           : "args_" + std::to_string(i);
        placeholders.push_back(tracer.add_arg({specs[i].dtype, specs[i].shape}, std::move(name)));
      }
      return placeholders;
    }, body);
    c.last_created = creation.created();
  }
  graph::add_control_dependencies(*traced.graph);  // so the inspected graph shows them too
  auto impl = std::make_shared<ConcreteFunction::Impl>(options_.name, traced.graph, specs, std::move(traced.keys),
                                                       traced.tracer->captures());
  impl->input_signature = options_.input_signature;
  return ConcreteFunction(std::move(impl));
}

std::vector<Tensor> FunctionState::call(const ConcreteFunction& cf, const ArgWalk& walk) {
  std::vector<Tensor> args;
  args.reserve(walk.leaves.size());
  for (const Leaf& leaf : walk.leaves) args.push_back(leaf.value);
  if (!pending_call || pending_call->function != cf.impl().get()) return cf.call_flat(args);
  const PendingCall p = *std::exchange(pending_call, std::nullopt);
  profiler::Event event{p.name, {}, p.start_ns, 0,
                        {{"tf_function_call", profiler::StatRef{p.traced ? "traced-nonXla" : "notTraced-nonXla"}},
                         {"tracing_count", std::int64_t{p.tracing_count}}}};
  struct Record {  // also when the call raises, as TensorFlow's TraceMe
    profiler::Event& event;
    ~Record() {
      event.end_ns = profiler::now_ns();
      profiler::record(std::move(event));
    }
  } record{event};
  return cf.call_flat(args);
}

std::string FunctionState::pretty_printed_concrete_signatures() const {
  std::lock_guard lock(cache_->mutex);
  std::string out;
  for (const auto& e : cache_->entries) {
    if (!out.empty()) out += "\n";
    out += e.function.pretty_printed_signature();
  }
  return out;
}

void FunctionState::throw_untraceable_signature() const {
  const std::string n = std::to_string(options_.input_signature.size());
  throw InvalidArgumentError("[" + options_.name + "] get_concrete_function() without arguments traces the " +
                             (options_.input_signature.empty() ? std::string("call with no arguments")
                                                               : "input_signature, which needs a callable taking its " +
                                                                     n + " specs as " + n + " tensors") +
                             "; pass arguments (tf::TensorSpec for tensors) to get_concrete_function instead");
}

std::vector<ConcreteFunction> FunctionState::concrete_functions() const {
  std::lock_guard lock(cache_->mutex);
  std::vector<ConcreteFunction> out;
  for (const auto& e : cache_->entries) out.push_back(e.function);
  return out;
}

}  // namespace detail
}  // namespace tf
