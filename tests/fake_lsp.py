#!/usr/bin/env python3
"""A scripted language server for the faults a real one cannot be made to show on demand.

    fake_lsp.py MODE [LOG]

Modes:
  crash-start   writes to stderr and exits before answering anything
  hang          answers `initialize`, then never answers again
  crash-once    answers `initialize`; the first server to get a request crashes (exit 2),
                its successors answer (LOG.crashed marks it)
  garbage       answers `initialize`, then writes a frame that is not LSP
  flood         answers every request after 20,000 notifications
  huge          answers `documentSymbol` with a 50 MB frame
  asks          sends requests a client does not know before answering, expects replies
  exit-after-one  answers one request, then exits
  loading       opens work-done progress once initialized and never ends it (a load that
                outlasts every wait: clangd indexing a large project)
Every message received is logged to LOG (one line: method and URI) when LOG is given.
"""
import json
import os
import sys
import time

MODE = sys.argv[1]
LOG = sys.argv[2] if len(sys.argv) > 2 else None
out = sys.stdout.buffer
inp = sys.stdin.buffer


def log(line):
    if LOG:
        with open(LOG, "a") as f:
            f.write(line + "\n")


def read():
    length = None
    while True:
        line = inp.readline()
        if not line:
            sys.exit(0)
        line = line.strip()
        if not line:
            if length is not None:
                break
            continue
        k, _, v = line.partition(b":")
        if k.strip().lower() == b"content-length":
            length = int(v)
    return json.loads(inp.read(length))


def send(obj):
    body = json.dumps(obj).encode()
    out.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    out.flush()


def outline(uri):
    """The file's classes and functions, as a real server would list them (from Python's ast)."""
    import ast
    from urllib.parse import unquote, urlparse
    try:
        path = unquote(urlparse(uri).path)
        with open(path, encoding="utf-8") as f:
            text = f.read()
        tree = ast.parse(text)
    except (OSError, SyntaxError, ValueError):
        return []
    lines = text.splitlines()

    def symbol(node, in_class):
        line = node.lineno - 1
        name_col = lines[line].find(node.name, node.col_offset)
        sel = {"start": {"line": line, "character": name_col},
               "end": {"line": line, "character": name_col + len(node.name)}}
        first = node.decorator_list[0] if node.decorator_list else None
        start = {"line": first.lineno - 1, "character": first.col_offset - 1} if first else \
            {"line": line, "character": node.col_offset}
        kind = 5 if isinstance(node, ast.ClassDef) else (6 if in_class else 12)
        return {"name": node.name, "kind": kind, "selectionRange": sel,
                "range": {"start": start,
                          "end": {"line": node.end_lineno - 1, "character": node.end_col_offset}},
                "children": symbols(node.body, isinstance(node, ast.ClassDef))}

    def symbols(body, in_class=False):
        defs = (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
        return [symbol(n, in_class) for n in body if isinstance(n, defs)]

    return symbols(tree.body)


if MODE == "crash-start":
    sys.stderr.write("fake_lsp: cannot start: libfake.so.1 not found\n")
    sys.stderr.flush()
    sys.exit(3)

log("start %d" % os.getpid())
answered = 0
asked = 1000
while True:
    msg = read()
    method = msg.get("method")
    uri = (msg.get("params") or {}).get("textDocument", {}).get("uri", "") if isinstance(msg.get("params"), dict) else ""
    log("%s %s" % (method or "reply:%s" % msg.get("id"), uri))
    if method == "exit":
        sys.exit(0)
    if MODE == "loading" and method == "initialized":
        send({"jsonrpc": "2.0", "method": "$/progress",
              "params": {"token": "load", "value": {"kind": "begin", "title": "indexing"}}})
    if "id" not in msg or method is None:
        continue  # a notification, or a reply to one of our requests
    mid = msg["id"]
    if method == "initialize":
        send({"jsonrpc": "2.0", "id": mid, "result": {"capabilities": {
            "documentSymbolProvider": True, "definitionProvider": True, "referencesProvider": True,
            "hoverProvider": True}}})
        continue
    if method == "shutdown":
        send({"jsonrpc": "2.0", "id": mid, "result": None})
        continue
    if MODE == "hang":
        continue
    if MODE == "crash-once":
        marker = (LOG or "fake_lsp") + ".crashed"
        if not os.path.exists(marker):
            open(marker, "w").close()
            sys.stderr.write("panic: fake crash on %s\n" % method)
            sys.stderr.flush()
            os._exit(2)
    if MODE == "garbage":
        out.write(b"HTTP/1.1 200 OK\r\n\r\n<html>not lsp</html>\r\n")
        out.flush()
        continue
    if MODE == "flood":
        for i in range(20000):
            send({"jsonrpc": "2.0", "method": "window/logMessage", "params": {"type": 4, "message": "x" * 100}})
    if MODE == "asks":
        for m in ["custom/unknownThing", "workspace/configuration", "window/workDoneProgress/create"]:
            asked += 1
            params = {"items": [{"section": "python"}]} if m == "workspace/configuration" else {}
            send({"jsonrpc": "2.0", "id": asked, "method": m, "params": params})
    if MODE == "huge" and method == "textDocument/documentSymbol":
        big = outline(uri)
        big.append({"name": "padding", "kind": 13, "detail": "y" * (50 * 1024 * 1024),
                    "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}},
                    "selectionRange": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}}})
        send({"jsonrpc": "2.0", "id": mid, "result": big})
        continue
    if MODE == "exit-after-one" and answered == 1:
        os._exit(0)
    if MODE == "loading" and method == "textDocument/references":
        # What it has read so far: the place asked about.
        at = msg["params"]["position"]
        send({"jsonrpc": "2.0", "id": mid, "result": [
            {"uri": uri, "range": {"start": at, "end": at}}]})
        continue
    result = outline(uri) if method == "textDocument/documentSymbol" else None
    send({"jsonrpc": "2.0", "id": mid, "result": result})
    answered += 1
