# ompflang/cpp.py: enough of the C preprocessor to know which lines of a
# preprocessed Fortran source flang reads: #if, #ifdef, #ifndef, #elif,
# #else, #endif with the command's -D and -U and the file's object-like
# #define and #undef. Not a preprocessor: flang's front end gives the
# meaning (frontend.py); this only keeps inactive branches' directives from
# being blanked.
import re


class Branches:
    def __init__(self, macros):
        self.macros = dict(macros)
        self.stack = []  # (this branch active, any branch taken)

    def live(self):
        return all(a for a, _ in self.stack)

    def line(self, word, rest, live):
        stack = self.stack
        if word in ("ifdef", "ifndef"):
            on = (rest.split()[0] in self.macros) == (word == "ifdef") \
                if rest else False
            stack.append((on, on))
        elif word == "if":
            on = self.condition(rest)
            stack.append((on, on))
        elif word == "elif" and stack:
            taken = stack[-1][1]
            on = not taken and self.condition(rest)
            stack[-1] = (on, taken or on)
        elif word == "else" and stack:
            stack[-1] = (not stack[-1][1], True)
        elif word == "endif" and stack:
            stack.pop()
        elif word == "define" and live:
            d = re.match(r"([a-z_]\w*)(?!\()\s*(.*)$", rest, re.I)
            if d:
                self.macros[d.group(1)] = d.group(2).strip()
        elif word == "undef" and live:
            self.macros.pop(rest.split()[0] if rest else "", None)

    def condition(self, text):
        """An #if condition: defined(X), !, &&, ||, integers, macros."""
        t = re.sub(r"defined\s*\(\s*(\w+)\s*\)|defined\s+(\w+)",
                   lambda m: "1" if (m.group(1) or m.group(2)) in self.macros
                   else "0", text)
        t = re.sub(r"[a-z_]\w*", lambda m: self.macros.get(m.group(0), "0")
                   or "1", t, flags=re.I)
        t = t.replace("&&", " and ").replace("||", " or ")
        t = re.sub(r"!(?!=)", " not ", t)
        if not re.fullmatch(r"[\d\s()<>=!andortn]*", t):
            return False
        try:
            return bool(eval(t, {"__builtins__": {}}))
        except Exception:
            return False

    def expand(self, text):
        """\\p text with the object-like macros replaced."""
        for _ in range(8):
            new = re.sub(r"[a-z_]\w*", lambda m: self.macros.get(
                m.group(0), m.group(0)), text, flags=re.I)
            if new == text:
                break
            text = new
        return text
