"""The `ag__` operators that converted code calls, as TensorFlow's autograph.operators define them.

Each statement is staged when its condition or iterable is a tensor (tf.cond / tf.while_loop over
the state that get_state and set_state move in and out of the nested functions) and runs as plain
Python otherwise. The checks and their messages are AutoGraph's."""

from .. import _tfpp
from .. import control_flow
from .. import _nest as nest
from . import logging as ag_logging


class Undefined:
    """A variable with no value yet, so that a loop or branch can carry it (AutoGraph's Undefined)."""

    __slots__ = ("symbol_name",)

    def __init__(self, symbol_name):
        self.symbol_name = symbol_name

    def read(self):
        raise UnboundLocalError("'{}' is used before assignment".format(self.symbol_name))

    def __repr__(self):
        return self.symbol_name

    def __getattribute__(self, name):
        try:
            return object.__getattribute__(self, name)
        except AttributeError:
            return self

    def __getitem__(self, i):
        return self


class UndefinedReturnValue:
    """The return value of a function that has not returned yet."""


def ld(v):
    """Reads a variable: an Undefined one raises UnboundLocalError."""
    if isinstance(v, Undefined):
        return v.read()
    return v


def ldu(load_v, name):
    """Reads a composite symbol, or gives Undefined if it does not exist."""
    try:
        return load_v()
    except (KeyError, AttributeError, NameError):
        return Undefined(name)


class ConversionOptions:
    """How a function was converted (recorded in converted code as TensorFlow records it)."""

    def __init__(self, recursive=False, user_requested=False, internal_convert_user_code=True,
                 optional_features=()):
        self.recursive = recursive
        self.user_requested = user_requested
        self.internal_convert_user_code = internal_convert_user_code
        self.optional_features = optional_features


class FunctionScope:
    """The context of one converted function's call: collects its return value."""

    def __init__(self, function_name, scope_name, options):
        self.name = scope_name
        self.function_name = function_name
        self.callopts = options

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_val, exc_tb):
        return False

    def ret(self, value, did_return):
        """The function's result: None if no return statement ran."""
        del did_return
        return None if isinstance(value, UndefinedReturnValue) else value


def with_function_scope(thunk, scope_name, options):
    """Runs a converted lambda's body, thunk(scope), in a function scope of its own."""
    with FunctionScope("lambda_", scope_name, options) as scope:
        return thunk(scope)


AUTOGRAPH_ARTIFACT = "autograph_info__"


def autograph_artifact(entity):
    """Marks `entity` (a lambda of converted code) as converted already: converted_call runs it as it is."""
    setattr(entity, AUTOGRAPH_ARTIFACT, frozenset())
    return entity


def is_autograph_artifact(entity):
    """True for what converted code marked with autograph_artifact."""
    return hasattr(entity, AUTOGRAPH_ARTIFACT)


def _is_tensor(value):
    return isinstance(value, (_tfpp.Tensor, _tfpp.Variable))


def _is_none_or_undef(value):
    return value is None or isinstance(value, (Undefined, UndefinedReturnValue))


# --- logical operators and conditional expressions ---------------------------------------------

def and_(a, b):
    """`a and b` with lazily evaluated operands; on a tensor, a tf.cond."""
    a_val = a()
    if _is_tensor(a_val):
        return control_flow.cond(a_val, b, lambda: a_val)
    return a_val and b()


def or_(a, b):
    """`a or b` with lazily evaluated operands; on a tensor, a tf.cond."""
    a_val = a()
    if _is_tensor(a_val):
        return control_flow.cond(a_val, lambda: a_val, b)
    return a_val or b()


def not_(a):
    """`not a`; tf.logical_not on a tensor."""
    if _is_tensor(a):
        return _tfpp.math.logical_not(a)
    return not a


def if_exp(cond, if_true, if_false, expr_repr):
    """`if_true() if cond else if_false()`; a tf.cond on a tensor condition."""
    if _is_tensor(cond):
        cond = _verify_tf_condition(cond, "expression '{}'".format(expr_repr))
        return control_flow.cond(cond, if_true, if_false)
    return if_true() if cond else if_false()


def _verify_tf_condition(cond, tag):
    if isinstance(cond, _tfpp.Variable):
        cond = cond.read_value()
    if cond.dtype != _tfpp.bool:
        raise ValueError("condition of {} expected to be `tf.bool` scalar, got {}; to use as boolean Tensor, use "
                         "`tf.cast`; to check for None, use `is not None`".format(tag, cond))
    dims = cond.shape.as_list() if cond.shape.rank is not None else None
    if dims:
        known = [d for d in dims if d is not None]
        size = 1
        for d in known:
            size *= d
        if size > 1:
            raise ValueError("condition of {} expected to be `tf.bool` scalar, got {}; to check for None, use "
                             "`is not None`".format(tag, cond))
        cond = _tfpp.reshape(cond, [])
    return cond


# --- if ----------------------------------------------------------------------------------------

def if_stmt(cond, body, orelse, get_state, set_state, symbol_names, nouts):
    """An if statement: tf.cond over the first `nouts` state variables when `cond` is a tensor."""
    if _is_tensor(cond):
        _tf_if_stmt(cond, body, orelse, get_state, set_state, symbol_names, nouts)
    elif cond:
        body()
    else:
        orelse()


def _verify_branch_vars(values, symbol_names, branch_name):
    for name, value in zip(symbol_names, values):
        if isinstance(value, Undefined):
            raise ValueError("'{}' must also be initialized in the {} branch".format(name, branch_name))
        if isinstance(value, UndefinedReturnValue):
            raise ValueError("the {} branch must also have a return statement.".format(branch_name))


def _verify_cond_vars(body_vars, orelse_vars, symbol_names):
    for name, body_var, orelse_var in zip(symbol_names, body_vars, orelse_vars):
        try:
            nest.assert_same_structure(body_var, orelse_var)
        except ValueError as e:
            raise TypeError("'{}' must have the same nested structure in the main and else branches:\n\n{}".format(
                name, e)) from None
        for b, o in zip(nest.flatten(body_var), nest.flatten(orelse_var)):
            if b is None:
                raise ValueError("'{}' is None at the end of the main branch.".format(name))
            if o is None:
                raise ValueError("'{}' is None at the end of the else branch.".format(name))
            b, o = _as_tensor_like(b), _as_tensor_like(o)
            if _is_tensor(b) and _is_tensor(o) and b.dtype != o.dtype:
                raise TypeError("'{}' has dtype {} in the main branch, but dtype {} in the else branch".format(
                    name, b.dtype.name, o.dtype.name))


def _as_tensor_like(value):
    if isinstance(value, (bool, int, float, str)):
        return _tfpp._convert_to_tensor(value)
    return value


def _tf_if_stmt(cond, body, orelse, get_state, set_state, symbol_names, nouts):
    cond = _verify_tf_condition(cond, "if statement")
    if not nouts:
        inner_get, inner_set = get_state, set_state
        get_state = lambda: (0,) + inner_get()  # noqa: E731  (a dummy output, as TensorFlow adds)
        set_state = lambda v: inner_set(v[1:])  # noqa: E731
        symbol_names += ("<unused dummy>",)
        nouts = 1
    init_vars = get_state()
    results = {}

    def branch(fn, key, other, branch_name):
        def run():
            set_state(init_vars)
            fn()
            new_vars = get_state()[:nouts]
            results[key] = new_vars
            _verify_branch_vars(new_vars, symbol_names, branch_name)
            if other in results:
                pair = (new_vars, results[other]) if key == "body" else (results[other], new_vars)
                _verify_cond_vars(pair[0], pair[1], symbol_names)
            return new_vars
        return run

    final = control_flow.cond(cond, branch(body, "body", "orelse", "main"), branch(orelse, "orelse", "body", "else"))
    set_state(tuple(final) + tuple(init_vars[nouts:]))


# --- while -------------------------------------------------------------------------------------

def while_stmt(test, body, get_state, set_state, symbol_names, opts):
    """A while statement: a tf.while_loop over the state when the test gives a tensor."""
    first = test()
    if _is_tensor(first):
        _tf_while_stmt(test, body, get_state, set_state, symbol_names, opts)
        return
    if not first:
        return
    body()
    while True:
        value = test()
        if _is_tensor(value):
            raise NotImplementedError(
                "The condition of while loop started as non-Tensor, then changed to Tensor. This may happen either "
                "because variables changed type, or when a break or return statement inside the loop depends on a "
                "Tensor condition. In both cases, changing to a TF loop should remove the error.")
        if not value:
            return
        body()


def _verify_loop_init_vars(init_vars, symbol_names, first_iter_vars=None, extra_message=None):
    first_iter_vars = first_iter_vars or (None,) * len(init_vars)
    for name, value, first in zip(symbol_names, init_vars, first_iter_vars):
        if isinstance(value, UndefinedReturnValue):
            if first is not None and not isinstance(first, (Undefined, UndefinedReturnValue)):
                raise ValueError("the return value from a TensorFlow loop may only be a tf.Tensor or a nested "
                                 "structure of them; got {}".format(type(first)))
            raise NotImplementedError("a return statement cannot be placed inside this TensorFlow loop; this may "
                                      "happen if a return statement depends on a static Python condition such as a "
                                      "hyperparameter")
        if value is None:
            raise ValueError("'{}' is not allowed to be None before the loop".format(name))
        if isinstance(value, Undefined):
            raise ValueError("'{}' must be defined before the loop".format(name) +
                             ("\n" + extra_message if extra_message else ""))


def _verify_loop_vars(init_vars, new_vars, symbol_names, invariants):
    for name, init, new, invariant in zip(symbol_names, init_vars, new_vars, invariants):
        if new is None or isinstance(new, Undefined):
            raise ValueError("'{}' is None at the end of the iteration.".format(name))
        try:
            nest.assert_same_structure(init, new)
        except ValueError as e:
            raise TypeError("'{}' does not have the same nested structure after one iteration.\n\n{}".format(
                name, e)) from None
        for entry, exit_ in zip(nest.flatten(init), nest.flatten(new)):
            entry, exit_ = _as_tensor_like(entry), _as_tensor_like(exit_)
            if not (_is_tensor(entry) and _is_tensor(exit_)):
                continue
            if entry.dtype != exit_.dtype:
                raise TypeError("'{}' has dtype {} before the loop, but dtype {} after one iteration".format(
                    name, entry.dtype.name, exit_.dtype.name))
            if invariant is None and entry.shape != exit_.shape and not _fits(exit_.shape, entry.shape):
                raise ValueError("'{}' has shape {} before the loop, but shape {} after one iteration. Use "
                                 "tf.autograph.experimental.set_loop_options to set shape invariants.".format(
                                     name, entry.shape, exit_.shape))


def _fits(shape, like):
    """True if every known dimension of `like` is the same in `shape`."""
    if like.rank is None:
        return True
    if shape.rank != like.rank:
        return False
    return all(b is None or a == b for a, b in zip(shape.as_list(), like.as_list()))


def _shape_invariants(opts, init_vars):
    by_id = {id(v): shape for v, shape in opts.get("shape_invariants", ())}
    return [by_id.get(id(v)) for v in init_vars]


def _try_handling_undefineds(body, get_state, set_state, init_vars, nulls, invariants, symbol_names):
    """Variables the loop defines get zeros of the type one staged iteration gives them (the loop must
    then run at least once), as TensorFlow's AutoGraph does; the others must be defined before it."""
    first_iter_vars = None
    failure = None
    try:
        def stage():
            nonlocal first_iter_vars
            set_state(tuple(v if null else nest.map_structure(_as_loop_value, v) for v, null in zip(init_vars, nulls)))
            body()
            first_iter_vars = tuple(get_state())
            staged = [v for v, null in zip(first_iter_vars, nulls) if null]
            if any(_is_none_or_undef(v) or not _is_tensor(_as_tensor_like(v)) for v in staged):
                raise ValueError("the loop does not define them as tensors")
            return staged
        specs = iter(_tfpp._scratch_trace(stage))
    except (UnboundLocalError, TypeError, ValueError, KeyError) as e:
        failure = "Note: AutoGraph tried to define it automatically, but ran into a {}: {}".format(
            type(e).__name__, e)
    finally:
        set_state(init_vars)
    if failure is not None:
        _verify_loop_init_vars(init_vars, symbol_names, first_iter_vars, failure)
    new_vars, new_invariants = [], list(invariants)
    for i, (value, null) in enumerate(zip(init_vars, nulls)):
        if not null:
            new_vars.append(value)
            continue
        spec = next(specs)
        dims = spec.shape.as_list() if spec.shape.rank is not None else None
        if dims is None or None in dims:
            new_invariants[i] = spec.shape
            dims = [0 if d is None else d for d in (dims or [])]
        new_vars.append(_tfpp.zeros(dims, spec.dtype))
    return tuple(new_vars), new_invariants


def _zero_iterations_message(symbol_names, nulls, init_vars):
    names = ["the function return value" if isinstance(v, UndefinedReturnValue) else name
             for name, null, v in zip(symbol_names, nulls, init_vars) if null]
    return "loop must iterate at least once to initialize {}".format(", ".join(names))


def _tf_while_stmt(test, body, get_state, set_state, symbol_names, opts):
    init_vars = tuple(get_state())
    orig_init_vars = init_vars
    invariants = _shape_invariants(opts, init_vars)
    nulls = tuple(_is_none_or_undef(v) for v in init_vars)
    require_one_iteration = any(nulls)
    if require_one_iteration:
        init_vars, invariants = _try_handling_undefineds(body, get_state, set_state, init_vars, nulls, invariants,
                                                         symbol_names)
    init_vars = tuple(nest.map_structure(_as_loop_value, v) for v in init_vars)
    skip = 1 if require_one_iteration else 0

    def aug_test(*loop_vars):
        set_state(loop_vars[skip:])
        return _verify_tf_condition(test(), "while loop")

    def aug_body(*loop_vars):
        set_state(loop_vars[skip:])
        body()
        new_vars = tuple(get_state())
        _verify_loop_vars(loop_vars[skip:], new_vars, symbol_names, invariants)
        return (_tfpp.constant(True),) * skip + new_vars

    shape_invariants = None
    if any(s is not None for s in invariants):
        shape_invariants = [s if s is not None else v.shape for s, v in zip(invariants, init_vars)]
        shape_invariants = [_tfpp.constant(False).shape] * skip + shape_invariants
    ag_logging.log(1, "Staging while loop over %s", ", ".join(symbol_names) or "no variables")
    final = control_flow.while_loop(aug_test, aug_body, (_tfpp.constant(False),) * skip + init_vars,
                                    shape_invariants=shape_invariants,
                                    maximum_iterations=opts.get("maximum_iterations"))
    if require_one_iteration:
        _tfpp._assert_true(final[0], _zero_iterations_message(symbol_names, nulls, orig_init_vars))
    set_state(tuple(final[skip:]))


def _as_loop_value(value):
    if isinstance(value, _tfpp.TensorArray) or nest.composite_spec(value) is not None:
        return value  # control_flow.while_loop carries TensorArrays and composite tensors as they are
    if isinstance(value, _tfpp.Variable):
        return value.read_value()
    return value if _is_tensor(value) else _tfpp._convert_to_tensor(value)


# --- for ---------------------------------------------------------------------------------------

def for_stmt(iter_, extra_test, body, get_state, set_state, symbol_names, opts):
    """A for statement: over a tensor (tf.range included), a tf.while_loop on an index; over a
    dataset while tracing, the dataset's reduce (tfpp/data/autograph_loop.py); over a tf.data
    iterator while tracing, a tf.while_loop reading it; over anything else, a Python loop that
    also stops when extra_test() (break, return) fails."""
    if _is_tensor(iter_):
        _tf_for_stmt(iter_, extra_test, body, get_state, set_state, symbol_names, opts)
        return
    from ..data import dataset_ops, autograph_loop  # tfpp.data imports this package
    if isinstance(iter_, dataset_ops.DatasetV2) and _tfpp._tracing():
        autograph_loop.dataset_for_stmt(iter_, extra_test, body, get_state, set_state, symbol_names,
                                        _verify_loop_init_vars, _as_loop_value)
        return
    if isinstance(iter_, dataset_ops.OwnedIterator) and not _tfpp.executing_eagerly():
        _tf_iterator_for_stmt(iter_, extra_test, body, get_state, set_state, symbol_names, opts)
        return
    for item in iter_:
        if extra_test is not None:
            go_on = extra_test()
            if _is_tensor(go_on):
                raise NotImplementedError(
                    "break and return statements which depend on a TF condition are not supported in Python for "
                    "loops. Did you intend to make it a TF loop?\nSee "
                    "https://github.com/tensorflow/tensorflow/blob/master/tensorflow/python/autograph/g3doc/"
                    "reference/limitations.md#consistency-of-control-flow-types for more info.")
            if not go_on:
                break
        body(item)


def _tf_iterator_for_stmt(iter_, extra_test, body, get_state, set_state, symbol_names, opts):
    """`for x in iterator` while tracing, as TensorFlow's AutoGraph stages it: a tf.while_loop whose
    body reads the iterator with get_next_as_optional and runs the loop body under a tf.cond on
    has_value, the loop ending at the first empty read (or when extra_test fails)."""
    has_next = _tfpp.constant(True)

    def aug_get_state():
        return (has_next,) + tuple(get_state())

    def aug_set_state(loop_vars):
        nonlocal has_next
        has_next = loop_vars[0]
        set_state(loop_vars[1:])

    def aug_body():
        nonlocal has_next
        optional = iter_.get_next_as_optional()
        has_next = optional.has_value()
        loop_vars = aug_get_state()

        def main_path():
            body(optional.get_value())
            return aug_get_state()

        aug_set_state(control_flow.cond(has_next, main_path, lambda: loop_vars))

    def aug_test():
        if extra_test is not None:
            return control_flow.cond(has_next, extra_test, lambda: False)
        return has_next

    _tf_while_stmt(aug_test, aug_body, aug_get_state, aug_set_state, ("<internal has_next>",) + tuple(symbol_names),
                   opts)


def _tf_for_stmt(iter_, extra_test, body, get_state, set_state, symbol_names, opts):
    if isinstance(iter_, _tfpp.Variable):
        iter_ = iter_.read_value()
    if iter_.shape.rank == 0:
        raise TypeError("Cannot iterate over a scalar tensor.")
    length = iter_.shape[0] if iter_.shape.rank is not None and iter_.shape[0] is not None else \
        _tfpp.shape(iter_)[0]
    index = _tfpp.constant(0)

    def aug_get_state():
        return (index,) + tuple(get_state())

    def aug_set_state(loop_vars):
        nonlocal index
        index = loop_vars[0]
        set_state(loop_vars[1:])

    def aug_body():
        nonlocal index
        body(_tfpp.gather(iter_, index))
        index = index + 1

    def aug_test():
        main_test = index < length
        if extra_test is not None:
            return control_flow.cond(main_test, extra_test, lambda: False)
        return main_test

    _tf_while_stmt(aug_test, aug_body, aug_get_state, aug_set_state, ("<internal iterate>",) + tuple(symbol_names),
                   opts)
