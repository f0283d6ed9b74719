# ompflang/text.py: the characters of `declare target` directives.
#
# omp-indirect-flang-scan takes every meaning (which procedure, which
# scope, what INDIRECT's argument is) from flang's own front end
# (frontend.py). This module only finds the characters: it reads a source
# and the files its include lines bring in, in the order flang reads them,
# and returns each `declare target` directive with, for every character of
# its text, the (record, line, column) it came from, so that the INDIRECT
# clause can be blanked in place and a message can point at a name.
#
# It follows INCLUDE lines and, in a preprocessed source, #include "file"
# lines, searching as flang does (the including file's folder, then the -I
# folders in order), and leaves out the lines of inactive #if branches with
# the command's -D and -U and the file's own object-like #define.
import os
import re

from ompflang.cpp import Branches

SENTINEL_FREE = re.compile(r"^(\s*)!\$omp", re.I)
SENTINEL_FIXED = re.compile(r"^[!cC*]\$omp", re.I)
INCLUDE_LINE = re.compile(r"\s*include\s*(['\"])(.+?)\1\s*(!.*)?$", re.I)
CPP_INCLUDE = re.compile(r'\s*#\s*include\s*"([^"]+)"')
CLAUSE = re.compile(r"([a-z_]\w*)?\s*", re.I)


class Error(Exception):
    """A message for the user; \\p where is a (record, line, column) or
    None."""

    def __init__(self, where, text, warning=False):
        super().__init__(text)
        self.where = where
        self.warning = warning


class Record:
    """One file read: the source, or a file an include line brought in
    (each inclusion its own record)."""

    def __init__(self, path, display, lines, parent=None, name=None,
                 local=False):
        self.path = path
        self.display = display
        self.lines = lines
        self.parent = parent  # index of the including record
        self.name = name      # the name as the include line spells it
        self.local = local    # found in the including file's folder
        self.blanks = []      # (line, column) to blank
        self.renames = []     # (line, column, length, text): TO to ENTER
        self.copy = None


class Directive:
    """One `declare target` directive: its text (continuations joined,
    comments dropped) and each character's (record, line, column)."""

    def __init__(self, text, pos):
        self.text = text
        self.pos = pos

    def clauses(self):
        """[(name, (argument, index) or None, first index, end index)]."""
        text, pos = self.text, self.pos
        m = re.match(r"\s*declare\s*target\s*", text, re.I)
        i, out = m.end(), []
        while i < len(text):
            if text[i] in ", \t":
                i += 1
                continue
            m = CLAUSE.match(text, i)
            name, j, arg = (m.group(1) or "").lower(), m.end(), None
            if j < len(text) and text[j] == "(":
                depth, k = 0, j
                while k < len(text):
                    depth += {"(": 1, ")": -1}.get(text[k], 0)
                    if depth == 0:
                        break
                    k += 1
                if depth:
                    raise Error(pos[min(j, len(pos) - 1)],
                                "unbalanced parentheses in DECLARE TARGET")
                arg, j = (text[j + 1:k], j + 1), k + 1
            elif not name:
                raise Error(pos[min(i, len(pos) - 1)],
                            "cannot read the DECLARE TARGET directive here")
            out.append((name, arg, i, j))
            i = j
        return out

    def indirect_blanks(self):
        """The positions of the INDIRECT clause and one comma beside it;
        [] without the clause."""
        text = self.text
        for name, _, first, end in self.clauses():
            if name != "indirect":
                continue
            lo, hi, k = first, end, first - 1
            while k >= 0 and text[k] in " \t":
                k -= 1
            if k >= 0 and text[k] == ",":
                lo = k
            else:
                k = end
                while k < len(text) and text[k] in " \t":
                    k += 1
                if k < len(text) and text[k] == ",":
                    hi = k + 1
            return self.pos[lo:hi]
        return []

    def indirect_at(self, argument=False):
        """The position of the INDIRECT keyword (or of its argument), or of
        the directive."""
        for name, arg, first, _ in self.clauses():
            if name == "indirect":
                return self.pos[arg[1] if argument and arg and arg[0]
                                else first]
        return self.start()

    def listless(self):
        """True when no ENTER, TO or LINK clause names a list."""
        return not any(name in ("enter", "to", "link", "") and arg
                       for name, arg, _, _ in self.clauses())

    def literal_indirect(self):
        """The INDIRECT clause's value when it is absent or a literal
        .true. or .false., else None."""
        for name, arg, _, _ in self.clauses():
            if name == "indirect":
                value = re.sub(r"\s", "", arg[0]).lower() if arg else ""
                return {"": True, ".true.": True, ".false.": False}.get(
                    re.sub(r"_\w+$", "", value))
        return None

    def to_keywords(self):
        """The positions of the TO keywords of the directive."""
        return [self.pos[first] for name, arg, first, _ in self.clauses()
                if name == "to" and arg and
                self.pos[first + 1][:2] == self.pos[first][:2]]

    def items(self):
        """{lowercase name: position} of the names in ENTER, TO and LINK
        lists, macros not expanded (for pointing at a name)."""
        out = {}
        for name, arg, first, _ in self.clauses():
            if name in ("enter", "to", "link", "") and arg:
                for m in re.finditer(r"(/\s*)?([a-z_]\w*)", arg[0], re.I):
                    key = ("/" if m.group(1) else "") + m.group(2).lower()
                    out.setdefault(key, self.pos[arg[1] + m.start()])
        return out

    def start(self):
        return self.pos[0] if self.pos else None


def read_lines(path):
    with open(path, encoding="utf-8", errors="surrogateescape") as f:
        return f.readlines()


def strip_comment(text):
    """The code of a line, its `!` comment removed (quotes kept)."""
    quote = None
    for i, c in enumerate(text):
        if quote:
            if c == quote:
                quote = None
        elif c in "'\"":
            quote = c
        elif c == "!":
            return text[:i]
    return text


class Reader:
    """The source with its included files, as flang reads them."""

    def __init__(self, path, display, fixed, macros=None, include_dirs=()):
        self.fixed = fixed
        self.include_dirs = list(include_dirs)
        self.cpp = Branches(macros) if macros is not None else None
        self.records = []
        self.rows = []  # (record, line) of each line read, in order
        self.live = []  # the line's text, or "" in an inactive branch
        self.read(Record(path, display, read_lines(path)), 0)

    def find(self, name, record):
        """The file an include line of \\p record names: (path, found in
        the including file's folder)."""
        if os.path.isabs(name):
            return (name, False) if os.path.isfile(name) else (None, False)
        here = os.path.join(os.path.dirname(record.path), name)
        if os.path.isfile(here):
            return here, True
        for d in self.include_dirs:
            there = os.path.join(d, name)
            if os.path.isfile(there):
                return there, False
        return None, False

    def read(self, record, depth):
        index = len(self.records)
        self.records.append(record)
        for i, raw in enumerate(record.lines):
            live = self.cpp is None or self.cpp.live()
            name, shown = None, raw if live else ""
            m = re.match(r"\s*#\s*(\w+)\s*(.*)$", raw) if self.cpp else None
            if m:
                self.cpp.line(m.group(1), m.group(2).strip(), live)
                c = CPP_INCLUDE.match(raw)
                name = c.group(1) if c and live else None
                shown = ""
            elif live and not (self.fixed and raw[:1] in "cC*!"):
                f = INCLUDE_LINE.match(raw)
                name = f.group(2) if f else None
            path, local = self.find(name, record) if name else (None, False)
            self.rows.append((index, i))
            if path is not None and depth < 50:
                self.live.append("")
                if os.path.isabs(name):
                    display = name
                elif local:
                    display = os.path.join(os.path.dirname(record.display),
                                           name)
                else:
                    display = path
                self.read(Record(path, display, read_lines(path), index,
                                 name, local), depth + 1)
                continue
            self.live.append(shown)

    def expand(self, text):
        return self.cpp.expand(text) if self.cpp else text

    def directives(self):
        """Every `declare target` directive, in the order flang reads it."""
        out, cur = [], None
        for n, raw in enumerate(self.live):
            line = raw.rstrip("\n")
            if self.fixed:
                if not SENTINEL_FIXED.match(line):
                    if line.strip() and line[:1] not in "cC*!" and \
                            not line.lstrip().startswith("!"):
                        cur = self.close(cur, out)
                    continue
                col6 = line[5:6]
                body, start = strip_comment(line[6:72]), 6
                if col6 in ("", " ", "0") or cur is None:
                    cur = self.close(cur, out)
                    cur = [[], [], False]
                cur[0].append(body)
                cur[1].extend(self.at(n, start + i) for i in range(len(body)))
                continue
            m = SENTINEL_FREE.match(line)
            if not m:
                if line.strip() and not line.lstrip().startswith("!"):
                    cur = self.close(cur, out)
                continue
            start = m.end()
            body = line[start:]
            if cur is not None and cur[2]:
                s = body.lstrip()
                if s.startswith("&"):
                    start += len(body) - len(s) + 1
            else:
                cur = self.close(cur, out)
                cur = [[], [], False]
            code = strip_comment(line[start:])
            cont = code.rstrip().endswith("&")
            if cont:
                code = code.rstrip()[:-1]
            cur[0].append(code)
            cur[1].extend(self.at(n, start + i) for i in range(len(code)))
            cur[2] = cont
            if not cont:
                cur = self.close(cur, out)
        self.close(cur, out)
        return out

    def at(self, n, col):
        record, line = self.rows[n]
        return (record, line, col)

    @staticmethod
    def close(cur, out):
        if cur is not None:
            text = "".join(cur[0])
            if re.match(r"\s*declare\s*target", text, re.I):
                out.append(Directive(text, cur[1]))
        return None

    def where(self, pos):
        record, line, col = pos
        return "%s:%d:%d" % (self.records[record].display, line + 1, col + 1)

    def line(self, pos):
        record, line, _ = pos
        return self.records[record].lines[line].rstrip("\n")
