/**
 * A refused request's reason in words a person (or a client's developer) reads, from the
 * Schema library's report: "opml: longer than 1000000" instead of "Expected a value with a
 * length of at most 1000000\n  at ["opml"]". Each problem becomes `field: what is wrong`.
 */
export function decodeReason(report: string): string {
  const lines = report.split("\n");
  const problems: string[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!.trim();
    if (!line || line.startsWith("at [")) continue;
    const next = lines[i + 1]?.trim() ?? "";
    const path = next.startsWith("at [") ? fieldName(next.slice(3)) : "";
    if (path) i += 1;
    const what = inWords(line);
    problems.push(path ? `${path}: ${what}` : what);
  }
  return problems.join("; ") || report;
}

/** `["inner"]["a"][0]` → `inner.a[0]`. */
function fieldName(path: string): string {
  return path.replace(/\["((?:[^"\\]|\\.)*)"\]/g, (_, key: string) => `.${key}`).replace(/^\./, "");
}

function inWords(problem: string): string {
  if (problem === "Missing key") return "required";
  const most = /^Expected a value with a length of at most (\d+)$/.exec(problem);
  if (most) return `longer than ${most[1]}`;
  const least = /^Expected a value with a length of at least (\d+)$/.exec(problem);
  if (least) return `shorter than ${least[1]}`;
  const expected = /^Expected (.+)$/.exec(problem);
  if (expected) return `must be ${TYPE_WORDS[expected[1]!] ?? expected[1]}`;
  return problem;
}

const TYPE_WORDS: Record<string, string> = {
  string: "text",
  number: "a number",
  boolean: "true or false",
  object: "an object",
  array: "a list",
};
