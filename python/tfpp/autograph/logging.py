"""AutoGraph's debug log (tf.autograph.set_verbosity, AUTOGRAPH_VERBOSITY): messages at or below the
verbosity level go to stderr, and to stdout too when asked."""

import os
import sys

_verbosity = None
_echo_to_stdout = False


def set_verbosity(level, alsologtostdout=False):
    """Sets AutoGraph's verbosity: 0 logs nothing; larger values log more (10 logs everything)."""
    global _verbosity, _echo_to_stdout
    _verbosity = int(level)
    _echo_to_stdout = bool(alsologtostdout)


def get_verbosity():
    """The level set_verbosity set, else AUTOGRAPH_VERBOSITY's, else 0."""
    if _verbosity is not None:
        return _verbosity
    return int(os.environ.get("AUTOGRAPH_VERBOSITY", "0") or 0)


def log(level, message, *args):
    """Logs `message % args` if the verbosity is at least `level`."""
    if get_verbosity() < level:
        return
    text = "AutoGraph: " + (message % args if args else message)
    print(text, file=sys.stderr)
    if _echo_to_stdout:
        print(text)
