import { parseHTML } from "linkedom";
import { boundedHtml } from "./bounded.ts";

/**
 * Entry HTML as Markdown, for the services that want Markdown (Obsidian, Outline). turndown
 * is not installed here, so this is a small converter over linkedom's DOM covering what
 * sanitized entry HTML contains: headings, paragraphs, emphasis, code, links, images, lists,
 * quotes, rules and simple tables. Unknown elements keep their text. The input is bounded
 * (boundedHtml caps nesting and element count) and the recursive walk stops at MAX_DEPTH, so
 * hostile HTML cannot blow the stack.
 */
const MAX_DEPTH = 200;

interface NodeLike {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  childNodes: ArrayLike<NodeLike>;
  getAttribute?(name: string): string | null;
}

export function htmlToMarkdown(html: string): string {
  const { document } = parseHTML(`<!doctype html><html><body>${boundedHtml(html)}</body></html>`);
  const markdown = block(document.body as unknown as NodeLike, 0, "");
  return `${markdown
    .replace(/[ \t]+\n/g, "\n")
    // The whitespace between block elements leaves one space at a line's start.
    .replace(/^ (?=\S)/gm, "")
    .replace(/\n{3,}/g, "\n\n")
    .trim()}\n`;
}

function children(node: NodeLike, depth: number, listPrefix: string): string {
  let out = "";
  for (const child of Array.from(node.childNodes)) out += block(child, depth + 1, listPrefix);
  return out;
}

function escapeText(text: string): string {
  return text.replace(/\s+/g, " ").replace(/([\\`*_[\]#<>])/g, "\\$1");
}

function attr(node: NodeLike, name: string): string {
  return node.getAttribute?.(name)?.trim() ?? "";
}

function safeHref(url: string): string {
  return /^(https?:|mailto:)/i.test(url) ? url.replace(/[()\s]/g, encodeURIComponent) : "";
}

function block(node: NodeLike, depth: number, listPrefix: string): string {
  if (node.nodeType === 3) return escapeText(node.textContent ?? "");
  if (node.nodeType !== 1 || depth > MAX_DEPTH) return "";
  const tag = node.nodeName.toLowerCase();
  const inner = () => children(node, depth, listPrefix);
  switch (tag) {
    case "script":
    case "style":
    case "template":
      return "";
    case "h1":
    case "h2":
    case "h3":
    case "h4":
    case "h5":
    case "h6":
      return `\n\n${"#".repeat(Number(tag[1]))} ${inner().trim()}\n\n`;
    case "p":
    case "div":
    case "section":
    case "article":
    case "figure":
      return `\n\n${inner().trim()}\n\n`;
    case "figcaption":
      return `\n\n*${inner().trim()}*\n\n`;
    case "br":
      return "  \n";
    case "hr":
      return "\n\n---\n\n";
    case "strong":
    case "b": {
      const text = inner().trim();
      return text ? `**${text}**` : "";
    }
    case "em":
    case "i": {
      const text = inner().trim();
      return text ? `*${text}*` : "";
    }
    case "code":
      return `\`${(node.textContent ?? "").replace(/`/g, "\\`")}\``;
    case "pre":
      return `\n\n\`\`\`\n${(node.textContent ?? "").replace(/```/g, "\\`\\`\\`")}\n\`\`\`\n\n`;
    case "a": {
      const href = safeHref(attr(node, "href"));
      const text = inner().trim();
      return href ? `[${text || href}](${href})` : text;
    }
    case "img": {
      const src = safeHref(attr(node, "src"));
      return src ? `![${escapeText(attr(node, "alt"))}](${src})` : "";
    }
    case "blockquote":
      return `\n\n${inner()
        .trim()
        .split("\n")
        .map((line) => `> ${line}`)
        .join("\n")}\n\n`;
    case "ul":
    case "ol": {
      let index = 0;
      const items = Array.from(node.childNodes)
        .filter((child) => child.nodeName.toLowerCase() === "li")
        .map((li) => {
          index += 1;
          const marker = tag === "ol" ? `${index}. ` : "- ";
          const body = children(li, depth + 1, `${listPrefix}  `)
            .trim()
            .replace(/\n/g, `\n${listPrefix}  `);
          return `${listPrefix}${marker}${body}`;
        });
      return `\n\n${items.join("\n")}\n\n`;
    }
    case "table":
      return `\n\n${table(node)}\n\n`;
    default:
      return inner();
  }
}

function table(node: NodeLike): string {
  const rows: string[][] = [];
  const walk = (n: NodeLike, depth: number) => {
    if (depth > 6) return;
    for (const child of Array.from(n.childNodes)) {
      const name = child.nodeName.toLowerCase();
      if (name === "tr") {
        rows.push(
          Array.from(child.childNodes)
            .filter((cell) => ["td", "th"].includes(cell.nodeName.toLowerCase()))
            .map((cell) =>
              escapeText(cell.textContent ?? "")
                .trim()
                .replace(/\|/g, "\\|"),
            ),
        );
      } else if (child.nodeType === 1) walk(child, depth + 1);
    }
  };
  walk(node, 0);
  if (rows.length === 0) return "";
  const width = Math.max(...rows.map((row) => row.length));
  const line = (row: string[]) =>
    `| ${Array.from({ length: width }, (_, i) => row[i] ?? "").join(" | ")} |`;
  return [line(rows[0]!), line(Array(width).fill("---")), ...rows.slice(1).map(line)].join("\n");
}
