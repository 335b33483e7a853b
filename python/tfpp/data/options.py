"""tf.data.Options: the option tree a dataset carries (with_options, options()), with TensorFlow's
type checks, defaults and merge rule. tfpp records and merges the options as TensorFlow does; its
pipeline's threads, autotuning and graph rewrites are its own, so they do not read them."""

import enum
import logging

_log = logging.getLogger("tensorflow")


class AutoShardPolicy(enum.IntEnum):
    """How a distributed input pipeline splits its data among workers."""
    OFF = -1
    AUTO = 0
    FILE = 1
    DATA = 2
    HINT = 3


class ExternalStatePolicy(enum.Enum):
    """What saving an iterator does with state it cannot save."""
    WARN = 0
    IGNORE = 1
    FAIL = 2


class AutotuneAlgorithm(enum.Enum):
    """The algorithm that tunes parallelism and buffer sizes."""
    DEFAULT = 0
    HILL_CLIMB = 1
    GRADIENT_DESCENT = 2
    MAX_PARALLELISM = 3
    STAGE_BASED = 4


class _Option:
    """A typed option: unset it reads as its default; setting a value of another type is a TypeError."""

    def __init__(self, type_, default=lambda: None, doc=None):
        self.type, self.default, self.__doc__ = type_, default, doc

    def __set_name__(self, owner, name):
        self.name = name

    def __get__(self, options, owner=None):
        if options is None:
            return self
        values = options._options
        if self.name not in values:
            values[self.name] = self.default()
        return values[self.name]

    def __set__(self, options, value):
        if not isinstance(value, self.type):
            raise TypeError('Property "%s" must be of type %s, got: %s (type: %s)' % (self.name, self.type, value,
                                                                                     type(value)))
        options._options[self.name] = value


class OptionsBase:
    """A set of options; they compare equal when every option they set reads the same."""

    def __init__(self):
        object.__setattr__(self, "_options", {})
        object.__setattr__(self, "_mutable", True)

    def __eq__(self, other):
        if not isinstance(other, type(self)):
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in set(self._options) | set(other._options))

    def __ne__(self, other):
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    __hash__ = None

    def __setattr__(self, name, value):
        if not self._mutable:
            raise ValueError("Mutating `tf.data.Options()` returned by `tf.data.Dataset.options()` has no effect. Use "
                             "`tf.data.Dataset.with_options(options)` to set or update dataset options.")
        if not hasattr(self, name):
            raise AttributeError("Cannot set the property %s on %s." % (name, type(self).__name__))
        object.__setattr__(self, name, value)

    def _frozen(self):
        object.__setattr__(self, "_mutable", False)
        return self


def merge_options(*options_list):
    """The options of all of options_list, later ones winning where two set an option differently
    (nested option sets merge recursively, framework_type lists concatenate)."""
    if not options_list:
        raise ValueError("At least one options should be provided")
    result_type = type(options_list[0])
    for options in options_list:
        if not isinstance(options, result_type):
            raise TypeError("Could not merge incompatible options of type %s and %s." % (type(options), result_type))
    defaults, result = result_type(), result_type()
    for options in options_list:
        for name in options._options:
            this, that, default = getattr(result, name), getattr(options, name), getattr(defaults, name)
            if that == default:
                continue
            if this == default:
                setattr(result, name, that)
            elif isinstance(this, OptionsBase):
                setattr(result, name, merge_options(this, that))
            elif name == "framework_type":
                setattr(result, name, this + that)
            elif this != that:
                _log.warning("Changing the value of option %s from %r to %r.", name, this, that)
                setattr(result, name, that)
    return result


class AutotuneOptions(OptionsBase):
    """Options of tf.data's autotuning."""
    enabled = _Option(bool)
    cpu_budget = _Option(int)
    ram_budget = _Option(int)
    autotune_algorithm = _Option(AutotuneAlgorithm)
    initial_parallelism = _Option(int)
    min_parallelism = _Option(int)


class DistributeOptions(OptionsBase):
    """Options of distributed input pipelines."""
    auto_shard_policy = _Option(AutoShardPolicy, lambda: AutoShardPolicy.AUTO)
    num_devices = _Option(int)


class OptimizationOptions(OptionsBase):
    """Which static optimizations of the pipeline graph to apply."""
    apply_default_optimizations = _Option(bool)
    filter_fusion = _Option(bool)
    filter_parallelization = _Option(bool)
    inject_prefetch = _Option(bool)
    seq_interleave_prefetch = _Option(bool)
    map_and_batch_fusion = _Option(bool)
    map_and_filter_fusion = _Option(bool)
    map_fusion = _Option(bool)
    map_parallelization = _Option(bool)
    noop_elimination = _Option(bool)
    parallel_batch = _Option(bool)
    shuffle_and_repeat_fusion = _Option(bool)


class ServiceOptions(OptionsBase):
    """Options of the tf.data service."""
    pinned = _Option(bool)


class ThreadingOptions(OptionsBase):
    """Threads of the pipeline."""
    max_intra_op_parallelism = _Option(int)
    private_threadpool_size = _Option(int)


class Options(OptionsBase):
    """The options of a dataset (Dataset.with_options, Dataset.options)."""
    autotune = _Option(AutotuneOptions, AutotuneOptions)
    deterministic = _Option(bool)
    experimental_distribute = _Option(DistributeOptions, DistributeOptions)
    experimental_external_state_policy = _Option(ExternalStatePolicy)
    experimental_optimization = _Option(OptimizationOptions, OptimizationOptions)
    experimental_slack = _Option(bool)
    experimental_symbolic_checkpoint = _Option(bool)
    experimental_service = _Option(ServiceOptions, ServiceOptions)
    experimental_warm_start = _Option(bool)
    dataset_name = _Option(str)
    framework_type = _Option(list)
    threading = _Option(ThreadingOptions, ThreadingOptions)

    # The old names of two options.
    experimental_deterministic = property(lambda self: self.deterministic)
    experimental_threading = property(lambda self: self.threading)

    def __setattr__(self, name, value):
        if name == "experimental_threading":
            _log.warning("options.experimental_threading is deprecated. Use options.threading instead.")
            name = "threading"
        elif name == "experimental_deterministic":
            name = "deterministic"
        super().__setattr__(name, value)

    def merge(self, options):
        """These options merged with `options` (whose settings win where both set one)."""
        return merge_options(self, options)
