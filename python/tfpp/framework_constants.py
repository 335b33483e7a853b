"""Enums, the logger and the version module of TensorFlow's top level: tf.VariableAggregation,
tf.VariableSynchronization, tf.AggregationMethod, tf.get_logger and tf.version."""

import enum
import logging
import types


class VariableSynchronization(enum.Enum):
    """When a distributed variable's copies are brought in line (one copy here: none needed)."""

    AUTO = 0
    NONE = 1
    ON_WRITE = 2
    ON_READ = 3


class VariableAggregation(enum.Enum):
    """How a distributed variable's updates are combined (one copy here)."""

    NONE = 0
    SUM = 1
    MEAN = 2
    ONLY_FIRST_REPLICA = 3


VariableAggregation.__name__ = "VariableAggregationV2"  # TensorFlow's printed name


class AggregationMethod:
    """How gradients arriving at one tensor from several paths are summed."""

    ADD_N = 0
    DEFAULT = ADD_N
    EXPERIMENTAL_TREE = 1
    EXPERIMENTAL_ACCUMULATE_N = 2


def get_logger():
    """The "tensorflow" logger of Python's logging module."""
    return logging.getLogger("tensorflow")


def version_module(package_version):
    """tf.version: VERSION is tfpp's package version; the GraphDef versions are those of the
    graphs it writes."""
    module = types.ModuleType("tfpp.version", "tf.version: version information.")
    module.VERSION = package_version
    module.GIT_VERSION = "unknown"
    module.COMPILER_VERSION = "GCC"
    module.GRAPH_DEF_VERSION = 2474
    module.GRAPH_DEF_VERSION_MIN_CONSUMER = 0
    module.GRAPH_DEF_VERSION_MIN_PRODUCER = 0
    return module
