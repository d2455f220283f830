#!/usr/bin/env python3
"""The map's incoming edges against the language server's references (`codemap refs`, plain
text: unbounded), per symbol, for two maps of one tree (a binary before a change, one after).
usage: refs_vs_server.py BIN NEW_ROOT OLD_ROOT LOCATE=NODE_ID ...
  BIN answers `refs` in NEW_ROOT (the server on PATH); OLD_ROOT holds a map the old binary
  built of the same tree. CMP=-v lists the sites each side lacks.
Issue 35 (Python re-exports) measured httpx 0.27.2 and click 8.1.7 with it.
Sites are (file, line). 'calls': the server's references followed by `(` against the map's
`calls` edges; 'all': every server reference but imports and __all__ strings against the
map's calls/uses/extends edges."""
import re, sqlite3, subprocess, sys, os

def server_refs(bin_, root, locate):
    out = subprocess.run([bin_, "--root", root, "refs", locate], capture_output=True, text=True).stdout
    refs = []
    for l in out.splitlines():
        m = re.match(r"^(\S+?):(\d+):(\d+)  (.*)$", l)
        if m:
            refs.append((m.group(1), int(m.group(2)), int(m.group(3)), m.group(4)))
    return refs

def is_call(root, f, line, col):
    try:
        text = open(os.path.join(root, f), encoding="utf-8").read().split("\n")[line - 1]
    except Exception:
        return False
    rest = text[col - 1:]
    m = re.match(r"[A-Za-z_][A-Za-z_0-9]*\s*\(", rest)
    return bool(m)

def map_edges(root, node):
    db = sqlite3.connect(os.path.join(root, ".codemap/map.db"))
    rows = db.execute("SELECT source, kind, line FROM all_edges WHERE target = ? AND kind IN ('calls','uses','extends')", (node,)).fetchall()
    calls, every = set(), set()
    for src, kind, line in rows:
        f = src.split(":", 1)[1].split("#", 1)[0]
        every.add((f, line))
        if kind == "calls":
            calls.add((f, line))
    return calls, every

bin_, new_root, old_root = sys.argv[1:4]
pct = lambda a, b: f"{100*a/b:.0f}%" if b else "-"
T = dict(sc=0, sa=0, oc=0, nc=0, ohc=0, nhc=0, oa=0, na=0, oha=0, nha=0)
print(f"{'symbol':48} {'calls: server':>13} {'map before':>10} {'agree':>5} {'map after':>9} {'agree':>5} {'prec':>5} | {'all refs: server':>16} {'before':>6} {'after':>6}")
for pair in sys.argv[4:]:
    locate, node = pair.split("=", 1)
    refs = [r for r in server_refs(bin_, new_root, locate)
            if not r[3].lstrip().startswith(("from ", "import ")) and not re.match(r'^["\']\w+["\'],?$', r[3].strip())]
    s_all = {(f, l) for f, l, c, _ in refs}
    s_calls = {(f, l) for f, l, c, _ in refs if is_call(new_root, f, l, c)}
    oc, oa = map_edges(old_root, node)
    nc, na = map_edges(new_root, node)
    ohc, nhc = len(s_calls & oc), len(s_calls & nc)
    oha, nha = len(s_all & oa), len(s_all & na)
    for k, v in dict(sc=len(s_calls), sa=len(s_all), oc=len(oc), nc=len(nc), ohc=ohc, nhc=nhc, oa=len(oa), na=len(na), oha=oha, nha=nha).items():
        T[k] += v
    print(f"{node:48} {len(s_calls):13} {len(oc):10} {pct(ohc, len(s_calls)):>5} {len(nc):9} {pct(nhc, len(s_calls)):>5} {pct(nhc, len(nc)):>5} | {len(s_all):16} {pct(oha, len(s_all)):>6} {pct(nha, len(s_all)):>6}")
    if "-v" in os.environ.get("CMP", ""):
        print("   server calls the map misses:", sorted(s_calls - nc)[:6])
        print("   map calls the server lacks:", sorted(nc - s_calls)[:6])
print(f"TOTAL calls: server {T['sc']}; map before {T['oc']} (agreement {pct(T['ohc'], T['sc'])} of the server's, precision {pct(T['ohc'], T['oc'])}); "
      f"map after {T['nc']} (agreement {pct(T['nhc'], T['sc'])}, precision {pct(T['nhc'], T['nc'])})")
print(f"TOTAL all refs: server {T['sa']}; map before {pct(T['oha'], T['sa'])} of them, after {pct(T['nha'], T['sa'])}")
