"""Drive `codemap serve` with the official MCP Python SDK (tests/e2e/mcp.rs runs this).

    python mcp_client.py CODEMAP_BINARY WORKSPACE SCENARIO

Scenarios print one JSON object on stdout that the Rust test asserts on; any exception fails.
  tools      list the tools and their schemas; call map_search, map_neighbors, resolve and
             nav_definition on the go_app fixture with the real servers
  bad        unknown tool, missing/mistyped arguments, malformed node ID, outside path: each a
             structured error, and the server still answers afterwards
  calls      the calls in the JSON file CALLS: each one's error code, then still serving?
  concurrent one slow nav_references (a hung fake server) and 50 map_search calls at once
  latency    N map_search round-trips: p50/p99 in ms (the queries of the file QUERIES if set)
  raw-latency  as latency, without the SDK (plain JSON-RPC lines over stdio)
  save       N times: append a function to FILE, poll map_search until found: ms p50/max
  edits      nav_references of lib.py's helper; then other.py and fresh.py written with calls
             of it (the watcher's run awaited by map_search); nav_references again
"""
import asyncio
import json
import os
import statistics
import sys
import time

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

BIN, ROOT, SCENARIO = sys.argv[1], sys.argv[2], sys.argv[3]
EXTRA = sys.argv[4:]


def envelope(result):
    """The envelope of a tool result: structured content, which must equal the text."""
    text = result.content[0].text
    env = json.loads(text)
    if result.structured_content is not None:
        assert result.structured_content == env, "structured content differs from the text"
    assert bool(result.is_error) == (not env["ok"]), (result.is_error, env)
    for k in ("ok", "tokenBudget", "truncated", "dropped", "warnings"):
        assert k in env, f"envelope lacks {k}: {env}"
    return env


async def run():
    params = StdioServerParameters(
        command=BIN, args=["--root", ROOT, *EXTRA, "serve"], env=dict(os.environ)
    )
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            out = {}
            if SCENARIO == "tools":
                tools = (await session.list_tools()).tools
                out["tools"] = sorted(t.name for t in tools)
                out["schemas"] = {t.name: t.input_schema for t in tools}
                out["described"] = all(len(t.description or "") > 30 for t in tools)
                out["annotations"] = {
                    t.name: {
                        "readOnly": t.annotations.read_only_hint if t.annotations else None,
                        "idempotent": t.annotations.idempotent_hint if t.annotations else None,
                        "destructive": t.annotations.destructive_hint if t.annotations else None,
                        "outputType": (t.output_schema or {}).get("type"),
                    }
                    for t in tools
                }
                # What the listing costs an agent, as the server sent it (no nulls).
                out["listBytes"] = len(json.dumps(
                    {"tools": [t.model_dump(by_alias=True, exclude_none=True) for t in tools]},
                    separators=(",", ":")))
                env = envelope(await session.call_tool("map_search", {"query": "MemoryStore"}))
                out["search"] = [h["nodeId"] for h in env["data"]["hits"]]
                env = envelope(await session.call_tool(
                    "map_neighbors", {"nodeId": "go:store/store.go#Store", "direction": "in"}))
                out["neighbors"] = sorted(
                    f'{e["kind"]} {e["from"]}' for e in env["data"]["edges"])
                env = envelope(await session.call_tool(
                    "resolve", {"nodeId": "go:disk/disk.go#DiskStore.Get"}))
                out["resolve"] = env["data"]
                env = envelope(await session.call_tool(
                    "nav_definition", {"locate": "cmd/shop/main.go:fill@s.<|>Put"}))
                out["definition"] = env["data"]
                env = envelope(await session.call_tool("map_status", {}))
                out["status"] = env["data"]
            elif SCENARIO == "bad":
                calls = [
                    ("no_such_tool", {}),
                    ("map_search", {}),
                    ("map_search", {"query": 42}),
                    ("map_search", {"query": "x", "limit": "many"}),
                    ("map_neighbors", {"nodeId": "not an id"}),
                    ("resolve", {"file": "../../etc/passwd", "line": 1, "col": 1}),
                    ("nav_definition", {"file": "/etc/passwd", "line": 1, "col": 1}),
                    ("locate", {"locate": "cmd/shop/main.go:fill@nothing_like_this"}),
                    ("nav_hover", {"locate": "cmd/shop/main.go:fill", "unexpected": True}),
                ]
                out["errors"] = []
                for name, args in calls:
                    env = envelope(await session.call_tool(name, args))
                    assert not env["ok"], (name, env)
                    e = env["error"]
                    assert e["message"], e
                    out["errors"].append(e["code"])
                env = envelope(await session.call_tool("map_search", {"query": "Store"}))
                out["still_serving"] = env["ok"]
            elif SCENARIO == "calls":
                # The calls of the JSON file CALLS ([[tool, args], ...]): each one's error code
                # (or "ok"), then whether the server still answers.
                with open(os.environ["CALLS"]) as f:
                    calls = json.load(f)
                out["codes"] = []
                for name, args in calls:
                    env = envelope(await session.call_tool(name, args))
                    out["codes"].append("ok" if env["ok"] else env["error"]["code"])
                env = envelope(await session.call_tool("map_status", {}))
                out["still_serving"] = env["ok"]
            elif SCENARIO == "concurrent":
                slow_started = time.monotonic()

                async def slow():
                    env = envelope(await session.call_tool(
                        "nav_references", {"locate": "src/shop/models.py:Order.total"}))
                    return time.monotonic() - slow_started, env

                async def search(i):
                    t = time.monotonic()
                    env = envelope(await session.call_tool("map_search", {"query": "total"}))
                    assert env["ok"], env
                    return time.monotonic() - t

                slow_task = asyncio.create_task(slow())
                await asyncio.sleep(0.3)  # the slow request is in flight
                searches_started = time.monotonic()
                times = await asyncio.gather(*[search(i) for i in range(50)])
                searches_done = time.monotonic() - searches_started
                slow_took, slow_env = await slow_task
                out["searches_seconds"] = searches_done
                out["search_max"] = max(times)
                out["slow_seconds"] = slow_took
                out["slow_source"] = slow_env["data"]["source"]
                out["slow_warnings"] = slow_env["warnings"]
            elif SCENARIO == "latency":
                n = int(os.environ.get("N", "300"))
                queries = ["Store", "Get", "Put", "main", "fill", "Item", "MemoryStore", "DiskStore"]
                if os.environ.get("QUERIES"):
                    with open(os.environ["QUERIES"]) as f:
                        queries = [q for q in f.read().splitlines() if q]
                    n = len(queries)
                await session.call_tool("map_search", {"query": "warm"})
                times = []
                for i in range(n):
                    t = time.perf_counter()
                    envelope(await session.call_tool("map_search", {"query": queries[i % len(queries)]}))
                    times.append((time.perf_counter() - t) * 1000)
                times.sort()
                out["p50"] = statistics.median(times)
                out["p99"] = times[int(len(times) * 0.99) - 1]
            elif SCENARIO == "save":
                # Append a function to FILE, then poll map_search until it is found.
                rel = os.environ["FILE"]
                rounds = int(os.environ.get("N", "10"))
                await session.call_tool("map_search", {"query": "warm"})
                times = []
                for i in range(rounds):
                    name = f"bench_saved_{os.getpid()}_{i}"
                    with open(os.path.join(ROOT, rel), "a") as f:
                        f.write(f"\n\ndef {name}():\n    pass\n")
                    t = time.perf_counter()
                    while True:
                        env = envelope(await session.call_tool(
                            "map_search", {"query": name, "limit": 1}))
                        if env["ok"] and env["data"]["hits"] and env["data"]["hits"][0]["nodeId"].endswith("#" + name):
                            break
                        if time.perf_counter() - t > 10:
                            raise AssertionError(f"{name} not searchable after 10 s")
                        await asyncio.sleep(0.005)
                    times.append((time.perf_counter() - t) * 1000)
                    await asyncio.sleep(0.3)
                times.sort()
                out["p50"] = statistics.median(times)
                out["max"] = times[-1]
            elif SCENARIO == "edits":
                def places(env):
                    return sorted(f'{f["file"]}:{i["at"]}' for f in env["data"]["references"]
                                  for i in f["items"])
                ask = {"locate": "lib.py:helper@def <|>helper"}
                out["before"] = places(envelope(await session.call_tool("nav_references", ask)))
                with open(os.path.join(ROOT, "other.py"), "w") as f:
                    f.write("from lib import helper\n\n\ndef other():\n    return helper(3)\n")
                with open(os.path.join(ROOT, "fresh.py"), "w") as f:
                    f.write("import lib\n\n\ndef fresh():\n    return lib.helper(4)\n")
                t = time.perf_counter()
                while True:
                    env = envelope(await session.call_tool("map_search", {"query": "fresh", "limit": 1}))
                    if env["ok"] and env["data"]["hits"] and env["data"]["hits"][0]["nodeId"] == "py:fresh.py#fresh":
                        break
                    if time.perf_counter() - t > 10:
                        raise AssertionError("fresh.py not indexed after 10 s")
                    await asyncio.sleep(0.05)
                env = envelope(await session.call_tool("nav_references", ask))
                out["after"] = places(env)
                out["source"] = env["data"]["source"]
            print(json.dumps(out))


def raw_latency():
    """The same round-trips without the SDK: newline-delimited JSON-RPC over the server's
    stdio, to tell the MCP layer's cost from the Python client's."""
    import subprocess
    with open(os.environ["QUERIES"]) as f:
        queries = [q for q in f.read().splitlines() if q]
    p = subprocess.Popen([BIN, "--root", ROOT, *EXTRA, "serve"], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE)

    def send(o):
        p.stdin.write((json.dumps(o) + "\n").encode())
        p.stdin.flush()

    send({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {},
        "clientInfo": {"name": "raw", "version": "0"}}})
    json.loads(p.stdout.readline())
    send({"jsonrpc": "2.0", "method": "notifications/initialized"})
    times = []
    for i, q in enumerate(queries):
        t = time.perf_counter()
        send({"jsonrpc": "2.0", "id": i + 1, "method": "tools/call",
              "params": {"name": "map_search", "arguments": {"query": q}}})
        reply = json.loads(p.stdout.readline())
        times.append((time.perf_counter() - t) * 1000)
        assert reply["id"] == i + 1 and not reply["result"].get("isError"), reply
    p.stdin.close()
    p.wait()
    times.sort()
    print(json.dumps({"p50": statistics.median(times), "p99": times[int(len(times) * 0.99) - 1]}))


if SCENARIO == "raw-latency":
    raw_latency()
else:
    asyncio.run(run())
