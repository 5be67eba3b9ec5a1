/**
 * The API reference as one plain HTML page rendered from the OpenAPI document on the server: no
 * script and nothing fetched from elsewhere, so it reads the same on a server with no internet.
 */
type Json = Record<string, unknown>;

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

export function referencePage(document: Json, documentUrl: string): string {
  const info = document.info as Json;
  const paths = document.paths as Record<string, Json>;
  const byTag = new Map<string, string[]>();
  for (const [path, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      const tag = ((op.tags as string[] | undefined) ?? ["other"])[0]!;
      const list = byTag.get(tag) ?? [];
      list.push(operation(method, path, op));
      byTag.set(tag, list);
    }
  }
  const tags = [...byTag.keys()].sort();
  const server = ((document.servers as Json[] | undefined)?.[0]?.url as string) ?? "";
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(String(info.title))} reference</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#222}
h2{border-bottom:1px solid #ddd;margin-top:2.5rem}
section.op{border:1px solid #e3e3e3;border-radius:6px;padding:.5rem 1rem;margin:.75rem 0}
code,pre{font:13px/1.4 ui-monospace,monospace}pre{background:#f6f6f6;padding:.5rem;overflow:auto;max-height:30rem}
.m{display:inline-block;min-width:4.5rem;font-weight:600;text-transform:uppercase}
table{border-collapse:collapse}td,th{border:1px solid #e3e3e3;padding:.2rem .5rem;text-align:left;vertical-align:top}
nav a{margin-right:.75rem}
@media (prefers-color-scheme:dark){body{background:#161616;color:#ddd}pre{background:#222}section.op,td,th{border-color:#333}a{color:#8ab4f8}}
</style></head><body>
<h1>${escapeHtml(String(info.title))} <small>${escapeHtml(String(info.version))}</small></h1>
<p>${escapeHtml(String(info.description ?? ""))}</p>
<p>Base URL: <code>${escapeHtml(server || "/")}</code> · Machine-readable: <a href="${escapeHtml(documentUrl)}">OpenAPI 3.1 document</a></p>
<nav>${tags.map((tag) => `<a href="#${escapeHtml(tag)}">${escapeHtml(tag)}</a>`).join(" ")}</nav>
${tags.map((tag) => `<h2 id="${escapeHtml(tag)}">${escapeHtml(tag)}</h2>\n${byTag.get(tag)!.join("\n")}`).join("\n")}
</body></html>
`;
}

function operation(method: string, path: string, op: Json): string {
  const parameters = (op.parameters as Json[] | undefined) ?? [];
  const body = (op.requestBody as Json | undefined)?.content as Record<string, Json> | undefined;
  const success = ((op.responses as Json)["200"] as Json).content as Record<string, Json>;
  const [answerType, answer] = Object.entries(success)[0]!;
  const answerSchema = answer["x-item-schema"] ?? answer.schema;
  return `<section class="op" id="${escapeHtml(String(op.operationId))}">
<p><span class="m">${method}</span> <code>${escapeHtml(path)}</code> — <code>${escapeHtml(String(op.operationId))}</code></p>
${
  parameters.length > 0
    ? `<table><tr><th>Parameter</th><th>In</th><th>Required</th><th>Schema</th></tr>${parameters
        .map(
          (p) =>
            `<tr><td><code>${escapeHtml(String(p.name))}</code></td><td>${escapeHtml(String(p.in))}</td><td>${p.required ? "yes" : "no"}</td><td><code>${escapeHtml(JSON.stringify(p.schema))}</code></td></tr>`,
        )
        .join("")}</table>`
    : ""
}
${body ? `<details><summary>JSON body</summary><pre>${escapeHtml(JSON.stringify(body["application/json"]!.schema, null, 2))}</pre></details>` : ""}
<details><summary>Answer (<code>${escapeHtml(answerType)}</code>${answer["x-item-schema"] ? ", one value per line or event" : ""})</summary><pre>${escapeHtml(JSON.stringify(answerSchema, null, 2))}</pre></details>
</section>`;
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );
}
