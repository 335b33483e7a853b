"""The text of a tf.function's concrete signatures as TensorFlow 2.21 prints them
(pretty_printed_concrete_signatures): each parameter with its kind and trace type (a TensorSpec, or
Literal[...] for a Python value, List/Tuple/Dict of them), the output type and the captures."""
import inspect

from . import _tfpp
from . import type_spec


def parameters(signature, args, kwargs):
    """(name, kind, value) for each parameter a call bound, as TensorFlow lists them: a *args
    parameter's values as name_0, name_1, ... (and the parameters before it positional-only), a
    **kwargs parameter's entries as keyword-only parameters of their own."""
    if signature is None:
        return [("args_%d" % i, "POSITIONAL_ONLY", a) for i, a in enumerate(args)] + \
               [(k, "KEYWORD_ONLY", v) for k, v in kwargs.items()]
    params = list(signature.parameters.values())
    variadic = any(p.kind == p.VAR_POSITIONAL for p in params)
    out, position = [], 0
    for p in params:
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD):
            if position < len(args):
                out.append((p.name, "POSITIONAL_ONLY" if variadic else p.kind.name, args[position]))
                position += 1
            elif p.name in kwargs:
                out.append((p.name, p.kind.name, kwargs[p.name]))
        elif p.kind == p.VAR_POSITIONAL:
            out += [("%s_%d" % (p.name, i), "POSITIONAL_ONLY", a) for i, a in enumerate(args[position:])]
            position = len(args)
        elif p.kind == p.KEYWORD_ONLY:
            if p.name in kwargs:
                out.append((p.name, "KEYWORD_ONLY", kwargs[p.name]))
        else:
            named = {q.name for q in params}
            out += [(k, "KEYWORD_ONLY", v) for k, v in kwargs.items() if k not in named]
    return out


def type_text(value):
    """TensorFlow's trace type of a traced value, as text."""
    if isinstance(value, (_tfpp.TensorSpec, type_spec.TypeSpec)):
        return repr(value)
    if type_spec.is_composite(value):
        return repr(value._type_spec)
    if isinstance(value, list):
        return "List[%s]" % ", ".join(type_text(v) for v in value)
    if isinstance(value, tuple) and not hasattr(value, "_fields"):
        return "Tuple[%s]" % ", ".join(type_text(v) for v in value)
    if isinstance(value, dict):
        return "Dict[%s]" % ", ".join("[%r, %s]" % (k, type_text(v)) for k, v in value.items())
    return "Literal[%r]" % (value,)


class _Text:
    """An annotation that shows as its text."""

    def __init__(self, text):
        self.text = text

    def __repr__(self):
        return self.text


def signature_text(parameter_list, output_type, capture_ids, verbose=True):
    """One concrete function's signature: TensorFlow's verbose block, or its one-line form."""
    if not verbose:  # Python's text of a signature annotated with the trace types ("/" and "*" included)
        return str(inspect.Signature(
            [inspect.Parameter(name, getattr(inspect.Parameter, kind), annotation=_Text(type_text(v)))
             for name, kind, v in parameter_list], return_annotation=_Text(output_type)))
    lines = ["Input Parameters:"]
    lines += ["  %s (%s): %s" % (name, kind, type_text(v)) for name, kind, v in parameter_list]
    lines += ["Output Type:", "  " + output_type, "Captures:"]
    lines += ["  %d: TensorSpec(shape=(), dtype=tf.resource, name=None)" % i for i in capture_ids] or ["  None"]
    return "\n".join(lines)


def output_type(structure, output_specs, slot_type):
    """The trace type text of a function's result: `structure` with its `slot_type` leaves (positions
    in the flat outputs) standing for the output specs."""
    def replaced(value):
        if isinstance(value, slot_type):
            return output_specs[value.index]
        if isinstance(getattr(value, "spec", None), type_spec.TypeSpec):
            return value.spec  # a composite result's slots
        if isinstance(value, (list, tuple)) and not hasattr(value, "_fields"):
            return type(value)(replaced(v) for v in value)
        if isinstance(value, dict):
            return {k: replaced(v) for k, v in value.items()}
        return value
    return type_text(replaced(structure))

