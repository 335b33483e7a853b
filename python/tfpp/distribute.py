"""tf.distribute on tfpp's one device: the default strategy, MirroredStrategy, OneDeviceStrategy and
MultiWorkerMirroredStrategy each run one replica on the CPU, so a TensorFlow 2 program written
for a strategy (scope, run, reduce, distributed datasets, replica contexts, all_reduce,
merge_call) runs unchanged and computes what TensorFlow computes with one replica. Variables made
in a scope are tfpp's plain variables (TensorFlow's are MirroredVariables of one component)."""

import contextlib
import enum
import threading

from . import _tfpp, nest

_CPU = "/job:localhost/replica:0/task:0/device:CPU:0"


class ReduceOp(enum.Enum):
    """How values of the replicas combine: SUM or MEAN."""

    SUM = "SUM"
    MEAN = "MEAN"


def _reduce_op(op):
    return op if isinstance(op, ReduceOp) else ReduceOp(op)


class InputReplicationMode(enum.Enum):
    """Whether each worker or each replica gets a copy of the input pipeline."""

    PER_WORKER = "PER_WORKER"
    PER_REPLICA = "PER_REPLICA"


class InputOptions:
    """Options of distributed datasets (accepted; one replica reads the dataset as it is)."""

    def __init__(self, experimental_fetch_to_device=None, experimental_replication_mode=InputReplicationMode.PER_WORKER,
                 experimental_place_dataset_on_device=False, experimental_per_replica_buffer_size=1):
        self.experimental_fetch_to_device = experimental_fetch_to_device
        self.experimental_replication_mode = experimental_replication_mode
        self.experimental_place_dataset_on_device = experimental_place_dataset_on_device
        self.experimental_per_replica_buffer_size = experimental_per_replica_buffer_size


class RunOptions:
    """Options of Strategy.run (accepted; they concern several replicas)."""

    def __init__(self, experimental_enable_dynamic_batch_size=True, experimental_bucketizing_dynamic_shape=False,
                 experimental_xla_options=None):
        self.experimental_enable_dynamic_batch_size = experimental_enable_dynamic_batch_size
        self.experimental_bucketizing_dynamic_shape = experimental_bucketizing_dynamic_shape
        self.experimental_xla_options = experimental_xla_options


class InputContext:
    """What an input function of distribute_datasets_from_function learns about its pipeline."""

    def __init__(self, num_input_pipelines=1, input_pipeline_id=0, num_replicas_in_sync=1):
        self._num_input_pipelines = num_input_pipelines
        self._input_pipeline_id = input_pipeline_id
        self._num_replicas_in_sync = num_replicas_in_sync

    @property
    def num_input_pipelines(self):
        return self._num_input_pipelines

    @property
    def input_pipeline_id(self):
        return self._input_pipeline_id

    @property
    def num_replicas_in_sync(self):
        return self._num_replicas_in_sync

    def get_per_replica_batch_size(self, global_batch_size):
        """The batch size of each replica for `global_batch_size` examples per step."""
        if global_batch_size % self._num_replicas_in_sync != 0:
            raise ValueError("The `global_batch_size` %r is not divisible by `num_replicas_in_sync` %r "
                             % (global_batch_size, self._num_replicas_in_sync))
        return global_batch_size // self._num_replicas_in_sync


class ValueContext:
    """What experimental_distribute_values_from_function's function learns about its replica."""

    def __init__(self, replica_id_in_sync_group=0, num_replicas_in_sync=1):
        self.replica_id_in_sync_group = replica_id_in_sync_group
        self.num_replicas_in_sync = num_replicas_in_sync


class DistributedValues:
    """Values of the replicas, one per replica."""

    def __init__(self, values):
        self._values = tuple(values)

    @property
    def values(self):
        return self._values

    def __repr__(self):
        body = "\n".join("  %d: %r" % (i, v) for i, v in enumerate(self._values))
        return "%s:{\n%s\n}" % (type(self).__name__, body)


class PerReplica(DistributedValues):
    """A value of each replica."""


class DistributedIterator:
    """An iterator over a distributed dataset: each element is the one replica's batch."""

    def __init__(self, dataset):
        self._iterator = iter(dataset)
        self.element_spec = dataset.element_spec

    def __iter__(self):
        return self

    def __next__(self):
        return next(self._iterator)

    def get_next(self):
        """The next element; tf.errors.OutOfRangeError at the end."""
        return self._iterator.get_next()


class DistributedDataset:
    """A dataset split over the replicas (all of it goes to the one replica)."""

    def __init__(self, dataset):
        self._dataset = dataset
        self.element_spec = dataset.element_spec

    def __iter__(self):
        return DistributedIterator(self._dataset)

    def reduce(self, initial_state, reduce_func):
        """Folds the elements into `initial_state` with reduce_func(state, element)."""
        return self._dataset.reduce(initial_state, reduce_func)


class CrossDeviceOps:
    """How values move between devices; with one device a reduction is the value itself."""

    def reduce(self, reduce_op, per_replica_value, destinations, options=None):
        """The reduction of `per_replica_value` over the replicas."""
        _reduce_op(reduce_op)
        return _tfpp._convert_to_tensor(_only_value(per_replica_value))

    def batch_reduce(self, reduce_op, value_destination_pairs, options=None):
        """reduce() of each (value, destinations) pair."""
        return [self.reduce(reduce_op, value, destinations) for value, destinations in value_destination_pairs]


class ReductionToOneDevice(CrossDeviceOps):
    """Reduces by copying every value to one device."""

    def __init__(self, reduce_to_device=None, accumulation_fn=None):
        self.reduce_to_device = reduce_to_device
        self.accumulation_fn = accumulation_fn


class AllReduceCrossDeviceOps(CrossDeviceOps):
    """Reduces with an all-reduce algorithm."""

    def __init__(self, all_reduce_alg="nccl", num_packs=1):
        self.all_reduce_alg = all_reduce_alg
        self.num_packs = num_packs


class HierarchicalCopyAllReduce(AllReduceCrossDeviceOps):
    """The hierarchical copy all-reduce."""

    def __init__(self, num_packs=1):
        super().__init__("hierarchical_copy", num_packs)


class NcclAllReduce(AllReduceCrossDeviceOps):
    """NCCL's all-reduce."""

    def __init__(self, num_packs=1):
        super().__init__("nccl", num_packs)


def _only_value(value):
    return value.values[0] if isinstance(value, DistributedValues) else value


class StrategyExtended:
    """The devices of a strategy."""

    def __init__(self, strategy, devices):
        self._container_strategy = strategy
        self.worker_devices = devices
        self.parameter_devices = devices

    @property
    def experimental_require_static_shapes(self):
        return False


class MirroredExtended(StrategyExtended):
    """MirroredStrategy's devices."""


class OneDeviceExtended(StrategyExtended):
    """OneDeviceStrategy's device."""


class CollectiveAllReduceExtended(StrategyExtended):
    """MultiWorkerMirroredStrategy's devices."""


_state = threading.local()


def _scopes():
    if not hasattr(_state, "strategies"):
        _state.strategies = []
        _state.replica_contexts = []
    return _state


_global_strategy = None


class ReplicaContext:
    """The context of a replica inside Strategy.run: its id, the replicas' count, and the
    collectives over them (all_reduce, all_gather, merge_call)."""

    def __init__(self, strategy, replica_id_in_sync_group):
        self._strategy = strategy
        self._replica_id = replica_id_in_sync_group

    @property
    def strategy(self):
        return self._strategy

    @property
    def num_replicas_in_sync(self):
        return 1

    @property
    def replica_id_in_sync_group(self):
        return self._replica_id

    @property
    def devices(self):
        return (_CPU,)

    def all_reduce(self, reduce_op, value, options=None):
        """Each leaf of `value` reduced over the replicas (the one replica's value, as a tensor)."""
        _reduce_op(reduce_op)
        return nest.map_structure(_tfpp.convert_to_tensor, value)

    def all_gather(self, value, axis, options=None):
        """Each leaf of `value` concatenated over the replicas along `axis`."""
        return nest.map_structure(_tfpp.convert_to_tensor, value)

    def merge_call(self, merge_fn, args=(), kwargs=None):
        """merge_fn(strategy, *args, **kwargs) in the cross-replica context."""
        state = _scopes()
        state.replica_contexts.append(None)
        try:
            return merge_fn(self._strategy, *args, **(kwargs or {}))
        finally:
            state.replica_contexts.pop()


class Strategy:
    """A way to run a computation on replicas; here one replica on the CPU."""

    _extended_class = StrategyExtended

    def __init__(self, devices=(_CPU,)):
        self._extended = self._extended_class(self, tuple(devices))

    @property
    def extended(self):
        return self._extended

    @property
    def num_replicas_in_sync(self):
        return 1

    @property
    def cluster_resolver(self):
        return None

    @contextlib.contextmanager
    def scope(self):
        """Makes this the current strategy (variables and Keras models made inside belong to it)."""
        state = _scopes()
        current = _current_strategy()
        if current is not self and not isinstance(current, _DefaultDistributionStrategy):
            raise RuntimeError("Mixing different tf.distribute.Strategy objects: %r is not %r" % (current, self))
        state.strategies.append(self)
        state.replica_contexts.append(None)
        try:
            yield self
        finally:
            state.replica_contexts.pop()
            state.strategies.pop()

    def run(self, fn, args=(), kwargs=None, options=None):
        """fn(*args, **kwargs) on the replica, in its replica context."""
        state = _scopes()
        state.strategies.append(self)
        state.replica_contexts.append(self._replica_context())
        try:
            return fn(*args, **(kwargs or {}))
        finally:
            state.replica_contexts.pop()
            state.strategies.pop()

    def _replica_context(self):
        return ReplicaContext(self, _tfpp.constant(0))

    def reduce(self, reduce_op, value, axis):
        """Each leaf of `value` reduced over the replicas and then, when `axis` is given, along it."""
        op = _reduce_op(reduce_op)

        def reduce_leaf(leaf):
            leaf = _tfpp._convert_to_tensor(_only_value(leaf))
            if axis is None:
                return leaf
            if op is ReduceOp.SUM:
                return _tfpp.math.reduce_sum(leaf, axis=axis)
            return _tfpp.math.reduce_mean(leaf, axis=axis)

        return nest.map_structure(reduce_leaf, value)

    def gather(self, value, axis):
        """Each leaf of `value` concatenated over the replicas along `axis`."""
        return nest.map_structure(lambda leaf: _tfpp._convert_to_tensor(_only_value(leaf)), value)

    def experimental_local_results(self, value):
        """The values of this worker's replicas, as a tuple."""
        return value.values if isinstance(value, DistributedValues) else (value,)

    def experimental_distribute_dataset(self, dataset, options=None):
        """The dataset split over the replicas."""
        return DistributedDataset(dataset)

    def distribute_datasets_from_function(self, dataset_fn, options=None):
        """The dataset dataset_fn(InputContext) makes for the one input pipeline."""
        return DistributedDataset(dataset_fn(InputContext(1, 0, self.num_replicas_in_sync)))

    def experimental_distribute_values_from_function(self, value_fn):
        """value_fn(ValueContext) for each replica, as PerReplica values."""
        return PerReplica([value_fn(ValueContext(0, self.num_replicas_in_sync))])


class _DefaultDistributionStrategy(Strategy):
    """The strategy in effect outside every scope."""

    def _replica_context(self):
        return _DefaultReplicaContext(self, 0)


class _DefaultReplicaContext(ReplicaContext):
    """The replica context outside every strategy."""


class MirroredStrategy(Strategy):
    """Synchronous training on the devices of one machine: here the CPU."""

    _extended_class = MirroredExtended

    def __init__(self, devices=None, cross_device_ops=None):
        super().__init__()
        self._cross_device_ops = cross_device_ops


class OneDeviceStrategy(Strategy):
    """Everything on one device."""

    _extended_class = OneDeviceExtended

    def __init__(self, device):
        super().__init__()
        self._device = device


class MultiWorkerMirroredStrategy(Strategy):
    """Synchronous training on several workers: without a cluster, this one worker's CPU."""

    _extended_class = CollectiveAllReduceExtended

    def __init__(self, cluster_resolver=None, communication_options=None):
        super().__init__()


_default_strategy = _DefaultDistributionStrategy()


def _current_strategy():
    state = _scopes()
    if state.strategies:
        return state.strategies[-1]
    return _global_strategy or _default_strategy


def get_strategy():
    """The current strategy: the innermost scope's, else the one set, else the default."""
    return _current_strategy()


def has_strategy():
    """Whether a strategy other than the default is current."""
    return not isinstance(_current_strategy(), _DefaultDistributionStrategy)


def get_replica_context():
    """The current replica context: inside Strategy.run, or outside every strategy the default
    one; None in a strategy's cross-replica context."""
    state = _scopes()
    if state.replica_contexts:
        return state.replica_contexts[-1]
    if _global_strategy is not None:
        return None
    return _default_strategy._replica_context()


def in_cross_replica_context():
    """Whether code runs in a strategy's scope outside Strategy.run."""
    state = _scopes()
    if state.replica_contexts:
        return state.replica_contexts[-1] is None
    return _global_strategy is not None


def experimental_set_strategy(strategy):
    """Makes `strategy` current outside every scope (None: the default again)."""
    global _global_strategy
    _global_strategy = strategy
