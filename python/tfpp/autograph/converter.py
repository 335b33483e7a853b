"""AutoGraph's source conversion: a Python function's syntax tree rewritten so that its control flow
calls the `ag__` operators (tfpp/autograph/operators.py), which stage it as tf.cond / tf.while_loop
when its conditions are tensors and run it as plain Python otherwise.

The passes run in TensorFlow's order, and the result is structured as TensorFlow's converted code:
  directives set_loop_options calls become the options of their loop
  break      `break` sets `break_` and leaves the iteration; the loop tests `not break_`
  continue   `continue` sets `continue_`; the rest of the iteration runs under `if not continue_`
  return     `return v` sets `do_return` and `retval_`; code after a return that may run is guarded
  calls      `f(a, k=v)` becomes `ag__.converted_call(f, (a,), dict(k=v), fscope)` (print and
             the debugger's entry points excepted, as TensorFlow leaves them)
  control    if/while/for become nested functions and `ag__.if_stmt` / `while_stmt` / `for_stmt`
             calls, with get_state/set_state over the variables they modify that are live
  expr       `a if c else b`, `and`, `or`, `not` become ag__.if_exp / and_ / or_ / not_; a lambda
             is converted in place and wrapped in ag__.autograph_artifact (not converted again)
  variables  each read of a name the user wrote becomes `ag__.ld(name)` (Undefined names raise)
  function   the body runs in `with ag__.FunctionScope(...) as fscope` and returns fscope.ret(...)
A lambda called by itself (given to tf.function, Dataset.map, or called from converted code) is
converted by convert_lambda, into TensorFlow's form
`lambda x: ag__.with_function_scope(lambda lscope: <converted body>, 'lscope', options)`.
Generated statements keep the line numbers of the statements they come from, so errors raised in
converted code point at the user's file and line.
"""

import ast

from . import analysis

_LOCATION = ("lineno", "col_offset", "end_lineno", "end_col_offset")


class _Namer:
    """New names that clash neither with the function's own names nor with earlier new ones."""

    def __init__(self, reserved):
        self._used = set(reserved)

    def new(self, base):
        name, k = base, 0
        while name in self._used:
            k += 1
            name = "%s_%d" % (base, k)
        self._used.add(name)
        return name


class _Replacer(ast.NodeTransformer):
    def __init__(self, replacements):
        self._replacements = replacements

    def visit_Name(self, node):
        value = self._replacements.get(node.id)
        if isinstance(value, str):
            node.id = value
        elif isinstance(value, ast.AST):
            return value
        return node

    def visit_Expr(self, node):
        if isinstance(node.value, ast.Name) and isinstance(self._replacements.get(node.value.id), list):
            return self._replacements[node.value.id]
        return self.generic_visit(node)

    def visit_FunctionDef(self, node):
        node.name = self._replacements.get(node.name, node.name)
        for arg in node.args.args:
            arg.arg = self._replacements.get(arg.arg, arg.arg)
        self.generic_visit(node)
        if not node.body:
            node.body = [ast.Pass()]
        return node


def _template(source, origin=None, **replacements):
    """The statements of `source` with names replaced: by a string (renamed), an expression, or a
    list of statements (for a placeholder statement). The new statements take `origin`'s location."""
    stmts = ast.parse(source).body
    for stmt in stmts:
        for node in ast.walk(stmt):
            for attr in _LOCATION:
                if hasattr(node, attr):
                    delattr(node, attr)
    replacer = _Replacer(replacements)
    out = []
    for stmt in stmts:
        result = replacer.visit(stmt)
        out.extend(result if isinstance(result, list) else [result])
    if origin is not None:
        # The origin's first line: for a compound statement, its header.
        one_line = origin.end_lineno == origin.lineno
        for stmt in out:
            if not hasattr(stmt, "lineno"):
                stmt.lineno = stmt.end_lineno = origin.lineno
                stmt.col_offset = origin.col_offset
                stmt.end_col_offset = origin.end_col_offset if one_line else origin.col_offset + 1
    return out


def _expr(source, **replacements):
    return _template(source, **replacements)[0].value


def _name(identifier, store=False):
    return ast.Name(id=identifier, ctx=ast.Store() if store else ast.Load())


def _is_original(node):
    return getattr(node, "_ag_original", False)


def _loop_blocks(node):
    """The blocks of a statement that belong to the same loop level (not nested loops or functions)."""
    if isinstance(node, ast.If):
        return [node.body, node.orelse]
    if isinstance(node, ast.Try):
        return [node.body, node.orelse, node.finalbody] + [h.body for h in node.handlers]
    if isinstance(node, ast.With):
        return [node.body]
    return []


def _contains(stmt, kinds, into_loops):
    """True if `stmt` holds a statement of `kinds` (or a return already converted, for ast.Return) at
    this level (through if/try/with, and loops too when `into_loops`), never inside nested functions."""
    if isinstance(stmt, kinds) or (kinds is ast.Return and getattr(stmt, "_ag_return", False)):
        return True
    blocks = _loop_blocks(stmt)
    if into_loops and isinstance(stmt, (ast.While, ast.For)):
        blocks = [stmt.body, stmt.orelse]
    return any(_contains(s, kinds, into_loops) for block in blocks for s in block)


def _guard_rest(stmts, jump, flag, into_loops, replace):
    """Rewrites a block so that nothing after a `jump` statement runs once `flag` is set: the jump
    becomes replace(stmt), and the statements after one that may jump run under `if not flag`."""
    out = []
    for i, stmt in enumerate(stmts):
        if isinstance(stmt, jump):
            out.extend(replace(stmt))
            return out
        if not _contains(stmt, jump, into_loops):
            out.append(stmt)
            continue
        blocks = _loop_blocks(stmt)
        if into_loops and isinstance(stmt, (ast.While, ast.For)):
            blocks = [stmt.body]
        for block in blocks:
            block[:] = _guard_rest(block, jump, flag, into_loops, replace)
        out.append(stmt)
        rest = stmts[i + 1:]
        if rest:
            out.extend(_template("if ag__.not_(flag):\n    rest", stmt, flag=flag, rest=_guard_rest(
                rest, jump, flag, into_loops, replace)))
        return out
    return out


class _Directives(ast.NodeTransformer):
    """tf.autograph.experimental.set_loop_options(...) at the top of a loop body becomes that loop's
    options (TensorFlow's directives pass); the call itself is removed."""

    def visit_FunctionDef(self, node):
        return node

    visit_Lambda = visit_FunctionDef

    def _visit_loop(self, node):
        self.generic_visit(node)
        kept = []
        for stmt in node.body:
            call = stmt.value if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call) else None
            callee = call.func if call is not None else None
            name = callee.attr if isinstance(callee, ast.Attribute) else getattr(callee, "id", None)
            if name == "set_loop_options":
                node._ag_loop_options = ast.Dict(keys=[ast.Constant(k.arg) for k in call.keywords],
                                                 values=[k.value for k in call.keywords])
            else:
                kept.append(stmt)
        node.body = kept or [ast.copy_location(ast.Pass(), node)]
        return node

    visit_While = _visit_loop
    visit_For = _visit_loop


class _LoopJumps(ast.NodeTransformer):
    """The break and continue passes (TensorFlow's break_statements and continue_statements)."""

    def __init__(self, namer, kind):
        self._namer = namer
        self._kind = kind

    def visit_FunctionDef(self, node):
        return node  # a nested function's loops are its own (converted when it is called)

    visit_Lambda = visit_FunctionDef

    def _visit_loop(self, node):
        self.generic_visit(node)
        if not any(_contains(s, self._kind, False) for s in node.body):
            return node
        if self._kind is ast.Break:
            return self._convert_break(node)
        return self._convert_continue(node)

    visit_While = _visit_loop
    visit_For = _visit_loop

    def _convert_break(self, node):
        flag = self._namer.new("break_")

        def replace(block):
            out = []
            for stmt in block:
                if isinstance(stmt, ast.Break):
                    out += _template("flag = True\ncontinue", stmt, flag=flag)
                    continue
                for inner in _loop_blocks(stmt):
                    inner[:] = replace(inner)
                out.append(stmt)
            return out

        node.body = replace(node.body)
        if isinstance(node, ast.While):
            node.test = _expr("ag__.and_(lambda: ag__.not_(flag), lambda: test)", flag=flag, test=node.test)
        else:
            # The marker keeps break_ live in the body, where the loop's extra test reads it.
            node.body.insert(0, _template("(flag,)", node, flag=flag)[0])
            node._ag_extra_test = _expr("ag__.not_(flag)", flag=flag)
        out = _template("flag = False", node, flag=flag) + [node]
        if node.orelse:
            out += _template("if ag__.not_(flag):\n    orelse", node, flag=flag, orelse=node.orelse)
            node.orelse = []
        return out

    def _convert_continue(self, node):
        flag = self._namer.new("continue_")
        node.body = _template("flag = False", node.body[0], flag=flag) + _guard_rest(
            node.body, ast.Continue, flag, False, lambda stmt: _template("flag = True", stmt, flag=flag))
        return node


def _definitely_returns(block):
    """True if every path through `block` ends in a return."""
    for stmt in block:
        if isinstance(stmt, ast.Return):
            return True
        if isinstance(stmt, ast.If) and _definitely_returns(stmt.body) and _definitely_returns(stmt.orelse):
            return True
        if isinstance(stmt, ast.With) and _definitely_returns(stmt.body):
            return True
    return False


def _conditional_returns(block):
    """TensorFlow's ConditionalReturnRewriter: after an `if` one of whose branches always returns, the
    rest of the block moves into the other branch, so that both branches of a tensor condition return
    (`if c: return x` then `return y` becomes `if c: return x else: return y`)."""
    out = []
    for i, stmt in enumerate(block):
        blocks = _loop_blocks(stmt) + ([stmt.body, stmt.orelse] if isinstance(stmt, (ast.While, ast.For)) else [])
        for inner in blocks:
            inner[:] = _conditional_returns(inner)
        out.append(stmt)
        rest = block[i + 1:]
        if isinstance(stmt, ast.If) and rest:  # the rest is appended as it is, not into a nested if
            if _definitely_returns(stmt.body):
                stmt.orelse += _conditional_returns(rest)
                return out
            if _definitely_returns(stmt.orelse):
                stmt.body += _conditional_returns(rest)
                return out
    return out


def _convert_returns(function_def, namer):
    """TensorFlow's return_statements pass: every return sets do_return and retval_."""
    do_return, retval = namer.new("do_return"), namer.new("retval_")

    def replace(stmt):
        value = stmt.value if stmt.value is not None else ast.Constant(None)
        converted = _template("try:\n    do_return = True\n    retval_ = value\nexcept:\n    do_return = False\n    raise",
                         stmt, do_return=do_return, retval_=retval, value=value)
        converted[0]._ag_return = True
        return converted

    class Loops(ast.NodeTransformer):
        def visit_FunctionDef(self, node):
            return node

        visit_Lambda = visit_FunctionDef

        def _visit_loop(self, node):
            self.generic_visit(node)
            if not any(_contains(s, ast.Return, True) for s in node.body):
                return node
            node.body = _guard_rest(node.body, ast.Return, do_return, True, replace)
            if isinstance(node, ast.While):
                node.test = _expr("ag__.and_(lambda: ag__.not_(do_return), lambda: test)", do_return=do_return,
                                  test=node.test)
            else:
                test = _expr("ag__.not_(do_return)", do_return=do_return)
                extra = getattr(node, "_ag_extra_test", None)
                node._ag_extra_test = test if extra is None else _expr("ag__.and_(lambda: a, lambda: b)", a=test,
                                                                       b=extra)
            return node

        visit_While = _visit_loop
        visit_For = _visit_loop

    function_def.body = _guard_rest([Loops().visit(s) for s in function_def.body], ast.Return, do_return, True, replace)
    return do_return, retval


class _CallTrees(ast.NodeTransformer):
    """Calls in the user's code go through ag__.converted_call, which converts user functions; the
    call passes the function scope named `scope` (fscope in a function, lscope in a lambda)."""

    def __init__(self, scope="fscope"):
        self._scope = scope

    def visit_Call(self, node):
        self.generic_visit(node)
        if not _is_original(node) or (isinstance(node.func, ast.Name) and node.func.id == "super"):
            return node
        if _dotted_name(node.func) in _UNCONVERTED_CALLS:
            return node
        if any(isinstance(a, ast.Starred) for a in node.args) or any(k.arg is None for k in node.keywords):
            return node
        args = ast.Tuple(elts=node.args, ctx=ast.Load())
        kwargs = ast.Call(func=_name("dict"), args=[], keywords=node.keywords) if node.keywords else ast.Constant(None)
        return ast.copy_location(_expr("ag__.converted_call(func, args, kwargs, scope)", func=node.func, args=args,
                                       kwargs=kwargs, scope=_name(self._scope)), node)


# Calls AutoGraph leaves as they are, as TensorFlow's call_trees converter does: print (without
# the builtin-functions feature) and the debugger entry points.
_UNCONVERTED_CALLS = frozenset(("print", "pdb.set_trace", "ipdb.set_trace", "breakpoint"))


def _dotted_name(node):
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        base = _dotted_name(node.value)
        return None if base is None else base + "." + node.attr
    return None


class _ControlFlow(ast.NodeTransformer):
    """if/while/for as ag__ operator calls over nested functions and the variables' state."""

    def __init__(self, namer, nonlocals):
        self._namer = namer
        self._nonlocals = nonlocals

    def visit_FunctionDef(self, node):
        return node

    visit_Lambda = visit_FunctionDef

    def _block_vars(self, node, modified):
        live_in, live_out = node._ag_live_in, node._ag_live_out
        scope = {v for v in modified if v in live_in or v in live_out or v in self._nonlocals}
        undefined = sorted(v for v in modified if v not in node._ag_defined and v not in self._nonlocals)
        input_only = {v for v in scope if v in live_in and v not in live_out}
        ordered = sorted(scope, key=lambda v: (v in input_only, v))
        return ordered, undefined, len(ordered) - len(input_only)

    def _state_functions(self, names, node):
        getter, setter = self._namer.new("get_state"), self._namer.new("set_state")
        if not names:
            return getter, setter, _template("def getter():\n    return ()\ndef setter(block_vars):\n    pass", node,
                                             getter=getter, setter=setter)
        target = ast.Tuple(elts=[_name(n, store=True) for n in names], ctx=ast.Store())
        state = ast.Tuple(elts=[_name(n) for n in names], ctx=ast.Load())
        return getter, setter, _template("def getter():\n    return state\ndef setter(vars_):\n    nonlocals\n"
                                         "    target = vars_", node, getter=getter, setter=setter, state=state,
                                         nonlocals=self._nonlocal(names), target=target)

    @staticmethod
    def _nonlocal(names):
        return [ast.Nonlocal(names=sorted(names))] if names else []

    @staticmethod
    def _undefined_assigns(names, node):
        out = []
        for n in names:
            out += _template("var = ag__.Undefined(name)", node, var=n, name=ast.Constant(n))
        return out

    @staticmethod
    def _symbol_names(names):
        return ast.Tuple(elts=[ast.Constant(n) for n in names], ctx=ast.Load())

    def visit_If(self, node):
        modified = analysis.writes(node.body) | analysis.writes(node.orelse)
        self.generic_visit(node)
        names, undefined, nouts = self._block_vars(node, modified)
        getter, setter, state = self._state_functions(names, node)
        body_name, else_name = self._namer.new("if_body"), self._namer.new("else_body")
        call = _template("ag__.if_stmt(test, body_name, else_name, getter, setter, symbols, nouts)", node,
                         test=node.test, body_name=body_name, else_name=else_name, getter=getter, setter=setter,
                         symbols=self._symbol_names(names), nouts=ast.Constant(nouts))
        return state + _template("def body_name():\n    nonlocals\n    body\ndef else_name():\n    nonlocals\n    orelse",
                                 node, body_name=body_name, else_name=else_name, nonlocals=self._nonlocal(names),
                                 body=node.body, orelse=node.orelse or [ast.Pass()]) + \
            self._undefined_assigns(undefined, node) + call

    def _loop_options(self, node):
        return getattr(node, "_ag_loop_options", None) or ast.Dict(keys=[], values=[])

    def visit_While(self, node):
        modified = analysis.writes(node.body)
        self.generic_visit(node)
        names, undefined, _ = self._block_vars(node, modified)
        getter, setter, state = self._state_functions(names, node)
        body_name, test_name = self._namer.new("loop_body"), self._namer.new("loop_test")
        return state + _template(
            "def body_name():\n    nonlocals\n    body\ndef test_name():\n    return test\nundefined\n"
            "ag__.while_stmt(test_name, body_name, getter, setter, symbols, opts)", node, body_name=body_name,
            test_name=test_name, nonlocals=self._nonlocal(names), body=node.body, test=node.test,
            undefined=self._undefined_assigns(undefined, node), getter=getter, setter=setter,
            symbols=self._symbol_names(names), opts=self._loop_options(node))

    def visit_For(self, node):
        modified = analysis.writes(node.body) | analysis.writes([ast.Assign(targets=[node.target],
                                                                           value=ast.Constant(None))])
        self.generic_visit(node)
        names, undefined, _ = self._block_vars(node, modified)
        getter, setter, state = self._state_functions(names, node)
        extra_test = getattr(node, "_ag_extra_test", None)
        extra_def = []
        extra_name = ast.Constant(None)
        if extra_test is not None:
            extra_name = self._namer.new("extra_test")
            extra_def = _template("def extra_name():\n    nonlocals\n    return test", node, extra_name=extra_name,
                                  nonlocals=self._nonlocal(names), test=extra_test)
            extra_name = _name(extra_name)
        itr = self._namer.new("itr")
        body_name = self._namer.new("loop_body")
        options = self._loop_options(node)
        options.keys.append(ast.Constant("iterate_names"))
        options.values.append(ast.Constant(ast.unparse(node.target)))
        expansion = ast.copy_location(ast.Assign(targets=[node.target], value=_name(itr)), node)
        return state + _template("def body_name(itr):\n    nonlocals\n    expansion\n    body", node,
                                 body_name=body_name, itr=itr, nonlocals=self._nonlocal(names), expansion=[expansion],
                                 body=node.body) + extra_def + self._undefined_assigns(undefined, node) + _template(
            "ag__.for_stmt(iterated, extra_name, body_name, getter, setter, symbols, opts)", node,
            iterated=node.iter, extra_name=extra_name, body_name=body_name, getter=getter, setter=setter,
            symbols=self._symbol_names(names), opts=options)


class _Expressions(ast.NodeTransformer):
    """Conditional expressions and the logical operators of the user's code."""

    def visit_IfExp(self, node):
        # The condition's text as TensorFlow shows it: its `and`/`or`/`not` not yet converted.
        text = ast.unparse(node.test)
        self.generic_visit(node)
        if not _is_original(node):
            return node
        return ast.copy_location(_expr("ag__.if_exp(test, lambda: body, lambda: orelse, text)", test=node.test,
                                       body=node.body, orelse=node.orelse, text=ast.Constant(text)), node)

    def visit_BoolOp(self, node):
        self.generic_visit(node)
        if not _is_original(node):
            return node
        operator = "ag__.and_" if isinstance(node.op, ast.And) else "ag__.or_"
        result = node.values[-1]
        for value in reversed(node.values[:-1]):
            result = _expr(operator + "(lambda: a, lambda: b)", a=value, b=result)
        return ast.copy_location(result, node)

    def visit_UnaryOp(self, node):
        self.generic_visit(node)
        if not _is_original(node) or not isinstance(node.op, ast.Not):
            return node
        return ast.copy_location(_expr("ag__.not_(a)", a=node.operand), node)

    def visit_Lambda(self, node):
        # A lambda of the user's code is converted with the code around it; marking it an artifact
        # keeps converted_call from converting it a second time when it is called.
        self.generic_visit(node)
        if not _is_original(node):
            return node
        return ast.copy_location(_expr("ag__.autograph_artifact(f)", f=node), node)


class _Variables(ast.NodeTransformer):
    """Reads of the user's names go through ag__.ld; `x += v` first loads x the same way."""

    def visit_Name(self, node):
        if _is_original(node) and isinstance(node.ctx, ast.Load):
            return ast.copy_location(_expr("ag__.ld(var)", var=_name(node.id)), node)
        return node

    def visit_AugAssign(self, node):
        if _is_original(node) and isinstance(node.target, ast.Name):
            return _template("var = ag__.ld(var_load)", node, var=node.target.id, var_load=_name(node.target.id)) + \
                [node]
        return self.generic_visit(node)

    def visit_Delete(self, node):
        return node


def _parameters(args):
    names = [a.arg for a in args.posonlyargs + args.args + args.kwonlyargs]
    names += [a.arg for a in (args.vararg, args.kwarg) if a is not None]
    return names


def convert(function_def, name):
    """The converted FunctionDef of `function_def` (a user function named `name`), named tf__<name>."""
    for node in ast.walk(function_def):
        node._ag_original = True
    reserved = {n.id for n in ast.walk(function_def) if isinstance(n, ast.Name)} | set(
        _parameters(function_def.args))
    namer = _Namer(reserved)
    nonlocals = set()
    for node in ast.walk(function_def):
        if isinstance(node, (ast.Nonlocal, ast.Global)):
            nonlocals.update(node.names)

    function_def.body = [_Directives().visit(stmt) for stmt in function_def.body]
    body = []
    for stmt in function_def.body:
        stmt = _LoopJumps(namer, ast.Break).visit(stmt)
        body.extend(stmt if isinstance(stmt, list) else [stmt])
    function_def.body = [_LoopJumps(namer, ast.Continue).visit(stmt) for stmt in body]
    returns = any(_contains(stmt, ast.Return, True) for stmt in function_def.body)
    if returns:
        function_def.body = _conditional_returns(function_def.body)
        do_return, retval = _convert_returns(function_def, namer)
    function_def.body = [_CallTrees().visit(stmt) for stmt in function_def.body]
    if returns:
        function_def.body = _template("do_return = False\nretval_ = ag__.UndefinedReturnValue()\nbody",
                                      function_def, do_return=do_return, retval_=retval, body=function_def.body)
    analysis.annotate(function_def, _parameters(function_def.args), (do_return, retval) if returns else ())
    control = _ControlFlow(namer, nonlocals)
    function_def.body = _flat(control.visit(stmt) for stmt in function_def.body)
    expressions = _Expressions()
    function_def.body = [expressions.visit(stmt) for stmt in function_def.body]
    variables = _Variables()
    function_def.body = _flat(variables.visit(stmt) for stmt in function_def.body)

    options = ("ag__.ConversionOptions(recursive=True, user_requested=True, optional_features=(), "
               "internal_convert_user_code=True)")
    ending = "\n    return fscope.ret(retval_, do_return)" if returns else ""
    function_def.body = _template("with ag__.FunctionScope(name, 'fscope', %s) as fscope:\n    body%s" % (
        options, ending), function_def, name=ast.Constant(name), body=function_def.body,
        **({"retval_": retval, "do_return": do_return} if returns else {}))
    function_def.name = "tf__" + name
    function_def.decorator_list = []
    function_def.returns = None
    function_def.args.defaults = [ast.Constant(None) for _ in function_def.args.defaults]
    function_def.args.kw_defaults = [None if d is None else ast.Constant(None) for d in function_def.args.kw_defaults]
    for arg in _all_args(function_def.args):
        arg.annotation = None
    return ast.fix_missing_locations(function_def)


def convert_lambda(lambda_node):
    """The converted form of a lambda (an ast.Lambda), as TensorFlow writes it: its body, with calls,
    conditional expressions and logical operators converted, runs inside ag__.with_function_scope,
    whose scope the body's calls pass as `lscope`. Names are read as they are (no ag__.ld)."""
    for node in ast.walk(lambda_node):
        node._ag_original = True
    lambda_node._ag_original = False  # the lambda itself is what is being converted, not an inner one
    body = _CallTrees("lscope").visit(lambda_node.body)
    body = _Expressions().visit(body)
    options = ("ag__.ConversionOptions(recursive=True, user_requested=True, optional_features=(), "
               "internal_convert_user_code=True)")
    lambda_node.body = _expr("ag__.with_function_scope(lambda lscope: body, 'lscope', %s)" % options, body=body)
    lambda_node.args.defaults = [ast.Constant(None) for _ in lambda_node.args.defaults]
    lambda_node.args.kw_defaults = [None if d is None else ast.Constant(None) for d in lambda_node.args.kw_defaults]
    return ast.fix_missing_locations(lambda_node)


def _all_args(args):
    return args.posonlyargs + args.args + args.kwonlyargs + [a for a in (args.vararg, args.kwarg) if a is not None]


def _flat(items):
    out = []
    for item in items:
        out.extend(item if isinstance(item, list) else [item])
    return out
