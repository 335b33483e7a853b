"""The syntax tree of a lambda, found in its source file: Python keeps only the line a lambda starts
on, so the lambda is cut out of the text from there with the tokenizer (it ends where its body's
expression ends: at a comma, a closing bracket, a `for` or the end of the logical line, outside
brackets), and among the lambdas starting on that line the one whose parameters are the function's
is taken. None matching, or several, is a ConversionError, as TensorFlow's "could not identify
source code of lambda function"."""

import ast
import inspect
import io
import tokenize

_ENDING_NAMES = ("for", "async")


class LambdaSourceError(Exception):
    """The lambda's source could not be identified."""


def _parameter_names(code):
    count = code.co_argcount + code.co_kwonlyargcount
    count += bool(code.co_flags & inspect.CO_VARARGS) + bool(code.co_flags & inspect.CO_VARKEYWORDS)
    return sorted(code.co_varnames[:count])


def _ast_parameter_names(node):
    args = node.args
    names = [a.arg for a in args.posonlyargs + args.args + args.kwonlyargs]
    names += [a.arg for a in (args.vararg, args.kwarg) if a is not None]
    return sorted(names)


def _lambda_extent(tokens, start):
    """The index of the first token after the lambda that starts at tokens[start]."""
    depth, in_body = 0, False
    for i in range(start + 1, len(tokens)):
        tok = tokens[i]
        if tok.type in (tokenize.NEWLINE, tokenize.ENDMARKER):
            return i
        if tok.type == tokenize.OP:
            if tok.string in "([{":
                depth += 1
            elif tok.string in ")]}":
                if depth == 0:
                    return i
                depth -= 1
            elif depth == 0 and tok.string == ":" and not in_body:
                in_body = True
            elif depth == 0 and in_body and tok.string in (",", ";"):
                return i
        elif tok.type == tokenize.NAME and depth == 0 and in_body:
            if tok.string in _ENDING_NAMES:
                return i
            if tok.string == "lambda":
                return _lambda_extent(tokens, i)  # a lambda returning a lambda ends where the inner one does
    return len(tokens)


def _tokens_from(lines):
    text = "".join(lines)
    tokens = []
    try:
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            tokens.append(tok)
    except (tokenize.TokenError, IndentationError, SyntaxError):
        pass  # the text ends inside brackets opened before the lambda's line: what was read suffices
    return tokens


def _source_text(lines, first, last):
    """The text between two token positions (row is 1-based, as the tokenizer counts)."""
    (row0, col0), (row1, col1) = first, last
    if row0 == row1:
        return lines[row0 - 1][col0:col1]
    return lines[row0 - 1][col0:] + "".join(lines[row0:row1 - 1]) + lines[row1 - 1][:col1]


def find_lambda(f):
    """The ast.Lambda of the lambda function `f`, with the line numbers of its file."""
    code = f.__code__
    try:
        file_lines, _ = inspect.findsource(code)
    except (OSError, TypeError) as e:
        raise LambdaSourceError("could not get the source code of the lambda: %s" % e) from None
    first_line = code.co_firstlineno
    # From the lambda's line onward: the tokens of its first line are where it may start.
    lines = file_lines[first_line - 1:]
    tokens = _tokens_from(lines)
    wanted = _parameter_names(code)
    matches = []
    for i, tok in enumerate(tokens):
        if tok.start[0] > 1:
            break
        if tok.type != tokenize.NAME or tok.string != "lambda":
            continue
        end = _lambda_extent(tokens, i)
        end_position = tokens[end].start if end < len(tokens) else (len(lines), len(lines[-1]))
        text = _source_text(lines, tok.start, end_position)
        try:
            node = ast.parse("(" + text + "\n)", mode="eval").body
        except SyntaxError:
            continue
        if isinstance(node, ast.Lambda) and _ast_parameter_names(node) == wanted:
            matches.append(node)
    if len(matches) != 1:
        raise LambdaSourceError(
            "could not identify source code of lambda function %r; it was defined on this line: %s, which must "
            "contain a single lambda with matching signature" % (f, file_lines[first_line - 1].strip()))
    node = matches[0]
    ast.increment_lineno(node, first_line - 1)
    return node
