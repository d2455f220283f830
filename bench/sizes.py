"""Answer sizes through MCP (bench/run sizes): bytes of `tools/list` and of the envelope text of
typical answers, on the Python standard library, without a language server (deterministic).

    python bench/sizes.py CODEMAP_BINARY WORKSPACE [--detail] [--lsp]

Prints one line per answer: its name, bytes of the envelope's text, items listed. --detail: the
server runs with --detail (the full shape), to show what the compact default saves. --lsp: with
the language servers (pyright from ./tools), as an agent would mostly run it.
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
    ("map_overview", "map_overview", {}),
]


def main():
    flags = ([] if LSP else ["--no-lsp"]) + (["--detail"] if DETAIL else [])
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
    raw = ask("tools/list")
    tools = json.loads(raw)["result"]["tools"]
    print(f"{'tools/list':34} {len(json.dumps({'tools': tools}, separators=(',', ':'))):7d} bytes  ({len(tools)} tools)")
    for label, name, args in CALLS:
        for suffix, a in [("", args)]:
            reply = json.loads(ask("tools/call", {"name": name, "arguments": a}))
            text = reply["result"]["content"][0]["text"]
            env = json.loads(text)
            if not env["ok"]:
                print(f"{label + suffix:34} error {env['error']}")
                continue
            data = env["data"]
            items = next((sum(len(x["items"]) if isinstance(x, dict) and "items" in x else 1
                              for x in v)
                          for k, v in data.items()
                          if k in ("hits", "edges", "references", "symbols", "clusters")), 0)
            print(f"{label + suffix:34} {len(text.encode()):7d} bytes  ({items} items, truncated: {env['truncated']})")
    p.stdin.close()
    p.wait()


main()
