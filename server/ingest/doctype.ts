import { parseFailed } from "./errors.ts";

/**
 * DOCTYPE handling before parsing: feeds never need their DTD, and entity declarations are how
 * XML bombs and external-entity tricks arrive. The DOCTYPE is dropped; internal general
 * entities (`<!ENTITY name "text">`) are expanded in the document, recursively as XML says,
 * but within hard limits: each entity's expansion is computed once (so a repeated or nested
 * reference costs a string copy, never a re-expansion), nesting is at most
 * MAX_ENTITY_DEPTH deep, and expansion may add at most MAX_ENTITY_EXPANSION_CHARS characters
 * to the whole document. A document past any limit is refused (2004), never partly expanded.
 * External entities (SYSTEM/PUBLIC) are ignored; HTML named entities are left to the parser.
 */

/**
 * Characters entity expansion may produce for one document: every entity's own expansion plus
 * every substitution into the document, counted together.
 */
export const MAX_ENTITY_EXPANSION_CHARS = 1_000_000;
/** How deep entity references may nest inside entity values. */
export const MAX_ENTITY_DEPTH = 8;
/** Entity declarations read from one internal subset. */
export const MAX_ENTITY_DECLARATIONS = 256;
/** Where the DOCTYPE must start; later ones are not looked for. */
const DOCTYPE_SEARCH_CHARS = 8192;

const PREDEFINED = /^(?:amp|lt|gt|quot|apos)$/;
const REFERENCE = /&([A-Za-z_][\w.-]*);/g;

export function withoutDoctype(text: string): string {
  const head = text.slice(0, DOCTYPE_SEARCH_CHARS);
  const match = /<!DOCTYPE\s[^[>]*(?:\[([\s\S]*?)\]\s*)?>/i.exec(head);
  if (!match) return text;
  const body = text.slice(0, match.index) + text.slice(match.index + match[0].length);
  const declarations = entityDeclarations(match[1] ?? "");
  if (declarations.size === 0) return body;
  return expandDocument(body, new EntityExpander(declarations));
}

/** The internal subset's general entities with literal values (first declaration wins). */
function entityDeclarations(subset: string): Map<string, string> {
  const declarations = new Map<string, string>();
  for (const [, name, doubleQuoted, singleQuoted] of subset.matchAll(
    /<!ENTITY\s+([A-Za-z_][\w.-]*)\s+(?:"([^"]*)"|'([^']*)')\s*>/g,
  )) {
    const value = doubleQuoted ?? singleQuoted;
    if (!name || value === undefined || PREDEFINED.test(name) || declarations.has(name)) continue;
    if (declarations.size >= MAX_ENTITY_DECLARATIONS)
      throw refused(`more than ${MAX_ENTITY_DECLARATIONS} entity declarations`);
    declarations.set(name, value);
  }
  return declarations;
}

/** Expands declared references outside CDATA sections and comments, within the budget. */
function expandDocument(body: string, expander: EntityExpander): string {
  return body.replace(
    /<!\[CDATA\[[\s\S]*?\]\]>|<!--[\s\S]*?-->|&([A-Za-z_][\w.-]*);/g,
    (token, name: string | undefined) => {
      if (name === undefined) return token;
      const value = expander.expand(name);
      if (value === null) return token;
      expander.spend(value.length);
      return value;
    },
  );
}

class EntityExpander {
  /** Each entity's expansion and its height (1 + the deepest entity it refers to). */
  private readonly expanded = new Map<string, { text: string; height: number }>();
  private readonly inProgress = new Set<string>();
  private produced = 0;

  private readonly declarations: Map<string, string>;

  constructor(declarations: Map<string, string>) {
    this.declarations = declarations;
  }

  /** The full expansion of one entity, or null when it is not declared. */
  expand(name: string): string | null {
    return this.expansionOf(name)?.text ?? null;
  }

  private expansionOf(name: string): { text: string; height: number } | null {
    const known = this.expanded.get(name);
    if (known !== undefined) return known;
    const value = this.declarations.get(name);
    if (value === undefined) return null;
    if (this.inProgress.has(name)) throw refused(`entity "${name}" refers to itself`);
    if (this.inProgress.size >= MAX_ENTITY_DEPTH) throw tooDeep();
    this.inProgress.add(name);
    let height = 1;
    const text = value.replace(REFERENCE, (token, inner: string) => {
      const entity = this.expansionOf(inner);
      if (!entity) return token;
      height = Math.max(height, entity.height + 1);
      if (height > MAX_ENTITY_DEPTH) throw tooDeep();
      this.spend(entity.text.length);
      return entity.text;
    });
    this.inProgress.delete(name);
    const entity = { text, height };
    this.expanded.set(name, entity);
    return entity;
  }

  /** Counts produced characters against the document's budget; throws once it is spent. */
  spend(characters: number) {
    this.produced += characters;
    if (this.produced > MAX_ENTITY_EXPANSION_CHARS) throw tooLarge();
  }
}

function tooDeep() {
  return refused(`entities nest deeper than ${MAX_ENTITY_DEPTH}`);
}

function tooLarge() {
  return refused(`entity expansion exceeds ${MAX_ENTITY_EXPANSION_CHARS} characters`);
}

function refused(reason: string) {
  return parseFailed("malformed", `the feed's DOCTYPE was refused: ${reason}`);
}
