"""Which functions AutoGraph converts, and converting them: the source (for a lambda, the lambda cut
out of its line, lambda_source.py) is parsed with Python's ast module, rewritten (converter.py) and
compiled with the user's file name and line numbers, so the converted function's frames point at
the user's code. The converted function shares the original's
globals and closure cells, so it sees the same names as the original."""

import ast
import inspect
import sysconfig
import textwrap
import types
import weakref

from . import converter
from . import lambda_source
from . import logging as ag_logging

_cache = weakref.WeakKeyDictionary()  # code object -> (code of the converted function, its source)
_user_functions = weakref.WeakKeyDictionary()  # code objects of converted code -> the user function's name
DO_NOT_CONVERT = "__autograph_do_not_convert__"
_LIBRARY_PATHS = tuple({sysconfig.get_paths()[k] for k in ("stdlib", "platstdlib", "purelib", "platlib")})
_PACKAGE_PATH = __file__.rsplit("/autograph/", 1)[0]


class ConversionError(Exception):
    """The function could not be converted (AutoGraph runs it as it is)."""


def is_unsupported(f):
    """True for what AutoGraph calls as it is: builtins, classes, do_not_convert functions, code of
    tfpp, the standard library and installed packages, and generators. Lambdas are converted, as
    TensorFlow converts them."""
    if getattr(f, DO_NOT_CONVERT, False):
        return True
    if not isinstance(f, types.FunctionType):
        return True
    code = f.__code__
    if code.co_flags & (inspect.CO_GENERATOR | inspect.CO_COROUTINE):
        return True
    filename = code.co_filename
    return filename.startswith(_PACKAGE_PATH) or filename.startswith(_LIBRARY_PATHS) or filename.startswith("<")


def _parse(f):
    try:
        source = textwrap.dedent(inspect.getsource(f))
    except (OSError, TypeError) as e:
        raise ConversionError("could not get the source code of %s: %s" % (f.__qualname__, e)) from None
    tree = ast.parse(source)
    function_def = tree.body[0]
    if not isinstance(function_def, ast.FunctionDef):
        raise ConversionError("%s is not defined by a def statement" % f.__qualname__)
    ast.increment_lineno(tree, f.__code__.co_firstlineno - 1)
    return function_def


class _ExplicitSuper(ast.NodeTransformer):
    """Rewrites `super()` as `super(__class__, self)`: Python gives a method's zero-argument super()
    the class through an implicit `__class__` cell, which the converted function, compiled outside
    the class, only gets by naming it."""

    def __init__(self, first_arg):
        self._first_arg = first_arg

    def visit_Call(self, node):
        self.generic_visit(node)
        if isinstance(node.func, ast.Name) and node.func.id == "super" and not node.args and not node.keywords:
            node.args = [ast.Name(id="__class__", ctx=ast.Load()), ast.Name(id=self._first_arg, ctx=ast.Load())]
        return node


def _with_explicit_super(f, function_def):
    arguments = function_def.args.posonlyargs + function_def.args.args
    if "__class__" in f.__code__.co_freevars and arguments:
        _ExplicitSuper(arguments[0].arg).visit(function_def)
    return function_def


def converted_source(f):
    """The converted function's source text (what tf.autograph.to_code shows)."""
    return _converted(f)[1]


def _is_lambda(f):
    return f.__code__.co_name == "<lambda>"


def _converted_definition(f):
    """The converted definition of `f` as a statement (a def, or `tf__lam = lambda ...`), its name
    and the name of its code object."""
    if _is_lambda(f):
        try:
            node = lambda_source.find_lambda(f)
        except lambda_source.LambdaSourceError as e:
            raise ConversionError(str(e)) from None
        statement = ast.Assign(targets=[ast.Name(id="tf__lam", ctx=ast.Store())], value=converter.convert_lambda(node))
        ast.copy_location(statement, node)
        return ast.fix_missing_locations(statement), "tf__lam", "<lambda>"
    function_def = converter.convert(_with_explicit_super(f, _parse(f)), f.__name__)
    return function_def, function_def.name, function_def.name


def _converted(f):
    entry = _cache.get(f.__code__)
    if entry is None:
        definition, name, code_name = _converted_definition(f)
        text = ast.unparse(definition)
        # A factory binds ag__ and the original's free variables, so that the converted function reads
        # them as closure variables.
        # (A function defined inside converted code already has ag__ among them.)
        free = tuple(n for n in f.__code__.co_freevars if n != "ag__")
        factory = ast.FunctionDef(name="outer_factory", args=ast.arguments(
            posonlyargs=[], args=[ast.arg(arg=n) for n in ("ag__",) + free], kwonlyargs=[],
            kw_defaults=[], defaults=[]), body=[definition, ast.Return(value=ast.Name(id=name, ctx=ast.Load()))],
            decorator_list=[], returns=None)
        ast.copy_location(factory, definition)
        module = ast.fix_missing_locations(ast.Module(body=[factory], type_ignores=[]))
        code = compile(module, f.__code__.co_filename, "exec")
        factory_code = next(c for c in code.co_consts if isinstance(c, types.CodeType))
        inner = next(c for c in factory_code.co_consts if isinstance(c, types.CodeType) and c.co_name == code_name)
        entry = (inner, text)
        _cache[f.__code__] = entry
        _remember(inner, f.__name__)
        ag_logging.log(1, "Converted %s", f.__qualname__)
        ag_logging.log(5, "Converted code of %s:\n%s", f.__qualname__, text)
    return entry


def _remember(code, name):
    _user_functions[code] = name
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            _remember(const, name)


def user_function_name(code):
    """The name of the user function whose converted code `code` is part of, or None."""
    return _user_functions.get(code)


def convert(f, ag_module):
    """The converted version of the plain function `f` (raises ConversionError if it cannot be)."""
    inner, _ = _converted(f)
    cells = dict(zip(f.__code__.co_freevars, f.__closure__ or ()))
    cells["ag__"] = types.CellType(ag_module)
    closure = tuple(cells[name] for name in inner.co_freevars)
    converted = types.FunctionType(inner, f.__globals__, f.__name__, f.__defaults__, closure)
    converted.__kwdefaults__ = f.__kwdefaults__
    converted.__dict__.update(f.__dict__)
    return converted

