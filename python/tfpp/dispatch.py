"""Type-based dispatch of TensorFlow's APIs (tf.experimental.dispatch_for_api,
dispatch_for_unary_elementwise_apis, dispatch_for_binary_elementwise_apis, unregister_dispatch_for):
calling tf.stack or tf.math.add with values of a user's type (an extension type) calls the
function registered for that type instead.

The first registration for an API puts a dispatching wrapper in its place, in every tfpp module
that holds the function, so that tfpp's own calls through those modules dispatch too. A call
binds its arguments to the API's signature and runs the first target whose annotated parameters
all match, provided one of them matched a type other than tf.Tensor (plain tensors never
dispatch); else the API itself.
"""

import collections.abc
import functools
import inspect
import re
import sys
import types
import typing

from . import _tfpp

# The tf.math / tf.nn / tf.* functions TensorFlow's elementwise dispatchers cover, by path.
UNARY_ELEMENTWISE_APIS = tuple("math." + name for name in (
    "abs", "acos", "acosh", "asin", "asinh", "atan", "atanh", "bessel_i0", "bessel_i0e", "bessel_i1", "bessel_i1e",
    "ceil", "conj", "cos", "cosh", "digamma", "erf", "erfc", "erfcinv", "erfinv", "exp", "expm1", "floor", "imag",
    "is_finite", "is_inf", "is_nan", "lgamma", "log", "log1p", "log_sigmoid", "logical_not", "ndtri", "negative",
    "real", "reciprocal", "reciprocal_no_nan", "rint", "round", "rsqrt", "sigmoid", "sign", "sin", "sinh", "softplus",
    "softsign", "sqrt", "square", "tan", "tanh")) + tuple("nn." + name for name in (
        "elu", "gelu", "leaky_relu", "relu", "relu6", "selu", "silu")) + (
    "cast", "saturate_cast", "ones_like", "zeros_like", "identity", "clip_by_value", "bitwise.invert",
    "debugging.check_numerics", "strings.length", "strings.lower", "strings.upper", "strings.strip")
BINARY_ELEMENTWISE_APIS = tuple("math." + name for name in (
    "add", "atan2", "divide", "divide_no_nan", "equal", "floordiv", "floormod", "greater", "greater_equal", "less",
    "less_equal", "logical_and", "logical_or", "logical_xor", "maximum", "minimum", "multiply", "multiply_no_nan",
    "not_equal", "pow", "squared_difference", "subtract", "truediv", "truncatediv", "truncatemod", "xdivy", "xlog1py",
    "xlogy")) + tuple("bitwise." + name for name in ("bitwise_and", "bitwise_or", "bitwise_xor", "left_shift",
                                                    "right_shift"))


class _Api:
    """One dispatchable API: the function, its signature, and its targets in registration order."""

    def __init__(self, function, signature):
        self.function = function
        self.signature = signature
        self.targets = []  # (annotations by parameter, target)

    def __call__(self, *args, **kwargs):
        if self.targets:
            try:
                arguments = self.signature.bind(*args, **kwargs).arguments
            except TypeError:
                arguments = None
            if arguments is not None:
                for annotations, target in self.targets:
                    if _dispatches(annotations, arguments):
                        return target(*args, **kwargs)
        return self.function(*args, **kwargs)


_APIS = {}  # id of an API's function or of its dispatching wrapper -> _Api
_REGISTERED = {}  # id of a registered function -> (the function, [(api, target)]) for unregister_dispatch_for


def dispatch_for_api(api, *signatures):
    """Decorator: calls of `api` whose arguments match one of `signatures` (dicts of parameter name
    to type annotation; by default the decorated function's parameter annotations) call the
    decorated function, whose parameters must be the API's."""
    state = _api_state(api)

    def decorator(target):
        _check_signature(state.signature, target)
        annotations = list(signatures) or [_annotations_of(target)]
        if not annotations[0]:
            raise ValueError("The dispatch_for_api decorator must be called with at least one signature, or applied "
                             "to a function that has type annotations on its parameters.")
        for signature in annotations:
            for name in signature:
                if name not in state.signature.parameters:
                    raise ValueError("signature includes annotation for unknown parameter %r." % name)
            _register(target, state, dict(signature), target)
        return target
    return decorator


def dispatch_for_unary_elementwise_apis(x_type):
    """Decorator: every unary elementwise API called with an `x_type` value calls
    handler(api_func, x), api_func being the API with its other arguments bound."""
    return _elementwise_decorator((x_type,), UNARY_ELEMENTWISE_APIS, "unary")


def dispatch_for_binary_elementwise_apis(x_type, y_type):
    """Decorator: every binary elementwise API called with an `x_type` and a `y_type` value calls
    handler(api_func, x, y), api_func being the API with its other arguments bound."""
    return _elementwise_decorator((x_type, y_type), BINARY_ELEMENTWISE_APIS, "binary")


_ELEMENTWISE_HANDLERS = {}  # (kind, operand types) -> handler


def _elementwise_decorator(operand_types, paths, kind):
    def decorator(handler):
        key = (kind, operand_types)
        if key in _ELEMENTWISE_HANDLERS:
            types_text = operand_types[0] if len(operand_types) == 1 else "(%s)" % ", ".join(map(str, operand_types))
            raise ValueError("A %s elementwise dispatch handler (%s) has already been registered for %s." % (
                kind, _ELEMENTWISE_HANDLERS[key], types_text))
        _ELEMENTWISE_HANDLERS[key] = handler
        new_wrappers = {}
        for path in paths:
            api = _resolve(path)
            if api is None:
                continue
            state = _api_state(api, new_wrappers)
            names = list(state.signature.parameters)[:len(operand_types)]
            _register(handler, state, dict(zip(names, operand_types)), _elementwise_target(state, names, handler))
        _replace_everywhere(new_wrappers)
        return handler
    return decorator


def _elementwise_target(state, operand_names, handler):
    def target(*args, **kwargs):
        arguments = state.signature.bind(*args, **kwargs).arguments
        operands = [arguments.pop(name) for name in operand_names]
        function = state.function
        api_func = function if not arguments else lambda *values: function(*values, **arguments)
        return handler(api_func, *operands)
    return target


def unregister_dispatch_for(dispatch_target):
    """Removes every registration of a function registered with a dispatch_for_* decorator."""
    entry = _REGISTERED.pop(id(dispatch_target), None)
    if entry is None:
        raise ValueError("Function %s was not registered using a `@dispatch_for_*` decorator." % (dispatch_target,))
    for state, target in entry[1]:
        state.targets = [(a, t) for a, t in state.targets if t is not target]
    for key in [k for k, handler in _ELEMENTWISE_HANDLERS.items() if handler is dispatch_target]:
        del _ELEMENTWISE_HANDLERS[key]


def _register(registered, state, annotations, target):
    state.targets.append((annotations, target))
    _REGISTERED.setdefault(id(registered), (registered, []))[1].append((state, target))


def _resolve(path):
    obj = sys.modules["tfpp"]
    for part in path.split("."):
        obj = getattr(obj, part, None)
        if obj is None:
            return None
    return obj


# --- the APIs' dispatching wrappers --------------------------------------------------------------

def _api_state(api, new_wrappers=None):
    """The dispatch state of `api` (or of the wrapper in its place). A new one's wrapper replaces
    the API in tfpp's modules now, or is added to `new_wrappers` for the caller to replace."""
    state = _APIS.get(id(api))
    if state is not None:
        return state
    signature = api_signature(api)
    if signature is None:
        raise ValueError("%s does not support dispatch." % (api,))
    state = _Api(api, signature)
    wrapper = functools.update_wrapper(_wrapper_of(state), api)
    if new_wrappers is not None:
        new_wrappers[id(api)] = wrapper
    elif _replace_everywhere({id(api): wrapper}):
        raise ValueError("%s does not support dispatch." % (api,))  # not one of tfpp's functions
    _APIS[id(api)] = _APIS[id(wrapper)] = state
    return state


def _wrapper_of(state):
    def dispatching(*args, **kwargs):
        return state(*args, **kwargs)
    return dispatching


def _tfpp_modules():
    """Every module of the tfpp package, its C++ submodules (tf.math, tf.nn, ...) included."""
    seen, stack = {}, [m for name, m in list(sys.modules.items()) if name == "tfpp" or name.startswith("tfpp.")]
    while stack:
        module = stack.pop()
        if id(module) in seen or not isinstance(module, types.ModuleType):
            continue
        seen[id(module)] = module
        stack.extend(v for v in vars(module).values()
                     if isinstance(v, types.ModuleType) and getattr(v, "__name__", "").startswith("tfpp"))
    return seen.values()


def _replace_everywhere(wrappers):
    """Puts each wrapper (by the id of the function it wraps) in that function's places; the ids
    of the functions found nowhere."""
    missing = set(wrappers)
    for module in _tfpp_modules():
        for name, value in list(vars(module).items()):
            wrapper = wrappers.get(id(value))
            if wrapper is not None and wrapper is not value:
                setattr(module, name, wrapper)
                missing.discard(id(value))
    return missing


# --- signatures ------------------------------------------------------------------------------------

def api_signature(api):
    """The signature of a tfpp function (parsed from nanobind's where a C++ function has no
    Python one), or None for a callable without named parameters."""
    try:
        signature = inspect.signature(api)
    except (TypeError, ValueError):
        signature = _nanobind_signature(inspect.unwrap(api))
    if signature is None or any(p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD) for p in signature.parameters.values()):
        return None
    return signature


_NB_PARAMETER = re.compile(r"\s*(\w+)(?::[^=]*)?(?:=\s*\\(\d+))?\s*$")


def _nanobind_signature(function):
    overloads = getattr(function, "__nb_signature__", None)
    if not overloads or len(overloads) != 1:
        return None
    text, _, defaults = overloads[0]
    inside = text[text.index("(") + 1:text.rindex(")")]
    parameters = []
    for piece in _split_top_level(inside):
        match = _NB_PARAMETER.match(piece)
        if not match or not piece.strip():
            return None
        name, default = match.group(1), match.group(2)
        parameters.append(inspect.Parameter(name, inspect.Parameter.POSITIONAL_OR_KEYWORD,
                                            default=defaults[int(default)] if default else inspect.Parameter.empty))
    return inspect.Signature(parameters)


def _split_top_level(text):
    pieces, depth, start = [], 0, 0
    for i, char in enumerate(text):
        depth += char in "[(" and 1 or char in "])" and -1 or 0
        if char == "," and depth == 0:
            pieces.append(text[start:i])
            start = i + 1
    pieces.append(text[start:])
    return [p for p in pieces if p.strip()]


def _check_signature(api_signature_, target):
    target_signature = inspect.signature(target)
    parameters = list(target_signature.parameters.values())
    if "name" in api_signature_.parameters and "name" not in target_signature.parameters:
        parameters.append(inspect.Parameter("name", inspect.Parameter.POSITIONAL_OR_KEYWORD,
                                            default=api_signature_.parameters["name"].default))
        target_signature = target_signature.replace(parameters=parameters)
    api_parameters = list(api_signature_.parameters.values())
    if len(parameters) != len(api_parameters) or any(
            (a.name, a.kind) != (b.name, b.kind) for a, b in zip(parameters, api_parameters)):
        raise ValueError("Dispatch function's signature %s does not match API's signature %s." % (
            target_signature, api_signature_))


def _annotations_of(target):
    return {name: p.annotation for name, p in inspect.signature(target).parameters.items()
            if p.annotation is not inspect.Parameter.empty}


# --- matching arguments to annotations ---------------------------------------------------------

def _dispatches(annotations, arguments):
    """Whether every annotated argument matches its annotation, one of them through a type that
    is not tf.Tensor."""
    dispatchable = False
    for name, annotation in annotations.items():
        matched, through_own_type = _matches(arguments.get(name), annotation)
        if not matched:
            return False
        dispatchable = dispatchable or through_own_type
    return dispatchable


def _matches(value, annotation):
    """(whether `value` fits `annotation`, whether through a type other than tf.Tensor)."""
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if annotation is typing.Any:
        return True, False
    if origin is typing.Union:
        results = [_matches(value, member) for member in args]
        fits = [own for matched, own in results if matched]
        return bool(fits), any(fits)
    if origin in (list, tuple, collections.abc.Sequence):
        if not isinstance(value, (list, tuple)):
            return False, False
        member = args[0] if args else typing.Any
        results = [_matches(item, member) for item in value]
        return all(matched for matched, _ in results), any(own for _, own in results)
    if annotation is None or annotation is type(None):
        return value is None, False
    if isinstance(annotation, type):
        matched = isinstance(value, annotation)
        return matched, matched and annotation not in _NOT_DISPATCHING
    return False, False


# Types whose values alone never make a call dispatch.
_NOT_DISPATCHING = (_tfpp.Tensor, bool, int, float, complex, str, bytes, list, tuple, dict, object)
