// Dataset.group_by_window: elements gathered by an int64 key into windows, each window (a dataset)
// turned into a dataset by a reduce function, whose elements are the output; and the
// GroupByWindowDataset op that runs the three traced functions.
// The node's inputs follow Note [Dataset function inputs] (data/dataset_ops.cc): the dataset, the
// tensors the key, reduce and window-size functions capture, then a call's own arguments.
#include <map>
#include <string>

#include "data/bound_function.h"
#include "data/dataset_ops.h"
#include "data/node.h"
#include "function/traced_body.h"
#include "graph/function_body.h"
#include "ops/execute.h"
#include "tfpp/constant.h"
#include "tfpp/errors.h"

namespace tf::data::detail {
namespace {

using graph::FunctionBody;
using NodePtr = std::shared_ptr<const DatasetNode>;
using KeyFn = std::function<std::int64_t(const Element&)>;
using ReduceFn = std::function<Dataset(std::int64_t key, const Dataset& window)>;
using WindowSizeFn = std::function<std::int64_t(std::int64_t key)>;

class GroupByWindowNode final : public DatasetNode {
 public:
  GroupByWindowNode(NodePtr input, KeyFn key, ReduceFn reduce, WindowSizeFn window_size)
      : input_(std::move(input)), key_(std::move(key)), reduce_(std::move(reduce)), size_(std::move(window_size)) {}
  std::unique_ptr<IteratorImpl> make_iterator() const override { return std::make_unique<It>(this); }

 private:
  // Windows fill in input order; when the input ends, the unfinished ones go out by ascending key.
  struct It final : IteratorImpl {
    explicit It(const GroupByWindowNode* n) : node(n), input(n->input_->make_iterator()) {}
    bool next(Element& out) override {
      for (;;) {
        if (reduced && reduced->next(out)) return true;
        reduced.reset();
        Element element;
        if (!exhausted && input->next(element)) {
          const std::int64_t key = node->key_(element);
          std::vector<Element>& group = groups[key];
          group.push_back(std::move(element));
          const std::int64_t size = node->size_(key);
          if (size <= 0)
            throw InvalidArgumentError("[Dataset.group_by_window] Window size must be greater than zero, but got " +
                                       std::to_string(size) + ".");
          if (static_cast<std::int64_t>(group.size()) >= size) start(groups.find(key));
          continue;
        }
        exhausted = true;
        if (groups.empty()) return false;
        start(groups.begin());
      }
    }
    void start(std::map<std::int64_t, std::vector<Element>>::iterator group) {
      const std::int64_t key = group->first;
      Dataset window(elements_node(std::move(group->second)));
      groups.erase(group);
      reduced_dataset = node->reduce_(key, window);  // kept: its iterator points into its nodes
      reduced = reduced_dataset.node()->make_iterator();
    }
    const GroupByWindowNode* node;
    std::unique_ptr<IteratorImpl> input;
    Dataset reduced_dataset;  // declared before its iterator, which must go first
    std::unique_ptr<IteratorImpl> reduced;
    std::map<std::int64_t, std::vector<Element>> groups;
    bool exhausted = false;
  };
  NodePtr input_;
  KeyFn key_;
  ReduceFn reduce_;
  WindowSizeFn size_;
};

// Attribute positions: the three functions.
constexpr int kKeyFn = 0, kReduceFn = 1, kWindowSizeFn = 2;

void group_by_window_shape(ops::ShapeContext& ctx) {
  const Tensor& dataset = ctx.input(0);
  if (dataset.dtype() != DType::kVariant || !dataset.shape().is_compatible_with(TensorShape{}))
    ctx.fail("the dataset must be a variant scalar, got " + std::string(dtype_name(dataset.dtype())) +
             dataset.shape().debug_string());
  ctx.add_output(DType::kVariant, TensorShape{});
}

void group_by_window_kernel(ops::KernelContext& ctx) {
  const BoundFunction key = bind(ctx, kKeyFn), reduce = bind(ctx, kReduceFn), size = bind(ctx, kWindowSizeFn);
  auto key_fn = [key](const Element& e) { return key(e).at(0).item<std::int64_t>(); };
  auto reduce_fn = [reduce](std::int64_t k, const Dataset& window) {
    return dataset_of(reduce({constant(k), dataset_variant(window)}).at(0), "GroupByWindowDataset");
  };
  auto size_fn = [size](std::int64_t k) { return size({constant(k)}).at(0).item<std::int64_t>(); };
  ctx.output(0) = dataset_variant(Dataset(std::make_shared<GroupByWindowNode>(
      dataset_of(ctx.input(0), "GroupByWindowDataset").node(), key_fn, reduce_fn, size_fn)));
}

const ops::OpDef& kGroupByWindowDataset = [] {
  ops::OpBuilder b("GroupByWindowDataset");
  b.variadic_inputs().kernel_allocates_outputs().no_gradient().attrs({"key_func", "reduce_func", "window_size_func"});
  b.shape(group_by_window_shape).kernel(DType::kVariant, group_by_window_kernel);
  return std::ref(static_cast<const ops::OpDef&>(b));
}();

// Checks that a traced function returns one scalar of `dtype`.
void check_scalar_result(const tf::detail::TracedBody& traced, DType dtype, const std::string& what) {
  const graph::Graph& g = *traced.graph;
  if (g.outputs().size() != 1 || g.info(g.outputs()[0]).dtype != dtype ||
      !g.info(g.outputs()[0]).shape.is_compatible_with(TensorShape{}))
    throw InvalidArgumentError("[Dataset.group_by_window] " + what + " must return one " +
                               std::string(dtype_name(dtype)) + " scalar");
}

}  // namespace

Tensor group_by_window_dataset(const Tensor& dataset, const std::vector<TensorSpec>& element_specs,
                               const tf::detail::FlatFn& key_fn, const tf::detail::FlatFn& reduce_fn,
                               const tf::detail::FlatFn& window_size_fn) {
  std::vector<ops::TensorInfo> element;
  for (const TensorSpec& s : element_specs) element.push_back({s.dtype, s.shape});
  const ops::TensorInfo key_spec{DType::kInt64, TensorShape{}}, window_spec{DType::kVariant, TensorShape{}};
  tf::detail::TracedBody key = tf::detail::trace_body(element, key_fn, "key_func");
  tf::detail::TracedBody reduce = tf::detail::trace_body({key_spec, window_spec}, reduce_fn, "reduce_func");
  tf::detail::TracedBody size = tf::detail::trace_body({key_spec}, window_size_fn, "window_size_func");
  check_scalar_result(key, DType::kInt64, "key_func");
  check_scalar_result(reduce, DType::kVariant, "reduce_func (a dataset)");
  check_scalar_result(size, DType::kInt64, "window_size_func");
  // Note [Dataset function inputs]: the dataset, the captures of all three, then each call's arguments.
  std::vector<Tensor> inputs{dataset};
  std::vector<int> key_sources = tf::detail::wire_captures(inputs, key, std::vector<int>(element.size(), -1), 1);
  std::vector<int> reduce_sources = tf::detail::wire_captures(inputs, reduce, {-1, -1}, 1);
  std::vector<int> size_sources = tf::detail::wire_captures(inputs, size, {-1}, 1);
  const int args_at = static_cast<int>(inputs.size());
  for (std::size_t j = 0; j < element.size(); ++j) key_sources[j] = args_at + static_cast<int>(j);
  reduce_sources[0] = args_at, reduce_sources[1] = args_at + 1;
  size_sources[0] = args_at;
  const ops::AttrValue attrs[] = {std::make_shared<const FunctionBody>(key.graph, std::move(key_sources)),
                                  std::make_shared<const FunctionBody>(reduce.graph, std::move(reduce_sources)),
                                  std::make_shared<const FunctionBody>(size.graph, std::move(size_sources))};
  return ops::execute(kGroupByWindowDataset, std::span<const Tensor>(inputs), attrs)[0];
}

}  // namespace tf::data::detail

namespace tf::data {

Dataset Dataset::group_by_window_impl(std::function<std::int64_t(const Element&)> key_func,
                                      std::function<Dataset(std::int64_t, const Dataset&)> reduce_func,
                                      std::function<std::int64_t(std::int64_t)> window_size_func) const {
  return Dataset(std::make_shared<detail::GroupByWindowNode>(node_, std::move(key_func), std::move(reduce_func),
                                                             std::move(window_size_func)));
}

}  // namespace tf::data
