# Unit tests of ompflang/frontend.py and names.py on dumps in flang-22's
# format (the shapes flang prints; the lit tests run flang itself).
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
from ompflang import frontend, names  # noqa: E402

TREE = """\
======================== Flang: parse tree dump ========================
Program -> ProgramUnit -> Module
| ModuleStmt -> Name = 'm'
| SpecificationPart
| | DeclarationConstruct -> SpecificationConstruct -> InterfaceBlock
| | | InterfaceStmt -> GenericSpec -> DefinedOperator -> IntrinsicOperator = Add
| | | InterfaceSpecification -> ProcedureStmt
| | | | Name = 'addx'
| | | EndInterfaceStmt -> GenericSpec -> DefinedOperator -> IntrinsicOperator = Add
| | DeclarationConstruct -> SpecificationConstruct -> OpenMPDeclarativeConstruct -> OpenMPDeclareTargetConstruct -> OmpDirectiveSpecification
| | | OmpDirectiveName -> llvm::omp::Directive = declare target
| | | OmpClauseList -> OmpClause -> Enter -> OmpEnterClause
| | | | OmpObjectList -> OmpObject -> Designator -> DataRef -> Name = 'g'
| | | | OmpObject -> Designator -> DataRef -> Name = 'hh'
| | | OmpClause -> Indirect -> OmpIndirectClause -> Scalar -> Logical -> Expr = '.true._4'
| | | | OR
| | | Flags = {}
| ModuleSubprogramPart
| | ContainsStmt
| | ModuleSubprogram -> FunctionSubprogram
| | | FunctionStmt
| | | | PrefixSpec -> DeclarationTypeSpec -> IntrinsicTypeSpec -> Real -> KindSelector -> Scalar -> Integer -> Constant -> Expr -> Designator -> DataRef -> Name = 'wp'
| | | | Name = 'f'
| | | | Name = 'x'
| | | SpecificationPart
| | | | OpenMPDeclarativeConstruct -> OpenMPDeclareTargetConstruct -> OmpDirectiveSpecification
| | | | | OmpDirectiveName -> llvm::omp::Directive = declare target
| | | | | OmpClauseList -> OmpClause -> Enter -> OmpEnterClause
| | | | | | OmpObjectList -> OmpObject -> Designator -> DataRef -> Name = 'f'
| | | | | OmpClause -> Indirect -> OmpIndirectClause -> 
| | | EndFunctionStmt -> 
| | ModuleSubprogram -> SubroutineSubprogram
| | | SubroutineStmt
| | | | Name = 'g'
| | | SpecificationPart
| | | | OpenMPDeclarativeConstruct -> OpenMPDeclareTargetConstruct -> OmpDirectiveSpecification
| | | | | OmpClauseList -> OmpClause -> Enter -> OmpEnterClause
| | | | | | OmpObjectList -> OmpObject -> Designator -> DataRef -> Name = 'g'
| | | | | OmpClause -> Indirect -> OmpIndirectClause -> Scalar -> Logical -> Expr = '.false._4'
| EndModuleStmt -> 
ProgramUnit -> Submodule
| SubmoduleStmt
| | | Name = 'm'
| | Name = 'sub'
| ModuleSubprogramPart
| | ModuleSubprogram -> SeparateModuleSubprogram
| | | MpSubprogramStmt -> Name = 'sep'
| | | | OpenMPDeclarativeConstruct -> OpenMPDeclareTargetConstruct -> OmpDirectiveSpecification
| | | | | OmpClauseList -> OmpClause -> Enter -> OmpEnterClause
| | | | | | OmpObjectList -> OmpObject -> Designator -> DataRef -> Name = 'sep'
| | | | | OmpClause -> Indirect -> OmpIndirectClause -> 
ProgramUnit -> SubroutineSubprogram
| SubroutineStmt
| | Name = 'outer'
| SpecificationPart
| | DeclarationConstruct -> SpecificationConstruct -> OpenMPDeclarativeConstruct -> OpenMPDeclareTargetConstruct -> OmpDirectiveSpecification
| | | OmpClauseList -> OmpClause -> Enter -> OmpEnterClause
| | | | OmpObjectList -> OmpObject -> Name = 'blk'
| | | OmpClause -> Link -> OmpLinkClause
| | | | OmpObjectList -> OmpObject -> Designator -> DataRef -> Name = 'v'
"""

SYMBOLS = """\
===================== Flang: symbols dump =====================
Global scope: size=0 alignment=1 sourceRange=0 bytes
  m: Module
  outer (Subroutine): Subprogram ()
  other: Module
  IntrinsicModules scope: size=0 alignment=1 sourceRange=0 bytes
    __fortran_builtins, INTRINSIC (ModFile): Module
  Module scope: other size=0 alignment=1 sourceRange=62 bytes
    h, PUBLIC (Subroutine): Subprogram ()
    c, BIND(C), PUBLIC (Subroutine): Subprogram bindName:cee ()
    Subprogram scope: h size=0 alignment=1 sourceRange=29 bytes
  Module scope: m size=4 alignment=4 sourceRange=198 bytes
    f, PUBLIC (Function): Subprogram result:REAL(8) f (REAL(8) x)
    g, PUBLIC (Subroutine, OmpDeclareTarget): Subprogram ()
    hh, PUBLIC (Subroutine, OmpDeclareTarget): Use from h in other
    cc, PUBLIC (Subroutine): Use from c in other
    ext, EXTERNAL, PUBLIC (Subroutine): Subprogram isInterface ()
    gone, PUBLIC (Subroutine): Use from gone in elsewhere
    p, POINTER, PUBLIC (Subroutine): ProcEntity
    v, PUBLIC size=4 offset=0: ObjectEntity type: INTEGER(4)
    sep, MODULE, PUBLIC (Subroutine): Subprogram isInterface ()
    Subprogram scope: f size=8 alignment=8 sourceRange=80 bytes
      f size=8 offset=0: ObjectEntity funcResult type: REAL(8)
      x size=8 offset=0: ObjectEntity dummy type: REAL(8)
    Subprogram scope: host size=0 alignment=1 sourceRange=118 bytes
      inner (Subroutine): Subprogram ()
    Module scope: sub size=0 alignment=1 sourceRange=205 bytes
      sep, MODULE, PUBLIC (Subroutine): Subprogram () moduleInterface: sep, MODULE, PUBLIC (Subroutine): Subprogram isInterface ()
      only, PUBLIC (Subroutine): Subprogram ()
      Subprogram scope: sep size=0 alignment=1 sourceRange=81 bytes
        sep (OmpDeclareTarget): HostAssoc => sep, MODULE, PUBLIC (Subroutine): Subprogram () moduleInterface: sep
  MainProgram scope: p size=0 alignment=1 sourceRange=163 bytes
    ip (Subroutine): Subprogram ()
  Subprogram scope: outer size=0 alignment=1 sourceRange=10 bytes
    inner2 (Subroutine): Subprogram ()
"""


class ParseTree(unittest.TestCase):
    def setUp(self):
        self.c = frontend.parse_tree(TREE + SYMBOLS)

    def test_constructs_in_order_with_their_units(self):
        self.assertEqual([c.units for c in self.c], [
            [("Module", "m")],
            [("Module", "m"), ("FunctionSubprogram", "f")],
            [("Module", "m"), ("SubroutineSubprogram", "g")],
            [("Submodule", "sub"), ("SeparateModuleSubprogram", "sep")],
            [("SubroutineSubprogram", "outer")]])

    def test_type_spec_names_are_not_the_function_name(self):
        self.assertEqual(self.c[1].units[-1], ("FunctionSubprogram", "f"))

    def test_generic_end_interface_closes_nothing_else(self):
        self.assertEqual(self.c[0].units, [("Module", "m")])

    def test_indirect_values_folded_by_flang(self):
        self.assertEqual([c.indirect for c in self.c],
                         [True, True, False, True, None])

    def test_objects_with_their_clauses(self):
        self.assertEqual(self.c[0].objects,
                         [("Enter", "g", False), ("Enter", "hh", False)])
        self.assertEqual(self.c[4].objects,
                         [("Enter", "blk", True), ("Link", "v", False)])

    def test_command_searches_moddir_after_user_dirs_and_writes_apart(self):
        cmd = frontend.command("flang", "a.f90", False,
                               ["-Jmods", "-Iinc", "-DX=1"], "/tmp/own")
        self.assertIn("-nocpp", cmd)
        self.assertEqual(cmd[cmd.index("-Iinc") + 1:], [
            "-DX=1", "-Imods", "-module-dir", "/tmp/own", "a.f90"])
        self.assertNotIn("-Jmods", cmd)


class Names(unittest.TestCase):
    def setUp(self):
        self.top = names.parse_symbols(SYMBOLS)
        self.m = names.scope_of(self.top, [("Module", "m")])

    def link(self, scope, name):
        return names.link_name(self.top, scope, name)

    def test_module_procedure(self):
        self.assertEqual(self.link(self.m, "g"), ("_QMmPg", True))

    def test_use_associated_from_this_file_and_bind_label(self):
        self.assertEqual(self.link(self.m, "hh"), ("_QMotherPh", False))
        self.assertEqual(self.link(self.m, "cc"), ("cee", False))

    def test_use_associated_from_a_mod_file(self):
        self.assertEqual(self.link(self.m, "gone"), ("_QMelsewherePgone",
                                                     False))

    def test_interface_body_of_an_external(self):
        self.assertEqual(self.link(self.m, "ext"), ("ext_", False))

    def test_submodule_procedures(self):
        sub = names.scope_of(self.top, [("Submodule", "sub")])
        self.assertEqual(self.link(sub, "sep"), ("_QMmPsep", True))
        self.assertEqual(self.link(sub, "only"), ("_QMmSsubPonly", True))
        body = names.scope_of(self.top, [("Submodule", "sub"),
                                         ("SeparateModuleSubprogram", "sep")])
        self.assertEqual(self.link(body, "sep"), ("_QMmPsep", True))

    def test_internal_procedures(self):
        host = names.scope_of(self.top, [("Module", "m"),
                                         ("SubroutineSubprogram", "host")])
        self.assertEqual(self.link(host, "inner"), ("_QMmFhostPinner", True))
        main = names.scope_of(self.top, [("MainProgram", "p")])
        self.assertEqual(self.link(main, "ip"), ("_QFPip", True))
        outer = names.scope_of(self.top, [("SubroutineSubprogram", "outer")])
        self.assertEqual(self.link(outer, "inner2"), ("_QFouterPinner2", True))
        self.assertTrue(names.is_internal("_QMmFhostPinner"))
        self.assertFalse(names.is_internal("_QMfooPbar"))

    def test_external_procedure(self):
        self.assertEqual(self.link(self.top, "outer"), ("outer_", True))

    def test_function_result_is_a_variable_in_its_scope(self):
        f = names.scope_of(self.top, [("Module", "m"),
                                      ("FunctionSubprogram", "f")])
        with self.assertRaises(names.Unresolved):
            self.link(f, "f")
        self.assertEqual(self.link(f.parent, "f"), ("_QMmPf", True))

    def test_not_procedures(self):
        for name, says in (("v", "variable"), ("p", "pointer"),
                           ("nothing", "not a procedure")):
            with self.assertRaises(names.Unresolved) as e:
                self.link(self.m, name)
            self.assertIn(says, str(e.exception))


if __name__ == "__main__":
    unittest.main()
