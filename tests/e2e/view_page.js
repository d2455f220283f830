// Drives `codemap view`'s page in Debian's Chromium through playwright-core (tests/e2e/view.rs
// runs it): loads the page with every request but the page's own file refused and recorded,
// waits for the graph to be laid out, takes screenshots, searches, clicks a hub's node with the
// mouse and reads the side panel. Prints one JSON line of what it saw.
//
//   node view_page.js PAGE.html SHOT_PREFIX QUERY
"use strict";
const path = require("path");
const { chromium } = require(path.join(process.env.CODEMAP_TOOLS, "node_modules/playwright-core"));

(async () => {
  const [page_path, shot, query] = process.argv.slice(2);
  const url = "file://" + path.resolve(page_path);
  const browser = await chromium.launch({
    executablePath: process.env.CODEMAP_CHROMIUM || "/usr/bin/chromium",
    args: ["--no-sandbox"],
  });
  const out = { outside: [], consoleErrors: [] };
  try {
    const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
    await context.route("**/*", (route) => {
      const u = route.request().url();
      if (u === url) return route.continue();
      out.outside.push(u);
      return route.abort();
    });
    const page = await context.newPage();
    page.on("console", (m) => { if (m.type() === "error") out.consoleErrors.push(m.text()); });
    page.on("pageerror", (e) => out.consoleErrors.push(String(e)));
    const t0 = Date.now();
    await page.goto(url);
    await page.waitForFunction(() => window.codemapView && window.codemapView.ready, null,
      { timeout: 120000 }).catch((e) => { out.consoleErrors.push(String(e)); });
    if (out.consoleErrors.length) throw new Error(JSON.stringify(out));
    out.loadMs = Date.now() - t0;
    out.renderMs = await page.evaluate(() => window.codemapView.renderMs);
    Object.assign(out, await page.evaluate(() => {
      const cy = window.codemapView.cy;
      return {
        nodes: cy.nodes().length,
        clusterNodes: cy.nodes(".cluster").length,
        symbolNodes: cy.nodes(".symbol").length,
        edges: cy.edges().length,
        // Every hub drawn inside the canvas after the fit.
        offscreen: cy.nodes(".symbol").filter((n) => {
          const p = n.renderedPosition();
          return p.x < 0 || p.y < 0 || p.x > cy.width() || p.y > cy.height();
        }).length,
      };
    }));
    await page.screenshot({ path: shot + "-overview.png" });

    // Search: typed into the box, as a person would.
    await page.fill("#search", query);
    await page.waitForFunction(() => window.codemapView.cy.nodes(".match").length > 0, null,
      { timeout: 10000 }).catch(() => {});
    Object.assign(out, await page.evaluate(() => {
      const cy = window.codemapView.cy;
      return {
        matches: cy.nodes(".match.symbol").map((n) => n.data("nodeId")),
        faded: cy.nodes(".faded").length,
        hitsListed: document.querySelectorAll("#panel ul.hits li").length,
      };
    }));
    await page.screenshot({ path: shot + "-search.png" });

    // A click on the first match's node, at its place on the screen.
    if (out.matches.length > 0) {
      const id = out.matches[0];
      const at = await page.evaluate((id) => {
        const cy = window.codemapView.cy;
        const n = cy.nodes(".symbol").filter((x) => x.data("nodeId") === id)[0];
        cy.zoom(Math.max(cy.zoom(), 1.2));
        cy.center(n);
        const p = n.renderedPosition();
        const box = cy.container().getBoundingClientRect();
        return { x: box.left + p.x, y: box.top + p.y };
      }, id);
      await page.mouse.click(at.x, at.y);
      await page.waitForSelector("#sel-name", { timeout: 10000 }).catch(() => {});
      Object.assign(out, await page.evaluate(() => ({
        selected: window.codemapView.selected || null,
        panelName: (document.querySelector("#sel-name") || {}).textContent || null,
        callers: Array.from(document.querySelectorAll("#panel ul.callers li .n"))
          .map((e) => e.getAttribute("title")),
        callees: Array.from(document.querySelectorAll("#panel ul.callees li .n"))
          .map((e) => e.getAttribute("title")),
        links: Array.from(document.querySelectorAll("#panel a")).map((a) => a.getAttribute("href")),
      })));
      await page.screenshot({ path: shot + "-selected.png" });
    }
    await context.close();
  } finally {
    await browser.close();
  }
  console.log(JSON.stringify(out));
})().catch((e) => { console.error(e); process.exit(1); });
