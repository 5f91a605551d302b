"""What tests read of classes and functions that the compiled build (mypyc, setup.py) keeps
differently: a compiled class has no ``__slots__`` (it lists its attributes in
``__mypyc_attrs__``), and a compiled function has no code object or annotations, so its source
and parameter annotations are read from its module's ``.py`` file."""

from __future__ import annotations

import ast
import inspect
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import boardwright

SOURCE_ROOT = Path(boardwright.__file__).resolve().parent


def own_fields(cls: type) -> tuple[str, ...]:
    """The attributes ``cls`` itself declares (not its bases')."""
    declared = vars(cls)
    if "__slots__" in declared:
        slots = declared["__slots__"]
        return (slots,) if isinstance(slots, str) else tuple(slots)
    inherited = {name for base in cls.__mro__[1:] for name in vars(base).get("__mypyc_attrs__", ())}
    return tuple(
        name
        for name in declared.get("__mypyc_attrs__", ())
        if name not in inherited and not name.startswith("__")
    )


def all_fields(cls: type) -> list[str]:
    """The attributes of ``cls`` and its bases, as :func:`own_fields` finds them."""
    return [name for klass in cls.__mro__ for name in own_fields(klass)]


def module_of(code: Callable[..., Any] | type) -> str:
    """The module defining a function, method or class (compiled, a function is a builtin
    bound to its module, a method a descriptor naming only its class)."""
    module = getattr(code, "__module__", None)
    owner = getattr(code, "__self__", None)
    if module is None and isinstance(owner, ModuleType):
        module = owner.__name__
    elif module is None and hasattr(code, "__objclass__"):
        module = code.__objclass__.__module__
    elif module is None:  # a static method: the module that defines its class
        outer, _, inner = code.__qualname__.rpartition(".")
        module = next(
            name
            for name, found in sorted(sys.modules.items())
            if name.startswith("boardwright.")
            and getattr(getattr(found, outer, None), inner, None) is code
            and getattr(found, outer).__module__ == name
        )
    assert isinstance(module, str)
    return module


def _definition(code: Callable[..., Any] | type) -> tuple[str, ast.AST]:
    """The source text of ``code``'s module and the node defining ``code`` in it."""
    module = module_of(code)
    assert module.startswith("boardwright."), module
    path = SOURCE_ROOT.joinpath(*module.split(".")[1:]).with_suffix(".py")
    text = path.read_text(encoding="utf-8")
    node: ast.AST = ast.parse(text)
    for part in code.__qualname__.split("."):
        node = next(
            child
            for child in ast.iter_child_nodes(node)
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
            and child.name == part
        )
    return text, node


def source_of(code: Callable[..., Any] | type) -> str:
    """The source of a function, method or class, compiled or not."""
    try:
        return inspect.getsource(code)
    except (OSError, TypeError):
        text, node = _definition(code)
        found = ast.get_source_segment(text, node)
        assert found is not None
        return textwrap.dedent(found)


def parameter_annotations(function: Callable[..., Any]) -> dict[str, str]:
    """A function's parameter annotations as written in its source."""
    _, node = _definition(function)
    assert isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
    params = [*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs]
    return {p.arg: ast.unparse(p.annotation) for p in params if p.annotation is not None}
