// codemap view: draws the graph model (the JSON in #model) with cytoscape. Clusters are
// compound nodes holding their hubs; cluster links are weighted edges between clusters;
// a click on a hub lists its callers and callees with links to their locations.
(function () {
  "use strict";
  var t0 = performance.now();
  var M = JSON.parse(document.getElementById("model").textContent);
  var PALETTE = ["#4f9cf7", "#f78166", "#56d364", "#d2a8ff", "#ffa657", "#39c5cf", "#ff7b72",
    "#a5d6ff", "#e3b341", "#7ee787", "#f0883e", "#bc8cff", "#79c0ff", "#ffab70", "#b392f0",
    "#85e89d"];
  var color = function (c) { return PALETTE[c % PALETTE.length]; };
  var label = function (id) { var i = id.indexOf("#"); return i < 0 ? id : id.slice(i + 1); };
  var el = function (tag, attrs, text) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (text !== undefined) e.textContent = text;
    return e;
  };
  var abs = function (file) { return M.root.replace(/\/$/, "") + "/" + file; };
  var vscode = function (file, line, col) {
    return "vscode://file" + encodeURI(abs(file)) + ":" + line + (col ? ":" + col : "");
  };
  var fileUrl = function (file) { return "file://" + encodeURI(abs(file)); };
  var symIndex = {};
  M.symbols.forEach(function (s, i) { symIndex[s.nodeId] = i; });

  // A seeded random, so one model is laid out the same way each time.
  var seed = 42;
  var random = function () { // mulberry32
    seed = (seed + 0x6D2B79F5) | 0;
    var t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  var realRandom = Math.random;

  document.getElementById("title-root").textContent = M.root;
  var said = M.dropped.map(function (d) { return d.note; }).join("; ");
  document.getElementById("stats").textContent = M.files + " files · " + M.clusters.length +
    " of " + M.clustersTotal + " clusters · " + M.symbols.length + " hubs" + (said ? " · " + said : "");

  var maxFiles = Math.max.apply(null, [1].concat(M.clusters.map(function (c) { return c.files; })));
  var maxScore = Math.max.apply(null, [0.001].concat(M.symbols.map(function (s) { return s.hubScore; })));
  var maxLink = Math.max.apply(null, [1].concat(M.clusterLinks.map(function (l) { return l.edges; })));
  var elements = [];
  M.clusters.forEach(function (c, i) {
    elements.push({ group: "nodes", classes: "cluster", data: {
      id: "c" + i, label: c.name + " (" + c.files + ")", color: color(i),
      weight: c.files / maxFiles } });
    if (c.hubs.length === 0) {
      // A cluster without a hub still shows, as one small node.
      elements.push({ group: "nodes", classes: "placeholder", data: {
        id: "c" + i + ":empty", parent: "c" + i, color: color(i) } });
    }
  });
  M.symbols.forEach(function (s, i) {
    elements.push({ group: "nodes", classes: "symbol", data: {
      id: "s" + i, parent: "c" + s.cluster, label: label(s.nodeId), color: color(s.cluster),
      size: 14 + 26 * Math.sqrt(s.hubScore / maxScore), nodeId: s.nodeId } });
  });
  M.clusterLinks.forEach(function (l, i) {
    elements.push({ group: "edges", classes: "clink", data: {
      id: "l" + i, source: "c" + l.from, target: "c" + l.to, edges: l.edges,
      width: 1 + 9 * Math.log(1 + l.edges) / Math.log(1 + maxLink) } });
  });
  M.symbolLinks.forEach(function (l, i) {
    elements.push({ group: "edges", classes: "slink", data: {
      id: "e" + i, source: "s" + l.from, target: "s" + l.to, kind: l.kind } });
  });

  var cy = cytoscape({
    container: document.getElementById("graph"),
    elements: elements,
    minZoom: 0.05,
    maxZoom: 4,
    style: [
      { selector: "node.cluster", style: {
        "background-color": "data(color)", "background-opacity": 0.09,
        "border-color": "data(color)", "border-width": 1.5, "border-opacity": 0.7,
        "shape": "round-rectangle", "padding": "14px",
        "label": "data(label)", "color": "#e6edf3", "font-size": 20, "font-weight": 600,
        "text-max-width": "320px", "text-wrap": "ellipsis",
        "text-valign": "top", "text-halign": "center", "text-margin-y": -4,
        "text-outline-color": "#0f1419", "text-outline-width": 2 } },
      { selector: "node.symbol", style: {
        "background-color": "data(color)", "width": "data(size)", "height": "data(size)",
        "label": "data(label)", "color": "#c9d1d9", "font-size": 13,
        "text-max-width": "120px", "text-wrap": "ellipsis",
        "text-valign": "bottom", "text-margin-y": 3,
        "text-outline-color": "#0f1419", "text-outline-width": 2,
        "border-color": "#0f1419", "border-width": 1 } },
      { selector: "node.placeholder", style: { "width": 8, "height": 8,
        "background-color": "data(color)", "background-opacity": 0.4 } },
      { selector: "edge.clink", style: {
        "width": "data(width)", "line-color": "#8b98a5", "opacity": 0.16,
        "curve-style": "haystack" } },
      { selector: "edge.slink", style: {
        "width": 1, "line-color": "#ffd166", "opacity": 0.3, "curve-style": "bezier",
        "target-arrow-shape": "triangle", "target-arrow-color": "#ffd166", "arrow-scale": 0.7 } },
      { selector: ".faded", style: { "opacity": 0.12 } },
      { selector: "edge.clink.faded", style: { "opacity": 0.04 } },
      { selector: "node.match", style: {
        "border-color": "#ffd166", "border-width": 4, "color": "#ffd166", "font-size": 13,
        "z-index": 20 } },
      { selector: "node.symbol:selected", style: {
        "border-color": "#ffffff", "border-width": 4, "z-index": 30 } },
      { selector: "node.neighbor", style: { "border-color": "#ffd166", "border-width": 3 } },
    ],
  });

  window.codemapView = { cy: cy, model: M, ready: false };
  // Two levels: the clusters are laid out first as one node each (cose, a force-directed
  // layout, on a headless graph of the clusters and their links, heavier links shorter), then
  // each cluster's hubs are placed on a ring around its centre, biggest hub first.
  var ring = function (n) { return n > 1 ? 26 + 11 * n : 0; };
  var side = function (c) { return 2 * ring(c.hubs.length) + 150; };
  var top = cytoscape({
    headless: true,
    styleEnabled: true,
    elements: M.clusters.map(function (c, i) {
      return { group: "nodes", data: { id: "c" + i, d: side(c) } };
    }).concat(M.clusterLinks.map(function (l, i) {
      return { group: "edges", data: { id: "l" + i, source: "c" + l.from, target: "c" + l.to,
        w: Math.log(1 + l.edges) / Math.log(1 + maxLink) } };
    })),
    style: [{ selector: "node", style: { width: "data(d)", height: "data(d)" } }],
  });
  Math.random = random;
  var layout = top.layout({
    name: "cose", animate: false, randomize: true, nodeDimensionsIncludeLabels: false,
    idealEdgeLength: function (e) { return 120 - 60 * e.data("w"); },
    edgeElasticity: function (e) { return 40 + 160 * (1 - e.data("w")); },
    nodeRepulsion: function (n) { return 800000 + 60 * n.data("d") * n.data("d"); },
    nodeOverlap: 200, gravity: 1.2, numIter: 2500, componentSpacing: 80, padding: 30,
  });
  layout.one("layoutstop", function () {
    Math.random = realRandom;
    cy.batch(function () {
      M.clusters.forEach(function (c, i) {
        var at = top.getElementById("c" + i).position();
        var r = ring(c.hubs.length);
        if (c.hubs.length === 0) {
          cy.getElementById("c" + i + ":empty").position({ x: at.x, y: at.y });
        }
        c.hubs.forEach(function (h, k) {
          var a = -Math.PI / 2 + 2 * Math.PI * k / c.hubs.length;
          cy.getElementById("s" + h).position({ x: at.x + r * Math.cos(a), y: at.y + r * Math.sin(a) });
        });
      });
    });
    top.destroy();
    cy.fit(undefined, 24);
    window.codemapView.renderMs = Math.round(performance.now() - t0);
    window.codemapView.ready = true;
  });
  layout.run();

  // The side panel.
  var panel = document.getElementById("panel");
  var clear = function () { while (panel.firstChild) panel.removeChild(panel.firstChild); };
  var linkTo = function (file, line, col, text) {
    var a = el("a", { href: vscode(file, line, col), title: "open in VS Code (" + abs(file) + ")" },
      text || file + ":" + line);
    return a;
  };
  var neighborList = function (title, list, total, cls) {
    panel.appendChild(el("h3", {}, title + " (" + total + ")"));
    var ul = el("ul", { class: cls });
    list.forEach(function (n) {
      var li = el("li", {});
      var name = el("span", { class: "n", title: n.nodeId }, label(n.nodeId));
      if (symIndex[n.nodeId] !== undefined) {
        name.className = "n drawn";
        name.addEventListener("click", function () { select(symIndex[n.nodeId]); });
      }
      li.appendChild(name);
      li.appendChild(el("span", { class: "k" }, n.kind));
      var at = el("span", { class: "at" });
      if (n.file) at.appendChild(linkTo(n.file, n.line, 0, n.file.split("/").pop() + ":" + n.line));
      else at.textContent = "outside";
      li.appendChild(at);
      ul.appendChild(li);
    });
    panel.appendChild(ul);
    if (total > list.length) {
      panel.appendChild(el("div", { class: "note" }, (total - list.length) + " more not listed (codemap view --neighbors N)"));
    }
  };
  var home = function () {
    clear();
    panel.appendChild(el("h2", {}, "Map"));
    panel.appendChild(el("div", { class: "kind" }, M.files + " files in " + M.clustersTotal +
      " clusters (" + M.unclusteredFiles + " files alone)"));
    M.dropped.forEach(function (d) { panel.appendChild(el("div", { class: "note" }, d.note)); });
    M.warnings.forEach(function (w) { panel.appendChild(el("div", { class: "note" }, w)); });
    panel.appendChild(el("h3", {}, "Top hubs"));
    var ul = el("ul", {});
    M.topHubs.forEach(function (id) {
      var li = el("li", {});
      var n = el("span", { class: "n", title: id }, label(id));
      if (symIndex[id] !== undefined) {
        n.className = "n drawn";
        n.addEventListener("click", function () { select(symIndex[id]); });
      }
      li.appendChild(n);
      ul.appendChild(li);
    });
    panel.appendChild(ul);
    panel.appendChild(el("h3", {}, "Biggest clusters"));
    ul = el("ul", {});
    M.clusters.slice(0, 15).forEach(function (c, i) {
      var li = el("li", {});
      var n = el("span", { class: "n drawn" });
      n.appendChild(el("span", { class: "dot", style: "background:" + color(i) }));
      n.appendChild(document.createTextNode(c.name));
      n.addEventListener("click", function () { showCluster(i); });
      li.appendChild(n);
      li.appendChild(el("span", { class: "at" }, c.files + " files"));
      ul.appendChild(li);
    });
    panel.appendChild(ul);
    panel.appendChild(el("div", { class: "note" }, "Click a hub for its callers and callees; search by name above."));
  };
  var unfade = function () { cy.elements().removeClass("faded neighbor"); };
  var select = function (i) {
    var s = M.symbols[i];
    if (!s) return;
    unfade();
    cy.$(":selected").unselect();
    var node = cy.getElementById("s" + i);
    node.select();
    var near = node.closedNeighborhood();
    near.nodes().not(node).addClass("neighbor");
    cy.elements().not(near).not(node.parent()).addClass("faded");
    clear();
    panel.appendChild(el("h2", { id: "sel-name" }, label(s.nodeId)));
    panel.appendChild(el("div", { class: "kind" }, s.kind + " · hub score " + s.hubScore +
      " · " + s.inDegree + " uses · cluster " + M.clusters[s.cluster].name));
    var loc = el("div", {});
    loc.appendChild(linkTo(s.file, s.line, s.col));
    loc.appendChild(document.createTextNode(" · "));
    loc.appendChild(el("a", { href: fileUrl(s.file) }, "file"));
    panel.appendChild(loc);
    if (s.signature) panel.appendChild(el("pre", {}, s.signature));
    if (s.doc) panel.appendChild(el("div", { class: "doc" }, s.doc));
    neighborList("Callers", s.callers, s.callersTotal, "callers");
    neighborList("Callees", s.callees, s.calleesTotal, "callees");
    window.codemapView.selected = s.nodeId;
  };
  var showCluster = function (i) {
    var c = M.clusters[i];
    unfade();
    var node = cy.getElementById("c" + i);
    cy.elements().not(node.union(node.descendants()).union(node.connectedEdges())
      .union(node.connectedEdges().connectedNodes())).addClass("faded");
    clear();
    panel.appendChild(el("h2", {}, c.name));
    panel.appendChild(el("div", { class: "kind" }, c.files + " files"));
    panel.appendChild(el("h3", {}, "Directories"));
    var ul = el("ul", {});
    c.dirs.forEach(function (d) {
      var li = el("li", {});
      li.appendChild(el("span", { class: "n" }, d.dir));
      li.appendChild(el("span", { class: "at" }, d.files + " files"));
      ul.appendChild(li);
    });
    panel.appendChild(ul);
    panel.appendChild(el("h3", {}, "Hubs"));
    ul = el("ul", {});
    c.hubs.forEach(function (h) {
      var li = el("li", {});
      var n = el("span", { class: "n drawn", title: M.symbols[h].nodeId }, label(M.symbols[h].nodeId));
      n.addEventListener("click", function () { select(h); });
      li.appendChild(n);
      li.appendChild(el("span", { class: "k" }, M.symbols[h].kind));
      ul.appendChild(li);
    });
    panel.appendChild(ul);
    var links = M.clusterLinks.filter(function (l) { return l.from === i || l.to === i; });
    if (links.length) {
      panel.appendChild(el("h3", {}, "Linked clusters (edges)"));
      ul = el("ul", {});
      links.forEach(function (l) {
        var o = l.from === i ? l.to : l.from;
        var li = el("li", {});
        var n = el("span", { class: "n drawn" }, M.clusters[o].name);
        n.addEventListener("click", function () { showCluster(o); });
        li.appendChild(n);
        li.appendChild(el("span", { class: "at" }, l.edges + ""));
        ul.appendChild(li);
      });
      panel.appendChild(ul);
    }
  };
  cy.on("tap", "node.symbol", function (e) { select(Number(e.target.id().slice(1))); });
  cy.on("tap", "node.cluster", function (e) {
    if (e.target.isParent()) showCluster(Number(e.target.id().slice(1)));
  });
  cy.on("tap", function (e) { if (e.target === cy) { unfade(); home(); } });

  // Search: hubs and clusters whose name holds the text are highlighted, the rest faded.
  var search = function (q) {
    q = (q || "").trim().toLowerCase();
    cy.elements().removeClass("match faded neighbor");
    if (!q) { home(); return []; }
    var hits = cy.nodes().filter(function (n) {
      var d = n.data();
      return (n.hasClass("symbol") && (d.nodeId.toLowerCase().indexOf(q) >= 0)) ||
        (n.hasClass("cluster") && d.label.toLowerCase().indexOf(q) >= 0);
    });
    hits.addClass("match");
    cy.elements().not(hits).not(hits.ancestors()).not(hits.descendants()).addClass("faded");
    clear();
    panel.appendChild(el("h2", {}, hits.length + " found for “" + q + "”"));
    var ul = el("ul", { class: "hits" });
    hits.forEach(function (n) {
      var li = el("li", {});
      var s = el("span", { class: "n drawn", title: n.data("nodeId") || "" }, n.data("label"));
      s.addEventListener("click", function () {
        if (n.hasClass("symbol")) select(Number(n.id().slice(1)));
        else showCluster(Number(n.id().slice(1)));
      });
      li.appendChild(s);
      li.appendChild(el("span", { class: "k" }, n.hasClass("symbol") ? M.symbols[Number(n.id().slice(1))].kind : "cluster"));
      ul.appendChild(li);
    });
    panel.appendChild(ul);
    return hits.map(function (n) { return n.data("nodeId") || n.data("label"); });
  };
  var box = document.getElementById("search");
  var timer = null;
  box.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(function () { search(box.value); }, 120);
  });
  box.addEventListener("keydown", function (e) {
    if (e.key === "Enter") {
      var first = cy.nodes(".match.symbol")[0];
      if (first) select(Number(first.id().slice(1)));
    }
  });

  window.codemapView.select = select;
  window.codemapView.search = search;
  home();
})();
