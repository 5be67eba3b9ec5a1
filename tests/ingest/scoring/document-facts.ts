import { DOMParser } from "linkedom";

/**
 * What a feed document says, read independently of our pipeline (linkedom's lenient XML
 * parser, element local names, no namespaces): its kind by root element, its title, and per
 * item the facts our output can be checked against. Used to score real-world feeds for which
 * no expected output exists.
 */
export type DocumentKind = "rss" | "rdf" | "atom" | "html" | "other";

export interface ItemFacts {
  guid: string | null;
  /** False for an RSS guid with isPermaLink="false". */
  guidIsPermaLink: boolean;
  hasLink: boolean;
  /** A description, summary or content with words in it. */
  hasContent: boolean;
  hasDate: boolean;
  hasAuthorName: boolean;
  enclosures: number;
}

export interface DocumentFacts {
  kind: DocumentKind;
  title: string | null;
  items: ItemFacts[];
}

export function documentKind(text: string): DocumentKind {
  const head = text.replace(/^\uFEFF/, "").slice(0, 4096);
  const root =
    /^(?:\s+|<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(?:\[[\s\S]*?\])?\s*>)*<(?:[\w.-]+:)?([\w.-]+)/i.exec(
      head,
    )?.[1];
  if (/^<!doctype html/i.test(head.trimStart()) || root?.toLowerCase() === "html") return "html";
  if (root === "rss") return "rss";
  if (root === "RDF") return "rdf";
  if (root === "feed") return "atom";
  return "other";
}

type Node = {
  tagName: string;
  textContent: string | null;
  children: ArrayLike<Node>;
  getAttribute(name: string): string | null;
};

const local = (node: Node) => node.tagName.split(":").pop()!.toLowerCase();
const children = (node: Node) => Array.from(node.children);
const textOf = (node: Node | undefined) => node?.textContent?.trim() || null;

export function documentFacts(text: string): DocumentFacts {
  const kind = documentKind(text);
  if (kind === "html" || kind === "other") return { kind, title: null, items: [] };
  const doc = new DOMParser().parseFromString(text.replace(/^\uFEFF/, ""), "text/xml");
  const all: Node[] = [];
  const walk = (node: Node) => {
    all.push(node);
    for (const child of children(node)) walk(child);
  };
  if (doc.documentElement) walk(doc.documentElement as unknown as Node);
  const itemName = kind === "atom" ? "entry" : "item";
  const items = all.filter((node) => local(node) === itemName);
  const container = all.find((node) => local(node) === (kind === "atom" ? "feed" : "channel"));
  const title = container
    ? textOf(children(container).find((child) => local(child) === "title"))
    : null;
  return { kind, title, items: items.map((item) => itemFacts(item, kind)) };
}

function itemFacts(item: Node, kind: DocumentKind): ItemFacts {
  const parts = children(item);
  const named = (...names: string[]) => parts.filter((child) => names.includes(local(child)));
  const guidNode = named("guid", "id")[0];
  const links = named("link");
  return {
    guid: textOf(guidNode) ?? item.getAttribute("rdf:about"),
    guidIsPermaLink: guidNode?.getAttribute("isPermaLink")?.trim().toLowerCase() !== "false",
    hasLink: links.some((link) => textOf(link) || link.getAttribute("href")),
    // Visible words, not only markup (an embed alone is dropped by any sanitizer).
    hasContent: named("description", "encoded", "content", "summary").some((n) =>
      /[\p{L}\p{N}]/u.test((textOf(n) ?? "").replace(/<[^>]*>/g, "")),
    ),
    hasDate: named("pubdate", "date", "published", "updated", "issued", "modified", "created").some(
      (n) => textOf(n),
    ),
    hasAuthorName: named("author", "creator").some((n) =>
      kind === "atom" ? textOf(children(n).find((c) => local(c) === "name")) : textOf(n),
    ),
    enclosures:
      named("enclosure").filter((n) => n.getAttribute("url")).length +
      links.filter((n) => n.getAttribute("rel") === "enclosure" && n.getAttribute("href")).length,
  };
}
