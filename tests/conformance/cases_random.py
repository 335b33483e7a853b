"""Random numbers: tf.random.stateless_normal/uniform/truncated_normal for several seeds
(int32 and int64, negative values), shapes (odd sizes that end inside a Philox block, empty,
scalar), dtypes, means/scales and integer bounds; and the stateful ops' first draw after
tf.random.set_seed with an op seed. TensorFlow draws these with Philox4x32-10 on the CPU.

Tolerance: uniform values and integers are bit for bit (0 ulps: a few integer operations per
value). Normal values go through Box-Muller (log, sqrt, sin, cos of the same Philox words): 2
ulps, for the libm versions' last bit."""

import numpy as np

from case import DT, Case, T

ULPS = 2

SEEDS = [([1, 2], "int32"), ([0, 0], "int32"), ([-7, 123456], "int64"), ([2**40 + 5, -(2**35)], "int64"), ([42, 0], "int64")]
SHAPES = [[5], [2, 3], [4, 4], [17], [0], []]


def stateless():
    out = []
    for fn in ["stateless_normal", "stateless_uniform", "stateless_truncated_normal"]:
        for seed, sdtype in SEEDS:
            for shape in SHAPES:
                out.append(Case(f"tf.random.{fn}", [T(seed, sdtype)], {"shape": shape},
                                ulps=0 if fn == "stateless_uniform" else None))
            out.append(Case(f"tf.random.{fn}", [T(seed, sdtype)], {"shape": [3, 5], "dtype": DT("float64")},
                            ulps=0 if fn == "stateless_uniform" else None))
        out.append(Case(f"tf.random.{fn}", [T([1, 2, 3], "int32")], {"shape": [2]}, note="seed of 3"))
        out.append(Case(f"tf.random.{fn}", [T([1.0, 2.0], "float32")], {"shape": [2]}, note="float seed"))
    for seed, sdtype in SEEDS[:3]:
        out.append(Case("tf.random.stateless_normal", [T(seed, sdtype)], {"shape": [6], "mean": 2.0, "stddev": 0.5}))
        out.append(Case("tf.random.stateless_truncated_normal", [T(seed, sdtype)], {"shape": [6], "mean": -1.0, "stddev": 3.0}))
        out.append(Case("tf.random.stateless_uniform", [T(seed, sdtype)], {"shape": [6], "minval": -2.0, "maxval": 5.0}))
        out.append(Case("tf.random.stateless_uniform", [T(seed, sdtype)], {"shape": [9], "minval": -3, "maxval": 10, "dtype": DT("int32")}))
        out.append(Case("tf.random.stateless_uniform", [T(seed, sdtype)], {"shape": [9], "minval": 0, "maxval": 2**40, "dtype": DT("int64")}))
        out.append(Case("tf.random.stateless_uniform", [T(seed, sdtype)], {"shape": [3], "minval": 5, "maxval": 5, "dtype": DT("int32")}, note="empty range"))
    out.append(Case("tf.random.stateless_normal", [T([1, 2], "int32")], {"shape": [2], "dtype": DT("int32")}, note="int dtype"))
    return out


def stateful():
    out = []
    for fn in ["normal", "uniform", "truncated_normal"]:
        for global_seed, seed in [(1, 2), (1234, 7), (5, 0)]:
            for shape, dtype in [([7], "float32"), ([2, 3], "float64")]:
                out.append(Case(f"seeded.{fn}", [], {"global_seed": global_seed, "seed": seed, "shape": shape, "dtype": DT(dtype)},
                                ulps=0 if fn == "uniform" else None))
    out.append(Case("seeded.uniform", [], {"global_seed": 3, "seed": 4, "shape": [10], "minval": 1, "maxval": 100, "dtype": DT("int32")}))
    out.append(Case("seeded.uniform", [], {"global_seed": 3, "seed": 4, "shape": [5], "minval": -1, "maxval": 2**33, "dtype": DT("int64")}))
    return out


def sampling():
    """categorical, shuffle, gamma (with its alpha gradient) and poisson after set_seed with an op
    seed; their stateless forms; split and fold_in; a Generator's first draws."""
    out = []
    logits = T([[0.0, 1.0, 2.0], [1.0, 1.0, 1.0], [-1.0, 3.0, 0.5]], "float32")
    for global_seed, seed in [(1, 3), (7, 11)]:
        out.append(Case("seeded.categorical", [logits], {"global_seed": global_seed, "seed": seed, "num_samples": 6}))
        out.append(Case("seeded.shuffle", [T(np.arange(12).reshape(6, 2), "int32")], {"global_seed": global_seed, "seed": seed}))
        out.append(Case("seeded.gamma", [T([0.5, 1.0, 2.5], "float64")], {"global_seed": global_seed, "seed": seed, "shape": [4]},
                        grad=True))
        out.append(Case("seeded.poisson", [T([0.5, 3.0, 12.0, 150.0], "float32")],
                        {"global_seed": global_seed, "seed": seed, "shape": [3], "dtype": DT("int64")}))
    out.append(Case("seeded.categorical", [T([[0.0, -np.inf, 1.0]], "float64")],
                    {"global_seed": 2, "seed": 5, "num_samples": 8, "dtype": DT("int32")}, note="-inf logit"))
    out.append(Case("seeded.categorical", [T([1.0, 2.0], "float32")], {"global_seed": 2, "seed": 5, "num_samples": 2},
                    note="logits not a matrix"))
    out.append(Case("seeded.gamma", [T([1.0, 3.0], "float32"), T([[1.0], [2.0]], "float32")],
                    {"global_seed": 3, "seed": 4, "shape": [2]}, note="beta broadcast"))
    for seed, sdtype in SEEDS[:3]:
        out.append(Case("tf.random.stateless_categorical", [logits, T(seed, sdtype)], {"num_samples": 5}))
        out.append(Case("tf.random.split", [T(seed, sdtype)], {"num": 3}))
        out.append(Case("tf.random.fold_in", [T(seed, sdtype), T(42, sdtype)]))
        out.append(Case("tf.random.stateless_gamma", [T(seed, sdtype), T([0.5, 1.0, 2.5], "float32")], {"shape": [4, 3]}))
        out.append(Case("tf.random.stateless_poisson", [T(seed, sdtype), T([0.5, 3.0, 40.0], "float32")], {"shape": [2, 3]}))
    for seed in [1, 12345]:
        for dtype in ["float32", "float64"]:
            out.append(Case("generator.draws", [], {"seed": seed, "shape": [5], "dtype": DT(dtype)}, ulps=ULPS))
    return out


def _generator_draws(seed, shape, dtype):
    import tensorflow as tf
    g = tf.random.Generator.from_seed(seed)
    return [g.normal(shape, dtype=dtype), g.uniform(shape, dtype=dtype), g.uniform(shape, -5, 5, dtype=tf.int32),
            g.truncated_normal(shape, dtype=dtype), g.state.read_value()]


def _seeded_sampler(fn):
    def run(*inputs, global_seed, seed, **kwargs):
        import tensorflow as tf
        tf.random.set_seed(global_seed)
        return fn(tf, *inputs, seed=seed, **kwargs)
    return run


def _seeded(fn):
    def run(global_seed, seed, shape, **kwargs):
        import tensorflow as tf
        tf.random.set_seed(global_seed)
        return getattr(tf.random, fn)(shape, seed=seed, **kwargs)
    return run


def _stateless(fn):
    def run(seed, shape, **kwargs):
        import tensorflow as tf
        return getattr(tf.random, fn)(shape, seed, **kwargs)
    return run


ADAPTERS = {f"seeded.{fn}": _seeded(fn) for fn in ["normal", "uniform", "truncated_normal"]}
ADAPTERS.update({f"tf.random.{fn}": _stateless(fn) for fn in ["stateless_normal", "stateless_uniform", "stateless_truncated_normal"]})
ADAPTERS.update({
    "seeded.categorical": _seeded_sampler(lambda tf, logits, **kw: tf.random.categorical(logits, **kw)),
    "seeded.shuffle": _seeded_sampler(lambda tf, value, **kw: tf.random.shuffle(value, **kw)),
    "seeded.gamma": _seeded_sampler(lambda tf, alpha, beta=None, *, shape, **kw: tf.random.gamma(shape, alpha, beta, dtype=alpha.dtype, **kw)),
    "seeded.poisson": _seeded_sampler(lambda tf, lam, *, shape, **kw: tf.random.poisson(shape, lam, **kw)),
    "tf.random.stateless_categorical": lambda logits, seed, **kw: __import__("tensorflow").random.stateless_categorical(logits, seed=seed, **kw),
    "tf.random.stateless_gamma": lambda seed, alpha, shape: __import__("tensorflow").random.stateless_gamma(shape, seed, alpha),
    "tf.random.stateless_poisson": lambda seed, lam, shape, **kw: __import__("tensorflow").random.stateless_poisson(shape, seed, lam, **kw),
    "generator.draws": _generator_draws,
})


def cases():
    return stateless() + stateful() + sampling()
