# ompflang/scan.py: one source's INDIRECT clauses, from flang's meaning and
# the directive's characters.
#
# The text reader (text.py) finds every `declare target` directive flang
# reads, in order, with its characters; flang's parse tree (frontend.py)
# has the same constructs in the same order. They are paired one to one,
# and a pair must agree on whether it has INDIRECT and on its objects, or
# the scan stops with an error at the directive: a clause is never blanked
# without its procedures named to the pass.
import os

from ompflang import copies
from ompflang.text import Error


class Result:
    def __init__(self):
        self.defined = []   # link names of procedures this file defines
        self.named = []     # link names of procedures it names only
        self.warnings = []  # Error objects with warning=True
        self.checked = True  # flang's front end gave the meaning
        self.where = {}     # link name -> position of its directive
        self.messages = ""  # flang's, when its front end stopped


def indirect_directives(reader):
    """[(directive, blanks)] of every `declare target` directive."""
    out = []
    for d in reader.directives():
        out.append((d, d.indirect_blanks()))
    return out


def meaning(flang, reader, source, fixed, flags, pairs, result):
    """Names the procedures of each INDIRECT clause from flang's dumps."""
    import tempfile  # here: a source without INDIRECT needs none of it
    from ompflang import frontend, names
    # flang-22's checks refuse two spellings OpenMP 5.1 allows, which its
    # front end reads from a copy of their own: `to(f) indirect` (TO
    # becomes ENTER) and `declare target indirect` without a list in a
    # procedure's specification part (the clause goes; the construct then
    # names the procedure, and the clause's literal value is read here).
    renames = [(p, 2, "enter") for d, b in pairs if b
               for p in d.to_keywords()]
    renames += [(p, 1, " ") for d, b in pairs if b and d.listless()
                for p in b]
    with tempfile.TemporaryDirectory(prefix="omp-indirect-scan.") as tmp:
        if renames:
            for (record, line, col), n, text in renames:
                reader.records[record].renames.append((line, col, n, text))
            files = copies.plan(reader.records, os.path.join(tmp, "src"),
                                meaning=True)
            copies.write(files)
            source = reader.records[0].copy
            for r in reader.records:
                r.copy = None
            # ENTER needs OpenMP 5.2 in flang-22.
            flags = [f for f in flags
                     if not f.startswith("-fopenmp-version=")]
            flags.append("-fopenmp-version=52")
        dump, messages = frontend.run(frontend.command(
            flang, source, fixed, flags, os.path.join(tmp, "mod"),
            reader.cpp is not None))
        messages = messages.replace(source, reader.records[0].display)
    if dump is None:
        # flang's own compile reports the error; if it compiles the copy,
        # the wrapper shows these messages and stops.
        result.checked = False
        result.messages = messages
        return
    constructs = frontend.parse_tree(dump)
    top = names.parse_symbols(dump)
    first = next((d for d, b in pairs if b), pairs[0][0])
    if len(constructs) != len(pairs):
        raise Error(first.start(), "flang reads %d DECLARE TARGET "
                    "directives in this file where omp-indirect-flang finds "
                    "%d (a macro that makes a directive?); it cannot tell "
                    "which INDIRECT clause belongs to which"
                    % (len(constructs), len(pairs)))
    for (d, blanks), c in zip(pairs, constructs):
        if blanks and d.listless() and c.indirect is None:
            c.indirect = d.literal_indirect()
            if c.indirect is None:
                raise Error(d.indirect_at(argument=True), "DECLARE TARGET "
                            "INDIRECT without a list takes .true. or .false. "
                            "as its argument; name the procedure in "
                            "ENTER(...) to give it an expression")
        if bool(blanks) != (c.indirect is not None):
            raise Error(d.start(), "omp-indirect-flang and flang disagree on "
                        "whether this DECLARE TARGET has INDIRECT")
        named = {("/" if common else "") + name for _, name, common in
                 c.objects}
        if blanks and reader.cpp is None and named != set(d.items()):
            raise Error(d.start(), "omp-indirect-flang and flang disagree on "
                        "the names this DECLARE TARGET lists")
        if blanks:
            construct(reader, d, c, top, result)


def construct(reader, d, c, top, result):
    from ompflang import names
    at = d.indirect_at()
    if c.indirect is False:
        return
    if c.indirect is not True:
        raise Error(d.indirect_at(argument=True),
                    "the INDIRECT clause's argument is not a constant "
                    "that flang folds to .true. or .false. ('%s')"
                    % c.indirect)
    if c.device_type not in (None, "any"):
        raise Error(at, "INDIRECT that evaluates to true allows only "
                    "DEVICE_TYPE(ANY)")
    scope = names.scope_of(top, c.units)
    if scope is None:
        raise Error(at, "omp-indirect-flang cannot find this directive's "
                    "scope in flang's symbol table")
    items = d.items()
    objects = c.objects or [("Enter", c.units[-1][1], False)]
    variables, procedures = [], 0
    for clause, name, common in objects:
        iat = items.get(("/" + name) if common else name, at)
        if clause == "Link":
            raise Error(iat, "INDIRECT applies to the procedures of ENTER "
                        "or TO, not to LINK")
        if common:
            variables.append((iat, "common block /%s/" % name))
            continue
        # A subprogram's own name in its specification part is the
        # subprogram (in a function's scope it is the result variable).
        here = scope
        if name == c.units[-1][1] and c.units[-1][0] not in (
                "Module", "Submodule", "MainProgram", "BlockData"):
            here = scope.parent
        try:
            link, defined = names.link_name(top, here, name)
        except names.Unresolved as e:
            if "variable" in str(e):
                variables.append((iat, "variable '%s'" % name))
                continue
            raise Error(iat, "INDIRECT on '%s', which %s: it applies to "
                        "procedures only" % (name, e))
        procedures += 1
        target = result.defined if defined else result.named
        if link not in target:
            target.append(link)
        # flang emits an internal procedure only where it is used.
        if defined and not names.is_internal(link):
            result.where.setdefault(link, iat)
    # As clang's plugin does for C: an error when the list names no
    # procedure, a warning at each variable of a list that names some.
    if not procedures:
        raise Error(at, "INDIRECT on a DECLARE TARGET directive whose list "
                    "names no procedure; INDIRECT applies to procedures only")
    for iat, what in variables:
        result.warnings.append(Error(iat, "INDIRECT has no effect on %s"
                                     % what, warning=True))


def run(reader, flang, source, fixed, flags, folder):
    """Scans \\p reader's source; returns (Result, {copy: text}), or None
    when it has no INDIRECT clause. Raises Error."""
    pairs = indirect_directives(reader)
    if not any(b for _, b in pairs):
        return None
    result = Result()
    from ompflang import names
    names.UNDERSCORE = "-fno-underscoring" not in flags
    meaning(flang, reader, source, fixed, flags, pairs, result)
    for _, blanks in pairs:
        for record, line, col in blanks:
            reader.records[record].blanks.append((line, col))
    return result, copies.plan(reader.records, folder)
