// tf::data::Dataset: input pipelines, as TensorFlow's tf.data guide describes them.
//
//   auto ds = tf::data::Dataset::from_tensor_slices({x, y})
//                 .shuffle(10000, {.seed = 1})
//                 .map([](const tf::Tensor& x, const tf::Tensor& y) { return std::vector{x / 255.0f, y}; },
//                      {.num_parallel_calls = tf::data::AUTOTUNE})
//                 .batch(32)
//                 .prefetch(tf::data::AUTOTUNE);
//   for (const std::vector<tf::Tensor>& batch : ds) { ... }
//
// An element is a tuple of tensors (std::vector<tf::Tensor>). A dataset built from a map of
// named tensors keeps the names (element_names()); transformations that keep an element's
// components keep them too. A Dataset is an immutable, cheaply copyable handle; each
// iteration creates an independent iterator that re-runs the pipeline. Background threads
// (prefetch, parallel map) belong to the iterator and are joined when it is destroyed, e.g.
// on leaving a range-for early. An exception thrown by a user function surfaces at the
// iterator, with the same tf:: error type and the element's position in the message.
#pragma once

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <iterator>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "tfpp/tensor.h"
#include "tfpp/concrete_function.h"

namespace tf::keras::utils {
class Sequence;
}

namespace tf::data {

/// Lets tf.data pick a value (parallelism, buffer sizes) at run time.
inline constexpr std::int64_t AUTOTUNE = -1;
/// cardinality() of an endless dataset (repeat() without a count).
inline constexpr std::int64_t INFINITE_CARDINALITY = -1;
/// cardinality() when it cannot be known without iterating (filter, from_generator, files).
inline constexpr std::int64_t UNKNOWN_CARDINALITY = -2;

/// One element: a tuple of tensors.
using Element = std::vector<Tensor>;

namespace detail {
class DatasetNode;
class IteratorImpl;

/// A user function over elements, after adapting its argument and result types.
using ElementFn = std::function<Element(const Element&)>;
/// A user predicate over elements.
using PredicateFn = std::function<bool(const Element&)>;

/// Throws the error for a function whose parameter count differs from the element's size.
[[noreturn]] void throw_arity_mismatch(std::size_t expected, std::size_t got);

/// Calls f with the element as one vector, or unpacked into 1, 2 or 3 tensors (as tf.data
/// unpacks tuples into a Python function's arguments).
template <class F>
decltype(auto) call_unpacked(F& f, const Element& e) {
  if constexpr (std::is_invocable_v<F&, const Element&>) {
    return f(e);
  } else if constexpr (std::is_invocable_v<F&, const Tensor&>) {
    if (e.size() != 1) throw_arity_mismatch(1, e.size());
    return f(e[0]);
  } else if constexpr (std::is_invocable_v<F&, const Tensor&, const Tensor&>) {
    if (e.size() != 2) throw_arity_mismatch(2, e.size());
    return f(e[0], e[1]);
  } else if constexpr (std::is_invocable_v<F&, const Tensor&, const Tensor&, const Tensor&>) {
    if (e.size() != 3) throw_arity_mismatch(3, e.size());
    return f(e[0], e[1], e[2]);
  } else {
    static_assert(sizeof(F) == 0, "a dataset function takes std::vector<tf::Tensor> or 1-3 tf::Tensor arguments");
  }
}

/// Converts a function's result (a Tensor, a vector, a pair or tuple of Tensors) into an element,
/// moving the tensors of a temporary result (an initializer list would copy each handle twice).
template <class R>
Element to_element(R&& r) {
  using U = std::remove_cvref_t<R>;
  if constexpr (std::is_same_v<U, Element>) {
    return std::forward<R>(r);
  } else if constexpr (std::is_convertible_v<U, Tensor>) {
    Element e;
    e.emplace_back(std::forward<R>(r));
    return e;
  } else {
    return std::apply(
        [](auto&&... t) {
          Element e;
          e.reserve(sizeof...(t));
          (e.emplace_back(std::forward<decltype(t)>(t)), ...);
          return e;
        },
        std::forward<R>(r));
  }
}

/// Wraps any supported callable as an ElementFn.
template <class F>
ElementFn adapt(F f) {
  return [f = std::move(f)](const Element& e) mutable { return to_element(call_unpacked(f, e)); };
}
}  // namespace detail

/// Iterates over a dataset's elements; one pass of the pipeline. Move-only.
class Iterator {
 public:
  using iterator_concept = std::input_iterator_tag;
  using value_type = Element;
  using difference_type = std::ptrdiff_t;

  /// The end-of-sequence iterator.
  Iterator();
  /// A pass over `node` that has not fetched anything yet (tfpp internals; use Dataset::begin
  /// or make_iterator). The iterator keeps the pipeline alive.
  Iterator(std::shared_ptr<const detail::DatasetNode> node, std::unique_ptr<detail::IteratorImpl> impl);
  Iterator(Iterator&&) noexcept;
  Iterator& operator=(Iterator&&) noexcept;
  /// Stops the pass, joining any background threads.
  ~Iterator();

  /// The current element.
  const Element& operator*() const { return current_; }
  const Element* operator->() const { return &current_; }
  /// Advances to the next element.
  Iterator& operator++();
  /// Iterators compare equal when both are at the end.
  bool operator==(const Iterator& other) const { return at_end() == other.at_end(); }

  /// Advances and returns the new element, or nullopt at the end (Python's next(iterator));
  /// for iterators from Dataset::make_iterator.
  std::optional<Element> get_next();

 private:
  bool at_end() const { return impl_ == nullptr; }
  bool fetch();

  std::shared_ptr<const detail::DatasetNode> node_;  // outlives impl_, which points into it
  std::unique_ptr<detail::IteratorImpl> impl_;
  Element current_;
};

/// Options of Dataset::shuffle.
struct ShuffleOptions {
  std::optional<std::uint64_t> seed;       ///< with a seed the order is reproducible
  bool reshuffle_each_iteration = true;    ///< a new order on each pass
};

/// Options of Dataset::map.
struct MapOptions {
  std::int64_t num_parallel_calls = 0;     ///< threads applying the function; 0: inline, AUTOTUNE: up to one per core, as needed
  bool deterministic = true;               ///< false lets a parallel map yield elements as they finish
};

/// Options of Dataset::padded_batch.
struct PaddedBatchOptions {
  std::vector<TensorShape> padded_shapes;  ///< per component; empty or tf::None dims pad to the batch's longest
  std::vector<Tensor> padding_values;      ///< per component scalar; empty means 0 / ""
  bool drop_remainder = false;             ///< drop a final short batch
};

/// Options of Dataset::interleave.
struct InterleaveOptions {
  std::int64_t cycle_length = AUTOTUNE;    ///< inner datasets open at once; AUTOTUNE: one per core
  std::int64_t block_length = 1;           ///< elements taken from each before moving on
};

/// Options of Dataset::window.
struct WindowOptions {
  std::int64_t shift = 0;                  ///< elements between window starts; 0 means size
  std::int64_t stride = 1;                 ///< elements between a window's members
  bool drop_remainder = false;             ///< drop windows shorter than size at the end
};

class Dataset;

/// Options of Dataset::sample_from_datasets.
struct SampleOptions {
  std::vector<double> weights;             ///< per dataset (need not sum to 1); empty: uniform
  std::optional<std::int64_t> seed;        ///< op seed, combined with the global seed as TensorFlow does
  bool stop_on_empty_dataset = false;      ///< end at the first exhausted dataset instead of skipping it
  bool rerandomize_each_iteration = false; ///< a new sequence of choices on each pass
};

/// Options of Dataset::save.
struct SaveOptions {
  std::string compression;                                      ///< "" or "GZIP"
  std::function<std::int64_t(const Element&)> shard_func;       ///< the shard of an element; none: all in shard 0
};

/// Options of Dataset::load.
struct LoadOptions {
  std::string compression;  ///< as the dataset was saved with
  /// Combines the shards' datasets into the result; none: the shards interleaved, one element
  /// from each of one per core in turn (TensorFlow's default reader_func).
  std::function<Dataset(const std::vector<Dataset>& shards)> reader_func;
};

/// A pipeline of elements: an immutable handle, cheap to copy.
class Dataset {
 public:
  /// An empty dataset.
  Dataset();
  /// Wraps a pipeline node (tfpp internals).
  explicit Dataset(std::shared_ptr<const detail::DatasetNode> node, std::vector<std::string> names = {});

  // ---- sources ----
  /// Slices each tensor along its first dimension: element i is {t[i] for t in tensors}.
  static Dataset from_tensor_slices(const std::vector<Tensor>& tensors);
  /// from_tensor_slices({x, y}).
  static Dataset from_tensor_slices(std::initializer_list<Tensor> tensors) {
    return from_tensor_slices(std::vector<Tensor>(tensors));
  }
  /// Slices one tensor along its first dimension.
  static Dataset from_tensor_slices(const Tensor& tensor);
  /// Slices named tensors; element_names() gives the names (in key order).
  static Dataset from_tensor_slices(const std::map<std::string, Tensor>& tensors);
  /// A dataset of exactly one element, the given tensors.
  static Dataset from_tensors(const std::vector<Tensor>& tensors);
  /// from_tensors({x, y}).
  static Dataset from_tensors(std::initializer_list<Tensor> tensors) { return from_tensors(std::vector<Tensor>(tensors)); }
  /// A dataset of one element holding one tensor.
  static Dataset from_tensors(const Tensor& tensor);
  /// int64 scalars start, start+step, ... below stop (above it for a negative step).
  static Dataset range(std::int64_t start, std::int64_t stop, std::int64_t step = 1);
  /// int64 scalars 0 .. stop-1.
  static Dataset range(std::int64_t stop) { return range(0, stop); }
  /// A step of a generator: the next element, or nullopt when it is exhausted.
  using Generator = std::function<std::optional<Element>()>;
  /// Elements from a C++ generator. `make_generator` is called at the start of every pass; each
  /// element is checked against `output_signature` (dtype and compatible shape per component).
  static Dataset from_generator(std::function<Generator()> make_generator, std::vector<TensorSpec> output_signature);
  /// Batches from a Keras Sequence: get(0) .. get(size()-1), then on_epoch_end(), on every pass.
  static Dataset from_sequence(std::shared_ptr<keras::utils::Sequence> sequence);
  /// File names matching a glob pattern, shuffled (with `seed`) or sorted, as string scalars.
  /// Throws InvalidArgumentError (TensorFlow's "No files matched pattern") when nothing matches.
  static Dataset list_files(const std::string& file_pattern, bool shuffle = true,
                            std::optional<std::uint64_t> seed = std::nullopt);
  /// Several patterns at once.
  static Dataset list_files(const std::vector<std::string>& file_patterns, bool shuffle = true,
                            std::optional<std::uint64_t> seed = std::nullopt);
  /// Elements of the datasets side by side: element i joins the components of each dataset's
  /// element i; stops with the shortest.
  static Dataset zip(const std::vector<Dataset>& datasets);
  /// Endless pseudorandom int64 scalars in [0, 2^32), TensorFlow's for the same seed (its
  /// RandomDataset); without a seed (and no global seed) each dataset picks its own. With
  /// rerandomize_each_iteration each pass draws new numbers.
  static Dataset random(std::optional<std::int64_t> seed = std::nullopt, bool rerandomize_each_iteration = false);
  /// For each int64 scalar c of `choice_dataset`, the next element of datasets[c]; a chosen
  /// dataset's end ends the result (stop_on_empty_dataset) or retires that dataset.
  static Dataset choose_from_datasets(std::vector<Dataset> datasets, const Dataset& choice_dataset,
                                      bool stop_on_empty_dataset = true);
  /// Elements drawn at random from `datasets`, datasets[i] with probability weights[i] / sum:
  /// TensorFlow's choices for the same seed (choose_from_datasets over stateless categorical
  /// draws seeded by random(seed).batch(2)). Datasets of weight 0 are never read.
  static Dataset sample_from_datasets(std::vector<Dataset> datasets, SampleOptions options = {});
  /// The dataset Dataset::save wrote at `path` (TensorFlow's snapshot format, so also a
  /// dataset TensorFlow saved).
  static Dataset load(const std::string& path, LoadOptions options = {});

  // ---- transformations ----
  /// Applies `fn` to every element. fn takes the element (or its 1-3 tensors) and returns a
  /// Tensor, a std::vector<Tensor> or a pair/tuple of Tensors.
  template <class F>
  Dataset map(F fn, MapOptions options = {}) const {
    return map_impl(detail::adapt(std::move(fn)), options);
  }
  /// Keeps elements for which `predicate` returns true (a bool or a scalar bool tensor).
  template <class F>
  Dataset filter(F predicate) const {
    return filter_impl([p = std::move(predicate)](const Element& e) mutable { return truth(detail::call_unpacked(p, e)); });
  }
  /// Maps each element to a dataset and interleaves their elements: cycle_length datasets
  /// at a time, block_length elements from each in turn (flat_map when cycle_length is 1).
  template <class F>
  Dataset interleave(F fn, InterleaveOptions options = {}) const {
    return interleave_impl([f = std::move(fn)](const Element& e) mutable { return Dataset(detail::call_unpacked(f, e)); },
                           options);
  }
  /// Maps each element to a dataset and concatenates them.
  template <class F>
  Dataset flat_map(F fn) const {
    return interleave(std::move(fn), {.cycle_length = 1, .block_length = 1});
  }
  /// Stacks `batch_size` consecutive elements (components must agree in shape) into one.
  Dataset batch(std::int64_t batch_size, bool drop_remainder = false) const;
  /// Batches elements of differing shapes, padding each component to a common shape.
  Dataset padded_batch(std::int64_t batch_size, PaddedBatchOptions options = {}) const;
  /// Splits each element along its first dimension into several elements (inverse of batch).
  Dataset unbatch() const;
  /// Randomly shuffles with a buffer of `buffer_size` elements (1 keeps the order).
  Dataset shuffle(std::int64_t buffer_size, ShuffleOptions options = {}) const;
  /// Repeats the dataset `count` times; forever if count is -1.
  Dataset repeat(std::int64_t count = -1) const;
  /// The first `count` elements (all if -1).
  Dataset take(std::int64_t count) const;
  /// All but the first `count` elements (none if -1).
  Dataset skip(std::int64_t count) const;
  /// Computes up to `buffer_size` elements ahead on a background thread (AUTOTUNE: 2 batches).
  Dataset prefetch(std::int64_t buffer_size) const;
  /// Keeps the elements of the first complete pass in memory (filename empty) or in a file that
  /// later passes and later programs read instead of re-running the pipeline.
  Dataset cache(const std::string& filename = {}) const;
  /// Elements of this dataset then of `other` (components must agree in number and dtype).
  Dataset concatenate(const Dataset& other) const;
  /// Every num_shards-th element starting at index.
  Dataset shard(std::int64_t num_shards, std::int64_t index) const;
  /// Prepends each element's position (an int64 scalar, counting from start).
  Dataset enumerate(std::int64_t start = 0) const;
  /// Sliding windows of `size` elements; each window arrives as one element whose components
  /// stack the window's members (TensorFlow's window(...).flat_map(lambda w: w.batch(size))).
  Dataset window(std::int64_t size, WindowOptions options = {}) const;
  /// The elements before the first for which `predicate` returns false.
  template <class F>
  Dataset take_while(F predicate) const {
    return take_while_impl(
        [p = std::move(predicate)](const Element& e) mutable { return truth(detail::call_unpacked(p, e)); });
  }
  /// The elements not seen before, in order (one int32, int64 or string tensor each).
  Dataset unique() const;
  /// A state threaded through the elements: fn(state, element) returns {new state, output}
  /// (each a Tensor, a std::vector<Tensor> or a tuple of them); the outputs are the elements.
  template <class F>
  Dataset scan(Element initial_state, F fn) const {
    return scan_impl(std::move(initial_state), [f = std::move(fn)](const Element& s, const Element& e) mutable {
      auto [state, output] = f(s, e);
      Element flat = detail::to_element(std::move(state));
      const std::size_t n = flat.size();
      Element out = detail::to_element(std::move(output));
      flat.insert(flat.end(), out.begin(), out.end());
      return std::pair{std::move(flat), n};
    });
  }
  /// Elements gathered by key_func(element) (an int64 or an int64 scalar tensor) into windows of
  /// `window_size` elements; reduce_func(key, window) turns each window (a Dataset) into the
  /// Dataset whose elements come out. Windows unfinished at the end follow by ascending key.
  template <class K, class R>
  Dataset group_by_window(K key_func, R reduce_func, std::int64_t window_size) const {
    return group_by_window(std::move(key_func), std::move(reduce_func),
                           [window_size](std::int64_t) { return window_size; });
  }
  /// group_by_window with the window size of each key given by window_size_func(key).
  template <class K, class R, class W>
  Dataset group_by_window(K key_func, R reduce_func, W window_size_func) const
    requires std::is_invocable_v<W&, std::int64_t>
  {
    return group_by_window_impl(
        [k = std::move(key_func)](const Element& e) mutable { return key_value(detail::call_unpacked(k, e)); },
        [r = std::move(reduce_func)](std::int64_t key, const Dataset& window) mutable {
          return Dataset(r(key, window));
        },
        [w = std::move(window_size_func)](std::int64_t key) mutable { return key_value(w(key)); });
  }
  /// Drops the elements whose computation raised an error (TensorFlow's IgnoreErrorsDataset);
  /// with log_warning each dropped error is written to stderr.
  Dataset ignore_errors(bool log_warning = false) const;
  /// The elements' rows re-stacked `batch_size` at a time: unbatch().batch(batch_size, drop_remainder).
  Dataset rebatch(std::int64_t batch_size, bool drop_remainder = false) const;
  /// The one element of the dataset; InvalidArgumentError when it has none or more.
  Element get_single_element() const;
  /// Writes the elements to `path` in TensorFlow's format (Dataset.save: a snapshot directory
  /// that tf.data.Dataset.load reads): the element_spec is taken from the elements, a dim that
  /// differs between them unknown.
  void save(const std::string& path, SaveOptions options = {}) const;
  /// Folds the dataset into a state: state = fn(state, element) for every element.
  template <class F>
  Element reduce(Element initial_state, F fn) const {
    return reduce_impl(std::move(initial_state), [f = std::move(fn)](const Element& s, const Element& e) mutable {
      return detail::to_element(f(s, e));
    });
  }

  // ---- iteration and properties ----
  /// Starts a pass positioned on its first element (for range-for).
  Iterator begin() const;
  /// The end of any pass.
  Iterator end() const { return Iterator(); }
  /// Starts a pass to be read with get_next() (Python's iter(dataset)).
  Iterator make_iterator() const;
  /// The number of elements, INFINITE_CARDINALITY or UNKNOWN_CARDINALITY.
  std::int64_t cardinality() const;
  /// The names of the element's components when built from named tensors; empty otherwise.
  const std::vector<std::string>& element_names() const { return names_; }
  /// An element's components keyed by element_names() (throws if the dataset has no names).
  std::map<std::string, Tensor> as_map(const Element& element) const;
  /// The pipeline node (tfpp internals).
  const std::shared_ptr<const detail::DatasetNode>& node() const { return node_; }

 private:
  static bool truth(bool b) { return b; }
  static bool truth(const Tensor& t);
  static std::int64_t key_value(std::int64_t k) { return k; }
  static std::int64_t key_value(const Tensor& t);
  Dataset take_while_impl(detail::PredicateFn predicate) const;
  Dataset scan_impl(Element initial_state,
                    std::function<std::pair<Element, std::size_t>(const Element&, const Element&)> fn) const;
  Dataset group_by_window_impl(std::function<std::int64_t(const Element&)> key_func,
                               std::function<Dataset(std::int64_t, const Dataset&)> reduce_func,
                               std::function<std::int64_t(std::int64_t)> window_size_func) const;
  Dataset map_impl(detail::ElementFn fn, MapOptions options) const;
  Dataset filter_impl(detail::PredicateFn predicate) const;
  Dataset interleave_impl(std::function<Dataset(const Element&)> fn, InterleaveOptions options) const;
  Element reduce_impl(Element initial_state, std::function<Element(const Element&, const Element&)> fn) const;

  std::shared_ptr<const detail::DatasetNode> node_;
  std::vector<std::string> names_;
};

}  // namespace tf::data
