"""The Python peers of tfpp's benchmarks: TensorFlow 2.21 (eager and tf.function) and PyTorch 2.13,
doing the work of bench/*_bench.cc under the same Google Benchmark names.

Run by bench/compare_peers.py with the reference environment's interpreter, one process per side
and thread count (kept running with --serve), or by hand:

    .venv-ref/bin/python bench/peers/python_peers.py --side tf --threads 2 --filter Chain

prints one JSON object per line: {"name", "variant", "ns", "cpu_ns"}, the real time and the
process CPU time (every thread's) of one call (one epoch for the pipelines) averaged over about
--min-time seconds. A name's variants are the peer's ways of
running it: "eager", "function" (tf.function) and, for the *Traced* benchmarks, "xla"
(tf.function(jit_compile=True)) for TensorFlow; "eager", "jit.script" and
"jit.trace" for PyTorch. Benchmarks named *Eager* get eager variants only, *Traced* ones traced
variants only (except PyTorch's training step, which has no traced form: its eager step stands in).
"""
import argparse
import gzip
import json
import os
import re
import sys
import tempfile
import time
import timeit

import numpy as np

FASHION_MNIST = "/usr/share/datasets/fashion-mnist"  # tfpp's fashion_mnist::kDefaultDirectory
REDUCE_SHAPES = [(4096, 4096, axis) for axis in (1, 0, -1)] + [(256, 1000, axis) for axis in (1, 0, -1)]
MLP_SHAPES = [(784, 100, 0.05), (100, 100, 0.1), (100, 10, 0.1)]


def reduce_name(op, rows, cols, axis):
    return f"BM_{op}/rows:{rows}/cols:{cols}/axis:{axis}/real_time"


def fashion_mnist_train():
    """Fashion-MNIST's training images as float32 [60000, 28, 28] (0..255) and int32 labels."""
    def idx(name, offset):
        with gzip.open(os.path.join(FASHION_MNIST, name)) as f:
            return np.frombuffer(f.read(), np.uint8, offset=offset)
    return (idx("train-images-idx3-ubyte.gz", 16).reshape(60000, 28, 28).astype(np.float32),
            idx("train-labels-idx1-ubyte.gz", 8).astype(np.int32))


def tensorflow_twins(wanted):
    """name -> {variant: callable} for TensorFlow, for the names `wanted` accepts."""
    import tensorflow as tf
    twins = {}

    def add(name, eager=None, function=None, xla=None):
        """Registers eager and tf.function variants; a name's kind (Eager/Traced) filters them. The
        XLA variant (tf.function(jit_compile=True)) runs for the *Traced benchmarks only."""
        if not wanted(name):
            return
        variants = {}
        if eager is not None and "Traced" not in name:
            variants["eager"] = eager
        if function is not None and "Eager" not in name:
            variants["function"] = function
        if xla is not None and "Traced" in name:
            variants["xla"] = xla
        twins[name] = variants

    def both(fn, *args):
        graph, compiled = tf.function(fn), tf.function(fn, jit_compile=True)
        return dict(eager=lambda: fn(*args), function=lambda: graph(*args), xla=lambda: compiled(*args))

    a, b = tf.constant(1.0), tf.constant(2.0)
    add("BM_EagerAddScalar", eager=lambda: tf.add(a, b))

    def chain(y, c):
        for _ in range(25):
            y = ((y * c + c) - c) / c
        return y

    for n in (16, 1000, 100000):
        x, c = tf.ones([n]), tf.fill([n], 1.0001)
        if n != 100000:
            add(f"BM_EagerChain100/{n}", eager=lambda x=x, c=c: chain(x, c))
        add(f"BM_Chain100Eager/{n}", **both(chain, x, c))
        add(f"BM_Chain100Traced/{n}", **both(chain, x, c))

    image = tf.random.normal([1, 200, 200, 100], seed=1)
    filters = tf.random.normal([3, 3, 100, 100], seed=2)
    conv = lambda x, w: tf.nn.conv2d(x, w, 1, "VALID")
    for name in ("BM_Conv2DDocsEager/real_time", "BM_Conv2DDocsTraced/real_time", "BM_Conv2DDocs/real_time"):
        add(name, **both(conv, image, filters))
    stem = tf.random.normal([32, 112, 112, 64], seed=1)
    add("BM_MaxPoolStem/real_time", **both(lambda x: tf.nn.max_pool2d(x, 3, 2, "SAME"), stem))
    batch_x = tf.random.normal([16, 28, 28, 64], seed=1)
    batch_w = tf.random.normal([3, 3, 64, 64], stddev=0.05, seed=2)
    add("BM_Conv2DBatch/real_time", **both(lambda x, w: tf.nn.conv2d(x, w, 1, "SAME"), batch_x, batch_w))

    def conv_gradients(x, w):
        with tf.GradientTape() as tape:
            tape.watch([x, w])
            y = tf.nn.conv2d(x, w, 1, "SAME")
        return tape.gradient(y, [x, w])
    add("BM_Conv2DBatchGradients/real_time", **both(conv_gradients, batch_x, batch_w))
    pool_x = tf.random.normal([8, 112, 112, 64], seed=1)
    for arg, pool in ((0, tf.nn.avg_pool2d), (1, tf.nn.max_pool2d)):
        def pool_gradient(x, pool=pool):
            with tf.GradientTape() as tape:
                tape.watch(x)
                y = pool(x, 3, 2, "SAME")
            return tape.gradient(y, x)
        add(f"BM_PoolGradients/{arg}/real_time", **both(pool_gradient, pool_x))

    def mlp_variables():
        return [v for i, (n_in, n_out, stddev) in enumerate(MLP_SHAPES)
                for v in (tf.Variable(tf.random.normal([n_in, n_out], stddev=stddev, seed=3 + i)),
                          tf.Variable(tf.zeros([n_out])))]

    def mlp_loss(variables, x, labels):
        h = tf.nn.relu(tf.matmul(x, variables[0]) + variables[1])
        h = tf.nn.relu(tf.matmul(h, variables[2]) + variables[3])
        logits = tf.matmul(h, variables[4]) + variables[5]
        return tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels, logits))

    for batch in (32, 128):
        x = tf.random.uniform([batch, 784], seed=1)
        labels = tf.random.uniform([batch], 0, 10, dtype=tf.int32, seed=2)
        variables = mlp_variables()

        def forward_backward(x, labels, variables=variables):
            with tf.GradientTape() as tape:
                loss = mlp_loss(variables, x, labels)
            return tape.gradient(loss, variables)
        add(f"BM_MlpForwardBackward/{batch}/real_time", **both(forward_backward, x, labels))

        def train_step(x, labels, variables=mlp_variables()):
            with tf.GradientTape() as tape:
                loss = mlp_loss(variables, x, labels)
            for v, g in zip(variables, tape.gradient(loss, variables)):
                v.assign_sub(g * 0.01)
            return loss
        for kind in ("Eager", "Traced"):
            add(f"BM_MlpTrainStep{kind}/{batch}/real_time", **both(train_step, x, labels))

    for n in (64, 256, 1024, 2048):
        m1, m2 = tf.random.normal([n, n], seed=1), tf.random.normal([n, n], seed=2)
        add(f"BM_MatMulF32/{n}/real_time", **both(tf.matmul, m1, m2))
    matrices = {(rows, cols): tf.random.normal([rows, cols], seed=3) for rows, cols in {(r, c) for r, c, _ in REDUCE_SHAPES}}
    for op, fn in (("ReduceSum", tf.reduce_sum), ("ReduceMean", tf.reduce_mean), ("ReduceMax", tf.reduce_max),
                   ("ReduceMin", tf.reduce_min), ("ReduceProd", tf.reduce_prod)):
        for rows, cols, axis in REDUCE_SHAPES:
            m = matrices[rows, cols]
            reduce = (lambda x, fn=fn: fn(x)) if axis < 0 else (lambda x, fn=fn, axis=axis: fn(x, axis))
            add(reduce_name(op, rows, cols, axis), **both(reduce, m))
    add("BM_Softmax/real_time", **both(tf.nn.softmax, tf.random.normal([1024, 1000], seed=4)))
    for rows, classes in ((128, 10), (128, 1000)):
        logits = tf.random.normal([rows, classes], seed=5)
        labels = tf.random.uniform([rows], 0, classes, dtype=tf.int32, seed=6)
        add(f"BM_SparseCrossEntropy/rows:{rows}/classes:{classes}/real_time",
            **both(tf.nn.sparse_softmax_cross_entropy_with_logits, labels, logits))

    if any(wanted(n) for n in ("BM_FashionMnistPipeline/0/real_time", "BM_PipelineStagesInline/0/real_time",
                               "BM_StepWithoutPipeline/real_time", "BM_StepWithPipeline/0/real_time")):
        tensorflow_data_twins(tf, add)
    if any(wanted(f"BM_TFRecordRead/{size}/real_time") for size in (1 << 10, 100 << 10)):
        tensorflow_tfrecord_twins(tf, add)
    return twins


def tensorflow_data_twins(tf, add):
    """bench/data_bench.cc's pipelines and training steps through tf.data. A pipeline's "eager"
    variant iterates it in Python; its "function" variant consumes it inside TensorFlow
    (Dataset.reduce), without Python's per-element cost."""
    images, labels = fashion_mnist_train()
    normalize = lambda image, label: (image / 255.0, label)
    slices = tf.data.Dataset.from_tensor_slices((images, labels))
    autotune = tf.data.AUTOTUNE

    def pipeline(shape):
        ds = slices.shuffle(10000, seed=1)
        if shape == 2:
            return ds.map(normalize).batch(32)
        if shape == 1:
            ds = ds.batch(32).map(normalize, num_parallel_calls=autotune)
        else:
            ds = ds.map(normalize, num_parallel_calls=autotune).batch(32)
        return ds.prefetch(autotune)

    def epoch_variants(ds, per_element=False):
        def python_loop():
            for _ in ds:
                pass
        consume = lambda: ds.reduce(0, lambda count, _: count + 1)
        # A Python loop over 60,000 single elements measures Python, not tf.data: skipped.
        return dict(function=consume) if per_element else dict(eager=python_loop, function=consume)

    for shape in (0, 1, 2):
        add(f"BM_FashionMnistPipeline/{shape}/real_time", **epoch_variants(pipeline(shape)))
    stages = [slices, slices.shuffle(10000, seed=1)]
    stages += [stages[1].map(normalize), stages[1].map(normalize).batch(32)]
    for i, ds in enumerate(stages):
        add(f"BM_PipelineStagesInline/{i}/real_time", **epoch_variants(ds, per_element=i < 3))

    # The classification tutorial's model (784-128-10) with tape gradients and SGD, batch 32.
    w1 = tf.Variable(tf.random.truncated_normal([784, 128], stddev=0.05, seed=1))
    b1 = tf.Variable(tf.zeros([128]))
    w2 = tf.Variable(tf.random.truncated_normal([128, 10], stddev=0.05, seed=2))
    b2 = tf.Variable(tf.zeros([10]))

    def step(images, labels):
        with tf.GradientTape() as tape:
            x = tf.reshape(images, [tf.shape(images)[0], 784])
            logits = tf.matmul(tf.nn.relu(tf.matmul(x, w1) + b1), w2) + b2
            loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels, logits))
        for v, g in zip((w1, b1, w2, b2), tape.gradient(loss, (w1, b1, w2, b2))):
            v.assign_sub(g * 0.01)
        return loss
    traced_step = tf.function(step)

    batches = list(pipeline(2).take(100))
    def steps_in_memory(fn):
        position = iter(range(1 << 62))
        return lambda: fn(*batches[next(position) % len(batches)])
    add("BM_StepWithoutPipeline/real_time", eager=steps_in_memory(step), function=steps_in_memory(traced_step))
    for shape in (0, 1, 2):
        def fed(fn, shape=shape):
            iterator = None  # started on the first call, so that its threads idle until then

            def run():
                nonlocal iterator
                iterator = iterator or iter(pipeline(shape).repeat())
                return fn(*next(iterator))
            return run
        add(f"BM_StepWithPipeline/{shape}/real_time", eager=fed(step), function=fed(traced_step))


def tensorflow_tfrecord_twins(tf, add):
    """bench/data_bench.cc's TFRecord reading: ~200 MB of records, consumed inside TensorFlow."""
    directory = tempfile.mkdtemp(prefix="tfpp_peer_")
    for size in (1 << 10, 100 << 10):
        path = os.path.join(directory, f"{size}.tfrecord")
        record = bytearray(b"x" * size)
        with tf.io.TFRecordWriter(path) as writer:
            for written in range(0, 200 << 20, size):
                record[written % size] ^= 1
                writer.write(bytes(record))
        ds = tf.data.TFRecordDataset(path)
        add(f"BM_TFRecordRead/{size}/real_time",
            function=lambda ds=ds: ds.reduce(tf.constant(0, tf.int64),
                                             lambda total, r: total + tf.cast(tf.strings.length(r), tf.int64)))


def torch_twins(wanted):
    """name -> {variant: callable} for PyTorch's Python front end, for the names `wanted` accepts."""
    import torch
    torch.set_grad_enabled(False)
    twins = {}

    def add(name, **variants):
        if wanted(name):
            twins[name] = variants

    a, b = torch.tensor(1.0), torch.tensor(2.0)
    add("BM_EagerAddScalar", eager=lambda: torch.add(a, b))

    def chain(y, c):
        for _ in range(25):
            y = ((y * c + c) - c) / c
        return y

    for n in (16, 1000, 100000):
        x, c = torch.ones(n), torch.full((n,), 1.0001)
        if n != 100000:
            add(f"BM_EagerChain100/{n}", eager=lambda x=x, c=c: chain(x, c))
        add(f"BM_Chain100Eager/{n}", eager=lambda x=x, c=c: chain(x, c))
        if wanted(f"BM_Chain100Traced/{n}"):
            scripted, traced = torch.jit.script(chain), torch.jit.trace(chain, (x, c))
            add(f"BM_Chain100Traced/{n}", **{"jit.script": lambda x=x, c=c: scripted(x, c),
                                             "jit.trace": lambda x=x, c=c: traced(x, c)})

    # Images are channels-last, PyTorch's fastest layout for these on CPU.
    cl = torch.channels_last
    image = torch.randn(1, 100, 200, 200).contiguous(memory_format=cl)
    filters = torch.randn(100, 100, 3, 3)
    add("BM_Conv2DDocsEager/real_time", eager=lambda: torch.conv2d(image, filters))
    add("BM_Conv2DDocs/real_time", eager=lambda: torch.conv2d(image, filters))
    if wanted("BM_Conv2DDocsTraced/real_time"):
        conv = torch.jit.trace(lambda x, w: torch.conv2d(x, w), (image, filters))
        add("BM_Conv2DDocsTraced/real_time", **{"jit.trace": lambda: conv(image, filters)})
    stem = torch.randn(32, 64, 112, 112).contiguous(memory_format=cl)
    add("BM_MaxPoolStem/real_time", eager=lambda: torch.max_pool2d(stem, 3, 2, 1))
    batch_x = torch.randn(16, 64, 28, 28).contiguous(memory_format=cl)
    batch_w = (torch.randn(64, 64, 3, 3) * 0.05).contiguous(memory_format=cl)
    add("BM_Conv2DBatch/real_time", eager=lambda: torch.conv2d(batch_x, batch_w, padding=1))

    def conv_gradients():
        with torch.enable_grad():
            x, w = batch_x.detach().requires_grad_(), batch_w.detach().requires_grad_()
            y = torch.conv2d(x, w, padding=1)
            return torch.autograd.grad(y, (x, w), torch.ones_like(y))
    add("BM_Conv2DBatchGradients/real_time", eager=conv_gradients)
    pool_x = torch.randn(8, 64, 112, 112).contiguous(memory_format=cl)
    # TensorFlow's SAME 3x3/2 pool of 112 pads one row/column at the end only; average pooling
    # counts only the window's valid cells, as count_include_pad=False does.
    for arg, pool in ((0, lambda x: torch.nn.functional.avg_pool2d(x, 3, 2, 1, count_include_pad=False)),
                      (1, lambda x: torch.max_pool2d(x, 3, 2, 1))):
        def pool_gradient(pool=pool):
            with torch.enable_grad():
                x = pool_x.detach().requires_grad_()
                y = pool(x)
                return torch.autograd.grad(y, x, torch.ones_like(y))
        add(f"BM_PoolGradients/{arg}/real_time", eager=pool_gradient)

    def mlp(batch):
        torch.manual_seed(1)
        x, labels = torch.rand(batch, 784), torch.randint(0, 10, (batch,))
        params = [p for n_in, n_out, stddev in MLP_SHAPES
                  for p in ((torch.randn(n_in, n_out) * stddev).requires_grad_(), torch.zeros(n_out, requires_grad=True))]

        def loss():
            h = torch.relu(torch.addmm(params[1], x, params[0]))
            h = torch.relu(torch.addmm(params[3], h, params[2]))
            return torch.nn.functional.cross_entropy(torch.addmm(params[5], h, params[4]), labels)
        return params, loss

    for batch in (32, 128):
        params, loss = mlp(batch)

        def forward_backward(params=params, loss=loss):
            with torch.enable_grad():
                return torch.autograd.grad(loss(), params)
        add(f"BM_MlpForwardBackward/{batch}/real_time", eager=forward_backward)

        params, loss = mlp(batch)
        optimizer = torch.optim.SGD(params, lr=0.01)

        def train_step(loss=loss, optimizer=optimizer):
            with torch.enable_grad():
                value = loss()
                value.backward()
                optimizer.step()
                optimizer.zero_grad(set_to_none=True)
                return value
        add(f"BM_MlpTrainStepEager/{batch}/real_time", eager=train_step)
        # PyTorch has no traced training step: its eager step stands in.
        add(f"BM_MlpTrainStepTraced/{batch}/real_time", eager=train_step)

    for n in (64, 256, 1024, 2048):
        m1, m2 = torch.randn(n, n), torch.randn(n, n)
        add(f"BM_MatMulF32/{n}/real_time", eager=lambda m1=m1, m2=m2: torch.matmul(m1, m2))
    # max and min use amax/amin, which (unlike max(dim)) compute no indices: PyTorch's fastest form.
    matrices = {(rows, cols): torch.randn(rows, cols) for rows, cols in {(r, c) for r, c, _ in REDUCE_SHAPES}}
    for op, full, partial in (("ReduceSum", torch.sum, torch.sum), ("ReduceMean", torch.mean, torch.mean),
                              ("ReduceMax", torch.max, torch.amax), ("ReduceMin", torch.min, torch.amin),
                              ("ReduceProd", torch.prod, torch.prod)):
        for rows, cols, axis in REDUCE_SHAPES:
            m = matrices[rows, cols]
            reduce = (lambda m=m, f=full: f(m)) if axis < 0 else (lambda m=m, f=partial, axis=axis: f(m, axis))
            add(reduce_name(op, rows, cols, axis), eager=reduce)
    # The tensor is bound as a default: the loop below rebinds `logits`, and a late-bound lambda
    # timed the softmax of its last [128, 1000] logits (1/8 of the work).
    softmax_logits = torch.randn(1024, 1000)
    add("BM_Softmax/real_time", eager=lambda x=softmax_logits: torch.softmax(x, -1))
    for rows, classes in ((128, 10), (128, 1000)):
        logits, labels = torch.randn(rows, classes), torch.randint(0, classes, (rows,))
        add(f"BM_SparseCrossEntropy/rows:{rows}/classes:{classes}/real_time",
            eager=lambda logits=logits, labels=labels: torch.nn.functional.cross_entropy(logits, labels, reduction="none"))
    return twins


def time_call(fn, min_time):
    """(real, process CPU) nanoseconds per call, averaged over about `min_time` seconds, after a warm-up."""
    started = time.perf_counter()
    for _ in range(3):  # tf.function traces, TorchScript's profiling executor optimizes
        fn()
        if time.perf_counter() - started > 1.0:  # an epoch-long call needs no more warm-up
            break
    timer = timeit.Timer(fn)
    number = 1
    while True:
        cpu_started = time.process_time()
        elapsed = timer.timeit(number)
        cpu = time.process_time() - cpu_started
        if elapsed >= min_time:
            return elapsed / number * 1e9, cpu / number * 1e9
        number = max(number * 2, int(number * min_time / max(elapsed, 1e-9) * 1.2))


def run(twins_of, regex, min_time):
    """Times every variant of every twin whose name `regex` matches; prints one JSON line each."""
    pattern = re.compile(regex)
    for name, variants in twins_of(lambda name: bool(pattern.search(name))).items():
        for variant, fn in variants.items():
            ns, cpu_ns = time_call(fn, min_time)
            print(json.dumps({"name": name, "variant": variant, "ns": ns, "cpu_ns": cpu_ns}), flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--side", choices=("tf", "torch"), required=True)
    parser.add_argument("--threads", type=int, required=True)
    parser.add_argument("--filter", default=".", help="benchmark name regex (searched, as Google Benchmark does)")
    parser.add_argument("--min-time", type=float, default=0.2)
    parser.add_argument("--serve", action="store_true",
                        help="read one filter per line from stdin, answer each with its lines and a line END")
    args = parser.parse_args()
    if args.side == "tf":
        import tensorflow as tf
        tf.config.threading.set_intra_op_parallelism_threads(args.threads)
        twins_of = tensorflow_twins
    else:
        import torch
        torch.set_num_threads(args.threads)
        twins_of = torch_twins
    if not args.serve:
        run(twins_of, args.filter, args.min_time)
        return
    for line in sys.stdin:
        run(twins_of, line.rstrip("\n"), args.min_time)
        print("END", flush=True)


if __name__ == "__main__":
    main()
