"""What every Python conformance program imports: `tf` is TensorFlow or tfpp, as the driver
(compare_with_tensorflow.py) chooses through TFPP_TEST_MODULE, and `show_error` prints what a
failing call raised in a form both libraries share (its TensorFlow class name and base)."""

import importlib
import os

import numpy as np

tf = importlib.import_module(os.environ.get("TFPP_TEST_MODULE", "tensorflow"))


def show_error(label, fn):
    """Calls fn() and prints the class of the exception it raises (the messages differ)."""
    try:
        result = fn()
    except Exception as e:  # noqa: BLE001 - the class is what is compared
        op_error = isinstance(e, tf.errors.OpError)
        print("%s: raises %s%s" % (label, type(e).__name__, " (an OpError)" if op_error else ""))
    else:
        print("%s: no error, returned %r" % (label, result))


def show_error_message(label, fn, width=None):
    """Calls fn() and prints the class and message (its first `width` characters) of the exception
    it raises, or that it raised none: for errors whose messages match TensorFlow's."""
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - class and message are what is compared
        message = str(e)
        print("%s: %s: %s" % (label, type(e).__name__, message if width is None else message[:width]))
    else:
        print("%s: no error" % label)


def show(label, fn, width=150):
    """Calls fn() and prints its result, or the class and the first line (its first `width`
    characters) of the exception it raises."""
    try:
        result = fn()
    except Exception as e:  # noqa: BLE001 - class and message are what is compared
        print(label, "raises", type(e).__name__, str(e).splitlines()[0][:width] if str(e) else "")
    else:
        print(label, result)


def rounded(t, decimals=5):
    """dtype, shape and values rounded to `decimals`: for results of transcendental functions, whose
    float32 values may differ from TensorFlow's in the last bit (the tolerances of docs/CONFORMANCE.md)."""
    return "%s%s %s" % (t.dtype.name, tuple(t.shape), np.round(np.asarray(t), decimals).tolist())


def normalized_code(text):
    """tf.autograph.to_code's text with the order of the names in each variable list sorted:
    TensorFlow orders them as a Python set iterates, which is arbitrary."""
    import re

    def sort_names(names, quote=""):
        items = [n.strip() for n in names.split(",") if n.strip()]
        return ", ".join(sorted(items))

    out, undefined = [], []
    for line in text.splitlines():
        stripped = line.strip()
        if re.fullmatch(r"\w+ = ag__\.Undefined\('\w+'\)", stripped):
            undefined.append(line)
            continue
        out.extend(sorted(undefined))
        undefined = []
        line = re.sub(r"nonlocal (.*)$", lambda m: "nonlocal " + sort_names(m.group(1)), line)
        line = re.sub(r"return \((\w+(?:, \w+)*),?\)$", lambda m: "return (%s,)" % sort_names(m.group(1)), line)
        line = re.sub(r"^(\s*)(\w+(?:, \w+)*),? = vars_$", lambda m: "%s%s, = vars_" % (m.group(1), sort_names(
            m.group(2))), line)
        line = re.sub(r"\(('[\w<> ]+'(?:, '[\w<> ]+')*),?\)(, (?:\d+|\{))", lambda m: "(%s,)%s" % (
            sort_names(m.group(1)), m.group(2)), line)
        out.append(line)
    out.extend(sorted(undefined))
    return "\n".join(out)
