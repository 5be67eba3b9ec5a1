/**
 * A parser for the small Python expression subset used by feedparser's `Expect:` lines:
 * literals (numbers, u''/''/""/triple-quoted strings, tuples, lists, dicts, None/True/False),
 * names, indexing, attribute access, calls, `not`/`and`/`or`, comparisons (chained too),
 * `in`/`not in`, `is`/`is not`, unary minus, `+` (string concatenation, addition).
 */
export type Node =
  | { kind: "literal"; value: null | boolean | number | string }
  | { kind: "name"; name: string }
  | { kind: "sequence"; items: Node[] }
  | { kind: "dict"; entries: Array<[Node, Node]> }
  | { kind: "index"; target: Node; index: Node }
  | { kind: "attribute"; target: Node; name: string }
  | { kind: "call"; callee: Node; args: Node[] }
  | { kind: "not"; operand: Node }
  | { kind: "negate"; operand: Node }
  | { kind: "add"; left: Node; right: Node }
  | { kind: "bool"; op: "and" | "or"; left: Node; right: Node }
  | { kind: "compare"; first: Node; rest: Array<[op: CompareOp, Node]> };

export type CompareOp = "==" | "!=" | "<" | ">" | "<=" | ">=" | "in" | "not in" | "is" | "is not";

type Token = { type: "num" | "str" | "name" | "op"; text: string; value?: string | number };

export class PySyntaxError extends Error {}

export function parsePython(source: string): Node {
  const tokens = tokenize(source);
  let at = 0;
  const peek = () => tokens[at];
  const isOp = (text: string) => peek()?.type === "op" && peek()?.text === text;
  const isName = (text: string) => peek()?.type === "name" && peek()?.text === text;
  const expect = (text: string) => {
    if (!isOp(text))
      throw new PySyntaxError(`expected ${text} at token ${at} (${peek()?.text ?? "end"})`);
    at++;
  };

  const orExpr = (): Node => {
    let left = andExpr();
    while (isName("or")) {
      at++;
      left = { kind: "bool", op: "or", left, right: andExpr() };
    }
    return left;
  };
  const andExpr = (): Node => {
    let left = notExpr();
    while (isName("and")) {
      at++;
      left = { kind: "bool", op: "and", left, right: notExpr() };
    }
    return left;
  };
  const notExpr = (): Node => {
    if (isName("not")) {
      at++;
      return { kind: "not", operand: notExpr() };
    }
    return comparison();
  };
  const compareOp = (): CompareOp | null => {
    const token = peek();
    if (!token) return null;
    if (token.type === "op" && ["==", "!=", "<", ">", "<=", ">="].includes(token.text)) {
      at++;
      return token.text as CompareOp;
    }
    if (isName("in")) {
      at++;
      return "in";
    }
    if (isName("not") && tokens[at + 1]?.text === "in") {
      at += 2;
      return "not in";
    }
    if (isName("is")) {
      at++;
      if (isName("not")) {
        at++;
        return "is not";
      }
      return "is";
    }
    return null;
  };
  const comparison = (): Node => {
    const first = sum();
    const rest: Array<[CompareOp, Node]> = [];
    for (let op = compareOp(); op; op = compareOp()) rest.push([op, sum()]);
    return rest.length === 0 ? first : { kind: "compare", first, rest };
  };
  const sum = (): Node => {
    let left = unary();
    while (isOp("+")) {
      at++;
      left = { kind: "add", left, right: unary() };
    }
    return left;
  };
  const unary = (): Node => {
    if (isOp("-")) {
      at++;
      return { kind: "negate", operand: unary() };
    }
    return postfix();
  };
  const postfix = (): Node => {
    let node = atom();
    for (;;) {
      if (isOp("[")) {
        at++;
        const index = orExpr();
        expect("]");
        node = { kind: "index", target: node, index };
      } else if (isOp(".")) {
        at++;
        const name = tokens[at++];
        if (name?.type !== "name") throw new PySyntaxError("expected an attribute name");
        node = { kind: "attribute", target: node, name: name.text };
      } else if (isOp("(")) {
        at++;
        node = { kind: "call", callee: node, args: list(")") };
      } else {
        return node;
      }
    }
  };
  const list = (close: string): Node[] => {
    const items: Node[] = [];
    while (!isOp(close)) {
      items.push(orExpr());
      if (!isOp(close)) expect(",");
    }
    at++;
    return items;
  };
  const atom = (): Node => {
    const token = tokens[at++];
    if (!token) throw new PySyntaxError("unexpected end of expression");
    if (token.type === "num") return { kind: "literal", value: token.value as number };
    if (token.type === "str") {
      let value = token.value as string;
      while (peek()?.type === "str") value += tokens[at++]!.value as string; // 'a' 'b' concatenation
      return { kind: "literal", value };
    }
    if (token.type === "name") {
      if (token.text === "None") return { kind: "literal", value: null };
      if (token.text === "True") return { kind: "literal", value: true };
      if (token.text === "False") return { kind: "literal", value: false };
      return { kind: "name", name: token.text };
    }
    if (token.text === "(") {
      if (isOp(")")) {
        at++;
        return { kind: "sequence", items: [] };
      }
      const first = orExpr();
      if (isOp(")")) {
        at++;
        return first;
      }
      expect(",");
      return { kind: "sequence", items: [first, ...list(")")] };
    }
    if (token.text === "[") return { kind: "sequence", items: list("]") };
    if (token.text === "{") {
      const entries: Array<[Node, Node]> = [];
      while (!isOp("}")) {
        const key = orExpr();
        expect(":");
        entries.push([key, orExpr()]);
        if (!isOp("}")) expect(",");
      }
      at++;
      return { kind: "dict", entries };
    }
    throw new PySyntaxError(`unexpected token ${token.text}`);
  };

  const tree = orExpr();
  if (at !== tokens.length)
    throw new PySyntaxError(`unexpected trailing input at token ${at} (${peek()?.text})`);
  return tree;
}

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const rest = source.slice(i);
    const space = /^\s+/.exec(rest);
    if (space) {
      i += space[0].length;
      continue;
    }
    const string = /^([uUbB]?[rR]?)("""|'''|"|')/.exec(rest);
    if (string) {
      const [prefix, quote] = [string[1]!, string[2]!];
      const start = i + string[0].length;
      const end = findClosingQuote(source, start, quote);
      const body = source.slice(start, end);
      tokens.push({
        type: "str",
        text: body,
        value: /r/i.test(prefix) ? body : unescapePython(body),
      });
      i = end + quote.length;
      continue;
    }
    const number = /^\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(rest);
    if (number) {
      tokens.push({ type: "num", text: number[0], value: Number(number[0]) });
      i += number[0].length;
      continue;
    }
    const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(rest);
    if (name) {
      tokens.push({ type: "name", text: name[0] });
      i += name[0].length;
      continue;
    }
    const op = /^(?:==|!=|<=|>=|[<>()[\]{},.:\-+])/.exec(rest);
    if (!op) throw new PySyntaxError(`unexpected character ${JSON.stringify(rest[0])}`);
    tokens.push({ type: "op", text: op[0] });
    i += op[0].length;
  }
  return tokens;
}

function findClosingQuote(source: string, from: number, quote: string): number {
  for (let i = from; i < source.length; i++) {
    if (source[i] === "\\") {
      i++;
      continue;
    }
    if (source.startsWith(quote, i)) return i;
  }
  throw new PySyntaxError("unterminated string");
}

const SIMPLE_ESCAPES: Record<string, string> = {
  n: "\n",
  t: "\t",
  r: "\r",
  "0": "\0",
  "\\": "\\",
  "'": "'",
  '"': '"',
  a: "\x07",
  b: "\b",
  f: "\f",
  v: "\v",
};

/** Python string escapes: \\n, \\xNN, \\uNNNN, \\UNNNNNNNN...; unknown escapes keep the backslash. */
export function unescapePython(body: string): string {
  return body.replace(
    /\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|[\s\S])/g,
    (match, sequence: string) => {
      if (/^[xuU]/.test(sequence) && sequence.length > 1)
        return String.fromCodePoint(Number.parseInt(sequence.slice(1), 16));
      if (sequence === "\n") return "";
      return SIMPLE_ESCAPES[sequence] ?? match;
    },
  );
}
