"""Answer sizes through MCP (bench/run sizes): bytes of `tools/list` and of the envelope text of
typical answers, on the Python standard library, without a language server (deterministic).

    python bench/sizes.py CODEMAP_BINARY WORKSPACE [--detail] [--lsp]

Prints one line per answer: its name, bytes of the envelope's text, items listed. --detail:
the same calls in the full shape (`serve --detail`, every answer's shape before the compact
one) beside the compact default, and what that saves. --lsp: with the language servers
(pyright from ./tools), as an agent would mostly run them.
"""
import json
import os
import subprocess
import sys

BIN, ROOT = sys.argv[1], sys.argv[2]
DETAIL = "--detail" in sys.argv[3:]
LSP = "--lsp" in sys.argv[3:]

CALLS = [
    ("map_search, 10 hits", "map_search", {"query": "decode", "limit": 10}),
    ("map_neighbors", "map_neighbors", {"nodeId": "py:json/decoder.py#JSONDecoder", "direction": "both"}),
    ("nav_references, 54 refs", "nav_references",
     {"nodeId": "py:email/errors.py#HeaderParseError", "tokenBudget": 10000}),
    ("nav_outline, json/decoder.py", "nav_outline", {"file": "json/decoder.py", "tokenBudget": 10000}),
    ("map_overview, focus email", "map_overview", {"focus": "email", "tokenBudget": 10000}),
]


def measure(flags):
    """Sizes of tools/list and of each call's envelope text, from one `codemap serve`."""
    env = dict(os.environ)
    tools = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tools")
    env["PATH"] = f"{tools}/bin:{tools}/node_modules/.bin:{env['PATH']}"
    p = subprocess.Popen([BIN, "--root", ROOT, *flags, "serve"], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
    n = 0

    def ask(method, params=None):
        nonlocal n
        n += 1
        msg = {"jsonrpc": "2.0", "id": n, "method": method}
        if params is not None:
            msg["params"] = params
        p.stdin.write((json.dumps(msg) + "\n").encode())
        p.stdin.flush()
        return p.stdout.readline()

    ask("initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                       "clientInfo": {"name": "sizes", "version": "0"}})
    p.stdin.write(b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n')
    p.stdin.flush()
    tools_listed = json.loads(ask("tools/list"))["result"]["tools"]
    out = {"tools/list": (len(json.dumps({"tools": tools_listed}, separators=(",", ":"))),
                          f"{len(tools_listed)} tools")}
    for label, name, args in CALLS:
        reply = json.loads(ask("tools/call", {"name": name, "arguments": args}))
        text = reply["result"]["content"][0]["text"]
        e = json.loads(text)
        if not e["ok"]:
            out[label] = (0, f"error {e['error']['code']}")
            continue
        data = e["data"]
        items = next((sum(len(x["items"]) if isinstance(x, dict) and "items" in x else 1
                          for x in v)
                      for k, v in data.items()
                      if k in ("hits", "edges", "references", "symbols", "clusters")), 0)
        out[label] = (len(text.encode()), f"{items} items, truncated: {e['truncated']}")
    p.stdin.close()
    p.wait()
    return out


def main():
    base = [] if LSP else ["--no-lsp"]
    if DETAIL:
        full, compact = measure(base + ["--detail"]), measure(base)
        for k, (c, what) in compact.items():
            f = full[k][0]
            saved = f"{100 * (1 - c / f):3.0f}% smaller" if f and k != "tools/list" else ""
            print(f"{k:34} {f:7d} → {c:7d} bytes  {saved}  ({what})")
    else:
        for k, (c, what) in measure(base).items():
            print(f"{k:34} {c:7d} bytes  ({what})")


main()
