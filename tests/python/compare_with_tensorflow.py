"""Runs one Python program twice in the same test run — with `import tensorflow as tf` (the
reference environment, TensorFlow 2.21) and with `import tfpp as tf` — and fails unless both
print the same text (stdout and exit status). Usage:

    compare_with_tensorflow.py PROGRAM --reference-python PY --tfpp-python PY --package-dir DIR
"""

import argparse
import difflib
import os
import subprocess
import sys


# A program holding this line tests how tfpp ends; TensorFlow's own run of it sometimes aborts
# ("terminate called without an active exception") or hangs after printing everything, so only
# its printed text is compared, and its run is given a shorter time.
UNRELIABLE_REFERENCE_EXIT = "# compare: TensorFlow's exit is unreliable here"


def run(python, program, module, extra_path, timeout=900):
    env = dict(os.environ)
    env["TFPP_TEST_MODULE"] = module
    env["TF_CPP_MIN_LOG_LEVEL"] = "3"
    harness_dir = os.path.dirname(os.path.abspath(__file__))
    env["PYTHONPATH"] = os.pathsep.join(p for p in (extra_path, harness_dir) if p)
    env["PYTHONHASHSEED"] = "0"
    # Unbuffered, so Python's print and tf.print (written by C++) keep their order.
    return subprocess.run([python, "-u", program], env=env, capture_output=True, text=True, timeout=timeout)


def run_reference(python, program):
    """TensorFlow's run, or None when it failed; a program marked UNRELIABLE_REFERENCE_EXIT keeps what
    TensorFlow printed before it aborted or hung at exit."""
    with open(program) as source:
        exit_unreliable = UNRELIABLE_REFERENCE_EXIT in source.read()
    if not exit_unreliable:
        expected = run(python, program, "tensorflow", "")
        if expected.returncode != 0:
            print("TensorFlow's run failed (exit %d):\n%s" % (expected.returncode, expected.stderr))
            return None
        return expected
    try:
        return run(python, program, "tensorflow", "", timeout=120)
    except subprocess.TimeoutExpired as hung:
        return subprocess.CompletedProcess(hung.cmd, -1, (hung.stdout or b"").decode(), "")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("program")
    parser.add_argument("--reference-python", required=True)
    parser.add_argument("--tfpp-python", required=True)
    parser.add_argument("--package-dir", required=True)
    args = parser.parse_args()

    expected = run_reference(args.reference_python, args.program)
    if expected is None:
        return 1
    actual = run(args.tfpp_python, args.program, "tfpp", args.package_dir)
    if actual.returncode != 0:
        print("tfpp's run failed (exit %d):\n%s\n--- stdout ---\n%s" % (actual.returncode, actual.stderr, actual.stdout))
        return 1
    if expected.stdout != actual.stdout:
        sys.stdout.writelines(difflib.unified_diff(expected.stdout.splitlines(True), actual.stdout.splitlines(True),
                                                   "tensorflow", "tfpp"))
        return 1
    print("%s: tfpp printed the same %d lines as TensorFlow" % (os.path.basename(args.program),
                                                               len(actual.stdout.splitlines())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
