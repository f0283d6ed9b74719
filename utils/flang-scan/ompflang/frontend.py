# ompflang/frontend.py: what flang's own front end says about a source.
#
# One `flang -fc1 -fopenmp -fdebug-dump-all` run, with the user's -I, -J,
# -D, -U, -cpp and form flags, parses and checks the source (flang-22
# accepts INDIRECT up to its lowering) and prints its parse tree and its
# symbol table. From the parse tree come the `declare target` constructs,
# in source order, each with the program units around it, its objects and
# its INDIRECT clause with the argument folded by flang (`Expr =
# '.true._4'`); from the symbols, what each name resolves to (names.py).
#
# The run writes its .mod files into a folder of its own: the user's -J
# folder is searched (as an -I after the user's, where flang searches it)
# but not written to, and nothing is put ahead of the user's folders.
import os
import re
import subprocess

UNITS = {"Module", "Submodule", "MainProgram", "BlockData",
         "SubroutineSubprogram", "FunctionSubprogram",
         "SeparateModuleSubprogram", "InterfaceBody"}
UNIT_STMTS = {"ModuleStmt", "SubmoduleStmt", "ProgramStmt", "BlockDataStmt",
              "SubroutineStmt", "FunctionStmt", "MpSubprogramStmt"}
NAME = re.compile(r"^Name = '(.*)'$")


def command(flang, source, fixed, flags, moddir, cpp=False):
    """The -fc1 command: \\p flags are the driver's -I, -J, -D, -U and -f
    options that change what the front end reads; \\p cpp says whether
    the command preprocesses the source (its suffix or -cpp)."""
    cmd = [flang, "-fc1", "-fopenmp", "-fdebug-dump-all",
           "-ffixed-form" if fixed else "-ffree-form",
           "-cpp" if cpp else "-nocpp"]
    moddirs = []
    for f in flags:
        if f.startswith("-J"):
            moddirs.append("-I" + f[2:])
        elif f.startswith("-module-dir="):
            moddirs.append("-I" + f[len("-module-dir="):])
        elif f not in ("-ffixed-form", "-ffree-form"):
            cmd.append(f)
    return cmd + moddirs + ["-module-dir", moddir, source]


def run(cmd):
    """flang's dump, or None with its messages when it fails."""
    os.makedirs(cmd[cmd.index("-module-dir") + 1], exist_ok=True)
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True, errors="surrogateescape")
    if p.returncode != 0 or "parse tree dump" not in p.stdout:
        return None, p.stderr
    return p.stdout, p.stderr


class Construct:
    """A `declare target` construct of the parse tree."""

    def __init__(self, units):
        self.units = units     # [(kind, name)], outermost first
        self.objects = []      # [(clause, name, is a common block)]
        self.indirect = None   # None: no clause; True, False, or the text
        self.device_type = None


def parse_tree(dump):
    """The `declare target` constructs of a -fdebug-dump-parse-tree dump,
    in source order."""
    out, units = [], []  # units: [depth, kind, name]
    construct, cdepth, clause = None, 0, None
    for raw in dump.split("\n"):
        if raw.startswith("===") and "symbols dump" in raw:
            break
        depth = 0
        while raw.startswith("| ", depth * 2):
            depth += 1
        line = raw[depth * 2:]
        if not line or raw.startswith("==="):
            continue
        parts = line.split(" -> ")
        if construct is not None and depth <= cdepth:
            construct = None
        while units and depth <= units[-1][0]:
            units.pop()
        if construct is not None:
            clause = read_clause(construct, parts, clause)
            continue
        if parts[0] != "PrefixSpec" and UNITS.intersection(parts):
            units.append([depth, parts[-1] if "InterfaceBody" in parts
                          else next(p for p in parts if p in UNITS), None])
            continue
        if "OpenMPDeclareTargetConstruct" in parts:
            construct, cdepth, clause = Construct(
                [(k, n) for _, k, n in units]), depth, None
            out.append(construct)
            continue
        if units and units[-1][2] is None:
            unit = units[-1]
            m = NAME.match(parts[-1])
            if parts[0] in UNIT_STMTS and m and len(parts) > 1:
                unit[2] = m.group(1).lower()
            elif depth == unit[0] + 2 and len(parts) == 1 and m:
                unit[2] = m.group(1).lower()
    return out


def read_clause(construct, parts, clause):
    """One line inside a construct; returns the clause it belongs to."""
    if "OmpClause" in parts:
        clause = parts[parts.index("OmpClause") + 1]
        if clause == "Indirect":
            m = re.search(r"Expr = '(.*)'$", parts[-1])
            if parts[-1] == "OmpIndirectClause" or parts[-1] == "":
                construct.indirect = True
            elif m:
                v = m.group(1).lower()
                construct.indirect = True if re.match(r"\.true\._\d+$", v) \
                    else False if re.match(r"\.false\._\d+$", v) else v
        elif clause == "DeviceType":
            construct.device_type = parts[-1].split("= ")[-1].lower()
    if "OmpObject" in parts:
        m = NAME.match(parts[-1])
        if m:
            construct.objects.append(
                (clause, m.group(1).lower(), "Designator" not in parts))
    return clause
