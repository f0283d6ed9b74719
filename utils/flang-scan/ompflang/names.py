# ompflang/names.py: the link name of each procedure a `declare target`
# construct names, from flang's symbol table (-fdebug-dump-symbols), as
# flang-22 names it in the object: the binding label of a BIND(C) one,
# `name_` for an external procedure, `_QM<module>P<name>` for a module
# procedure (a separate module procedure too, wherever its body is),
# `_QM<module>S<submodule>P<name>` for another procedure of a submodule,
# `_QF<host>P<name>`, `_QM<module>F<host>P<name>` and `_QFP<name>` for
# internal procedures.
import re

UNDERSCORE = True  # flang's default; -fno-underscoring drops it
SCOPE = re.compile(r"^(\s*)(\w+) scope:(?: (\S+))?")
SYMBOL = re.compile(r"^(\s*)([^\s,:(]+)(.*?): (.*)$")


class Scope:
    def __init__(self, kind, name, parent):
        self.kind = kind  # Global, Module, Subprogram, MainProgram, ...
        self.name = (name or "").lower()
        self.parent = parent
        self.symbols = {}  # name -> (attributes, flags, details)
        self.children = []

    def path(self):
        s, out = self, []
        while s is not None and s.kind != "Global":
            out.append(s)
            s = s.parent
        return out[::-1]

    def child(self, kind, name):
        for c in self.children:
            if c.kind == kind and c.name == name:
                return c
        return None


def parse_symbols(dump):
    """The scope tree of a -fdebug-dump-symbols dump (its Global scope)."""
    text = dump.split("Flang: symbols dump", 1)[-1]
    top, stack = None, []  # stack: (indent, scope)
    for line in text.split("\n"):
        m = SCOPE.match(line)
        if m:
            indent = len(m.group(1))
            while stack and stack[-1][0] >= indent:
                stack.pop()
            parent = stack[-1][1] if stack else None
            scope = Scope(m.group(2), m.group(3), parent)
            if parent is not None:
                parent.children.append(scope)
            else:
                top = top or scope
            stack.append((indent, scope))
            continue
        m = SYMBOL.match(line)
        if not m or not stack:
            continue
        indent = len(m.group(1))
        while stack and stack[-1][0] >= indent:
            stack.pop()
        if not stack:
            continue
        head = m.group(3)
        flags = re.search(r"\(([^)]*)\)", head)
        attrs = head.split("(")[0]
        stack[-1][1].symbols[m.group(2).lower()] = (
            {a.strip() for a in attrs.split(",") if a.strip()},
            {f.strip() for f in flags.group(1).split(",")} if flags else set(),
            m.group(4))
        stack.append((indent, stack[-1][1]))  # symbols' lines are leaves
        stack.pop()
    return top


# The scope kind of each unit kind of the parse tree.
UNIT_SCOPES = {"Module": "Module", "Submodule": "Module",
               "MainProgram": "MainProgram", "BlockData": "BlockData"}


def scope_of(top, units):
    """The symbol scope of the program units \\p units of a construct."""
    scope = top
    for kind, name in units:
        want = UNIT_SCOPES.get(kind, "Subprogram")
        found = scope.child(want, name or "")
        if found is None and kind == "Submodule":
            found = find_module(top, name)
        if found is None and kind == "MainProgram":
            found = next((c for c in scope.children
                          if c.kind == "MainProgram"), None)
        if found is None:
            return None
        scope = found
    return scope


def find_module(scope, name):
    for c in scope.children:
        if c.kind == "Module" and c.name == name:
            return c
        if c.kind != "IntrinsicModules":
            found = find_module(c, name)
            if found is not None:
                return found
    return None


class Unresolved(Exception):
    """A name that is not a procedure INDIRECT can apply to; the text says
    what it is."""


def link_name(top, scope, name, depth=0):
    """(link name, defined in this file) of procedure \\p name as seen in
    \\p scope; raises Unresolved for anything else."""
    s = scope
    while s is not None and name not in s.symbols:
        s = s.parent
    if s is None or depth > 20:
        raise Unresolved("is not a procedure")
    attrs, flags, details = s.symbols[name]
    kind = details.split()[0] if details else ""
    if kind == "HostAssoc":
        return link_name(top, s.parent, name, depth + 1)
    if kind == "Use":
        m = re.match(r"Use from (\S+) in (\S+)", details)
        module = find_module(top, m.group(2).lower())
        if module is not None and m.group(1).lower() in module.symbols:
            found, _ = link_name(top, module, m.group(1).lower(), depth + 1)
            return found, False
        return "_QM%sP%s" % (m.group(2).lower(), m.group(1).lower()), False
    bind = re.search(r"\bbindName:(\S+)", details)
    if kind == "Subprogram":
        # An interface body declares; a separate module procedure's body
        # repeats its interface after "moduleInterface:".
        defined = "isInterface" not in details.split("moduleInterface:")[0]
        if bind:
            return bind.group(1), defined
        if not defined and "MODULE" not in attrs:
            return external(name), False  # an external's interface
        return mangle(s, name, attrs, details), defined
    if kind == "ProcEntity":
        if "POINTER" in attrs or " dummy" in details:
            raise Unresolved("is a procedure pointer or a dummy procedure")
        return (bind.group(1) if bind else external(name)), False
    if kind in ("Generic", "GenericDetails"):
        raise Unresolved("is a generic name, not a specific procedure")
    if kind in ("ObjectEntity", "Entity", "CommonBlockDetails"):
        raise Unresolved("is a variable")
    raise Unresolved("is not a procedure (%s)" % kind)


def root_module(scope):
    while scope.parent is not None and scope.parent.kind == "Module":
        scope = scope.parent
    return scope


def mangle(s, name, attrs, details):
    if s.kind == "Global":
        return external(name)
    if s.kind == "Module":
        root = root_module(s)
        if root is s or "MODULE" in attrs or "moduleInterface" in details:
            return "_QM%sP%s" % (root.name, name)
        return "_QM%sS%sP%s" % (root.name, s.name, name)
    if s.kind == "MainProgram":
        return "_QFP%s" % name
    if s.kind == "Subprogram":
        host = s.parent
        if host is not None and host.kind == "Module":
            return "_QM%sF%sP%s" % (root_module(host).name, s.name, name)
        return "_QF%sP%s" % (s.name, name)
    raise Unresolved("is in a %s, where omp-indirect-flang cannot name it"
                     % s.kind)


def external(name):
    return name + "_" if UNDERSCORE else name


def is_internal(link):
    """True for flang's name of an internal procedure."""
    return re.match(r"_Q(M[a-z0-9_$]+)?F", link) is not None
