#!/usr/bin/env python3
"""Lists the Rust functions longer than LIMIT lines (from the `fn` line to
its closing brace, strings and comments ignored) and the files longer than
FILE_LIMIT lines, under the given folders. Issue 29's bound: no function over
150 lines and no file over 700 in compiler/src, runtime/src and src:

    python3 tests/tools/lengths.py 150 compiler/src runtime/src src

Prints nothing when every function and file is within the bounds; exits 1
otherwise."""
import re, sys, pathlib
limit = int(sys.argv[1]); roots = sys.argv[2:]
FILE_LIMIT = 700
fn_re = re.compile(r'^\s*(pub(\([^)]*\))?\s+)?(const\s+)?(async\s+)?(unsafe\s+)?fn\s+(\w+)')
out = []
for root in roots:
    for path in sorted(pathlib.Path(root).rglob('*.rs')):
        lines = path.read_text().splitlines()
        i = 0
        while i < len(lines):
            m = fn_re.match(lines[i])
            if not m:
                i += 1; continue
            depth = 0; started = False; j = i
            while j < len(lines):
                code = re.sub(r'//.*', '', lines[j])
                code = re.sub(r'"(\\.|[^"\\])*"', '""', code)
                code = re.sub(r"'(\\.|[^'\\])'", "''", code)
                for ch in code:
                    if ch == '{': depth += 1; started = True
                    elif ch == '}': depth -= 1
                if started and depth <= 0: break
                if not started and code.rstrip().endswith(';'): break
                j += 1
            n = j - i + 1
            if started and n > limit:
                out.append((n, f"{path}:{i+1} {m.group(6)}"))
            i += 1
for root in roots:
    for path in sorted(pathlib.Path(root).rglob('*.rs')):
        n = len(path.read_text().splitlines())
        if n > FILE_LIMIT:
            out.append((n, f"{path} (file)"))
for n, where in sorted(out, reverse=True):
    print(n, where)
sys.exit(1 if out else 0)
