//===- DeclareTargetDirectives.cpp - read `declare target` from the tokens ===//
//
// With -fopenmp, clang's pragma handler turns `#pragma omp ...` into the
// token sequence annot_pragma_openmp, the directive's tokens (macros already
// expanded), annot_pragma_openmp_end, which the parser reads like any other
// tokens. The preprocessor's token watcher sees each of them exactly once
// (tokens replayed after a tentative parse are flagged and not shown again),
// so watching for that sequence gives every directive with the locations the
// parser, and so clang's attributes, use. Blocks are matched with their
// `end declare target` as clang matches them, innermost first.
//
// USAGE: auto Log = recordDeclareTargetDirectives(CI.getPreprocessor());
//        ... after parsing, *Log lists the explicit directives.
//
//===----------------------------------------------------------------------===//
#include "DeclareTargetDirectives.h"

#include "clang/Lex/Preprocessor.h"

using namespace clang;

namespace omp_indirect {
namespace {

/// Reads one directive's tokens (between the two annotations).
class DirectiveReader {
public:
  DirectiveReader(Preprocessor &PP, const std::vector<Token> &Toks)
      : PP(PP), Toks(Toks) {}

  enum Kind { Other, List, Begin, End };

  /// Fills \p D with the clauses of a `declare target` directive, and
  /// says which kind it is.
  Kind read(DeclareTargetBlock &D) {
    size_t I = 0;
    bool IsBegin = isWord(0, "begin");
    if (isWord(0, "end") && isWord(1, "declare") && isWord(2, "target"))
      return End;
    if (IsBegin)
      ++I;
    if (!isWord(I, "declare") || !isWord(I + 1, "target"))
      return Other;
    D.TargetLoc = Toks[I + 1].getLocation();
    I += 2;
    bool HasClauses = I < Toks.size();
    if (HasClauses && Toks[I].is(tok::l_paren)) {
      readList(I, /*Link=*/false, D);
      I = closingParen(I) + 1;
    }
    readClauses(I, D);
    // As clang decides: `declare target` opens a block when it has no
    // clause, or only `indirect` (and device_type).
    if (IsBegin || !HasClauses || (D.Items.empty() && D.HasIndirect))
      return Begin;
    return D.Items.empty() ? Other : List;
  }

private:
  void readClauses(size_t I, DeclareTargetDirective &D) {
    while (I < Toks.size()) {
      if (Toks[I].is(tok::comma)) {
        ++I;
        continue;
      }
      if (!Toks[I].getIdentifierInfo())
        break; // Clang reports the error.
      StringRef Clause = Toks[I].getIdentifierInfo()->getName();
      SourceLocation ClauseLoc = Toks[I].getLocation();
      bool HasArg = I + 1 < Toks.size() && Toks[I + 1].is(tok::l_paren);
      size_t Close = HasArg ? closingParen(I + 1) : I;
      if (Clause == "to" || Clause == "enter" || Clause == "link") {
        if (HasArg)
          readList(I + 1, Clause == "link", D);
      } else if (Clause == "indirect") {
        D.HasIndirect = true;
        D.IndirectLoc = ClauseLoc;
        for (size_t J = I + 2; HasArg && J < Close; ++J)
          D.IndirectArg.push_back(PP.getSpelling(Toks[J]));
      } else if (Clause == "device_type" && HasArg && I + 2 < Close) {
        D.DeviceType = PP.getSpelling(Toks[I + 2]);
      }
      I = Close + 1;
    }
  }

  bool isWord(size_t I, StringRef W) const {
    return I < Toks.size() && Toks[I].getIdentifierInfo() &&
           Toks[I].getIdentifierInfo()->getName() == W;
  }

  /// Index of the `)` that closes the `(` at \p Open (or the last token).
  size_t closingParen(size_t Open) const {
    unsigned Depth = 0;
    for (size_t I = Open; I < Toks.size(); ++I) {
      if (Toks[I].is(tok::l_paren))
        ++Depth;
      else if (Toks[I].is(tok::r_paren) && --Depth == 0)
        return I;
    }
    return Toks.size() - 1;
  }

  /// Reads the comma-separated names inside the parentheses at \p Open.
  void readList(size_t Open, bool Link, DeclareTargetDirective &D) {
    size_t Close = closingParen(Open);
    DeclareTargetItem Item;
    Item.Link = Link;
    auto Flush = [&] {
      if (Item.Loc.isValid())
        D.Items.push_back(Item);
      Item = DeclareTargetItem();
      Item.Link = Link;
    };
    for (size_t I = Open + 1; I < Close; ++I) {
      const Token &T = Toks[I];
      if (T.is(tok::comma)) {
        Flush();
        continue;
      }
      Item.Written += PP.getSpelling(T);
      if (T.is(tok::identifier)) {
        Item.Name = T.getIdentifierInfo()->getName().str();
        Item.Loc = T.getLocation();
      }
    }
    Flush();
  }

  Preprocessor &PP;
  const std::vector<Token> &Toks;
};

} // namespace

std::optional<bool> literalValue(const std::vector<std::string> &Arg) {
  size_t B = 0, E = Arg.size();
  while (E - B > 2 && Arg[B] == "(" && Arg[E - 1] == ")")
    ++B, --E;
  if (E - B != 1)
    return std::nullopt;
  StringRef T = Arg[B];
  if (T == "true" || T == "false")
    return T == "true";
  unsigned long long N;
  if (T.getAsInteger(0, N))
    return std::nullopt;
  return N != 0;
}

std::shared_ptr<DirectiveLog> recordDeclareTargetDirectives(Preprocessor &PP) {
  auto Log = std::make_shared<DirectiveLog>();
  struct State {
    bool InPragma = false;
    SourceLocation Loc;
    std::vector<Token> Toks;
    std::vector<int> Open; ///< The blocks not yet closed, innermost last.
  };
  auto S = std::make_shared<State>();
  PP.setTokenWatcher([&PP, Log, S](const Token &T) {
    if (T.is(tok::annot_pragma_openmp)) {
      S->InPragma = true;
      S->Loc = T.getLocation();
      S->Toks.clear();
      return;
    }
    if (!S->InPragma)
      return;
    if (!T.is(tok::annot_pragma_openmp_end)) {
      S->Toks.push_back(T);
      return;
    }
    S->InPragma = false;
    auto Is = [&](size_t I, StringRef Word) {
      return I < S->Toks.size() && S->Toks[I].is(tok::identifier) &&
             S->Toks[I].getIdentifierInfo()->getName() == Word;
    };
    Log->SawMapper |= Is(0, "declare") && Is(1, "mapper");
    Log->SawUpdate |= Is(0, "target") && Is(1, "update");
    DeclareTargetBlock D;
    D.Loc = S->Loc;
    switch (DirectiveReader(PP, S->Toks).read(D)) {
    case DirectiveReader::List:
      Log->Lists.push_back(std::move(D));
      break;
    case DirectiveReader::Begin:
      D.Depth = S->Open.size() + 1;
      D.Parent = S->Open.empty() ? -1 : S->Open.back();
      S->Open.push_back(Log->Blocks.size());
      Log->Blocks.push_back(std::move(D));
      break;
    case DirectiveReader::End:
      if (!S->Open.empty())
        S->Open.pop_back();
      break;
    case DirectiveReader::Other:
      break;
    }
  });
  return Log;
}

} // namespace omp_indirect
