"""tf.print as TensorFlow's print_v2 builds it: each argument becomes a template (pprint's text of
the argument, its tensors as placeholders; a str argument is its own template), the templates
joined by `sep` are formatted by StringFormat and written by PrintV2, so inside a tf.function the
text is made and printed at every call."""
import pprint
import random
import sys

from . import _tfpp
from . import _nest as nest


def print(*inputs, output_stream=sys.stderr, summarize=3, sep=" ", end="\n", name=None):  # noqa: A001
    """Prints tensors (summarized to `summarize` values at each end of every dimension), Python
    values and nested lists, tuples and dicts of them to `output_stream` when it runs."""
    del name  # names the op in TensorFlow's graphs only
    if len(inputs) == 1 and _is_tensor(inputs[0]) and inputs[0].dtype == _tfpp.string and inputs[0].shape.rank == 0:
        text = inputs[0]  # a string scalar alone is printed as it is
    else:
        template, placeholder, tensors = _template(inputs, sep)
        text = _tfpp.strings.format(template, tensors, placeholder, summarize, None)
    _tfpp._print_v2(text, _stream_name(output_stream), end)


def _is_tensor(value):
    return isinstance(value, (_tfpp.Tensor, _tfpp.Variable))


def _template(inputs, sep):
    """The StringFormat template of `inputs`, its placeholder, and the tensors in placeholder order."""
    tensor_free = " ".join(pprint.pformat(nest.pack_sequence_as(
        x, ["" if _is_tensor(leaf) else leaf for leaf in nest.flatten(x, none_is_leaf=True)], none_is_leaf=True))
        for x in inputs)
    placeholder = _placeholder_not_in(tensor_free)
    templates, tensors = [], []
    for x in inputs:
        if isinstance(x, str):
            templates.append(x)
            continue
        leaves = []
        for leaf in nest.flatten(x, none_is_leaf=True):
            if _is_tensor(leaf):
                tensors.append(leaf)
                leaves.append(placeholder)
            else:
                leaves.append(leaf)
        templates.append(pprint.pformat(nest.pack_sequence_as(x, leaves, none_is_leaf=True)))
    # pformat quoted the placeholder strings.
    return sep.join(templates).replace("'" + placeholder + "'", placeholder), placeholder, tensors


def _placeholder_not_in(text):
    placeholder, digits = "{}", random.Random(5)
    while placeholder in text:
        placeholder += str(digits.randint(0, 9))
    return placeholder


def _stream_name(output_stream):
    """PrintV2's name for `output_stream`: sys.stdout (flushed first, so Python's buffered text
    comes before), sys.stderr, or a string ("stdout", "stderr", "file://<path>")."""
    if output_stream is sys.stdout or output_stream == "stdout":
        sys.stdout.flush()
        return "stdout"
    if isinstance(output_stream, str):
        return output_stream
    sys.stderr.flush()
    return "stderr"
