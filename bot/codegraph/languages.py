"""Which grammar parses which file, and the tree-sitter query that finds what we index.

Capture names carry the meaning: `@def.<kind>` on a whole definition node (its name is the
node's `name` field), `@ref.<kind>` on the identifier that is called, imported or accessed. One
query per language, because the query cursor's walk over the tree costs about as much as all
patterns. Rendering a JSX component (`<Card/>`, not `<div/>`), `new C()` and Go's `T{...}` count
as calls of C and T: they run or build the thing named.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from functools import cache

import tree_sitter
import tree_sitter_go
import tree_sitter_java
import tree_sitter_javascript
import tree_sitter_python
import tree_sitter_typescript

_PYTHON = """
(function_definition) @def.function
(class_definition) @def.class
(call function: (identifier) @ref.call)
(call function: (attribute attribute: (identifier) @ref.call))
(attribute attribute: (identifier) @ref.attribute)
(import_statement name: (dotted_name) @ref.import)
(import_statement name: (aliased_import name: (dotted_name) @ref.import))
(import_from_statement module_name: (_) @ref.import)
(import_from_statement name: (dotted_name) @ref.import)
(import_from_statement name: (aliased_import name: (dotted_name) @ref.import))
"""

_JAVASCRIPT_COMMON = """
(function_declaration) @def.function
(generator_function_declaration) @def.function
(class_declaration) @def.class
(method_definition) @def.method
(variable_declarator
  name: (identifier)
  value: [(arrow_function) (function_expression)]) @def.function
(call_expression function: (identifier) @ref.call)
(call_expression function: (member_expression property: (property_identifier) @ref.call))
(new_expression constructor: (identifier) @ref.call)
(member_expression property: (property_identifier) @ref.attribute)
(import_statement source: (string (string_fragment) @ref.import))
(import_specifier name: (identifier) @ref.import)
(import_clause (identifier) @ref.import)
"""

_JSX = """
((jsx_opening_element name: (identifier) @ref.call) (#match? @ref.call "^[A-Z]"))
((jsx_self_closing_element name: (identifier) @ref.call) (#match? @ref.call "^[A-Z]"))
"""

_TYPESCRIPT_EXTRA = """
(abstract_class_declaration) @def.class
(interface_declaration) @def.interface
(type_alias_declaration) @def.type
(enum_declaration) @def.enum
(method_signature) @def.method
(abstract_method_signature) @def.method
"""

_GO = """
(function_declaration) @def.function
(method_declaration) @def.method
(type_spec) @def.type
(type_alias) @def.type
(call_expression function: (identifier) @ref.call)
(call_expression function: (selector_expression field: (field_identifier) @ref.call))
(composite_literal type: (type_identifier) @ref.call)
(selector_expression field: (field_identifier) @ref.attribute)
(import_spec path: (_) @ref.import)
"""

_JAVA = """
(class_declaration) @def.class
(interface_declaration) @def.interface
(enum_declaration) @def.enum
(record_declaration) @def.record
(annotation_type_declaration) @def.interface
(method_declaration) @def.method
(constructor_declaration) @def.constructor
(method_invocation name: (identifier) @ref.call)
(object_creation_expression type: (type_identifier) @ref.call)
(field_access field: (identifier) @ref.attribute)
(import_declaration (scoped_identifier) @ref.import)
(import_declaration (identifier) @ref.import)
"""

# Kinds whose direct function children are methods, and whose names scope their members.
CLASS_LIKE_KINDS: frozenset[str] = frozenset(
    {"class", "interface", "struct", "enum", "record", "type"}
)


@dataclass(frozen=True)
class LanguageSpec:
    """A grammar and its query, created lazily because each process builds its own."""

    name: str
    query_source: str

    @property
    def language(self) -> tree_sitter.Language:
        return _language(self.name)

    @property
    def query(self) -> tree_sitter.Query:
        return _query(self.name)


_SPECS: dict[str, LanguageSpec] = {
    "python": LanguageSpec("python", _PYTHON),
    "javascript": LanguageSpec("javascript", _JAVASCRIPT_COMMON + _JSX),
    "typescript": LanguageSpec("typescript", _JAVASCRIPT_COMMON + _TYPESCRIPT_EXTRA),
    "tsx": LanguageSpec("tsx", _JAVASCRIPT_COMMON + _TYPESCRIPT_EXTRA + _JSX),
    "go": LanguageSpec("go", _GO),
    "java": LanguageSpec("java", _JAVA),
}

EXTENSIONS: dict[str, str] = {
    ".py": "python",
    ".pyi": "python",
    ".js": "javascript",
    ".mjs": "javascript",
    ".cjs": "javascript",
    ".jsx": "javascript",
    ".ts": "typescript",
    ".mts": "typescript",
    ".cts": "typescript",
    ".tsx": "tsx",
    ".go": "go",
    ".java": "java",
}


def language_for(filename: str) -> str | None:
    """The language id for a file name, or None when we have no grammar for it."""
    dot = filename.rfind(".")
    if dot < 0:
        return None
    return EXTENSIONS.get(filename[dot:].lower())


def spec(language: str) -> LanguageSpec:
    return _SPECS[language]


@cache
def _language(name: str) -> tree_sitter.Language:
    capsule = {
        "python": tree_sitter_python.language,
        "javascript": tree_sitter_javascript.language,
        "typescript": tree_sitter_typescript.language_typescript,
        "tsx": tree_sitter_typescript.language_tsx,
        "go": tree_sitter_go.language,
        "java": tree_sitter_java.language,
    }[name]()
    return tree_sitter.Language(capsule)


@cache
def _query(name: str) -> tree_sitter.Query:
    return tree_sitter.Query(_language(name), _SPECS[name].query_source)


_per_thread = threading.local()


def parser(name: str) -> tree_sitter.Parser:
    """One parser per language per thread: parsers are reusable, not thread-safe, and a lazy
    graph answers questions while its full index parses in another thread."""
    parsers: dict[str, tree_sitter.Parser] | None = getattr(_per_thread, "parsers", None)
    if parsers is None:
        parsers = _per_thread.parsers = {}
    found = parsers.get(name)
    if found is None:
        found = parsers[name] = tree_sitter.Parser(_language(name))
    return found
