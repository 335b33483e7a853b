"""Errors raised while tracing converted code, pointing at the user's code as TensorFlow's do:

    in user code:

        File "/path/prog.py", line 4, in f  *
            if x > 0:

        ValueError: 'y' must also be initialized in the else branch

The converted code keeps the user's file name and line numbers, so its frames in the traceback are
the user's lines; the message lists them (each function's innermost line), innermost last, marked with `*` as
converted."""

import linecache

from .. import errors
from . import conversion

_HEADER = "in user code:\n\n"


def _user_frames(traceback):
    frames = []
    while traceback is not None:
        code = traceback.tb_frame.f_code
        name = conversion.user_function_name(code)
        if name is not None:
            frame = (code.co_filename, traceback.tb_lineno, name)
            if frames and frames[-1][2] == name:
                frames[-1] = frame  # the branch or loop body a function's frame called: its innermost line
            else:
                frames.append(frame)
        traceback = traceback.tb_next
    return frames


def with_user_frames(e):
    """An exception of e's class whose message names the converted user frames e went through (e
    itself when it went through none, or already names them)."""
    frames = _user_frames(e.__traceback__)
    message = str(e)
    if not frames or message.startswith(_HEADER):
        return e
    text = _HEADER + "\n".join('    File "%s", line %d, in %s  *\n        %s\n' % (
        filename, line, name, linecache.getline(filename, line).strip()) for filename, line, name in frames)
    text += "\n    %s: %s\n" % (type(e).__name__, message)
    try:
        if isinstance(e, errors.OpError):
            rewritten = type(e)(e.node_def, e.op, text)
        else:
            rewritten = type(e)(text)
    except Exception:  # noqa: BLE001 - a class that cannot be built from a message keeps its own
        return e
    return rewritten.with_traceback(e.__traceback__)
