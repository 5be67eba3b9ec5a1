import { namespaceDeclarations, outsideCdata } from "./xml-segments.ts";

/**
 * Namespaces are identified by their URI, not by the prefix a feed binds them to. feedsmith
 * already maps the namespaces it knows by URI (`xmlns:dublin="http://purl.org/dc/elements/1.1/"`
 * reads as Dublin Core), but reads two things by prefix, which this rewrite fixes before parsing:
 *
 * - RSS 2.0's own elements put in a namespace (`<r:rss xmlns:r="http://backend.userland.com/rss2">`,
 *   as early RSS 2.0 tooling wrote them): the prefix is dropped, they are plain RSS.
 * - A prefix feedsmith reads by name (dc, media, itunes...) bound to some other namespace: its
 *   elements are renamed out of the way, so `<dc:creator>` of `xmlns:dc="http://example.com/x"`
 *   is not taken for Dublin Core.
 */

/** RSS 2.0 namespace URIs (without scheme and trailing slash), as feedparser recognises them. */
const RSS2_NAMESPACES = [
  /^backend\.userland\.com\/rss\d*$/,
  /^blogs\.law\.harvard\.edu\/tech\/rss$/,
];

/** For each prefix feedsmith reads by name: what the URI of its own namespace contains. */
const PREFIX_SIGNATURES: Record<string, RegExp> = {
  dc: /purl\.org\/dc\/elements/,
  dcterms: /purl\.org\/dc\/terms/,
  content: /purl\.org\/rss\/1\.0\/modules\/content/,
  itunes: /itunes\.com\/dtds\/podcast/,
  media: /search\.yahoo\.com\/mrss/,
  atom: /w3\.org\/2005\/atom|purl\.org\/atom\/ns/,
  googleplay: /google\.com\/schemas\/play-podcasts/,
  podcast: /podcastindex|podcast-namespace/,
};

/** Any known namespace: a foreign prefix bound to one of these is remapped by feedsmith itself. */
const KNOWN_NAMESPACE = new RegExp(
  Object.values(PREFIX_SIGNATURES)
    .map((signature) => signature.source)
    .join("|"),
);

/** Primary namespaces: a feed's own elements, read without a prefix. */
const PRIMARY_SIGNATURES: Record<string, RegExp> = {
  rss: /^(?:purl\.org\/rss\/1\.0|my\.netscape\.com\/rdf\/simple\/0\.9|backend\.userland\.com\/rss\d*|blogs\.law\.harvard\.edu\/tech\/rss)$/,
  atom: /^(?:www\.)?(?:w3\.org\/2005\/atom|purl\.org\/atom\/ns)$/,
};

/** The name we know a namespace by ("dc", "media", "atom", "rss"...), or null for others. */
export function canonicalPrefix(uri: string): string | null {
  const bare = bareUri(uri);
  for (const [name, signature] of Object.entries(PRIMARY_SIGNATURES))
    if (signature.test(bare)) return name;
  for (const [name, signature] of Object.entries(PREFIX_SIGNATURES))
    if (signature.test(bare)) return name;
  return null;
}

function bareUri(uri: string): string {
  return uri
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, "")
    .replace(/[/#]+$/, "");
}

export function resolveNamespacePrefixes(text: string): string {
  const declarations = namespaceDeclarations(text);
  if (declarations.size === 0) return text;
  const rssPrefixes: string[] = [];
  const foreignPrefixes: string[] = [];
  for (const [prefix, uri] of declarations) {
    const bare = bareUri(uri);
    if (RSS2_NAMESPACES.some((pattern) => pattern.test(bare))) rssPrefixes.push(prefix);
    else if (
      PREFIX_SIGNATURES[prefix] &&
      !PREFIX_SIGNATURES[prefix].test(bare) &&
      !KNOWN_NAMESPACE.test(bare)
    )
      foreignPrefixes.push(prefix);
  }
  if (rssPrefixes.length === 0 && foreignPrefixes.length === 0) return text;
  const renamed = new Map<string, string>([
    ...rssPrefixes.map((p): [string, string] => [p, ""]),
    ...foreignPrefixes.map((p): [string, string] => [p, `foreign-${p}:`]),
  ]);
  const names = [...renamed.keys()].map(escapeRegExp).join("|");
  const tag = new RegExp(`<(/?)(${names}):(?=[\\w.-])`, "gi");
  return outsideCdata(text, (segment) =>
    segment.replace(
      tag,
      (_, slash: string, prefix: string) => `<${slash}${renamed.get(prefix.toLowerCase())}`,
    ),
  );
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
