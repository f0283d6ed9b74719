# Unit tests of ompflang/text.py, cpp.py and copies.py: which characters
# are blanked, and where the copies and links go.
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
from ompflang import copies  # noqa: E402
from ompflang.text import Error, Reader  # noqa: E402


def write(folder, name, text):
    path = os.path.join(folder, name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)
    return path


def blanked(reader, directive):
    """The directive's lines with its INDIRECT characters made '#'."""
    lines = {}
    for record, line, col in directive.indirect_blanks():
        text = lines.setdefault((record, line), list(
            reader.records[record].lines[line].rstrip("\n")))
        text[col] = "#"
    return ["".join(t) for _, t in sorted(lines.items())]


class InFolder(unittest.TestCase):
    """A test with a fresh folder, self.d."""

    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.d = self.dir.name

    def tearDown(self):
        self.dir.cleanup()


class Text(InFolder):

    def test_continued_clause_and_comma(self):
        src = write(self.d, "a.f90", "real(kind = wp) function f(x)\n"
                    "  !$OMP Declare Target Enter(f) & ! note\n"
                    "  !$omp& , Indirect (.true.)\n"
                    "end function\n")
        r = Reader(src, "./a.f90", False)
        (d,) = r.directives()
        self.assertEqual(blanked(r, d), ["  !$omp& ###################"])
        self.assertEqual(d.items(), {"f": (0, 1, 29)})

    def test_only_declare_target_directives(self):
        src = write(self.d, "a.f90", "!$omp parallel\n!$omp end parallel\n"
                    "!$omp declare target enter(g) indirect\n")
        r = Reader(src, "a", False)
        self.assertEqual(len(r.directives()), 1)

    def test_fixed_form_continuation(self):
        src = write(self.d, "a.f", "      subroutine s\n"
                    "c$omp declaretarget enter(s)\n"
                    "c$omp+ indirect\n"
                    "      end\n")
        r = Reader(src, "a", True)
        (d,) = r.directives()
        self.assertEqual(blanked(r, d), ["c$omp+ ########"])

    def test_inactive_branch_left_out(self):
        src = write(self.d, "a.F90", "#ifdef OFF\n"
                    "!$omp declare target enter(g) indirect\n#endif\n"
                    "!$omp declare target enter(h) indirect\n")
        self.assertEqual(len(Reader(src, "a", False, {}).directives()), 1)
        self.assertEqual(
            len(Reader(src, "a", False, {"OFF": "1"}).directives()), 2)

    def test_include_in_order(self):
        write(self.d, "inc/x.inc", "!$omp declare target enter(x) indirect\n")
        src = write(self.d, "a.f90", "!$omp declare target enter(a)\n"
                    "include 'inc/x.inc'\n"
                    "!$omp declare target enter(b) indirect\n")
        r = Reader(src, "./a.f90", False)
        ds = r.directives()
        self.assertEqual([bool(d.indirect_blanks()) for d in ds],
                         [False, True, True])
        self.assertEqual(r.where(ds[1].start()), "./inc/x.inc:1:6")

    def test_unbalanced_parentheses(self):
        src = write(self.d, "a.f90", "!$omp declare target enter(f indirect\n")
        (d,) = Reader(src, "a", False).directives()
        with self.assertRaises(Error):
            d.clauses()


class Copies(InFolder):
    def plan(self, src):
        r = Reader(src, "./src/a.f90", False)
        for d in r.directives():
            for record, line, col in d.indirect_blanks():
                r.records[record].blanks.append((line, col))
        return r, copies.plan(r.records, os.path.join(self.d, "tmp"))

    def test_local_includes_linked_not_searched_by_dash_i(self):
        write(self.d, "src/sub/plain.inc", "integer :: k\n")
        write(self.d, "src/up.inc", "integer :: u\n")
        src = write(self.d, "src/a.f90", "include 'sub/plain.inc'\n"
                    "include '../src/up.inc'\n"
                    "!$omp declare target enter(a) indirect\n")
        r, files = self.plan(src)
        tmp = os.path.join(self.d, "tmp")
        self.assertEqual(r.records[0].copy, os.path.join(tmp, "up", "a.f90"))
        self.assertEqual(files[os.path.join(tmp, "up", "sub", "plain.inc")],
                         ("link", os.path.join(self.d, "src/sub/plain.inc")))
        self.assertIn(os.path.join(tmp, "src", "up.inc"), files)
        text = files[r.records[0].copy]
        self.assertTrue(text.startswith('#line 1 "./src/a.f90"\n'))
        self.assertIn("!$omp declare target enter(a)         \n", text)

    def test_included_file_with_clause_is_copied(self):
        write(self.d, "src/x.inc", "!$omp declare target enter(x) indirect\n")
        src = write(self.d, "src/a.f90", "include 'x.inc'\n")
        r, files = self.plan(src)
        copy = files[r.records[1].copy]
        self.assertEqual(copy, '#line 1 "./src/x.inc"\n'
                         "!$omp declare target enter(x)         \n")


if __name__ == "__main__":
    unittest.main()
