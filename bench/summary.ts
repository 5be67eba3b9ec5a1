import { monitorEventLoopDelay } from "node:perf_hooks";
import { htmlToText } from "../contract/html/text.ts";
import { closeIngestPool, summarizeInPool } from "../server/ingest/pool/pool.ts";
import { summarizeAnyLanguage } from "../server/text/extractive/agnostic.ts";
import { summarizeExtractive } from "../server/text/extractive/summarize.ts";
import { ratio, round, type Table } from "./support/table.ts";

/**
 * Extractive summary of a 10,000-word English article (the issue asks for under 100 ms, never
 * on the HTTP event loop): wink-nlp in-process, the language-agnostic ranking on the same text,
 * and the worker-pool round trip the server makes, with the main loop's worst delay meanwhile.
 * Baseline: turning the article's HTML into text, which every summary does first.
 */
export interface SummaryFigures {
  words: number;
  baselineMs: number;
  englishMs: number;
  agnosticMs: number;
  poolMs: number;
  loopDelayMaxMs: number;
}

const WORDS =
  "city council transport plan bus tram line district station commuter budget vote member critic year spring ferry harbour passenger ticket route service school library park street house market energy water climate report study data growth price cost tax job worker company".split(
    " ",
  );
const GLUE = "the a of to and in for on with by from that is was will".split(" ");

/** A deterministic article of about `count` words in paragraphs of sentences. */
export function articleOfWords(count: number): string {
  let seed = 42;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const paragraphs: string[] = [];
  let words = 0;
  while (words < count) {
    const sentences: string[] = [];
    for (let s = 0; s < 5 && words < count; s++) {
      const length = 8 + Math.floor(next() * 18);
      const parts: string[] = [];
      for (let w = 0; w < length; w++)
        parts.push(
          w % 3 === 1
            ? GLUE[Math.floor(next() * GLUE.length)]!
            : WORDS[Math.floor(next() * WORDS.length)]!,
        );
      words += length;
      const sentence = parts.join(" ");
      sentences.push(`${sentence[0]!.toUpperCase()}${sentence.slice(1)}.`);
    }
    paragraphs.push(`<p>${sentences.join(" ")}</p>`);
  }
  return paragraphs.join("\n");
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function timeIt(rounds: number, work: () => unknown): number {
  work(); // warm-up: the model loads, the JIT settles
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    work();
    times.push(performance.now() - started);
  }
  return median(times);
}

export async function benchSummary(): Promise<SummaryFigures> {
  const html = articleOfWords(10_000);
  const text = htmlToText(html);
  const words = text.split(/\s+/).length;
  const baselineMs = timeIt(9, () => htmlToText(html));
  const englishMs = timeIt(9, () => summarizeExtractive(text, "en"));
  const agnosticMs = timeIt(9, () => summarizeAnyLanguage(text));

  await summarizeInPool({ html, language: "en" }); // starts the worker and loads the model
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const times: number[] = [];
  for (let i = 0; i < 9; i++) {
    const started = performance.now();
    await summarizeInPool({ html, language: "en" });
    times.push(performance.now() - started);
  }
  delay.disable();
  await closeIngestPool();
  return {
    words,
    baselineMs,
    englishMs,
    agnosticMs,
    poolMs: median(times),
    loopDelayMaxMs: delay.max / 1e6,
  };
}

export function summaryTable(f: SummaryFigures): Table {
  return {
    title: `Extractive summary of a ${f.words}-word article (median of 9, warm)`,
    headers: ["stage", "ms", "vs HTML→text"],
    rows: [
      ["HTML → text (baseline)", round(f.baselineMs, 2), "1.00×"],
      ["English (wink-nlp), in-process", round(f.englishMs, 1), ratio(f.englishMs, f.baselineMs)],
      [
        "any language (ranking), in-process",
        round(f.agnosticMs, 1),
        ratio(f.agnosticMs, f.baselineMs),
      ],
      ["English via worker pool (server path)", round(f.poolMs, 1), ratio(f.poolMs, f.baselineMs)],
      ["main event loop worst delay meanwhile", round(f.loopDelayMaxMs, 1), ""],
    ],
    notes: ["target: under 100 ms per summary, never on the HTTP event loop"],
  };
}
