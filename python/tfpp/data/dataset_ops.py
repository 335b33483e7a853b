"""tf.data.Dataset over tfpp's C++ pipelines (_tfpp._data).

Each transformation returns an instance of the class TensorFlow returns (_MapDataset,
_BatchDataset, ...), so that datasets print as TensorFlow prints them. The functions of map,
filter and reduce are traced once, when the transformation is created, as TensorFlow traces
them (AutoGraph on; Python side effects run then and only then); the C++ workers run the traced
graph without the GIL. A generator's steps are the only Python the pipeline calls at run time.

Inside a tf.function, the transformations become graph ops on the dataset's variant (TensorFlow's
MapDataset, FilterDataset, BatchDatasetV2, ShuffleDataset, ZipDataset, ...), so that they transform
the dataset each call passes in; their functions are traced into the op, as reduce's is. Sources
built there from traced tensors (from_tensor_slices of an argument, range of a tensor) are graph
ops too (TensorSliceDataset, TensorDataset, RangeDataset), and cardinality() a DatasetCardinality.
"""

import functools

import numpy as _np

from .. import _tfpp
from .. import autograph
from .. import _nest as nest
from ..function import Function
from .. import type_spec
from ..ragged.ragged_tensor import RaggedTensor
from ..tensor_shape import TensorShape
from . import composite_rows
from . import optional_ops
from . import options as options_lib
from . import padded_batch
from . import structure

AUTOTUNE = -1
INFINITE_CARDINALITY = -1
UNKNOWN_CARDINALITY = -2
_INT64_MAX = 2 ** 63 - 1

_data = _tfpp._data


class DatasetV2:
    """A sequence of elements, each a structure of tensors (tf.data.Dataset)."""

    _tfpp_dataset = True  # tf.function keys a dataset argument by its element_spec
    _options_set = None  # the options given with with_options to this dataset or those it is built from

    def __init__(self, impl, element_spec, variant=None):
        self._impl = impl  # the C++ pipeline; None for a dataset argument inside a trace
        self._element_spec = element_spec
        self._variant = variant

    @property
    def _pipeline(self):
        if self._impl is None:
            raise TypeError("inside a tf.function tfpp iterates a dataset only with `for` loops and reduce")
        return self._impl

    def _variant_tensor(self):
        """The dataset as a variant scalar (its placeholder inside a trace)."""
        return self._variant if self._variant is not None else self._impl.variant()

    def _with_variant(self, variant):
        """This dataset as a traced function sees it: its placeholder."""
        return type(self)(None, self._element_spec, variant)

    def _in_graph(self):
        """Whether transformations become graph ops (TakeDataset, MapDataset, ...) on the variant:
        inside a tf.function, so that they run on the dataset of each call."""
        return self._impl is None or _tfpp._tracing()

    @property
    def element_spec(self):
        """The structure of TensorSpecs every element matches."""
        return self._element_spec

    def __repr__(self):
        return "<%s element_spec=%r>" % (type(self).__name__, self._element_spec)

    # ---- sources ----
    @staticmethod
    def from_tensor_slices(tensors, name=None):
        """Element i holds row i of every tensor in `tensors` (a tensor or a structure of them)."""
        element = structure.normalize(tensors)
        flat = nest.flatten(element)
        if not flat:
            raise ValueError("Unbatching a tensor is only supported for rank >= 1")
        spec = nest.map_structure(composite_rows.row_spec, element)
        rows = [composite_rows.static_nrows(t) for t in flat]
        for r in rows[1:]:
            if r is not None and rows[0] is not None and r != rows[0]:
                raise ValueError("Dimensions %d and %d are not compatible" % (rows[0], r))
        if composite_rows.has_composite(element):
            variant = composite_rows.rows_variant(flat, nest.flatten(spec))
            if _any_symbolic(structure.to_flat(structure.specs_of(element), element)):
                return _TensorSliceDataset(None, spec, variant)
            return _TensorSliceDataset(_data.dataset_of(variant), spec)
        if _any_symbolic(flat):
            return _TensorSliceDataset(None, spec, _data.tensor_slice_op(flat))
        return _TensorSliceDataset(_data.Dataset.from_tensor_slices(flat), spec)

    @staticmethod
    def from_tensors(tensors, name=None):
        """One element: `tensors`."""
        element = structure.normalize(tensors)
        spec = structure.specs_of(element)
        flat = structure.to_flat(spec, element)
        if _any_symbolic(flat):
            return _TensorDataset(None, spec, _data.tensor_op(flat))
        return _TensorDataset(_data.Dataset.from_tensors(flat), spec)

    @staticmethod
    def range(*args, output_type=None, name=None):
        """int64 scalars as Python's range(start, stop, step) gives them."""
        if not 1 <= len(args) <= 3:
            raise ValueError("Invalid arguments to RangeDataset: %r" % (args,))
        start, stop, step = (0, args[0], 1) if len(args) == 1 else (list(args) + [1])[:3]
        dtype = _tfpp.int64 if output_type is None else _tfpp.TensorSpec([], output_type).dtype
        spec = _tfpp.TensorSpec([], _tfpp.int64)
        if _any_symbolic([start, stop, step]):  # a RangeDataset node: the bounds are known at each call
            dataset = _RangeDataset(None, spec, _data.range_op(_int64(start), _int64(stop), _int64(step)))
        else:
            start, stop, step = int(start), int(stop), int(step)
            if step == 0:
                raise _tfpp_errors().InvalidArgumentError(None, None, "step must be a non-zero integer.")
            dataset = _RangeDataset(_data.Dataset.range(start, stop, step), spec)
        if dtype != _tfpp.int64:
            cast = dataset.map(lambda x: _tfpp.math.cast(x, dtype))
            return _RangeDataset(cast._impl, _tfpp.TensorSpec([], dtype), cast._variant)
        return dataset

    @staticmethod
    def list_files(file_pattern, shuffle=None, seed=None, name=None):
        """The names of the files matching `file_pattern` (a glob pattern or a list of them), sorted,
        or shuffled (unless shuffle is False) with `seed`; InvalidArgumentError when none match."""
        patterns = _np.reshape(_tfpp._convert_to_tensor(file_pattern, dtype=_tfpp.string).numpy(), [-1])
        patterns = [p.decode() for p in patterns]
        shuffled = shuffle is not False
        impl = _data.list_files(patterns, shuffled, None if seed is None else int(seed))
        cls = _ShuffleDataset if shuffled else _TensorSliceDataset
        return cls(impl, _tfpp.TensorSpec([], _tfpp.string))

    @staticmethod
    def from_generator(generator, output_types=None, output_shapes=None, args=None, output_signature=None,
                       name=None):
        """Elements that `generator(*args)` yields, converted to `output_signature`'s dtypes; the
        generator is called anew on every pass."""
        if not callable(generator):
            raise TypeError("`generator` must be a Python callable.")
        if output_signature is None:
            if output_types is None:
                raise TypeError("To specify the output signature you need to provide either the "
                                "`output_signature` argument or the `output_types` argument.")
            if output_shapes is None:
                output_shapes = nest.map_structure(lambda _: None, output_types)
            output_signature = _zip_specs(output_types, output_shapes)
        specs = structure.flat_specs(output_signature)
        call_args = tuple(args) if args is not None else ()

        def make_step():
            iterator = iter(generator(*call_args))

            def step():
                try:
                    value = next(iterator)
                except StopIteration:
                    return None
                return structure.generated_tensors(output_signature, structure.flatten_up_to(output_signature, value))

            return step

        return _FlatMapDataset(_data.Dataset.from_generator(make_step, specs), output_signature)

    @staticmethod
    def random(seed=None, rerandomize_each_iteration=None, name=None):
        """Endless pseudorandom int64 scalars in [0, 2**32): TensorFlow's numbers for the same seed."""
        spec = _tfpp.TensorSpec([], _tfpp.int64)
        seed = None if seed is None else int(seed)
        rerandomize = bool(rerandomize_each_iteration)
        if _tfpp._tracing():  # a RandomDataset node: without a seed, new numbers at each call
            return _RandomDataset(None, spec, _data.random_op(seed, rerandomize))
        return _RandomDataset(_data.Dataset.random(seed, rerandomize), spec)

    @staticmethod
    def sample_from_datasets(datasets, weights=None, seed=None, stop_on_empty_dataset=False,
                             rerandomize_each_iteration=None):
        """Elements drawn at random from `datasets`, datasets[i] with probability weights[i] (a list,
        a tensor, or a dataset of such lists); built as TensorFlow builds it, so a seed gives
        TensorFlow's choices: choose_from_datasets over stateless categorical draws seeded by
        Dataset.random(seed).batch(2)."""
        datasets = list(datasets)
        if not datasets:
            raise ValueError("Invalid `datasets`. `datasets` should not be empty.")
        # Pairs of numbers as stateless seeds; StatelessMultinomial's shape function wants a static [2].
        random_pairs = DatasetV2.random(seed=seed, rerandomize_each_iteration=rerandomize_each_iteration).batch(
            2, drop_remainder=True)
        if isinstance(weights, DatasetV2):
            logits = weights.map(lambda *p: _tfpp.math.log(p))

            def select_varying(logits, seed):
                return _tfpp.squeeze(_tfpp.random.stateless_categorical(logits, 1, seed), [0, 1])
            selector = DatasetV2.zip((logits, random_pairs)).map(select_varying)
            return DatasetV2.choose_from_datasets(datasets, selector, stop_on_empty_dataset)
        if weights is None:
            logits = _tfpp.constant([[1.0] * len(datasets)])
        else:
            if isinstance(weights, _tfpp.Tensor):
                if not weights.shape.is_compatible_with([len(datasets)]):
                    raise ValueError("Invalid `weights`. The shape of `weights` should be compatible with "
                                     "`[len(datasets)]` but is %s." % (weights.shape,))
            else:
                if len(datasets) != len(weights):
                    raise ValueError("Invalid `weights`. `weights` should have the same length as `datasets` but got "
                                     "`len(weights)=%d` vs. `len(datasets)=%d`." % (len(weights), len(datasets)))
                kept = [(d, w) for d, w in zip(datasets, weights) if w > 0]
                datasets, weights = ([d for d, _ in kept], [w for _, w in kept]) if kept else (
                    [datasets[0].take(0)], [1.0])
            weights = _tfpp._convert_to_tensor(weights)
            if weights.dtype not in (_tfpp.float32, _tfpp.float64):
                raise TypeError("Invalid `weights`. `weights` type must be either `tf.float32` or `tf.float64` but is "
                                "%s." % (weights.dtype,))
            logits = _tfpp.expand_dims(_tfpp.math.log(weights), 0)
        if len(datasets) == 1:
            return datasets[0]

        def select_constant(seed):
            return _tfpp.squeeze(_tfpp.random.stateless_categorical(logits, 1, seed), [0, 1])
        return DatasetV2.choose_from_datasets(datasets, random_pairs.map(select_constant), stop_on_empty_dataset)

    @staticmethod
    def load(path, element_spec=None, compression=None, reader_func=None, wait=False):
        """The dataset Dataset.save wrote at `path` (TensorFlow's snapshot format, so also one
        TensorFlow saved); reader_func(datasets) combines the shards (by default interleaved, one
        element from each of cpu_count() shards in turn)."""
        path = _path_string(path)
        if element_spec is None:
            element_spec = _data.load_element_spec(path)
        shards = DatasetV2(_data.load_shards(path, element_spec, compression or ""), DatasetSpec(element_spec))
        if reader_func is None:
            import multiprocessing
            dataset = shards.interleave(lambda x: x, cycle_length=multiprocessing.cpu_count(),
                                        num_parallel_calls=AUTOTUNE)
        else:
            dataset = reader_func(shards)
        return _LoadDataset(dataset._impl, element_spec, dataset._variant)

    @staticmethod
    def zip(*args, datasets=None, name=None):
        """Elements of the datasets side by side, in their structure (a tuple or dict of datasets)."""
        if datasets is None:
            datasets = args[0] if len(args) == 1 else tuple(args)
        flat = nest.flatten(datasets)
        if _has_list(datasets) or not all(isinstance(d, DatasetV2) for d in flat):
            raise TypeError("Invalid input to `zip`. Inputs are expected to be (nested) structures of "
                            "`tf.data.Dataset` objects. Python `list` is not supported and you should use "
                            "`tuple` instead.")
        spec = nest.map_structure(lambda d: d.element_spec, datasets)
        if any(d._in_graph() for d in flat):
            return _ZipDataset(None, spec, _data.zip_op([d._variant_tensor() for d in flat]))
        return _ZipDataset(_data.Dataset.zip([d._pipeline for d in flat]), spec)

    # ---- transformations ----
    def map(self, map_func, num_parallel_calls=None, deterministic=None, synchronous=None, use_unbounded_threadpool=False,
            name=None):
        """Applies `map_func` (traced once, now) to every element."""
        if self._in_graph():
            if num_parallel_calls is None:
                variant, spec = self._function_op(_data.map_op, map_func)
                return _MapDataset(None, spec, variant)
            variant, spec = self._function_op(
                lambda *args: _data.parallel_map_op(*args, int(num_parallel_calls), deterministic is not False),
                map_func)
            return _ParallelMapDataset(None, spec, variant)
        cls = _MapDataset if num_parallel_calls is None else _ParallelMapDataset
        fn, spec = _trace(map_func, self._element_spec, "map")
        impl = self._pipeline.map(fn, 0 if num_parallel_calls is None else int(num_parallel_calls),
                              deterministic is not False)
        return cls(impl, spec)

    def filter(self, predicate, name=None):
        """The elements for which `predicate` (traced once, now) returns True."""
        if self._in_graph():
            variant, spec = self._function_op(_data.filter_op, predicate, _check_predicate)
            return _FilterDataset(None, self._element_spec, variant)
        fn, spec = _trace(predicate, self._element_spec, "filter")
        _check_predicate(spec)
        return _FilterDataset(self._pipeline.filter(fn), self._element_spec)

    def _function_op(self, op, func, check=None, result_of=None):
        """A dataset op running a function (MapDataset, FilterDataset, FlatMapDataset, ...) over this
        dataset's variant, `func` traced as its function (as _trace traces it); `result_of` turns
        the function's result into the op's outputs and their spec (_element_result's by default).
        Returns the new variant and the function's result spec."""
        result_spec = []

        def flat_function(flat):
            element = structure.pack(self._element_spec, flat)
            args = element if type(element) is tuple else (element,)
            outputs, spec = (result_of or _element_result)(autograph.converted_call(func, args, {}))
            result_spec[:] = [spec]
            if check is not None:
                check(spec)
            return outputs

        variant = op(self._variant_tensor(), structure.flat_specs(self._element_spec), flat_function)
        return variant, result_spec[0]

    def _from_variant(self, cls, variant, spec):
        """The dataset an op over this one returned: its placeholder inside a trace, else the
        pipeline it holds."""
        if self._in_graph():
            return cls(None, spec, variant)
        return cls(_data.dataset_of(variant), spec)

    def flat_map(self, map_func, name=None):
        """The elements of the datasets `map_func` (traced once, now) returns for each element, one
        dataset after another."""
        variant, spec = self._function_op(_data.flat_map_op, map_func, result_of=_dataset_result)
        return self._from_variant(_FlatMapDataset, variant, spec)

    def interleave(self, map_func, cycle_length=None, block_length=None, num_parallel_calls=None, deterministic=None,
                   name=None):
        """The datasets `map_func` (traced once, now) returns for each element, `cycle_length` of
        them (AUTOTUNE: one per core) open at once and `block_length` elements taken from each in
        turn. With num_parallel_calls the order is the same (tfpp reads the datasets in turn)."""
        cycle = AUTOTUNE if cycle_length is None else int(cycle_length)
        block = 1 if block_length is None else int(block_length)
        variant, spec = self._function_op(lambda *args: _data.interleave_op(*args, cycle, block), map_func,
                                          result_of=_dataset_result)
        cls = _InterleaveDataset if num_parallel_calls is None else _ParallelInterleaveDataset
        return self._from_variant(cls, variant, spec)

    def batch(self, batch_size, drop_remainder=False, num_parallel_calls=None, deterministic=None, name=None):
        """Stacks `batch_size` consecutive elements; the last batch may be short unless drop_remainder."""
        if self._in_graph():
            static_size, static_drop = _static_value(batch_size), _static_value(drop_remainder)
            known = static_size is not None and static_drop is not None and bool(static_drop)
            dim = int(static_size) if known else None
            spec = nest.map_structure(lambda s: structure.batched(s, dim), self._element_spec)
            variant = _data.batch_op(self._variant_tensor(), _int64(batch_size),
                                     _tfpp._convert_to_tensor(drop_remainder, dtype=_tfpp.bool))
            return _BatchDataset(None, spec, variant)
        batch_size = int(batch_size)
        dim = batch_size if drop_remainder else None
        spec = nest.map_structure(lambda s: structure.batched(s, dim), self._element_spec)
        return _BatchDataset(self._pipeline.batch(batch_size, bool(drop_remainder)), spec)

    def padded_batch(self, batch_size, padded_shapes=None, padding_values=None, drop_remainder=False, name=None):
        """Stacks `batch_size` consecutive elements, each component padded at the end to its padded
        shape (by default, and where a dim is None, to the longest in the batch) with its padding
        value (zero, False or "" by default)."""
        shapes, values, static_shapes = padded_batch.flat_arguments(self._element_spec, padded_shapes, padding_values)
        static_size, static_drop = _static_value(batch_size), _static_value(drop_remainder)
        dim = int(static_size) if static_size is not None and static_drop is not None and bool(static_drop) else None
        flat_spec = [_tfpp.TensorSpec(TensorShape([dim]).concatenate(shape), spec.dtype)
                     for shape, spec in zip(static_shapes, nest.flatten(self._element_spec))]
        spec = nest.pack_sequence_as(self._element_spec, flat_spec)
        variant = _data.padded_batch_op(self._variant_tensor(), _int64(batch_size), shapes, values,
                                        _tfpp._convert_to_tensor(drop_remainder, dtype=_tfpp.bool))
        return self._from_variant(_PaddedBatchDataset, variant, spec)

    def unbatch(self, name=None):
        """Splits each element along its first dimension (batch's inverse)."""
        spec = nest.map_structure(structure.unbatched, self._element_spec)
        specs = nest.flatten(self._element_spec)
        if any(type_spec.is_composite_spec(s) and not s._unbatches_encoded for s in specs):
            # Composites that Dataset.batch did not stack: each element decoded and split into its rows.
            def rows_of(flat):
                tensors, leaves = iter(flat), []
                for s in specs:
                    if not type_spec.is_composite_spec(s):
                        leaves.append(next(tensors))
                    elif s._unbatches_encoded:
                        leaves.append(composite_rows.Encoded(next(tensors)))
                    else:
                        leaves.append(s._from_tensor_list([next(tensors) for _ in s._flat_tensor_specs]))
                return [composite_rows.rows_variant(leaves, nest.flatten(spec))]
            variant = _data.flat_map_op(self._variant_tensor(), structure.flat_specs(self._element_spec), rows_of)
            return self._from_variant(_UnbatchDataset, variant, spec)
        if self._in_graph():
            return _UnbatchDataset(None, spec, _data.unbatch_op(self._variant_tensor()))
        return _UnbatchDataset(self._pipeline.unbatch(), spec)

    def ragged_batch(self, batch_size, drop_remainder=False, row_splits_dtype=_tfpp.int64, name=None):
        """Batches elements of differing shapes: components whose shape has unknown dims become
        RaggedTensors (ragged up to the last unknown dim) before Dataset.batch stacks them."""
        spec = nest.map_structure(lambda s: _ragged_spec(s, row_splits_dtype), self._element_spec)
        def to_ragged(element):
            return nest.pack_sequence_as(spec, [_to_ragged(v, s) for v, s in zip(nest.flatten(element),
                                                                                    nest.flatten(spec))])
        as_ragged = self._map_to_spec(to_ragged, spec, _MapDataset)
        return as_ragged.batch(batch_size, drop_remainder)

    def window(self, size, shift=None, stride=1, drop_remainder=False, name=None):
        """Windows of `size` elements, a new window every `shift` (default: size) elements, taking
        every `stride`-th; each window is a dataset (a structure of datasets, one per component,
        for structured elements). The last windows may be short unless drop_remainder."""
        if any(type_spec.is_composite_spec(s) for s in nest.flatten(self._element_spec)):
            raise TypeError("tfpp's Dataset.window takes elements of tensors, got %r" % (self._element_spec,))
        spec = nest.map_structure(DatasetSpec, self._element_spec)
        variant = _data.window_op(self._variant_tensor(), _int64(size), _int64(size if shift is None else shift),
                                  _int64(stride), _tfpp._convert_to_tensor(drop_remainder, dtype=_tfpp.bool))
        return self._from_variant(_WindowDataset, variant, spec)

    def apply(self, transformation_func):
        """transformation_func(self): a dataset transformation written as a function."""
        dataset = transformation_func(self)
        if not isinstance(dataset, DatasetV2):
            raise TypeError("`transformation_func` must return a `tf.data.Dataset` object. Got %s." % type(dataset))
        return dataset

    def _map_to_spec(self, func, spec, cls):
        """The dataset of func(element) (the element not unpacked) for elements of `spec`: the
        composites of the result carried as `spec` says, not as their own type specs would."""
        def packed(*args):
            return func(args if type(self._element_spec) is tuple else args[0])
        variant, _ = self._function_op(_data.map_op, packed, result_of=lambda value: (structure.to_flat(spec, value),
                                                                                      spec))
        return self._from_variant(cls, variant, spec)

    def shuffle(self, buffer_size, seed=None, reshuffle_each_iteration=None, name=None):
        """Shuffles with a buffer of `buffer_size` elements; with `seed` the order is reproducible."""
        reshuffle = reshuffle_each_iteration is not False
        if self._in_graph():  # each call shuffles anew: with a seed, alike at every call
            variant = _data.shuffle_op(self._variant_tensor(), _int64(buffer_size),
                                       None if seed is None else _int64(seed), reshuffle)
            return _ShuffleDataset(None, self._element_spec, variant)
        impl = self._pipeline.shuffle(int(buffer_size), None if seed is None else int(seed), reshuffle)
        return _ShuffleDataset(impl, self._element_spec)

    def repeat(self, count=None, name=None):
        """The elements `count` times over (forever without a count)."""
        if self._in_graph():
            return _RepeatDataset(None, self._element_spec, _data.repeat_op(self._variant_tensor(), _int64(
                -1 if count is None else count)))
        return _RepeatDataset(self._pipeline.repeat(-1 if count is None else int(count)), self._element_spec)

    def take(self, count, name=None):
        """The first `count` elements (all for -1)."""
        if self._in_graph():
            return _TakeDataset(None, self._element_spec, _data.take_op(self._variant_tensor(), _int64(count)))
        return _TakeDataset(self._pipeline.take(int(count)), self._element_spec)

    def skip(self, count, name=None):
        """All but the first `count` elements."""
        if self._in_graph():
            return _SkipDataset(None, self._element_spec, _data.skip_op(self._variant_tensor(), _int64(count)))
        return _SkipDataset(self._pipeline.skip(int(count)), self._element_spec)

    def prefetch(self, buffer_size, name=None):
        """Prepares up to `buffer_size` elements ahead on a background thread."""
        if self._in_graph():
            return _PrefetchDataset(None, self._element_spec, _data.prefetch_op(self._variant_tensor(),
                                                                                _int64(buffer_size)))
        return _PrefetchDataset(self._pipeline.prefetch(int(buffer_size)), self._element_spec)

    def cache(self, filename="", name=None):
        """Keeps the elements of the first full pass, in memory or in `filename`."""
        if self._in_graph():  # a cache for each call's dataset
            return CacheDataset(None, self._element_spec, _data.cache_op(
                self._variant_tensor(), _tfpp._convert_to_tensor(filename, dtype=_tfpp.string)))
        return CacheDataset(self._pipeline.cache(filename), self._element_spec)

    def concatenate(self, dataset, name=None):
        """This dataset's elements, then `dataset`'s."""
        mine, theirs = structure.flat_specs(self._element_spec), structure.flat_specs(dataset.element_spec)
        try:
            nest.assert_same_structure(self._element_spec, dataset.element_spec)
            same_types = all(a.dtype == b.dtype for a, b in zip(mine, theirs))
        except ValueError:
            same_types = False
        if not same_types:
            raise TypeError("Incompatible dataset elements:\n  %r vs.   %r" % (self._element_spec,
                                                                              dataset.element_spec))
        spec = nest.pack_sequence_as(self._element_spec, [structure.most_specific_compatible(a, b) for a, b in zip(
            nest.flatten(self._element_spec), nest.flatten(dataset.element_spec))])
        if self._in_graph() or dataset._in_graph():
            return _ConcatenateDataset(None, spec, _data.concatenate_op(self._variant_tensor(),
                                                                        dataset._variant_tensor()))
        return _ConcatenateDataset(self._pipeline.concatenate(dataset._pipeline), spec)

    def enumerate(self, start=0, name=None):
        """(index, element) pairs, the index an int64 scalar counting from `start`."""
        if self._in_graph():  # as TensorFlow: zip((range(start, int64 max), self))
            return DatasetV2.zip((DatasetV2.range(start, _INT64_MAX), self))
        spec = (_tfpp.TensorSpec([], _tfpp.int64), self._element_spec)
        return _ZipDataset(self._pipeline.enumerate(int(start)), spec)

    def shard(self, num_shards, index, name=None):
        """Every num_shards-th element, starting at `index`."""
        if self._in_graph():
            return _ShardDataset(None, self._element_spec, _data.shard_op(self._variant_tensor(), _int64(num_shards),
                                                                          _int64(index)))
        return _ShardDataset(self._pipeline.shard(int(num_shards), int(index)), self._element_spec)

    def ignore_errors(self, log_warning=False, name=None):
        """Drops the elements whose computation raised an error (log_warning: each is logged)."""
        if self._in_graph():
            return _IgnoreErrorsDataset(None, self._element_spec,
                                        _data.ignore_errors_op(self._variant_tensor(), bool(log_warning)))
        return _IgnoreErrorsDataset(self._pipeline.ignore_errors(bool(log_warning)), self._element_spec)

    def rebatch(self, batch_size, drop_remainder=False, name=None):
        """The elements' rows re-stacked `batch_size` at a time: unbatch().batch(batch_size,
        drop_remainder), with TensorFlow's static batch dimension."""
        static_size, static_drop = _static_value(batch_size), _static_value(drop_remainder)
        dim = None
        if static_size is not None and _np.ndim(static_size) == 0:
            input_dims = []
            for s in nest.flatten(self._element_spec):
                if isinstance(s, _tfpp.TensorSpec) and s.shape.rank is not None:
                    if s.shape.rank == 0:
                        raise ValueError("Invalid `batch_sizes`. Expected dataset with rank of >= 1 but found a "
                                         "dataset with scalar elements. Fix the issue by adding the `batch` "
                                         "transformation to the dataset.")
                    if s.shape[0] is not None:
                        input_dims.append(s.shape[0])
            if static_drop is not None and bool(static_drop):
                dim = int(static_size)
            elif input_dims and all(d == input_dims[0] for d in input_dims) and input_dims[0] % int(static_size) == 0:
                dim = int(static_size)
        rebatched = self.unbatch().batch(batch_size, drop_remainder)
        spec = nest.map_structure(lambda s: structure.batched(structure.unbatched(s), dim), self._element_spec)
        return _RebatchDataset(rebatched._impl, spec, rebatched._variant)

    def save(self, path, compression=None, shard_func=None, checkpoint_args=None):
        """Writes the elements to `path` in TensorFlow's snapshot format (tf.data.Dataset.load reads
        it, here or in TensorFlow); shard_func(element) (traced once, an int64 scalar) picks each
        element's shard."""
        if checkpoint_args:
            raise NotImplementedError("tfpp's Dataset.save takes no checkpoint_args")
        if self._in_graph():
            raise TypeError("tfpp's Dataset.save runs eagerly, not inside a tf.function")
        fn = None
        if shard_func is not None:
            fn, spec = _trace(shard_func, self._element_spec, "shard_func")
            if not isinstance(spec, _tfpp.TensorSpec) or spec.dtype != _tfpp.int64 or spec.shape.rank != 0:
                raise ValueError("Invalid `shard_func`. `shard_func` must return `tf.int64` scalar tensor but its "
                                 "return type is %r." % (spec,))
        _data.save(self._pipeline, _path_string(path), compression or "", fn, self._element_spec)

    def take_while(self, predicate, name=None):
        """The elements before the first for which `predicate` (traced once, now) is False."""
        variant, _ = self._function_op(_data.take_while_op, predicate, _check_take_while_predicate)
        return self._from_variant(_TakeWhileDataset, variant, self._element_spec)

    def unique(self, name=None):
        """The elements not seen before (int32, int64 or string elements), in order."""
        if not isinstance(self._element_spec, _tfpp.TensorSpec):
            raise _tfpp_errors().InvalidArgumentError(None, None,
                                                      "UniqueDataset only supports inputs with a single component.")
        if self._element_spec.dtype not in (_tfpp.int32, _tfpp.int64, _tfpp.string):
            raise TypeError("`tf.data.Dataset.unique` does not support type %s -- only `tf.int32`, `tf.int64`, and "
                            "`tf.string` are supported." % (self._element_spec.dtype,))
        return self._from_variant(_UniqueDataset, _data.unique_op(self._variant_tensor()), self._element_spec)

    def scan(self, initial_state, scan_func, name=None):
        """A state threaded through the elements: scan_func(state, element) (traced once, now)
        returns (new_state, output), and the dataset's elements are the outputs."""
        state = structure.normalize(initial_state)
        state_spec = structure.specs_of(state)
        output_spec = []

        def flat_function(flat):
            count = len(structure.flat_specs(state_spec))
            args = (structure.pack(state_spec, flat[:count]), structure.pack(self._element_spec, flat[count:]))
            result = autograph.converted_call(scan_func, args, {})
            if not isinstance(result, tuple) or len(result) != 2:
                raise TypeError("The scan function must return a pair comprising the new state and the output value.")
            new_state, output = structure.normalize(result[0]), structure.normalize(result[1])
            _check_reduce_state(state_spec, structure.specs_of(new_state))
            output_spec[:] = [structure.specs_of(output)]
            return structure.to_flat(state_spec, new_state) + structure.to_flat(output_spec[0], output)

        variant = _data.scan_op(self._variant_tensor(), structure.flat_specs(self._element_spec),
                                structure.to_flat(state_spec, state), flat_function)
        return self._from_variant(_ScanDataset, variant, output_spec[0])

    @staticmethod
    def counter(start=0, step=1, dtype=_tfpp.int64, name=None):
        """start, start + step, ... forever, of `dtype` (as TensorFlow builds it: a scan)."""
        start = _tfpp._convert_to_tensor(start, dtype=dtype)
        step = _tfpp._convert_to_tensor(step, dtype=dtype)
        return DatasetV2.from_tensors(0).repeat(None).scan(start, lambda state, _: (state + step, state))

    def group_by_window(self, key_func, reduce_func, window_size=None, window_size_func=None, name=None):
        """Elements gathered by key_func(element) (an int64 scalar) into windows of window_size (or
        window_size_func(key)) elements; reduce_func(key, window) turns each window, a dataset, into
        the dataset whose elements come out. Windows unfinished when the input ends come last, by
        ascending key. The functions are traced once, now."""
        if (window_size is not None and window_size_func) or not (window_size is not None or window_size_func):
            raise ValueError("Either the `window_size` argument or the `window_size_func` argument must be specified.")
        if window_size is not None:
            def window_size_func(unused_key):
                return _tfpp._convert_to_tensor(window_size, dtype=_tfpp.int64)
        window_spec = DatasetSpec(self._element_spec)
        result_spec = []

        def key_function(flat):
            element = structure.pack(self._element_spec, flat)
            args = element if type(element) is tuple else (element,)
            return [_tfpp._convert_to_tensor(autograph.converted_call(key_func, args, {}), dtype=_tfpp.int64)]

        def reduce_function(flat):
            window = window_spec._from_tensor_list([flat[1]])
            outputs, spec = _dataset_result(autograph.converted_call(reduce_func, (flat[0], window), {}))
            result_spec[:] = [spec]
            return outputs

        def size_function(flat):
            return [_tfpp._convert_to_tensor(autograph.converted_call(window_size_func, (flat[0],), {}),
                                            dtype=_tfpp.int64)]

        variant = _data.group_by_window_op(self._variant_tensor(), structure.flat_specs(self._element_spec),
                                           key_function, reduce_function, size_function)
        return self._from_variant(_GroupByWindowDataset, variant, result_spec[0])

    def bucket_by_sequence_length(self, element_length_func, bucket_boundaries, bucket_batch_sizes, padded_shapes=None,
                                  padding_values=None, pad_to_bucket_boundary=False, no_padding=False,
                                  drop_remainder=False, name=None):
        """Batches of elements of similar length: element_length_func(element) picks the bucket
        (bucket_boundaries split the lengths), each bucket batched by its bucket_batch_sizes entry
        and padded (to the longest in the batch, or to the bucket's boundary - 1) unless no_padding."""
        if len(bucket_batch_sizes) != len(bucket_boundaries) + 1:
            raise ValueError("`len(bucket_batch_sizes)` must equal `len(bucket_boundaries) + 1` but "
                             "`len(bucket_batch_sizes)=%d` and `len(bucket_boundaries)=%d`."
                             % (len(bucket_batch_sizes), len(bucket_boundaries)))
        batch_sizes = _tfpp.constant(list(bucket_batch_sizes), dtype=_tfpp.int64)
        int32 = _np.iinfo(_np.int32)
        lows, highs = [int32.min] + list(bucket_boundaries), list(bucket_boundaries) + [int32.max]

        def bucket_of(*element):
            length = element_length_func(*element)
            inside = _tfpp.math.logical_and(_tfpp.math.less_equal(lows, length), _tfpp.math.less(length, highs))
            return _tfpp.math.reduce_min(_tfpp.math.where(inside))

        def batch_size_of(bucket):
            return _tfpp.gather(batch_sizes, bucket)

        def batch(bucket, window):
            size = batch_size_of(bucket)
            if no_padding:
                return window.batch(size, drop_remainder=drop_remainder)
            filler = None
            if pad_to_bucket_boundary:
                _tfpp.debugging.assert_less(bucket, _tfpp.constant(len(bucket_batch_sizes) - 1, dtype=_tfpp.int64),
                                            message="When pad_to_bucket_boundary=True, elements must have length < "
                                                    "max(bucket_boundaries).")
                filler = _tfpp.gather(_tfpp.constant(list(bucket_boundaries), dtype=_tfpp.int64), bucket) - 1
            spec = window.element_spec
            shapes = ([s.shape for s in nest.flatten(spec)] if padded_shapes is None
                      else structure.flatten_up_to(spec, padded_shapes))
            shapes = nest.pack_sequence_as(spec, [_padded_shape(shape, filler) for shape in shapes])
            return window.padded_batch(size, shapes, padding_values, drop_remainder=drop_remainder)

        return self.group_by_window(bucket_of, batch, window_size_func=batch_size_of)

    def rejection_resample(self, class_func, target_dist, initial_dist=None, seed=None, name=None):
        """(class_func(element), element) pairs resampled (elements dropped or repeated) so that
        their classes follow `target_dist`; `initial_dist` is estimated while streaming if not given."""
        from . import resampling  # it builds on this module's Dataset

        return resampling.rejection_resample(self, class_func, target_dist, initial_dist, seed)

    def get_single_element(self, name=None):
        """The dataset's one element; InvalidArgumentError if it has none or more."""
        flat = _data.single_element_op(self._variant_tensor(), structure.flat_specs(self._element_spec))
        return structure.pack(self._element_spec, flat)

    @staticmethod
    def choose_from_datasets(datasets, choice_dataset, stop_on_empty_dataset=True):
        """For each int64 scalar c of choice_dataset, the next element of datasets[c]; the end of a
        chosen dataset ends the result (stop_on_empty_dataset) or retires that dataset."""
        datasets = list(datasets)
        if not datasets:
            raise ValueError("Invalid `datasets`. `datasets` should not be empty.")
        if choice_dataset.element_spec != _tfpp.TensorSpec([], _tfpp.int64):
            raise TypeError("Invalid `choice_dataset`. Elements of `choice_dataset` must be scalar `tf.int64` tensors "
                            "but are %r." % (choice_dataset.element_spec,))
        spec = datasets[0].element_spec
        try:
            for dataset in datasets[1:]:
                nest.assert_same_structure(spec, dataset.element_spec)
                spec = nest.pack_sequence_as(spec, [_compatible_spec(a, b) for a, b in zip(
                    nest.flatten(spec), nest.flatten(dataset.element_spec))])
        except (TypeError, ValueError) as e:
            listing = "\n".join("Dataset %d element_spec=%r." % (i, d.element_spec) for i, d in enumerate(datasets))
            raise TypeError("Invalid `datasets`. `datasets` must have compatible element specs.\n %s" % listing) from e
        variant = _data.directed_interleave_op(choice_dataset._variant_tensor(),
                                               [d._variant_tensor() for d in datasets], bool(stop_on_empty_dataset))
        return choice_dataset._from_variant(_DirectedInterleaveDataset, variant, spec)

    def options(self):
        """The dataset's options (tf.data.Options, read-only): those with_options gave it and the
        datasets it is built from."""
        options = options_lib.Options()
        if self._options_set is not None:
            options = options_lib.merge_options(options, self._options_set)
        return options._frozen()

    def with_options(self, options, name=None):
        """This dataset with `options` merged into its own (where both set an option, `options` wins)."""
        dataset = _OptionsDataset(self._impl, self._element_spec, self._variant)
        dataset._options_set = options_lib.merge_options(self.options(), options)
        return dataset

    def reduce(self, initial_state, reduce_func, name=None):
        """Folds the elements into a state: state = reduce_func(state, element), traced once."""
        state = structure.normalize(initial_state)
        state_spec = structure.specs_of(state)
        if _tfpp._tracing():
            return self._reduce_traced(state, state_spec, reduce_func)
        for _ in range(2):  # once more with the shapes relaxed where the function changes them
            fn, out_spec = _trace(reduce_func, (state_spec, self._element_spec), "reduce")
            _check_reduce_state(state_spec, out_spec)
            relaxed = structure.pack(state_spec, [structure.most_specific_compatible(a, b) for a, b in zip(
                structure.flat_specs(state_spec), structure.flat_specs(out_spec))])
            if relaxed == state_spec:
                break
            state_spec = relaxed
        final = self._pipeline.reduce(nest.flatten(state), fn)
        return structure.pack(state_spec, final)

    def _reduce_traced(self, state, state_spec, reduce_func):
        """reduce inside a tf.function: a ReduceDataset node, its function traced as the body."""
        count = len(nest.flatten(state))

        def flat_body(flat):
            args = (structure.pack(state_spec, flat[:count]), structure.pack(self._element_spec, flat[count:]))
            result = structure.normalize(autograph.converted_call(reduce_func, args, {}))
            _check_reduce_state(state_spec, structure.specs_of(result))
            return nest.flatten(result)

        final = _data.reduce_traced(self._variant_tensor(), structure.flat_specs(self._element_spec),
                                    nest.flatten(state), None, flat_body)
        return structure.pack(state_spec, final)

    # ---- iteration and properties ----
    def __iter__(self):
        if _tfpp._tracing():
            return OwnedIterator._made_in_graph(self)
        if not _tfpp.executing_eagerly():
            raise RuntimeError("`tf.data.Dataset` only supports Python-style iteration in eager mode or within "
                               "tf.function.")
        return OwnedIterator(self)

    def as_numpy_iterator(self):
        """An iterator over the elements as NumPy values (bytes for strings)."""
        return NumpyIterator(self)

    def cardinality(self):
        """The number of elements as an int64 scalar, or INFINITE_CARDINALITY / UNKNOWN_CARDINALITY."""
        if self._in_graph():
            return _data.cardinality_op(self._variant_tensor())
        return _tfpp.constant(self._pipeline.cardinality(), dtype=_tfpp.int64)

    def __len__(self):
        if not _tfpp.executing_eagerly():
            raise TypeError("`tf.data.Dataset` only supports `len` in eager mode. Use `tf.data.Dataset.cardinality()` "
                            "instead.")
        n = self._pipeline.cardinality()
        if n == INFINITE_CARDINALITY:
            raise TypeError("The dataset is infinite.")
        if n == UNKNOWN_CARDINALITY:
            raise TypeError("The dataset length is unknown.")
        return n

    def __bool__(self):
        return True


Dataset = DatasetV2


class OwnedIterator:
    """One pass over a dataset (iter(dataset)); next() gives the elements.

    The pass is an iterator resource. Eagerly, next() reads it directly; inside a tf.function,
    next() and get_next() stage an IteratorGetNext node on its handle (captured by the trace, or
    the placeholder of an iterator argument), so that each call of the function reads the next
    element, as TensorFlow's iterators do."""

    _tfpp_iterator = True  # tf.function keys an iterator argument by its element_spec (IteratorSpec)

    def __init__(self, dataset):
        self._element_spec = dataset.element_spec
        self._impl = dataset._pipeline.iterator()
        self._handle = self._impl.handle

    @classmethod
    def _made_in_graph(cls, dataset):
        """iter(dataset) inside a tf.function: AnonymousIteratorV3 and MakeIterator nodes, so that
        each call of the function iterates its dataset anew, as TensorFlow's iterators do there."""
        handle = _data.anonymous_iterator()
        _data.make_iterator(dataset._variant_tensor(), handle)
        return cls._traced(handle, dataset.element_spec)

    @classmethod
    def _traced(cls, handle, element_spec):
        """An iterator a traced function reads through `handle`, a placeholder or an in-graph iterator's."""
        iterator = object.__new__(cls)
        iterator._element_spec, iterator._impl, iterator._handle = element_spec, None, handle
        return iterator

    def _with_handle(self, handle):
        """This iterator as a traced function sees it: the placeholder of its handle."""
        return self._traced(handle, self._element_spec)

    @property
    def element_spec(self):
        """The structure of TensorSpecs every element matches."""
        return self._element_spec

    def __iter__(self):
        if self._impl is None or not _tfpp.executing_eagerly():
            # Each next() while tracing stages a read and never ends, so a Python loop would not;
            # AutoGraph stages `for x in iterator` as a tf.while_loop instead.
            raise NotImplementedError("tfpp: a Python loop over a tf.data iterator inside a tf.function never "
                                      "ends; let AutoGraph convert it, or read it with next(iterator)")
        return self

    def __next__(self):
        if self._impl is None or not _tfpp.executing_eagerly():
            return self._staged_next()
        tensors = self._impl.next()
        if tensors is None:
            raise StopIteration
        return structure.pack(self._element_spec, tensors)

    def next(self):
        """next(iterator), as TensorFlow's iterators also spell it."""
        return self.__next__()

    def get_next(self):
        """The next element; raises tf.errors.OutOfRangeError at the end."""
        if self._impl is None or not _tfpp.executing_eagerly():
            return self._staged_next()
        tensors = self._impl.next()
        if tensors is None:
            raise _tfpp_errors().OutOfRangeError(None, None, "End of sequence")
        return structure.pack(self._element_spec, tensors)

    def get_next_as_optional(self):
        """The next element as a tf.experimental.Optional, empty at the end (a node reading the
        iterator at every call inside a tf.function)."""
        variant = _data.iterator_get_next_as_optional(self._handle, structure.flat_specs(self._element_spec))
        return optional_ops.Optional(variant, self._element_spec)

    def _staged_next(self):
        """An IteratorGetNext node reading this pass each time the traced function runs (raising
        OutOfRangeError there at the end), its outputs packed into the element's structure."""
        tensors = _data.iterator_get_next(self._handle, structure.flat_specs(self._element_spec))
        return structure.pack(self._element_spec, tensors)


class NumpyIterator:
    """The elements of a dataset as NumPy values (Dataset.as_numpy_iterator)."""

    def __init__(self, dataset):
        self._iterator = OwnedIterator(dataset)

    def __iter__(self):
        return self

    def __next__(self):
        return nest.map_structure(lambda t: t.numpy(), next(self._iterator))


def traced_len(dataset):
    """len(dataset) in code AutoGraph converted, inside a tf.function: the cardinality, which each
    call checks to be known and finite (InvalidArgumentError otherwise), as TensorFlow's AutoGraph."""
    n = dataset.cardinality()
    _tfpp._assert_true((n != INFINITE_CARDINALITY) & (n != UNKNOWN_CARDINALITY),
                       "len requires dataset with definitive cardinality")
    return n


def _path_string(path):
    """A path given as a str, os.PathLike or string tensor, as a str."""
    if isinstance(path, _tfpp.Tensor):
        path = path.numpy()
    if isinstance(path, bytes):
        return path.decode()
    import os
    return os.fspath(path)


def _tfpp_errors():
    from .. import errors
    return errors


def _int64(value):
    """A count argument as the int64 tensor a dataset op takes."""
    return _tfpp._convert_to_tensor(value, dtype=_tfpp.int64)


def _has_list(value):
    """Whether a list is part of a structure (tf.data nests only into tuples and dicts)."""
    if isinstance(value, dict):
        value = tuple(value.values())
    return isinstance(value, list) or (isinstance(value, tuple) and any(_has_list(v) for v in value))


def _any_symbolic(values):
    """Whether any of `values` is a traced tensor (known only at each call of the function)."""
    return any(isinstance(v, _tfpp.Tensor) and v._is_symbolic() for v in values)


def _static_value(value):
    """A Python value or a concrete tensor's value; None for a traced tensor (known only per call)."""
    if isinstance(value, _tfpp.Tensor):
        return None if value._is_symbolic() else value.numpy()
    return value


def _element_result(value):
    """A map function's result as the op's outputs and their element_spec."""
    value = structure.normalize(value)
    spec = structure.specs_of(value)
    return structure.to_flat(spec, value), spec


def _dataset_result(value):
    """A flat_map or interleave function's result, a dataset, as the op's output (its variant) and
    its element_spec."""
    message = "The `map_func` argument must return a `Dataset` object. Got %s." % type(value)
    if isinstance(value, _tfpp.Tensor):  # TensorFlow 2.21 fails on a tensor with an AttributeError
        raise AttributeError(message)
    if not isinstance(value, DatasetV2):
        raise TypeError(message)
    return [value._variant_tensor()], value.element_spec


def _ragged_spec(spec, row_splits_dtype):
    """A component's spec in Dataset.ragged_batch: a RaggedTensorSpec (of ragged_rank the last
    unknown dim) for a tensor with unknown dims, else unchanged."""
    if type_spec.is_composite_spec(spec) or spec.shape.rank is None or spec.shape.is_fully_defined():
        return spec
    ragged_rank = max(axis for axis, size in enumerate(spec.shape.as_list()) if size is None)
    return type_spec.RaggedTensorSpec(spec.shape, spec.dtype, ragged_rank, row_splits_dtype)


def _to_ragged(value, spec):
    """`value` as a RaggedTensor of RaggedTensorSpec `spec` (kept a tensor for ragged_rank 0)."""
    if not isinstance(spec, type_spec.RaggedTensorSpec) or type_spec.is_composite(value) or spec.ragged_rank == 0:
        return value
    return RaggedTensor.from_tensor(value, ragged_rank=spec.ragged_rank, row_splits_dtype=spec.row_splits_dtype)


def _check_predicate(spec):
    if not isinstance(spec, _tfpp.TensorSpec) or spec.dtype != _tfpp.bool or spec.shape.rank != 0:
        raise ValueError("Invalid `predicate`. `predicate` must return a `tf.bool` scalar tensor, but its return "
                         "type is %r." % (spec,))


def _padded_shape(shape, filler):
    """A padded shape with its unknown dims set to `filler` (an int64 scalar tensor) if given."""
    dims = TensorShape(shape).as_list()
    if filler is None:
        return dims
    return _tfpp.stack([filler if d is None else _tfpp.constant(d, dtype=_tfpp.int64) for d in dims])


def _check_take_while_predicate(spec):
    if not isinstance(spec, _tfpp.TensorSpec) or spec.dtype != _tfpp.bool or spec.shape.rank != 0:
        raise ValueError("Invalid `predicate`. `predicate` must return a `tf.bool` scalar tensor but its return type "
                         "is%r." % (spec,))


def _compatible_spec(a, b):
    """The spec both elements fit (as choose_from_datasets combines its datasets')."""
    if type(a) is not type(b) or a.dtype != b.dtype:
        raise TypeError("incompatible element specs %r and %r" % (a, b))
    return structure.most_specific_compatible(a, b)


def _zip_specs(types, shapes):
    if isinstance(types, dict):
        return {k: _zip_specs(types[k], shapes[k]) for k in types}
    if isinstance(types, tuple):
        return tuple(_zip_specs(t, s) for t, s in zip(types, shapes))
    return _tfpp.TensorSpec(shapes, types)


def _check_reduce_state(state_spec, out_spec):
    try:
        nest.assert_same_structure(state_spec, out_spec)
    except ValueError as e:
        raise TypeError("The element types for the new state must match the initial state. Expected %r; got %r." % (
            state_spec, out_spec)) from e
    for a, b in zip(structure.flat_specs(state_spec), structure.flat_specs(out_spec)):
        if a.dtype != b.dtype:
            raise TypeError("The element types for the new state must match the initial state. Expected %r; got %r."
                            % (nest.map_structure(lambda s: s.dtype, state_spec),
                               nest.map_structure(lambda s: s.dtype, out_spec)))


def _trace(func, input_spec, kind):
    """`func` traced as tf.data traces a transformation's function: called with the element
    (a tuple unpacked into arguments), converted by AutoGraph, its result's lists and Python
    values made tensors. Returns the concrete function over the flat tensors and the result's
    element_spec."""
    result_spec = []

    def flat_function(*flat):
        element = structure.pack(input_spec, flat)
        args = element if type(element) is tuple else (element,)
        result = autograph.converted_call(func, args, {})
        if isinstance(result, list):  # a returned list is a tuple of components (TensorFlow's _should_pack)
            result = tuple(result)
        result = structure.normalize(result)
        result_spec[:] = [structure.specs_of(result)]
        return tuple(structure.to_flat(result_spec[0], result))

    placeholders = [_tfpp.TensorSpec(s.shape, s.dtype, "args_%d" % i)
                    for i, s in enumerate(structure.flat_specs(input_spec))]
    traced = Function(flat_function, name=_function_name(func, kind), autograph=False)
    concrete = traced.get_concrete_function(*placeholders)
    return concrete._concrete, result_spec[0]


def _function_name(func, kind):
    name = getattr(func, "__name__", kind)
    return name if name.isidentifier() else kind


class DatasetSpec(type_spec.TypeSpec):
    """The type of a dataset as an element of another (Dataset.window's windows): the structure
    of its elements. tf.data carries it as the dataset's variant scalar."""

    def __init__(self, element_spec, dataset_shape=()):
        self._element_spec = element_spec
        self._dataset_shape = TensorShape(dataset_shape)

    element_spec = property(lambda self: self._element_spec, doc="The element_spec of the dataset.")
    value_type = property(lambda self: DatasetV2)
    shape = property(lambda self: self._dataset_shape)

    def _fields(self):
        return (repr(self._element_spec), self._dataset_shape)

    def __repr__(self):
        return "DatasetSpec(%r, %r)" % (self._element_spec, self._dataset_shape)

    @property
    def _flat_tensor_specs(self):
        return [_tfpp.TensorSpec([], _tfpp.variant)]

    def _to_tensor_list(self, value):
        return [value._variant_tensor()]

    def _from_tensor_list(self, tensors):
        variant = tensors[0]
        if variant._is_symbolic():
            return _WindowElementDataset(None, self._element_spec, variant)
        return _WindowElementDataset(_data.dataset_of(variant), self._element_spec)

    def is_compatible_with(self, value):
        spec = value._type_spec if hasattr(value, "_type_spec") else value
        return isinstance(spec, DatasetSpec) and spec._element_spec == self._element_spec

    @staticmethod
    def from_value(value):
        return DatasetSpec(value.element_spec)


class IteratorSpec(type_spec.TypeSpec):
    """The type of an iterator over a dataset (tf.data.IteratorSpec): the structure of its elements."""

    def __init__(self, element_spec):
        self._element_spec = element_spec

    value_type = property(lambda self: OwnedIterator)

    def _fields(self):
        return (repr(self._element_spec),)

    def __repr__(self):
        return "IteratorSpec(%r,)" % (self._element_spec,)


def _carries_options(transformation):
    """A transformation whose dataset keeps the options of the datasets it is built from."""
    @functools.wraps(transformation)
    def transform(*args, **kwargs):
        dataset = transformation(*args, **kwargs)
        inputs = [d for d in nest.flatten([a for a in args + tuple(kwargs.values()) if not callable(a)])
                  if isinstance(d, DatasetV2) and d._options_set is not None]
        if inputs and dataset._options_set is None:
            dataset._options_set = options_lib.merge_options(*[d._options_set for d in inputs])
        return dataset
    return transform


for _name in ("map", "filter", "flat_map", "interleave", "batch", "padded_batch", "unbatch", "ragged_batch", "window",
              "take_while", "unique", "scan", "group_by_window", "bucket_by_sequence_length",
              "shuffle", "repeat", "take", "skip", "prefetch", "cache", "concatenate", "enumerate", "shard",
              "ignore_errors", "rebatch"):
    setattr(DatasetV2, _name, _carries_options(getattr(DatasetV2, _name)))
DatasetV2.zip = staticmethod(_carries_options(DatasetV2.zip))
DatasetV2.choose_from_datasets = staticmethod(_carries_options(DatasetV2.choose_from_datasets))
del _name


def _dataset_class(name, doc):
    return type(name, (DatasetV2,), {"__doc__": doc, "__module__": __name__})


_TensorSliceDataset = _dataset_class("_TensorSliceDataset", "Dataset.from_tensor_slices' dataset.")
_TensorDataset = _dataset_class("_TensorDataset", "Dataset.from_tensors' dataset.")
_RangeDataset = _dataset_class("_RangeDataset", "Dataset.range's dataset.")
_FlatMapDataset = _dataset_class("_FlatMapDataset", "Dataset.flat_map's and Dataset.from_generator's dataset.")
_ZipDataset = _dataset_class("_ZipDataset", "Dataset.zip's and enumerate's dataset.")
_MapDataset = _dataset_class("_MapDataset", "Dataset.map's dataset.")
_ParallelMapDataset = _dataset_class("_ParallelMapDataset", "Dataset.map's dataset with num_parallel_calls.")
_FilterDataset = _dataset_class("_FilterDataset", "Dataset.filter's dataset.")
_InterleaveDataset = _dataset_class("_InterleaveDataset", "Dataset.interleave's dataset.")
_ParallelInterleaveDataset = _dataset_class("_ParallelInterleaveDataset",
                                            "Dataset.interleave's dataset with num_parallel_calls.")
_BatchDataset = _dataset_class("_BatchDataset", "Dataset.batch's dataset.")
_PaddedBatchDataset = _dataset_class("_PaddedBatchDataset", "Dataset.padded_batch's dataset.")
_UnbatchDataset = _dataset_class("_UnbatchDataset", "Dataset.unbatch's dataset.")
_ShuffleDataset = _dataset_class("_ShuffleDataset", "Dataset.shuffle's dataset.")
_RepeatDataset = _dataset_class("_RepeatDataset", "Dataset.repeat's dataset.")
_TakeDataset = _dataset_class("_TakeDataset", "Dataset.take's dataset.")
_SkipDataset = _dataset_class("_SkipDataset", "Dataset.skip's dataset.")
_PrefetchDataset = _dataset_class("_PrefetchDataset", "Dataset.prefetch's dataset.")
CacheDataset = _dataset_class("CacheDataset", "Dataset.cache's dataset.")
_ConcatenateDataset = _dataset_class("_ConcatenateDataset", "Dataset.concatenate's dataset.")
_ShardDataset = _dataset_class("_ShardDataset", "Dataset.shard's dataset.")
_OptionsDataset = _dataset_class("_OptionsDataset", "Dataset.with_options' dataset.")
_WindowDataset = _dataset_class("_WindowDataset", "Dataset.window's dataset.")
_TakeWhileDataset = _dataset_class("_TakeWhileDataset", "Dataset.take_while's dataset.")
_UniqueDataset = _dataset_class("_UniqueDataset", "Dataset.unique's dataset.")
_ScanDataset = _dataset_class("_ScanDataset", "Dataset.scan's and Dataset.counter's dataset.")
_GroupByWindowDataset = _dataset_class("_GroupByWindowDataset", "Dataset.group_by_window's dataset.")
_DirectedInterleaveDataset = _dataset_class("_DirectedInterleaveDataset", "Dataset.choose_from_datasets' dataset.")
_RandomDataset = _dataset_class("_RandomDataset", "Dataset.random's dataset.")
_IgnoreErrorsDataset = _dataset_class("_IgnoreErrorsDataset", "Dataset.ignore_errors' dataset.")
_RebatchDataset = _dataset_class("_RebatchDataset", "Dataset.rebatch's dataset.")
_LoadDataset = _dataset_class("_LoadDataset", "Dataset.load's dataset.")
_WindowElementDataset = _dataset_class("_VariantDataset", "A dataset carried in another's elements (a window).")
