"""What AutoGraph's control-flow conversion needs to know about a function's variables.

For every `if`, `while` and `for` statement it records, as attributes on the node:
  _ag_live_in   names whose values the statement (test included) may read before writing them,
  _ag_live_out  names live after the statement (read later before being written again),
  _ag_defined   names that may hold a value when the statement starts (reaching definitions).
The analysis runs on the function after break, continue and return statements became flags, so the
only jumps left are the loops themselves. Only plain names count; attributes and subscripts do not.
"""

import ast

_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)
_COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)


def reads(node):
    """Names loaded anywhere in `node` (nested functions, lambdas and comprehensions included: they
    may read them), less the parameters and targets those bind in their own scope (the `x` of
    `lambda x: x * x` is not the enclosing x)."""
    if node is None:
        return set()
    if isinstance(node, ast.Name):
        return {node.id} if isinstance(node.ctx, ast.Load) else set()
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
        args = node.args
        body = node.body if isinstance(node.body, list) else [node.body]
        outer = set()
        for default in args.defaults + [d for d in args.kw_defaults if d is not None]:
            outer |= reads(default)
        for decorator in getattr(node, "decorator_list", []):
            outer |= reads(decorator)
        inner = set()
        for stmt in body:
            inner |= reads(stmt)
        return outer | (inner - _parameter_names(args))
    if isinstance(node, _COMPREHENSIONS):
        # The first iterable is evaluated in the enclosing scope; the rest sees the targets.
        bound = writes([ast.Assign(targets=[g.target], value=ast.Constant(None)) for g in node.generators])
        inner = set()
        for child in ast.iter_child_nodes(node):
            if child is not node.generators[0]:
                inner |= reads(child)
        first = node.generators[0]
        inner |= reads(first.target) | set().union(*(reads(c) for c in first.ifs))
        return reads(first.iter) | (inner - bound)
    out = set()
    for child in ast.iter_child_nodes(node):
        out |= reads(child)
    return out


def _parameter_names(args):
    params = args.posonlyargs + args.args + args.kwonlyargs
    params += [a for a in (args.vararg, args.kwarg) if a is not None]
    return {a.arg for a in params}


def _target_names(target, out):
    if isinstance(target, ast.Name):
        out.add(target.id)
    elif isinstance(target, (ast.Tuple, ast.List)):
        for elt in target.elts:
            _target_names(elt, out)
    elif isinstance(target, ast.Starred):
        _target_names(target.value, out)


def writes(stmts):
    """Names a list of statements binds in its own scope (nested function bodies excluded)."""
    out = set()
    for stmt in stmts:
        _writes_of(stmt, out)
    return out


def _writes_of(node, out):
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        out.add(node.name)
        return
    if isinstance(node, (ast.Lambda,) + _COMPREHENSIONS):
        return
    if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
        out.add(node.id)
        return
    if isinstance(node, (ast.Import, ast.ImportFrom)):
        for alias in node.names:
            out.add((alias.asname or alias.name).split(".")[0])
    for child in ast.iter_child_nodes(node):
        _writes_of(child, out)


def _simple_uses(stmt):
    """The names a simple statement reads (its targets' subscripts and attributes included)."""
    if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return reads(stmt) - {stmt.name}
    return reads(stmt)


def _simple_kills(stmt):
    """The names a simple statement surely binds."""
    if isinstance(stmt, ast.AugAssign):
        return set()  # `x += 1` reads x first
    return writes([stmt])


def live_block(stmts, live_out):
    """The names live on entry to `stmts` given those live after it; annotates compound statements."""
    live = set(live_out)
    for stmt in reversed(stmts):
        live = _live_stmt(stmt, live)
    return live


def _live_stmt(stmt, out):
    if isinstance(stmt, ast.If):
        live_in = reads(stmt.test) | live_block(stmt.body, out) | live_block(stmt.orelse, out)
    elif isinstance(stmt, ast.While):
        orelse_in = live_block(stmt.orelse, out)
        head = reads(stmt.test) | out | orelse_in
        while True:
            new_head = head | live_block(stmt.body, head)
            if new_head == head:
                break
            head = new_head
        live_in = head
    elif isinstance(stmt, ast.For):
        orelse_in = live_block(stmt.orelse, out)
        targets = writes([ast.Assign(targets=[stmt.target], value=ast.Constant(None))])
        head = set(out) | orelse_in
        while True:
            new_head = head | (live_block(stmt.body, head) - targets)
            if new_head == head:
                break
            head = new_head
        live_in = reads(stmt.iter) | head
    elif isinstance(stmt, ast.Try):
        after = live_block(stmt.finalbody, out) if stmt.finalbody else out
        live_in = live_block(stmt.body, live_block(stmt.orelse, after) | after)
        for handler in stmt.handlers:
            live_in |= live_block(handler.body, after)
    elif isinstance(stmt, ast.With):
        live_in = live_block(stmt.body, out)
        for item in stmt.items:
            if item.optional_vars is not None:
                live_in -= writes([ast.Assign(targets=[item.optional_vars], value=ast.Constant(None))])
        for item in stmt.items:
            live_in |= reads(item.context_expr)
    elif isinstance(stmt, (ast.Return, ast.Raise)):
        live_in = reads(stmt)
    else:
        live_in = (out - _simple_kills(stmt)) | _simple_uses(stmt)
    if isinstance(stmt, (ast.If, ast.While, ast.For)):
        stmt._ag_live_in = live_in
        stmt._ag_live_out = set(out)
    return live_in


def defined_block(stmts, defined):
    """The names that may be bound after `stmts` given those bound before; annotates compound statements."""
    defined = set(defined)
    for stmt in stmts:
        if isinstance(stmt, (ast.If, ast.While, ast.For)):
            stmt._ag_defined = set(defined)
        if isinstance(stmt, ast.If):
            defined = defined_block(stmt.body, defined) | defined_block(stmt.orelse, defined)
        elif isinstance(stmt, (ast.While, ast.For)):
            entry = set(defined)
            if isinstance(stmt, ast.For):
                entry |= writes([ast.Assign(targets=[stmt.target], value=ast.Constant(None))])
            # Twice, so statements in the body see what earlier iterations bound.
            loop = defined_block(stmt.body, entry)
            loop = defined_block(stmt.body, entry | loop)
            defined = defined_block(stmt.orelse, defined | loop) | loop
        elif isinstance(stmt, ast.Try):
            defined = defined_block(stmt.body, defined)
            for handler in stmt.handlers:
                defined |= defined_block(handler.body, defined)
            defined = defined_block(stmt.finalbody, defined_block(stmt.orelse, defined))
        elif isinstance(stmt, ast.With):
            for item in stmt.items:
                if item.optional_vars is not None:
                    defined |= writes([ast.Assign(targets=[item.optional_vars], value=ast.Constant(None))])
            defined = defined_block(stmt.body, defined)
        else:
            defined |= writes([stmt])
    return defined


def annotate(function_def, parameters, live_at_exit):
    """Annotates every if/while/for in the function's body (see the module docstring); the names in
    `live_at_exit` are read after the body (the return value and its flag)."""
    live_block(function_def.body, set(live_at_exit))
    defined_block(function_def.body, set(parameters))
