#!/usr/bin/env python3
"""Resident memory of MCP sessions on one repository: one `codemap serve` in its own process
(--no-daemon: it and its language servers) against four sessions through the workspace's
engine, with a stream of CLI calls beside them (the engine and every process under it; the
four relays apart). Each census at rest: the least of five samples. Each session asks nav_references of every node ID given, so each
language's server runs. Plain JSON-RPC over stdio, no SDK.

    engine_census.py CODEMAP ROOT NODE_ID...      (XDG_RUNTIME_DIR: the engines' directory)
"""
import json
import os
import subprocess
import sys
import threading
import time


def rss_kb(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def children(pid):
    out = []
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            with open(f"/proc/{d}/stat") as f:
                rest = f.read().rsplit(") ", 1)[1].split()
        except (OSError, IndexError):
            continue
        if rest[1] == str(pid) and rest[0] != "Z":
            out.append(int(d))
    return out


def tree_kb(pid, skip=None):
    """RSS of pid and its live descendants, `skip`'s tree left out."""
    total = rss_kb(pid)
    for c in children(pid):
        if c != skip:
            total += tree_kb(c, skip)
    return total


def settled_kb(pid):
    """tree_kb at rest: the least of five samples 0.2 s apart (gopls's telemetry child now and
    then holds 100 MB more for a moment)."""
    samples = []
    for i in range(5):
        if i:
            time.sleep(0.2)
        samples.append(tree_kb(pid))
    return min(samples)


class Session:
    def __init__(self, codemap, root, extra):
        self.p = subprocess.Popen(
            [codemap, "--root", root, *extra, "serve"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            text=True, bufsize=1,
        )
        self.next = 0
        self.rpc("initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                                "clientInfo": {"name": "bench", "version": "0"}})
        self.send({"jsonrpc": "2.0", "method": "notifications/initialized"})

    def send(self, msg):
        self.p.stdin.write(json.dumps(msg) + "\n")
        self.p.stdin.flush()

    def rpc(self, method, params):
        self.next += 1
        self.send({"jsonrpc": "2.0", "id": self.next, "method": method, "params": params})
        while True:
            line = self.p.stdout.readline()
            if not line:
                sys.exit(f"serve exited during {method}")
            msg = json.loads(line)
            if msg.get("id") == self.next:
                return msg["result"]

    def refs(self, node_id):
        r = self.rpc("tools/call", {"name": "nav_references", "arguments": {"nodeId": node_id}})
        text = r["content"][0]["text"]
        if '"source":"lsp"' not in text:
            print(f"  warning: {node_id} not answered by its server: {text[:200]}", file=sys.stderr)

    def close(self):
        self.p.stdin.close()
        try:
            self.p.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.p.kill()


def main():
    codemap, root, ids = sys.argv[1], sys.argv[2], sys.argv[3:]
    one = Session(codemap, root, ["--no-daemon"])
    for i in ids:
        one.refs(i)
    time.sleep(1)
    own = settled_kb(one.p.pid)
    own_servers = len(children(one.p.pid))
    one.close()

    sessions = [Session(codemap, root, []) for _ in range(4)]
    cli_calls = []

    def stream():
        for _ in range(3):
            for i in ids:
                subprocess.run([codemap, "--root", root, "--json", "refs", i],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
                cli_calls.append(i)

    t = threading.Thread(target=stream)
    t.start()
    for s in sessions:
        for i in ids:
            s.refs(i)
    t.join()
    time.sleep(1)
    status = json.loads(subprocess.run([codemap, "--root", root, "--json", "engine", "status"],
                                       capture_output=True, text=True, check=True).stdout)
    engine = status["engine"]["pid"]
    langs = sorted(s["lang"] for s in status["servers"])
    census = settled_kb(engine)
    relays = sum(tree_kb(s.p.pid, skip=engine) for s in sessions)
    for s in sessions:
        s.close()
    subprocess.run([codemap, "--root", root, "engine", "stop"],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    mb = lambda kb: kb / 1024
    print(f"one session in its own process (--no-daemon): {mb(own):.0f} MB, {own_servers} servers")
    print(f"four sessions + {len(cli_calls)} CLI calls through the engine: engine and its servers "
          f"{mb(census):.0f} MB = {census / own:.2f}x one session ({len(langs)} servers: "
          f"{', '.join(langs)}); the four relays {mb(relays):.0f} MB; in all {mb(census + relays):.0f} MB "
          f"against {mb(4 * own):.0f} MB for four sessions in their own processes")


if __name__ == "__main__":
    main()
