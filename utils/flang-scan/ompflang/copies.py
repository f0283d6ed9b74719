# ompflang/copies.py: the files flang compiles instead of the user's.
#
# The source's copy goes into a fresh folder; an included file with a
# blanked clause, and every file on the way to it, is copied beside its
# includer's copy under the name its include line spells, so that flang,
# which searches the including file's folder first, finds the copy. Every
# other file an include line finds in its includer's folder gets a
# symbolic link at the same place, so flang finds it as it would beside the
# source; the wrapper then needs no -I of the source's folder, which would
# come ahead of the user's -J for .mod files. Include lines that climb
# above the source's folder (`../common.inc`) put the copy that many
# folders deeper. Each copy's first line is a line directive naming the
# user's file as flang names it.
import os

from ompflang.text import Error


def line_directive(display):
    return '#line 1 "%s"\n' % display.replace("\\", "\\\\").replace('"', '\\"')


def edits_of(record, meaning):
    """(line, column, length, text) replacements of \p record: the blanks,
    or for the copy flang's front end reads, the TO keywords that become
    ENTER (flang-22's checks refuse OpenMP 5.1's `to(f) indirect`)."""
    if meaning:
        return record.renames
    return [(line, col, 1, " ") for line, col in record.blanks]


def placed(records, meaning=False):
    """For each record: is it placed (copied or linked) beside its
    includer's copy."""
    needed = [bool(edits_of(r, meaning)) for r in records]
    for k in range(len(records) - 1, 0, -1):
        if needed[k]:
            needed[records[k].parent] = True
    out = [True] + [False] * (len(records) - 1)
    for k in range(1, len(records)):
        r = records[k]
        out[k] = out[r.parent] and (needed[k] or r.local)
    return out, needed


def depth_above(records, where):
    """How many folders above the source's folder placed files reach."""
    rel, most = [""] * len(records), 0
    for k in range(1, len(records)):
        r = records[k]
        if not where[k] or os.path.isabs(r.name):
            continue
        rel[k] = os.path.normpath(os.path.join(
            os.path.dirname(rel[r.parent]), r.name))
        parts = rel[k].split(os.sep)
        up = 0
        while up < len(parts) and parts[up] == "..":
            up += 1
        most = max(most, up)
    return most


def plan(records, folder, meaning=False):
    """{path in \\p folder: text to write, or ("link", target)}; sets each
    placed record's copy."""
    where, needed = placed(records, meaning)
    top = os.path.join(os.path.abspath(folder),
                       *(["up"] * depth_above(records, where)))
    out = {}
    for k, r in enumerate(records):
        if not where[k]:
            continue
        if k == 0:
            r.copy = os.path.join(top, os.path.basename(r.path))
        else:
            parent = records[r.parent]
            r.copy = os.path.normpath(os.path.join(
                os.path.dirname(parent.copy), r.name))
            if os.path.isabs(r.name) or \
                    not r.copy.startswith(os.path.abspath(folder) + os.sep):
                if needed[k]:
                    raise Error(None, "%s, which %s includes, has DECLARE "
                                "TARGET with INDIRECT or includes a file "
                                "that has, and its include line names it by "
                                "an absolute path; omp-indirect-flang cannot "
                                "give flang a copy without the clause"
                                % (r.display, parent.display))
                r.copy = None
                continue
        if needed[k]:
            lines = list(r.lines)
            for line, col, n, text in sorted(edits_of(r, meaning),
                                             reverse=True):
                lines[line] = lines[line][:col] + text + lines[line][col + n:]
            what = line_directive(r.display) + "".join(lines)
        else:
            what = ("link", os.path.abspath(r.path))
        if out.get(r.copy, what) != what:
            raise Error(None, "two different included files would be placed "
                        "at %s; omp-indirect-flang cannot give flang both"
                        % r.copy)
        out[r.copy] = what
    return out


def write(files):
    for path, what in files.items():
        os.makedirs(os.path.dirname(path), exist_ok=True)
        if isinstance(what, tuple):
            os.symlink(what[1], path)
            continue
        with open(path, "w", encoding="utf-8", errors="surrogateescape") as f:
            f.write(what)
