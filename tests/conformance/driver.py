"""Runs one family of conformance cases through tfpp's runner and through TensorFlow 2.21 in the
same process run, and compares dtypes, shapes, values, printed text, error classes and gradients.

    python driver.py --runner build/tests/conformance_runner --family math

Exits non-zero when any case differs; prints each difference."""

import argparse
import importlib
import os
import struct
import subprocess
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from case import DT, HALF  # noqa: E402

# Where C++ has no counterpart of a Python error class, tfpp raises InvalidArgumentError
# (docs/CONFORMANCE.md lists this deviation).
EQUIVALENT_ERRORS = {
    "InvalidArgumentError": {"InvalidArgumentError", "ValueError", "TypeError"},
    "OutOfRangeError": {"OutOfRangeError"},
    "UnimplementedError": {"UnimplementedError", "NotImplementedError"},
    "NotFoundError": {"NotFoundError"},
    "LookupError": {"LookupError"},
    "FailedPreconditionError": {"FailedPreconditionError"},
}


# ---------------------------------------------------------------- wire format

def hex_bytes(b):
    return "x" + b.hex()


def encode_tensor(arr):
    arr = np.asarray(arr)
    name = dtype_name(arr)
    parts = [name, str(arr.ndim)] + [str(d) for d in arr.shape]
    flat = arr.reshape(-1)
    if name == "float32":
        parts += ["%08x" % v for v in flat.view(np.uint32)]
    elif name == "float64":
        parts += ["%016x" % v for v in flat.view(np.uint64)]
    elif name == "complex64":  # the real and imaginary parts' bits in turn
        parts += ["%08x" % v for v in flat.view(np.float32).view(np.uint32)]
    elif name == "complex128":
        parts += ["%016x" % v for v in flat.view(np.float64).view(np.uint64)]
    elif name in HALF:
        parts += ["%04x" % v for v in flat.view(np.uint16)]
    elif name == "bool":
        parts += ["1" if v else "0" for v in flat]
    elif name == "string":
        parts += [hex_bytes(v if isinstance(v, bytes) else str(v).encode()) for v in flat]
    else:
        parts += [str(int(v)) for v in flat]
    return " ".join(parts)


def dtype_name(arr):
    if arr.dtype == object or arr.dtype.kind in "SU":
        return "string"
    return {"float32": "float32", "float64": "float64", "int32": "int32", "int64": "int64", "uint8": "uint8",
            "int8": "int8", "int16": "int16", "uint16": "uint16", "uint32": "uint32", "uint64": "uint64",
            "bool": "bool", "complex64": "complex64", "complex128": "complex128", "float16": "float16",
            "bfloat16": "bfloat16"}[str(arr.dtype)]


def encode_attr(name, value):
    if value is None:
        return f"attr {name} n"
    if isinstance(value, DT):
        return f"attr {name} d {value.name}"
    if isinstance(value, bool):
        return f"attr {name} b {int(value)}"
    if isinstance(value, int):
        return f"attr {name} i {value}"
    if isinstance(value, float):
        return f"attr {name} f {struct.unpack('<Q', struct.pack('<d', value))[0]:016x}"
    if isinstance(value, (str, bytes)):
        return f"attr {name} s {hex_bytes(value if isinstance(value, bytes) else value.encode())}"
    if isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value) and value:
        return f"attr {name} S " + " ".join(hex_bytes(v.encode()) for v in value)
    if isinstance(value, (list, tuple)):
        flat = np.asarray(value, dtype=np.int64).reshape(-1)
        return f"attr {name} I " + " ".join(str(int(v)) for v in flat)
    raise TypeError(f"attribute {name}: cannot encode {value!r}")


def decode_tensor(tokens):
    name, rank = tokens[0], int(tokens[1])
    shape = tuple(int(t) for t in tokens[2:2 + rank])
    vals = tokens[2 + rank:]
    if name == "float32":
        arr = np.array([int(v, 16) for v in vals], dtype=np.uint32).view(np.float32)
    elif name == "float64":
        arr = np.array([int(v, 16) for v in vals], dtype=np.uint64).view(np.float64)
    elif name == "complex64":
        arr = np.array([int(v, 16) for v in vals], dtype=np.uint32).view(np.float32).view(np.complex64)
    elif name == "complex128":
        arr = np.array([int(v, 16) for v in vals], dtype=np.uint64).view(np.float64).view(np.complex128)
    elif name in HALF:
        arr = np.array([int(v, 16) for v in vals], dtype=np.uint16).view(HALF[name])
    elif name == "bool":
        arr = np.array([v == "1" for v in vals], dtype=np.bool_)
    elif name == "string":
        arr = np.array([bytes.fromhex(v[1:]) for v in vals] + [None], dtype=object)[:-1]
    else:
        arr = np.array([int(v) for v in vals], dtype=name)
    return name, arr.reshape(shape)


class Result:
    """What one side computed for a case."""

    def __init__(self):
        self.error = None        # (class, message)
        self.outputs = []        # (dtype name, array, printed text)
        self.grads = None        # list of (dtype name, array) or None per source
        self.grad_error = None
        self.missing = None


def run_tfpp(runner, cases):
    lines = []
    for cid, c in cases:
        lines.append(f"case {cid} {c.fn} {int(c.grad)}")
        lines += ["in " + encode_tensor(x) for x in c.inputs]
        lines += [encode_attr(k, v) for k, v in c.attrs.items()]
        lines.append("end")
    proc = subprocess.run([runner], input="\n".join(lines) + "\n", capture_output=True, text=True)
    results, current = {}, None
    for line in proc.stdout.splitlines():
        tag, _, rest = line.partition(" ")
        tokens = rest.split()
        if tag == "case":
            current = results.setdefault(tokens[0], Result())
        elif tag == "missing":
            current.missing = tokens[0]
        elif tag == "error":
            current.error = (tokens[0], bytes.fromhex(tokens[1][1:]).decode(errors="replace"))
        elif tag == "out":
            current.outputs.append(list(decode_tensor(tokens)) + [None])
        elif tag == "str":
            current.outputs[-1][2] = bytes.fromhex(tokens[0][1:]).decode(errors="replace")
        elif tag == "repr":
            current.outputs[-1].append(bytes.fromhex(tokens[0][1:]).decode(errors="replace"))
        elif tag == "grad":
            current.grads = current.grads or []
            current.grads.append(None if tokens[1] == "none" else decode_tensor(tokens[1:]))
        elif tag == "gerror":
            current.grad_error = (tokens[0], bytes.fromhex(tokens[1][1:]).decode(errors="replace"))
    if proc.returncode != 0:
        last = list(results)[-1] if results else "(none)"
        raise SystemExit(f"conformance runner exited with {proc.returncode} after case {last}:\n{proc.stderr[-3000:]}")
    return results


# ---------------------------------------------------------------- TensorFlow side

def run_tensorflow(cases, adapters):
    import tensorflow as tf
    results = {}
    for cid, c in cases:
        r = Result()
        results[cid] = r
        fn = adapters.get(c.fn) or resolve(tf, c.fn)
        attrs = {k: (tf.as_dtype(v.name) if isinstance(v, DT) else v) for k, v in c.attrs.items()}
        try:
            with tf.GradientTape(persistent=True) as tape:
                inputs = [tf.constant(x) for x in c.inputs]
                sources = [x for x in inputs if x.dtype.is_floating or x.dtype.is_complex] if c.grad else []
                tape.watch(sources)
                outs = normalize(tf, fn(*inputs, **attrs))
        except Exception as e:  # noqa: BLE001 - the class is what we compare
            r.error = (type(e).__name__, str(e).splitlines()[0] if str(e) else "")
            continue
        targets = [o for o in outs if o.dtype.is_floating or o.dtype.is_complex]
        for o in outs:
            value = np.array(o.numpy(), dtype=object) if o.dtype == tf.string else np.asarray(o.numpy())
            r.outputs.append([o.dtype.name, value, str(o), repr(o)])
        if sources and targets:
            try:
                grads = tape.gradient(targets, sources, output_gradients=[upstream(tf, o) for o in targets])
                r.grads = [None if g is None else (g.dtype.name, tf.convert_to_tensor(g).numpy()) for g in grads]
            except Exception as e:  # noqa: BLE001
                r.grad_error = (type(e).__name__, str(e).splitlines()[0] if str(e) else "")
    return results


def resolve(tf, name):
    obj = tf
    for part in name.split(".")[1:]:
        obj = getattr(obj, part)
    return obj


def normalize(tf, out):
    """A list of eager tensors from whatever the function returned."""
    if isinstance(out, tf.Tensor):
        return [out]
    if isinstance(out, tf.RaggedTensor):
        return [out[i] for i in range(out.nrows())]
    if isinstance(out, (list, tuple)):
        return [t for o in out for t in normalize(tf, o)]
    return [tf.convert_to_tensor(out)]


def upstream(tf, o):
    n = int(np.prod(o.shape))
    w = np.array([((k * 7) % 11 - 5) / 4.0 for k in range(n)], dtype=np.float64).reshape(o.shape)
    return tf.constant(w, dtype=o.dtype)


# ---------------------------------------------------------------- comparison

def float_diff(name, got, want, ulps, zero_sign_matters=True, scaled=False):
    """None when every element is within `ulps` units in the last place, else a description.

    The unit is taken at the larger of the two values; with `scaled` (the largest input
    magnitude, or True), at least at the largest magnitude of the tensor and the inputs, so sums
    with cancellation compare against the scale of what was summed."""
    ftype = np.float32 if name == "float32" else np.float64
    if name in HALF:  # ulps of the 16-bit type, compared in float32
        return half_diff(name, got.astype(np.float32).reshape(-1), want.astype(np.float32).reshape(-1), ulps, zero_sign_matters, scaled)
    got, want = got.astype(ftype).reshape(-1), want.astype(ftype).reshape(-1)
    both_nan = np.isnan(got) & np.isnan(want)
    same = ((got == want) & (np.signbit(got) == np.signbit(want))) | both_nan
    if same.all():
        return None
    zero_sign = (got == 0) & (want == 0) & (np.signbit(got) != np.signbit(want))
    if not zero_sign_matters:
        same |= zero_sign
        if same.all():
            return None
    elif zero_sign.any():
        k = int(np.argmax(zero_sign))
        return f"element {k}: tfpp {got[k]!r}, TensorFlow {want[k]!r} (sign of zero)"
    scale = comparison_scale(want, scaled)
    unit = np.maximum(np.spacing(np.maximum(np.abs(got), np.abs(want)).astype(ftype)), np.spacing(ftype(scale)))
    return ulps_apart(got, want, same, unit, ulps, "ulps")


def comparison_scale(want, scaled):
    """The magnitude whose unit in the last place bounds every element's (0 unless `scaled`)."""
    return max(np.max(np.abs(want[np.isfinite(want)]), initial=0), float(scaled)) if scaled is not False else 0


def ulps_apart(got, want, same, unit, ulps, units):
    """None when every element not already `same` is within `ulps` units (`unit` per element) of
    TensorFlow's, else the worst element (non-finite values must match exactly)."""
    finite = np.isfinite(want) & np.isfinite(got)
    with np.errstate(invalid="ignore", over="ignore"):
        err = np.where(finite, np.abs(got.astype(np.float64) - want.astype(np.float64)) / unit, np.inf)
    err = np.where(same, 0, err)
    if (err <= ulps).all():
        return None
    k = int(np.argmax(err))
    return f"element {k}: tfpp {got[k]!r}, TensorFlow {want[k]!r} ({err[k]:.3g} {units} > {ulps})"


def half_spacing(name, x):
    """The unit in the last place of float16 / bfloat16 values (subnormal steps below the normal range)."""
    mantissa, min_exp = (10, -14) if name == "float16" else (7, -126)
    exp = np.floor(np.log2(np.maximum(np.abs(x), 2.0 ** min_exp)))
    return 2.0 ** (exp - mantissa)


def half_diff(name, got, want, ulps, zero_sign_matters, scaled):
    both_nan = np.isnan(got) & np.isnan(want)
    same = ((got == want) & (np.signbit(got) == np.signbit(want))) | both_nan
    if not zero_sign_matters:
        same |= (got == 0) & (want == 0)
    if same.all():
        return None
    scale = comparison_scale(want, scaled)
    unit = np.maximum(half_spacing(name, np.maximum(np.abs(got), np.abs(want))), half_spacing(name, np.float32(scale)))
    return ulps_apart(got, want, same, unit, ulps, "ulps of " + name)


def compare_tensor(what, got, want, ulps, zero_sign_matters=True, scaled=False):
    gname, garr = got[0], got[1]
    wname, warr = want[0], want[1]
    if gname != wname:
        return [f"{what}: dtype tfpp {gname}, TensorFlow {wname}"]
    if garr.shape != warr.shape:
        return [f"{what}: shape tfpp {garr.shape}, TensorFlow {warr.shape}"]
    if gname in ("float32", "float64", *HALF):
        d = float_diff(gname, garr, warr, ulps, zero_sign_matters, scaled)
        return [f"{what}: {d}"] if d else []
    if gname in ("complex64", "complex128"):  # the real and imaginary parts, each as floats
        part = "float32" if gname == "complex64" else "float64"
        d = float_diff(part, np.stack([garr.real, garr.imag], -1), np.stack([warr.real, warr.imag], -1), ulps,
                       zero_sign_matters, scaled)
        return [f"{what} (real and imaginary parts in turn): {d}"] if d else []
    if gname == "string":
        wl = [w if isinstance(w, bytes) else bytes(w) for w in warr.reshape(-1)]
        if list(garr.reshape(-1)) != wl:
            return [f"{what}: values tfpp {list(garr.reshape(-1))}, TensorFlow {wl}"]
        return []
    if not np.array_equal(garr, warr):
        return [f"{what}: values tfpp {garr.tolist()}, TensorFlow {warr.tolist()}"]
    return []


def bit_equal(a, b):
    """Same dtype, shape and bits (where printed text must then be the same too)."""
    return a.dtype == b.dtype and a.shape == b.shape and a.tobytes() == b.tobytes()


def input_scale(c):
    """The largest finite magnitude among the case's float inputs."""
    floats = [x.astype(np.complex128 if x.dtype.kind == "c" else np.float64) for x in map(np.asarray, c.inputs)
              if x.dtype.kind in "fc" or x.dtype.name in HALF]
    mags = [np.max(np.abs(x[np.isfinite(x)]), initial=0) for x in floats]
    return float(max(mags, default=0))


def compare(c, got, want, ulps, grad_ulps, scaled):
    if got.missing:
        return [f"tfpp runner has no function {got.missing}"]
    if want.error or got.error:
        if not want.error:
            return [f"tfpp raised {got.error[0]}: {got.error[1]}; TensorFlow succeeded"]
        if not got.error:
            return [f"TensorFlow raised {want.error[0]} ({want.error[1][:200]}); tfpp succeeded"]
        if want.error[0] not in EQUIVALENT_ERRORS.get(got.error[0], {got.error[0]}):
            return [f"error class tfpp {got.error[0]} ({got.error[1][:200]}), TensorFlow {want.error[0]} ({want.error[1][:200]})"]
        return []
    if len(got.outputs) != len(want.outputs):
        return [f"tfpp gave {len(got.outputs)} outputs, TensorFlow {len(want.outputs)}"]
    problems = []
    for k, (g, w) in enumerate(zip(got.outputs, want.outputs)):
        p = compare_tensor(f"output {k}", g, w, ulps, scaled=input_scale(c) if scaled else False)
        problems += p
        wtext = w[2]
        if not p and w[0] in ("float32", "float64", "complex64", "complex128", *HALF):
            wtext = wtext if bit_equal(g[1], w[1].astype(g[1].dtype)) else None  # text differs with the last bits
        if not p and wtext is not None and g[2] != wtext:
            problems.append(f"output {k} printed:\n  tfpp:       {g[2]!r}\n  TensorFlow: {wtext!r}")
        if not p and wtext is not None and g[3] != w[3]:
            problems.append(f"output {k} repr:\n  tfpp:       {g[3]!r}\n  TensorFlow: {w[3]!r}")
    if c.grad:
        if want.grad_error or got.grad_error:
            if not (want.grad_error and got.grad_error) or \
                    want.grad_error[0] not in EQUIVALENT_ERRORS.get(got.grad_error[0], {got.grad_error[0]}):
                problems.append(f"gradient error tfpp {got.grad_error}, TensorFlow {want.grad_error}")
        elif (got.grads is None) != (want.grads is None):
            problems.append(f"gradients tfpp {got.grads is not None}, TensorFlow {want.grads is not None}")
        elif want.grads is not None and len(got.grads) != len(want.grads):
            problems.append(f"tfpp gave {len(got.grads)} gradients, TensorFlow {len(want.grads)}")
        elif want.grads is not None:
            for k, (g, w) in enumerate(zip(got.grads, want.grads)):
                if (g is None) != (w is None):
                    problems.append(f"gradient {k}: tfpp {'None' if g is None else 'a tensor'}, TensorFlow {'None' if w is None else 'a tensor'}")
                elif g is not None:
                    # The sign of a zero gradient depends on the order of the gradient's products.
                    problems += compare_tensor(f"gradient {k}", g, w, grad_ulps, zero_sign_matters=False, scaled=True)
    return problems


def describe(c):
    ins = ", ".join(f"{dtype_name(np.asarray(x))}{list(np.shape(x))}" for x in c.inputs)
    return f"{c.fn}({ins}{', ' if c.attrs else ''}{', '.join(f'{k}={v!r}' for k, v in c.attrs.items())})"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runner", required=True)
    parser.add_argument("--family", required=True)
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
    module = importlib.import_module(f"cases_{args.family}")
    cases = [(f"{args.family}{k}", c) for k, c in enumerate(module.cases())]
    tfpp = run_tfpp(args.runner, cases)
    ref = run_tensorflow(cases, getattr(module, "ADAPTERS", {}))
    failures = deviations = 0
    for cid, c in cases:
        ulps = c.ulps if c.ulps is not None else module.ULPS
        grad_ulps = c.ulps if c.ulps is not None else getattr(module, "GRAD_ULPS", ulps)
        scaled = c.scaled if c.scaled is not None else getattr(module, "SCALED", False)
        problems = compare(c, tfpp.get(cid) or Result(), ref[cid], ulps, grad_ulps, scaled)
        if problems and c.deviation:
            deviations += 1
            print(f"DEVIATION {cid} {describe(c)} -- listed: {c.deviation}")
        elif problems:
            failures += 1
            print(f"FAIL {cid} {describe(c)}{' -- ' + c.note if c.note else ''}")
        elif args.verbose:
            print(f"ok   {cid} {describe(c)}")
        for p in problems:
            print("   ", p)
    agree = len(cases) - failures - deviations
    print(f"conformance {args.family}: {agree}/{len(cases)} cases agree with TensorFlow "
          f"{__import__('tensorflow').__version__}, {deviations} listed deviations, {failures} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
