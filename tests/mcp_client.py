"""Drive `codemap serve` with the official MCP Python SDK (tests/e2e/mcp.rs runs this).

    python mcp_client.py CODEMAP_BINARY WORKSPACE SCENARIO

Scenarios print one JSON object on stdout that the Rust test asserts on; any exception fails.
  tools      list the tools and their schemas; call map_search, map_neighbors, resolve and
             nav_definition on the go_app fixture with the real servers
  bad        unknown tool, missing/mistyped arguments, malformed node ID, outside path: each a
             structured error, and the server still answers afterwards
  concurrent one slow nav_references (a hung fake server) and 50 map_search calls at once
  latency    N map_search round-trips: p50/p99 in ms
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
                out["described"] = all(len(t.description or "") > 60 for t in tools)
                env = envelope(await session.call_tool("map_search", {"query": "MemoryStore"}))
                out["search"] = [h["nodeId"] for h in env["data"]["hits"]]
                env = envelope(await session.call_tool(
                    "map_neighbors", {"nodeId": "go:store/store.go#Store", "direction": "in"}))
                out["neighbors"] = sorted(
                    f'{e["kind"]} {e["source"]}' for e in env["data"]["edges"])
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
                await session.call_tool("map_search", {"query": "warm"})
                times = []
                for i in range(n):
                    t = time.perf_counter()
                    envelope(await session.call_tool("map_search", {"query": queries[i % len(queries)]}))
                    times.append((time.perf_counter() - t) * 1000)
                times.sort()
                out["p50"] = statistics.median(times)
                out["p99"] = times[int(len(times) * 0.99) - 1]
            print(json.dumps(out))


asyncio.run(run())
