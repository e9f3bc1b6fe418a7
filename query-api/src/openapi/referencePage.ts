/**
 * The API reference page. The markup is static; the script fetches the document from this same
 * server and builds the page with DOM calls only (textContent, never innerHTML), so a description
 * in the document can never inject markup.
 */
export const REFERENCE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>School shop API reference</title>
<style>
body { font: 15px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 960px; padding: 1rem 1.5rem 4rem; color: #1f2933; }
h1 { margin-bottom: .25rem; } h2 { margin-top: 2rem; border-bottom: 1px solid #d9dee3; text-transform: capitalize; }
details { border: 1px solid #d9dee3; border-radius: 6px; margin: .5rem 0; }
summary { cursor: pointer; padding: .5rem .75rem; display: flex; gap: .75rem; align-items: baseline; }
.method { font: bold 12px monospace; text-transform: uppercase; border-radius: 4px; padding: 2px 6px; color: #fff; min-width: 4em; text-align: center; }
.get { background: #2f6fb3; } .post { background: #2c8a4b; } .put { background: #a86b12; } .patch { background: #7a4fb0; } .delete { background: #b23b3b; }
.path { font-family: monospace; font-weight: 600; } .sum { color: #52606d; }
.body { padding: 0 1rem 1rem; } table { border-collapse: collapse; width: 100%; font-size: 14px; }
td, th { border-top: 1px solid #eef1f4; padding: 4px 6px; text-align: left; vertical-align: top; }
pre { background: #f5f7fa; padding: .5rem; overflow-x: auto; font-size: 13px; border-radius: 4px; }
</style>
</head>
<body>
<h1>School shop API</h1>
<p id="intro">Loading <a href="/api/openapi.json">/api/openapi.json</a>…</p>
<main id="ops"></main>
<script src="/ops/api/reference.js"></script>
</body>
</html>
`;

export const REFERENCE_JS = `"use strict";
const el = (tag, attrs, ...children) => {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  for (const c of children) node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return node;
};
const json = (value) => el("pre", {}, JSON.stringify(value, null, 2));
const table = (head, rows) =>
  el("table", {}, el("tr", {}, ...head.map((h) => el("th", {}, h))), ...rows.map((r) => el("tr", {}, ...r.map((c) => el("td", {}, c)))));
fetch("/api/openapi.json").then((r) => r.json()).then((doc) => {
  const intro = document.getElementById("intro");
  intro.textContent = doc.info.description + " ";
  intro.append(el("a", { href: "/api/openapi.json" }, "OpenAPI " + doc.openapi + " JSON"));
  const byTag = new Map();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const tag = (op.tags && op.tags[0]) || "api";
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag).push({ path, method, op });
    }
  }
  const main = document.getElementById("ops");
  for (const [tag, ops] of byTag) {
    main.append(el("h2", {}, tag));
    for (const { path, method, op } of ops) {
      const body = el("div", { class: "body" }, el("p", {}, op.description || ""));
      if (op.parameters && op.parameters.length)
        body.append(el("h4", {}, "Parameters"), table(["name", "in", "required", "schema"],
          op.parameters.map((p) => [p.name, p.in, p.required ? "yes" : "no", JSON.stringify(p.schema)])));
      if (op.requestBody)
        for (const [type, media] of Object.entries(op.requestBody.content))
          body.append(el("h4", {}, "Body (" + type + ")"), json(media.schema));
      body.append(el("h4", {}, "Answers"), table(["status", "meaning"],
        Object.entries(op.responses).map(([status, r]) => [status, r.description])));
      main.append(el("details", {}, el("summary", {}, el("span", { class: "method " + method }, method),
        el("span", { class: "path" }, path), el("span", { class: "sum" }, op.summary || "")), body));
    }
  }
  main.append(el("h2", {}, "Problem (application/problem+json)"), json(doc.components.schemas.Problem));
}).catch((e) => { document.getElementById("intro").textContent = "Could not load the document: " + e; });
`;
