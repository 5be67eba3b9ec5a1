import { parseHTML } from "linkedom";
import { isAllowedEmbed } from "../../server/ingest/sanitize-rules.ts";

/**
 * Safety properties of sanitized HTML, checked on the parsed DOM (what a browser would build)
 * and, belt and braces, on the serialized string. Returns the list of violations (empty = safe).
 */
const FORBIDDEN_ELEMENTS = [
  "script",
  "style",
  "form",
  "input",
  "button",
  "textarea",
  "select",
  "object",
  "embed",
  "applet",
  "base",
  "meta",
  "link",
  "frame",
  "frameset",
  "svg",
  "math",
  "template",
  "noscript",
];
const URL_ATTRIBUTES = [
  "href",
  "src",
  "poster",
  "cite",
  "action",
  "formaction",
  "xlink:href",
  "background",
  "data",
  "srcset",
  "ping",
  "longdesc",
];
const SAFE_DATA_IMAGE = /^data:image\/(?:png|gif|jpe?g|webp)[;,]/i;

export function safetyViolations(html: string): string[] {
  const problems: string[] = [];
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  for (const element of Array.from(document.querySelectorAll("*")) as Element[]) {
    const tag = element.tagName.toLowerCase();
    if (["html", "head", "body"].includes(tag)) continue;
    if (FORBIDDEN_ELEMENTS.includes(tag)) problems.push(`<${tag}> element`);
    if (tag === "iframe" && !isAllowedEmbed(element.getAttribute("src") ?? "")) {
      problems.push(`iframe from ${element.getAttribute("src")}`);
    }
    for (const attribute of Array.from(element.attributes) as Attr[]) {
      const name = attribute.name.toLowerCase();
      // Browsers ignore control characters and spaces inside URL schemes ("java\tscript:").
      const value = [...attribute.value]
        .filter((c) => c.charCodeAt(0) > 0x20)
        .join("")
        .toLowerCase();
      if (name.startsWith("on")) problems.push(`${name} handler on <${tag}>`);
      if (name === "style") problems.push(`style attribute on <${tag}>`);
      if (URL_ATTRIBUTES.includes(name)) {
        if (/(?:^|,)(?:javascript|vbscript|livescript):/.test(value))
          problems.push(`${name}=${value.slice(0, 40)}`);
        if (
          value.startsWith("data:") &&
          !(tag === "img" && name === "src" && SAFE_DATA_IMAGE.test(value))
        ) {
          problems.push(`${name} data: URL on <${tag}>`);
        }
      }
    }
  }
  if (/<script/i.test(html)) problems.push("<script in output");
  if (/<style/i.test(html)) problems.push("<style in output");
  if (/<form/i.test(html)) problems.push("<form in output");
  // Attribute values are double-quoted by the sanitizer; blank them so text inside a title=""
  // (harmless) is not mistaken for an attribute.
  const markup = html.replace(/="[^"]*"/g, '=""');
  if (/<[^>]*\son[a-z]+\s*=/i.test(markup)) problems.push("on*= attribute in output");
  if (/(?:href|src|action|poster)\s*=\s*["']?\s*(?:javascript|vbscript):/i.test(html))
    problems.push("script URL in output");
  return problems;
}
