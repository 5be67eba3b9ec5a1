import { decodeHTML } from "entities";

/**
 * A forgiving XML scanner for OPML: start tags with their attributes, end tags and text, each
 * with its line. It never expands a DOCTYPE (no external or recursive entities), and a tag it
 * cannot read (an attribute cut short, a `<` inside a tag) is reported and skipped instead of
 * failing the whole file, so a damaged export still yields the outlines around the damage.
 * It works through the text in slices and yields to the event loop between them.
 */
export type ScanToken =
  | {
      kind: "open";
      name: string;
      attributes: Record<string, string>;
      selfClosing: boolean;
      line: number;
    }
  | { kind: "close"; name: string; line: number }
  | { kind: "text"; text: string; line: number }
  | { kind: "broken"; name: string; line: number };

/** Tokens handed over between two yields to the event loop. */
const SLICE = 2_000;

export async function scanXml(source: string, onToken: (token: ScanToken) => void): Promise<void> {
  // Classic Mac files end lines with a lone CR.
  const text = source.replace(/\r\n?/g, "\n");
  const scanner = new Scanner(text);
  let sinceYield = 0;
  while (!scanner.done()) {
    const token = scanner.next();
    if (token) onToken(token);
    if (++sinceYield >= SLICE) {
      sinceYield = 0;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}

class Scanner {
  private position = 0;
  private line = 1;
  private lineCountedTo = 0;

  private readonly text: string;

  constructor(text: string) {
    this.text = text;
  }

  done(): boolean {
    return this.position >= this.text.length;
  }

  /** The line of `index`, counting forward from the last index asked for. */
  private lineAt(index: number): number {
    for (let i = this.lineCountedTo; i < index; i++)
      if (this.text.charCodeAt(i) === 10) this.line++;
    this.lineCountedTo = Math.max(this.lineCountedTo, index);
    return this.line;
  }

  next(): ScanToken | undefined {
    const { text } = this;
    const start = this.position;
    if (text[start] !== "<") {
      const end = text.indexOf("<", start);
      this.position = end < 0 ? text.length : end;
      const raw = text.slice(start, this.position);
      if (raw.trim() === "") return undefined;
      return { kind: "text", text: decodeHTML(raw), line: this.lineAt(start) };
    }
    if (text.startsWith("<!--", start)) return this.skipPast("-->", start);
    if (text.startsWith("<![CDATA[", start)) {
      const end = text.indexOf("]]>", start);
      const stop = end < 0 ? text.length : end;
      this.position = end < 0 ? text.length : end + 3;
      return { kind: "text", text: text.slice(start + 9, stop), line: this.lineAt(start) };
    }
    if (text.startsWith("<?", start)) return this.skipPast("?>", start);
    if (text.startsWith("<!", start)) return this.skipDeclaration(start);
    if (text[start + 1] === "/") {
      const end = text.indexOf(">", start);
      this.position = end < 0 ? text.length : end + 1;
      const name = text.slice(start + 2, end < 0 ? text.length : end).trim();
      return { kind: "close", name, line: this.lineAt(start) };
    }
    return this.readStartTag(start);
  }

  private skipPast(terminator: string, start: number): undefined {
    const end = this.text.indexOf(terminator, start);
    this.position = end < 0 ? this.text.length : end + terminator.length;
    return undefined;
  }

  /** `<!DOCTYPE ...>` with an optional internal subset in brackets: skipped, never expanded. */
  private skipDeclaration(start: number): undefined {
    let depth = 0;
    for (let i = start + 2; i < this.text.length; i++) {
      const ch = this.text[i];
      if (ch === "[") depth++;
      else if (ch === "]") depth--;
      else if (ch === ">" && depth <= 0) {
        this.position = i + 1;
        return undefined;
      }
    }
    this.position = this.text.length;
    return undefined;
  }

  private readStartTag(start: number): ScanToken {
    const { text } = this;
    const line = this.lineAt(start);
    let i = start + 1;
    while (i < text.length && !/[\s/>]/.test(text[i] as string)) {
      if (text[i] === "<") break;
      i++;
    }
    const name = text.slice(start + 1, i);
    const attributes: Record<string, string> = {};
    const broken = (at: number): ScanToken => {
      // Resume at the next tag, or past the end of this one if that comes first.
      const nextOpen = text.indexOf("<", at);
      const nextClose = text.indexOf(">", at);
      if (nextClose >= 0 && (nextOpen < 0 || nextClose < nextOpen)) this.position = nextClose + 1;
      else this.position = nextOpen < 0 ? text.length : nextOpen;
      return { kind: "broken", name, line };
    };
    if (name === "") return broken(start + 1);
    for (;;) {
      while (i < text.length && /\s/.test(text[i] as string)) i++;
      if (i >= text.length) return broken(i);
      const ch = text[i];
      if (ch === ">") {
        this.position = i + 1;
        return { kind: "open", name, attributes, selfClosing: false, line };
      }
      if (ch === "/" && text[i + 1] === ">") {
        this.position = i + 2;
        return { kind: "open", name, attributes, selfClosing: true, line };
      }
      if (ch === "<") return broken(i);
      const nameStart = i;
      while (i < text.length && !/[\s=/<>"']/.test(text[i] as string)) i++;
      const attribute = text.slice(nameStart, i);
      while (i < text.length && /\s/.test(text[i] as string)) i++;
      if (attribute === "" || text[i] !== "=") return broken(i);
      i++;
      while (i < text.length && /\s/.test(text[i] as string)) i++;
      const quote = text[i];
      if (quote !== '"' && quote !== "'") return broken(i);
      const end = text.indexOf(quote, i + 1);
      const lessThan = text.indexOf("<", i + 1);
      // A value running into the next tag is a tag cut short.
      if (end < 0 || (lessThan >= 0 && lessThan < end)) return broken(i + 1);
      // Attribute-value normalisation (XML 1.0 §3.3.3): whitespace characters become spaces.
      attributes[attribute] = decodeHTML(text.slice(i + 1, end).replace(/[\t\n]/g, " "));
      i = end + 1;
    }
  }
}
