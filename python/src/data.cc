// tf.data for Python: the C++ core's tf::data::Dataset, whose elements are flat lists of tensors
// (tfpp/data/ keeps the nesting and the element_spec). Map, filter and reduce functions arrive
// traced (tf::ConcreteFunction), so workers run them without Python. A generator's steps are the
// only Python the pipeline calls: they take the GIL for the call alone, and every call that may
// wait for the pipeline (next, destroying an iterator) releases it, so that prefetch threads
// running a generator can take it.
#include <optional>

#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "bindings.h"
#include "pipeline_gil.h"
#include "dtype_object.h"
#include "data/dataset_ops.h"
#include "data/dataset_source_ops.h"
#include "data/dataset_variant.h"
#include "data/iterator_resource.h"
#include "data/optional_ops.h"
#include "data/reader_dataset_ops.h"
#include "data/reduce_dataset.h"
#include "data/snapshot.h"
#include "structured_value.h"
#include "tfpp/data/dataset.h"
#include "tfpp/data/readers.h"

namespace tfpp_python {
namespace {

using namespace nb::literals;
using tf::data::Dataset;
using tf::data::Element;

/// Rethrows the Python exception being handled as the tf:: error TensorFlow's from_generator
/// raises for it (InvalidArgumentError; Python's class and message are kept in the text).
[[noreturn]] void throw_generator_error(const nb::python_error& e) {
  std::string name = nb::cast<std::string>(e.type().attr("__name__"));
  throw tf::InvalidArgumentError(name + ": " + nb::cast<std::string>(nb::str(e.value())));
}

/// Elements from Python: make_step() starts a pass and returns step(), which returns the next
/// element as a list of tensors, or None at the end.
Dataset from_python_generator(nb::object make_step, std::vector<tf::TensorSpec> signature) {
  SharedPyObject factory(std::move(make_step));
  auto make_generator = [factory]() -> Dataset::Generator {
    PipelineThreadGil gil;
    std::optional<SharedPyObject> step;
    try {
      step.emplace(factory.get()());
    } catch (const nb::python_error& e) {
      throw_generator_error(e);
    }
    return [step = *step]() -> std::optional<Element> {
      PipelineThreadGil gil;
      try {
        nb::object result = step.get()();
        if (result.is_none()) return std::nullopt;
        Element element;
        for (nb::handle t : nb::iter(result)) element.push_back(nb::cast<tf::Tensor>(t));
        return element;
      } catch (const nb::python_error& e) {
        throw_generator_error(e);
      }
    };
  };
  return Dataset::from_generator(std::move(make_generator), std::move(signature));
}

/// A traced function applied to an element (its flat tensors, then any captured inputs).
tf::data::detail::ElementFn element_function(tf::ConcreteFunction fn) {
  return [fn = std::move(fn)](const Element& e) { return fn.call_flat(e); };
}

/// One pass over a dataset, read with next(); waits with the GIL released. The pass is an iterator
/// resource, whose handle a traced function captures to read the same pass (IteratorGetNext).
class PyIterator {
 public:
  explicit PyIterator(const Dataset& dataset) {
    nb::gil_scoped_release no_gil;
    handle_ = tf::data::detail::make_iterator_handle(dataset);
    iterator_ = &tf::data::detail::iterator_of(handle_, "Iterator");
  }
  ~PyIterator() {
    nb::gil_scoped_release no_gil;  // joining a generator's prefetch thread may need the GIL
    handle_ = tf::Tensor();
  }
  /// The next element's tensors, or None at the end.
  std::optional<Element> next() {
    nb::gil_scoped_release no_gil;
    return iterator_->get_next();
  }
  /// The iterator's resource handle.
  const tf::Tensor& handle() const { return handle_; }

 private:
  tf::Tensor handle_;
  tf::data::detail::IteratorResource* iterator_;  // what handle_ refers to (and keeps alive)
};

/// A Python callable over a list of tensors as the core's FlatFn.
tf::detail::FlatFn python_flat_fn(nb::callable fn) {
  return [fn](const std::vector<tf::Tensor>& args, std::vector<std::string>&) {
    std::vector<tf::Tensor> flat;
    for (nb::handle v : nb::iter(fn(nb::cast(args)))) flat.push_back(to_tensor(v));
    return flat;
  };
}

}  // namespace

void bind_data(nb::module_& m) {
  nb::module_ data = m.def_submodule("_data", "The C++ core of tf.data: datasets of flat tensor lists.");
  nb::class_<PyIterator>(data, "Iterator", "One pass over a dataset.")
      .def("next", &PyIterator::next)
      .def_prop_ro("handle", &PyIterator::handle, "The iterator's resource handle (a tf.resource scalar).");

  nb::class_<Dataset>(data, "Dataset", "A pipeline whose elements are lists of tensors.")
      .def_static("from_tensor_slices", nb::overload_cast<const std::vector<tf::Tensor>&>(&Dataset::from_tensor_slices),
                  "tensors"_a)
      .def_static("from_tensors", nb::overload_cast<const std::vector<tf::Tensor>&>(&Dataset::from_tensors), "tensors"_a)
      .def_static("range", nb::overload_cast<std::int64_t, std::int64_t, std::int64_t>(&Dataset::range), "start"_a,
                  "stop"_a, "step"_a)
      .def_static("from_generator", &from_python_generator, "make_step"_a, "signature"_a)
      .def_static("zip", &Dataset::zip, "datasets"_a)
      .def("map", [](const Dataset& d, tf::ConcreteFunction fn, std::int64_t num_parallel_calls, bool deterministic) {
        return d.map(element_function(std::move(fn)),
                     {.num_parallel_calls = num_parallel_calls, .deterministic = deterministic});
      }, "fn"_a, "num_parallel_calls"_a, "deterministic"_a)
      .def("filter", [](const Dataset& d, tf::ConcreteFunction fn) {
        return d.filter([fn = std::move(fn)](const Element& e) { return fn.call_flat(e).at(0); });
      }, "predicate"_a)
      .def("reduce", [](const Dataset& d, Element initial, tf::ConcreteFunction fn) {
        nb::gil_scoped_release no_gil;
        return d.reduce(std::move(initial), [fn = std::move(fn)](const Element& state, const Element& e) {
          Element args = state;
          args.insert(args.end(), e.begin(), e.end());
          return fn.call_flat(args);
        });
      }, "initial_state"_a, "fn"_a)
      .def("batch", &Dataset::batch, "batch_size"_a, "drop_remainder"_a)
      .def("shuffle", [](const Dataset& d, std::int64_t buffer_size, std::optional<std::uint64_t> seed, bool reshuffle) {
        return d.shuffle(buffer_size, {.seed = seed, .reshuffle_each_iteration = reshuffle});
      }, "buffer_size"_a, "seed"_a.none(), "reshuffle_each_iteration"_a)
      .def("repeat", &Dataset::repeat, "count"_a)
      .def("take", &Dataset::take, "count"_a)
      .def("skip", &Dataset::skip, "count"_a)
      .def("prefetch", &Dataset::prefetch, "buffer_size"_a)
      .def("cache", &Dataset::cache, "filename"_a)
      .def("concatenate", &Dataset::concatenate, "other"_a)
      .def("unbatch", &Dataset::unbatch)
      .def("enumerate", &Dataset::enumerate, "start"_a)
      .def("shard", &Dataset::shard, "num_shards"_a, "index"_a)
      .def("ignore_errors", &Dataset::ignore_errors, "log_warning"_a)
      .def("rebatch", &Dataset::rebatch, "batch_size"_a, "drop_remainder"_a)
      .def_static("random", &Dataset::random, "seed"_a.none(), "rerandomize_each_iteration"_a)
      .def("cardinality", &Dataset::cardinality)
      .def("variant", &tf::data::detail::dataset_variant,
           "The dataset as a variant scalar: how it enters a traced function.")
      .def("iterator", [](const Dataset& d) { return new PyIterator(d); }, nb::rv_policy::take_ownership);

  data.def("reduce_traced", [](const tf::Tensor& dataset, const std::vector<tf::TensorSpec>& element_specs,
                               const std::vector<tf::Tensor>& initial_state, nb::handle cond, nb::callable body) {
    std::optional<tf::detail::FlatFn> cond_fn;
    if (!cond.is_none()) cond_fn = python_flat_fn(nb::borrow<nb::callable>(cond));
    return tf::data::detail::reduce_dataset_traced(dataset, element_specs, initial_state, cond_fn ? &*cond_fn : nullptr,
                                                   python_flat_fn(body));
  }, "dataset"_a, "element_specs"_a, "initial_state"_a, "cond"_a.none(), "body"_a,
     "A ReduceDataset node in the current trace over the dataset variant `dataset`: body(state + element) returns "
     "the next state; cond(state), when given, is checked before each element.");
  // The dataset ops a traced function transforms a dataset variant with (data/dataset_ops.h).
  data.def("take_op", &tf::data::detail::take_dataset, "dataset"_a, "count"_a, "A TakeDataset node.");
  data.def("skip_op", &tf::data::detail::skip_dataset, "dataset"_a, "count"_a, "A SkipDataset node.");
  data.def("repeat_op", &tf::data::detail::repeat_dataset, "dataset"_a, "count"_a, "A RepeatDataset node.");
  data.def("prefetch_op", &tf::data::detail::prefetch_dataset, "dataset"_a, "buffer_size"_a, "A PrefetchDataset node.");
  data.def("batch_op", &tf::data::detail::batch_dataset, "dataset"_a, "batch_size"_a, "drop_remainder"_a,
           "A BatchDatasetV2 node.");
  data.def("window_op", &tf::data::detail::window_dataset, "dataset"_a, "size"_a, "shift"_a, "stride"_a,
           "drop_remainder"_a, "A WindowDataset node: windows whose components are datasets.");
  data.def("padded_batch_op", &tf::data::detail::padded_batch_dataset, "dataset"_a, "batch_size"_a, "padded_shapes"_a,
           "padding_values"_a, "drop_remainder"_a, "A PaddedBatchDatasetV2 node.");
  data.def("map_op", [](const tf::Tensor& dataset, const std::vector<tf::TensorSpec>& element_specs, nb::callable fn) {
    return tf::data::detail::map_dataset(dataset, element_specs, python_flat_fn(fn));
  }, "dataset"_a, "element_specs"_a, "fn"_a, "A MapDataset node whose function, fn(element), is traced now.");
  data.def("parallel_map_op", [](const tf::Tensor& dataset, const std::vector<tf::TensorSpec>& element_specs,
                                 nb::callable fn, std::int64_t num_parallel_calls, bool deterministic) {
    return tf::data::detail::parallel_map_dataset(dataset, element_specs, python_flat_fn(fn), num_parallel_calls,
                                                  deterministic);
  }, "dataset"_a, "element_specs"_a, "fn"_a, "num_parallel_calls"_a, "deterministic"_a,
     "A ParallelMapDatasetV2 node whose function, fn(element), is traced now.");
  data.def("filter_op", [](const tf::Tensor& dataset, const std::vector<tf::TensorSpec>& element_specs,
                           nb::callable predicate) {
    return tf::data::detail::filter_dataset(dataset, element_specs, python_flat_fn(predicate));
  }, "dataset"_a, "element_specs"_a, "predicate"_a, "A FilterDataset node whose predicate is traced now.");
  data.def("take_while_op", [](const tf::Tensor& dataset, const std::vector<tf::TensorSpec>& element_specs,
                               nb::callable predicate) {
    return tf::data::detail::take_while_dataset(dataset, element_specs, python_flat_fn(predicate));
  }, "dataset"_a, "element_specs"_a, "predicate"_a, "A TakeWhileDataset node whose predicate is traced now.");
  data.def("scan_op", [](const tf::Tensor& dataset, const std::vector<tf::TensorSpec>& element_specs,
                         const std::vector<tf::Tensor>& initial_state, nb::callable fn) {
    return tf::data::detail::scan_dataset(dataset, element_specs, initial_state, python_flat_fn(fn));
  }, "dataset"_a, "element_specs"_a, "initial_state"_a, "fn"_a,
     "A ScanDataset node whose function, fn(state + element) returning the new state + the output, is traced now.");
  data.def("group_by_window_op", [](const tf::Tensor& dataset, const std::vector<tf::TensorSpec>& element_specs,
                                    nb::callable key_fn, nb::callable reduce_fn, nb::callable window_size_fn) {
    return tf::data::detail::group_by_window_dataset(dataset, element_specs, python_flat_fn(key_fn),
                                                     python_flat_fn(reduce_fn), python_flat_fn(window_size_fn));
  }, "dataset"_a, "element_specs"_a, "key_fn"_a, "reduce_fn"_a, "window_size_fn"_a,
     "A GroupByWindowDataset node whose functions (key_fn(element), reduce_fn(key, window variant) returning a "
     "dataset variant, window_size_fn(key)) are traced now.");
  data.def("unique_op", &tf::data::detail::unique_dataset, "dataset"_a, "A UniqueDataset node.");
  data.def("assert_cardinality_op", &tf::data::detail::assert_cardinality_dataset, "dataset"_a, "cardinality"_a,
           "An AssertCardinalityDataset node.");
  data.def("directed_interleave_op", &tf::data::detail::directed_interleave_dataset, "choices"_a, "datasets"_a,
           "stop_on_empty_dataset"_a, "A DirectedInterleaveDataset node.");
  // The iterator ops wait for the pipeline, whose generator threads may need the GIL.
  data.def("iterator_get_next", &tf::data::detail::iterator_get_next, "handle"_a, "element_specs"_a,
           nb::call_guard<nb::gil_scoped_release>(),
           "IteratorGetNext: the next element of the iterator `handle` refers to, as tensors of `element_specs`; "
           "OutOfRangeError at the end. Inside a tf.function, a node that reads the iterator at every call.");
  data.def("anonymous_iterator", &tf::data::detail::anonymous_iterator,
           "AnonymousIteratorV3: a new iterator's handle, started by make_iterator.");
  data.def("make_iterator", &tf::data::detail::make_iterator, "dataset"_a, "handle"_a,
           nb::call_guard<nb::gil_scoped_release>(), "MakeIterator: starts the iterator on the dataset variant.");
  data.def("iterator_get_next_as_optional", &tf::data::detail::iterator_get_next_as_optional, "handle"_a,
           "element_specs"_a, nb::call_guard<nb::gil_scoped_release>(),
           "IteratorGetNextAsOptional: the next element as an optional (a variant scalar), empty at the end.");
  data.def("optional_from_value", &tf::data::detail::optional_from_value, "components"_a,
           "OptionalFromValue: an optional holding the tensors.");
  data.def("optional_none", &tf::data::detail::optional_none, "OptionalNone: an empty optional.");
  data.def("optional_has_value", &tf::data::detail::optional_has_value, "optional"_a,
           "OptionalHasValue: whether the optional holds a value.");
  data.def("optional_get_value", &tf::data::detail::optional_get_value, "optional"_a, "element_specs"_a,
           "OptionalGetValue: the optional's tensors, as `element_specs`; InvalidArgumentError when it is empty.");
  data.def("single_element_op", &tf::data::detail::dataset_to_single_element, "dataset"_a, "element_specs"_a,
           "A DatasetToSingleElement node: the dataset's one element.");
  data.def("flat_map_op", [](const tf::Tensor& dataset, const std::vector<tf::TensorSpec>& element_specs,
                             nb::callable fn) {
    return tf::data::detail::flat_map_dataset(dataset, element_specs, python_flat_fn(fn));
  }, "dataset"_a, "element_specs"_a, "fn"_a, "A FlatMapDataset node whose function, fn(element) returning a dataset "
     "variant, is traced now.");
  data.def("interleave_op", [](const tf::Tensor& dataset, const std::vector<tf::TensorSpec>& element_specs,
                               nb::callable fn, std::int64_t cycle_length, std::int64_t block_length) {
    return tf::data::detail::interleave_dataset(dataset, element_specs, python_flat_fn(fn), cycle_length,
                                                block_length);
  }, "dataset"_a, "element_specs"_a, "fn"_a, "cycle_length"_a, "block_length"_a,
     "An InterleaveDataset node whose function, fn(element) returning a dataset variant, is traced now.");
  data.def("dataset_of", [](const tf::Tensor& variant) { return tf::data::detail::dataset_of(variant, "dataset_of"); },
           "variant"_a, "The dataset a concrete variant scalar holds.");
  data.def("shuffle_op", &tf::data::detail::shuffle_dataset, "dataset"_a, "buffer_size"_a, "seed"_a.none(),
           "reshuffle_each_iteration"_a, "A ShuffleDataset node; without a seed the order is random.");
  data.def("unbatch_op", &tf::data::detail::unbatch_dataset, "dataset"_a, "An UnbatchDataset node.");
  data.def("cache_op", &tf::data::detail::cache_dataset, "dataset"_a, "filename"_a, "A CacheDataset node.");
  data.def("concatenate_op", &tf::data::detail::concatenate_dataset, "dataset"_a, "other"_a,
           "A ConcatenateDataset node.");
  data.def("zip_op", &tf::data::detail::zip_dataset, "datasets"_a, "A ZipDataset node.");
  data.def("shard_op", &tf::data::detail::shard_dataset, "dataset"_a, "num_shards"_a, "index"_a, "A ShardDataset node.");
  data.def("cardinality_op", &tf::data::detail::dataset_cardinality, "dataset"_a, "A DatasetCardinality node.");
  data.def("ignore_errors_op", &tf::data::detail::ignore_errors_dataset, "dataset"_a, "log_warning"_a,
           "An IgnoreErrorsDataset node.");
  data.def("random_op", &tf::data::detail::random_dataset, "seed"_a.none(), "rerandomize_each_iteration"_a,
           "A RandomDataset node seeded by tf.random.get_seed(seed).");
  // Dataset.save / load in TensorFlow's snapshot format (data/snapshot.h).
  data.def("save", [](const Dataset& dataset, const std::string& path, const std::string& compression,
                      std::optional<tf::ConcreteFunction> shard_fn, nb::handle element_spec) {
    tf::data::SaveOptions options{.compression = compression};
    if (shard_fn) {
      options.shard_func = [fn = *shard_fn](const Element& e) {
        const tf::Tensor shard = fn.call_flat(e).at(0);
        if (shard.dtype() != tf::int64 || shard.shape().rank() != 0)
          throw tf::InvalidArgumentError("[Dataset.save] shard_func must return an int64 scalar, got " +
                                         std::string(tf::dtype_name(shard.dtype())) + shard.shape().debug_string());
        return shard.item<std::int64_t>();
      };
    }
    const tf::StructuredValue spec = structured_value_from(element_spec);
    nb::gil_scoped_release no_gil;
    tf::data::detail::save_dataset(dataset, path, options, &spec);
  }, "dataset"_a, "path"_a, "compression"_a, "shard_fn"_a.none(), "element_spec"_a,
     "Writes the dataset to `path` with `element_spec` (a structure of TensorSpecs) in dataset_spec.pb.");
  data.def("load_element_spec", [](const std::string& path) {
    return structured_value_object(tf::data::detail::load_element_spec(path));
  }, "path"_a, "The element_spec a saved dataset's dataset_spec.pb holds.");
  data.def("load_shards", [](const std::string& path, nb::handle element_spec, const std::string& compression) {
    return tf::data::detail::dataset_of_datasets(
        tf::data::detail::load_shards(path, structured_value_from(element_spec), compression));
  }, "path"_a, "element_spec"_a, "compression"_a,
     "The shards of a saved dataset: a dataset whose elements are each one shard's dataset (a variant).");
  // The dataset sources a traced function builds from its tensors (data/dataset_source_ops.h).
  data.def("tensor_slice_op", &tf::data::detail::tensor_slice_dataset, "components"_a, "A TensorSliceDataset node.");
  data.def("tensor_op", &tf::data::detail::tensor_dataset, "components"_a, "A TensorDataset node.");
  data.def("range_op", &tf::data::detail::range_dataset, "start"_a, "stop"_a, "step"_a, "A RangeDataset node.");
  // The file readers (data/reader_dataset_ops.h).
  data.def("text_line_op", &tf::data::detail::text_line_dataset, "filenames"_a, "compression_type"_a, "buffer_size"_a,
           "A TextLineDataset node.");
  data.def("tfrecord_op", &tf::data::detail::tfrecord_dataset, "filenames"_a, "compression_type"_a, "buffer_size"_a,
           "A TFRecordDataset node.");
  data.def("fixed_length_record_op", &tf::data::detail::fixed_length_record_dataset, "filenames"_a, "header_bytes"_a,
           "record_bytes"_a, "footer_bytes"_a, "buffer_size"_a, "compression_type"_a,
           "A FixedLengthRecordDatasetV2 node.");
  data.def("list_files", [](const std::vector<std::string>& patterns, bool shuffle, std::optional<std::uint64_t> seed) {
    return Dataset::list_files(patterns, shuffle, seed);
  }, "file_patterns"_a, "shuffle"_a, "seed"_a.none(), "The files matching any of the patterns (sorted unless shuffled).");
  data.def("csv_dataset", [](const std::vector<std::string>& filenames, const std::vector<tf::Tensor>& record_defaults,
                             const std::string& compression_type, bool header, const std::string& field_delim,
                             bool use_quote_delim, const std::string& na_value, const std::vector<int>& select_cols) {
    if (field_delim.size() != 1)
      throw tf::InvalidArgumentError("[CsvDataset] field_delim should be only 1 char, got '" + field_delim + "'");
    return Dataset(tf::data::experimental::CsvDataset(filenames, record_defaults, {
        .compression_type = compression_type, .header = header, .field_delim = field_delim[0],
        .use_quote_delim = use_quote_delim, .na_value = na_value, .select_cols = select_cols}));
  }, "filenames"_a, "record_defaults"_a, "compression_type"_a, "header"_a, "field_delim"_a, "use_quote_delim"_a,
     "na_value"_a, "select_cols"_a, "CSV records as typed columns (tf.data.experimental.CsvDataset).");
  data.def("make_csv_dataset", [](const std::string& file_pattern, std::int64_t batch_size,
                                  const std::vector<std::string>& column_names,
                                  const std::vector<tf::Tensor>& column_defaults, const std::string& label_name,
                                  const std::vector<std::string>& select_columns, const std::string& field_delim,
                                  bool use_quote_delim, const std::string& na_value, bool header, std::int64_t num_epochs,
                                  bool shuffle, std::int64_t shuffle_buffer_size, std::optional<std::uint64_t> shuffle_seed,
                                  std::int64_t prefetch_buffer_size, const std::string& compression_type) {
    if (field_delim.size() != 1)
      throw tf::InvalidArgumentError("[make_csv_dataset] field_delim should be only 1 char, got '" + field_delim + "'");
    tf::data::experimental::MakeCsvOptions options{
        .column_names = column_names, .column_defaults = column_defaults, .label_name = label_name,
        .select_columns = select_columns, .field_delim = field_delim[0], .use_quote_delim = use_quote_delim,
        .na_value = na_value, .header = header, .num_epochs = num_epochs, .shuffle = shuffle,
        .shuffle_buffer_size = shuffle_buffer_size, .shuffle_seed = shuffle_seed,
        .prefetch_buffer_size = prefetch_buffer_size, .compression_type = compression_type};
    Dataset batches = tf::data::experimental::make_csv_dataset(file_pattern, batch_size, options);
    // The columns' dtypes, from the first record of an unshuffled single pass.
    options.shuffle = false;
    options.num_epochs = 1;
    options.prefetch_buffer_size = 0;
    nb::list dtypes;
    for (const Element& row : tf::data::experimental::make_csv_dataset(file_pattern, 1, options).take(1))
      for (const tf::Tensor& column : row) dtypes.append(dtype_object(column.dtype()));
    return nb::make_tuple(batches, batches.element_names(), dtypes);
  }, "file_pattern"_a, "batch_size"_a, "column_names"_a, "column_defaults"_a, "label_name"_a, "select_columns"_a,
     "field_delim"_a, "use_quote_delim"_a, "na_value"_a, "header"_a, "num_epochs"_a, "shuffle"_a,
     "shuffle_buffer_size"_a, "shuffle_seed"_a.none(), "prefetch_buffer_size"_a, "compression_type"_a,
     "(dataset, column names, column dtypes) of tf.data.experimental.make_csv_dataset; the dtypes are empty if the "
     "files hold no records.");
}

}  // namespace tfpp_python
