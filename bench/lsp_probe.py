"""One language server measured over stdio, for choosing between candidates (issue
"TypeScript, JavaScript and Rust"): time to initialize, the first documentSymbol (project
load included), warm documentSymbol, memory of the server's process tree, and whether
definition, references, implementation, hover, call hierarchy and rename answer at a symbol.

    python3 bench/lsp_probe.py ROOT SRC_DIR FILE SYMBOL LANGUAGE_ID -- server command...

ROOT is the workspace, SRC_DIR the directory (under ROOT) whose files are opened one by one,
FILE the file (under ROOT) whose SYMBOL the features are asked about. Prints one JSON object.
"""
import json, os, subprocess, sys, time, glob, statistics, threading

args = sys.argv[1:sys.argv.index("--")]
root = os.path.abspath(args[0])
src_dir, target_rel, symbol, language_id = args[1:5]
cmd = sys.argv[sys.argv.index("--") + 1:]
ext = os.path.splitext(target_rel)[1]
files = sorted(glob.glob(os.path.join(root, src_dir, "**", "*" + ext), recursive=True))

p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, cwd=root)
pending = {}
lock = threading.Lock()
progress_done = threading.Event()


def reader():
    while True:
        line = p.stdout.readline()
        if not line:
            return
        if line.lower().startswith(b"content-length"):
            n = int(line.split(b":")[1])
            while p.stdout.readline() not in (b"\r\n", b"\n"):
                pass
            msg = json.loads(p.stdout.read(n))
            if "id" in msg and "method" in msg:
                # a server request: answer null
                send({"jsonrpc": "2.0", "id": msg["id"], "result": None})
            elif "id" in msg:
                with lock:
                    ev = pending.get(msg["id"])
                if ev:
                    ev[1].append(msg)
                    ev[0].set()


def send(m):
    b = json.dumps(m).encode()
    p.stdin.write(b"Content-Length: %d\r\n\r\n" % len(b) + b)
    p.stdin.flush()


nid = [0]


def req(method, params, timeout=60):
    nid[0] += 1
    i = nid[0]
    ev = (threading.Event(), [])
    with lock:
        pending[i] = ev
    send({"jsonrpc": "2.0", "id": i, "method": method, "params": params})
    if not ev[0].wait(timeout):
        return None
    return ev[1][0]


def notify(method, params):
    send({"jsonrpc": "2.0", "method": method, "params": params})


def uri(f):
    return "file://" + f


def rss_tree(pid):
    total = 0
    pids = [pid]
    out = subprocess.run(["ps", "-e", "-o", "pid=,ppid=,rss="], capture_output=True, text=True).stdout
    rows = [tuple(map(int, l.split())) for l in out.splitlines() if l.strip()]
    i = 0
    while i < len(pids):
        for a, b, _ in rows:
            if b == pids[i]:
                pids.append(a)
        i += 1
    return sum(r for a, _, r in rows if a in pids) // 1024


threading.Thread(target=reader, daemon=True).start()
t0 = time.time()
init = req("initialize", {"processId": os.getpid(), "rootUri": uri(root), "capabilities": {
    "textDocument": {"documentSymbol": {"hierarchicalDocumentSymbolSupport": True}},
    "general": {"positionEncodings": ["utf-16"]}}, "workspaceFolders": [{"uri": uri(root), "name": "w"}]})
t_init = time.time() - t0
notify("initialized", {})
caps = init["result"]["capabilities"] if init and "result" in init else {}


def open_file(f):
    notify("textDocument/didOpen", {"textDocument": {"uri": uri(f), "languageId": language_id, "version": 1, "text": open(f).read()}})


target = os.path.join(root, target_rel)
open_file(target)
t1 = time.time()
r = req("textDocument/documentSymbol", {"textDocument": {"uri": uri(target)}})
t_first = time.time() - t1
syms = (r or {}).get("result") or []
warm = []
for f in files[:40]:
    if f != target:
        open_file(f)
    t = time.time()
    req("textDocument/documentSymbol", {"textDocument": {"uri": uri(f)}})
    warm.append((time.time() - t) * 1000)
warm2 = []
for f in files[:40]:
    t = time.time()
    req("textDocument/documentSymbol", {"textDocument": {"uri": uri(f)}})
    warm2.append((time.time() - t) * 1000)

# A method of class Ky to ask about.
def find(symbols, name):
    for s in symbols:
        if s.get("name") == name:
            return s
        c = find(s.get("children") or [], name)
        if c:
            return c
    return None

pos = None
m = find(syms, symbol)
if m:
    sel = m.get("selectionRange") or m.get("location", {}).get("range")
    pos = sel["start"]
feat = {}
if pos:
    td = {"uri": uri(target)}
    for name, method, extra in [
        ("definition", "textDocument/definition", {}),
        ("references", "textDocument/references", {"context": {"includeDeclaration": False}}),
        ("implementation", "textDocument/implementation", {}),
        ("hover", "textDocument/hover", {}),
        ("callHierarchy", "textDocument/prepareCallHierarchy", {}),
        ("rename", "textDocument/rename", {"newName": "renamedX"}),
    ]:
        t = time.time()
        r = req(method, dict({"textDocument": td, "position": pos}, **extra))
        ms = (time.time() - t) * 1000
        res = (r or {}).get("result")
        err = (r or {}).get("error")
        n = len(res) if isinstance(res, list) else (len(res.get("changes") or res.get("documentChanges") or {}) if isinstance(res, dict) and name == "rename" else (1 if res else 0))
        if name == "callHierarchy" and res:
            r2 = req("callHierarchy/incomingCalls", {"item": res[0]})
            n = f"{n} item, {len((r2 or {}).get('result') or [])} incoming"
        feat[name] = f"{n} ({ms:.0f} ms)" + (f" error {err.get('message')}" if err else "")
mem = rss_tree(p.pid)
print(json.dumps({
    "server": " ".join(os.path.basename(c) for c in cmd[:2]),
    "initialize_ms": round(t_init * 1000),
    "first_documentSymbol_ms": round(t_first * 1000),
    "top_level_outline_entries": len(syms),
    "warm_documentSymbol_p50_ms": round(statistics.median(warm2), 1),
    "open+documentSymbol_p50_ms": round(statistics.median(warm), 1),
    "rss_MB": mem,
    "features_at": symbol if m else None,
    "features": feat,
    "positionEncoding": caps.get("positionEncoding"),
}, indent=1))
try:
    req("shutdown", None, timeout=5)
    notify("exit", None)
except Exception:
    pass
p.kill()
