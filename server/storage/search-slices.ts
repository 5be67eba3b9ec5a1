import { type RawBuilder, sql } from "kysely";
import type { SearchQuery } from "../../contract/search/query.ts";
import type { DatabaseHandle } from "../db/connect.ts";

/** A match kept as a candidate, ranked from the one read of its row (score as PostgreSQL wrote it). */
export interface SliceCandidate {
  entry_id: string;
  published_at: string;
  score: string;
}

export interface SlicedSearch {
  userId: string;
  tsquery: string;
  /** Filter conditions on `s` (the search row) and `subscription`, each led by " and ". */
  extra: RawBuilder<unknown>;
  /** Matches kept, at most: the newest this many. */
  cap: number;
  /** Entries (anyone's, estimated) the first slice spans; not finite: one slice, no slicing. */
  firstSlice: number;
}

/** Margin on the span the matches found so far say the cap needs: one more slice costs more than a few extra rows. */
const MARGIN = 1.2;

/** The form toISOString writes: bounds in it sort the same by any collation and as JS strings. */
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * PostgreSQL: the newest matches of the user's subscriptions (and filters), up to the cap,
 * gathered newest first in disjoint publish-time slices. Each slice ANDs the GIN match with
 * the BRIN ranges of its time span, so only the rows of the slice's matches are read; reading
 * every match's row to learn its feed and time cost a page per match (5,000 for a medium word
 * at a million entries). The slices partition all times (the first is open above; the last,
 * "the rest", is every match again, open below), so the matches kept are those one
 * newest-first walk would keep. Slices grow with what the previous ones found: the span they
 * took times what the cap still needs; a match too rare to reach the cap goes to the rest.
 */
export class SliceWalk {
  readonly found: SliceCandidate[] = [];
  /** Slices walked (queries run). */
  slices = 0;
  /** Exclusive upper bound of the next slice; undefined before the first (open above). */
  private upper: string | undefined;
  /** Milliseconds below the newest entry walked so far. */
  private covered = 0;
  private finished = false;

  private readonly database: DatabaseHandle;
  private readonly search: SlicedSearch;
  /** Newest and oldest publish times (ms) and the first slice's span; undefined: one open slice. */
  private readonly range: { newest: number; oldest: number; firstSpan: number } | undefined;

  private constructor(
    database: DatabaseHandle,
    search: SlicedSearch,
    range: { newest: number; oldest: number; firstSpan: number } | undefined,
  ) {
    this.database = database;
    this.search = search;
    this.range = range;
  }

  static async start(database: DatabaseHandle, search: SlicedSearch): Promise<SliceWalk> {
    if (!Number.isFinite(search.firstSlice)) return new SliceWalk(database, search, undefined);
    const span = await usableSpan(database);
    // Not analysed yet, or times not in the one form: one slice, as before slicing.
    if (!span) return new SliceWalk(database, search, undefined);
    const firstSpan = ((span.newest - span.oldest) * Math.max(1, search.firstSlice)) / span.rows;
    return new SliceWalk(database, search, { newest: span.newest, oldest: span.oldest, firstSpan });
  }

  /** Every match seen or the cap reached: nothing more to walk. */
  get done(): boolean {
    return this.finished || this.found.length >= this.search.cap;
  }

  /**
   * Walks on until the cap or every match; given `floor` (a publish time), stops once the
   * slices reach down to it (the matches at or after it are all in `found`, up to the cap).
   * `beforeRest`: stops before the rest of time instead (not `done` then), for a caller that
   * reads every match in one query of its own.
   */
  async walk(floor?: string, beforeRest = false): Promise<void> {
    const floorTime = floor === undefined ? undefined : isoTime(floor);
    while (!this.done) {
      if (floor !== undefined && this.upper !== undefined && this.upper <= floor) return;
      let lower = this.nextLower();
      if (lower === undefined && floor === undefined && beforeRest) return;
      if (floor !== undefined) {
        // The first slice is the caller's window (a floor not in the one form cannot be
        // compared here either): one slice down to it.
        const first = this.upper === undefined;
        if (first || floorTime === undefined || lower === undefined || lower <= floor)
          lower = floor;
      }
      await this.slice(lower);
      if (lower === undefined) this.finished = true;
      else {
        this.upper = lower;
        const at = isoTime(lower);
        if (this.range && at !== undefined) this.covered = this.range.newest - at;
      }
    }
  }

  /** The next slice's lower bound; undefined: open below (the rest of time). */
  private nextLower(): string | undefined {
    const range = this.range;
    if (!range) return undefined;
    let span = range.firstSpan;
    if (this.covered > 0) {
      const kept = this.found.length;
      const needed = kept === 0 ? Infinity : (this.covered * this.search.cap * MARGIN) / kept;
      span = Math.max(2 * this.covered, needed);
    }
    const lower = belowNewest(range, span);
    // Bounds must fall strictly: otherwise the rest in one slice.
    return lower !== undefined && (this.upper === undefined || lower < this.upper)
      ? lower
      : undefined;
  }

  /**
   * One slice, or (no lower bound) the rest of time as every match again, in one query: the
   * planner may read a long span in parallel, and an open-ended range ANDed from the BRIN
   * index would add every page below to the bitmap (5 ms at a million entries) to save none.
   * The newer slices' candidates come back first, the same rows: they are replaced.
   */
  private async slice(lower: string | undefined): Promise<void> {
    const { userId, tsquery, extra, cap } = this.search;
    const rest = lower === undefined;
    const bounds = rest
      ? []
      : [
          sql` and s.published_at >= ${lower}`,
          ...(this.upper === undefined ? [] : [sql` and s.published_at < ${this.upper}`]),
        ];
    // Weights for D url, C body, B author, A title; ranked here, from the one read of the row.
    const { rows } = await sql<SliceCandidate>`
      select s.entry_id, s.published_at,
        ts_rank_cd('{0.2, 0.4, 0.7, 1.0}', s.document, to_tsquery('simple', ${tsquery}))::text as score
      from entry_search s
      join subscription on subscription.feed_id = s.feed_id and subscription.user_id = ${userId}
      where s.document @@ to_tsquery('simple', ${tsquery})${sql.join(bounds, sql``)}${extra}
      order by s.published_at desc
      limit ${sql.lit(rest ? cap : cap - this.found.length)}`.execute(this.database.db);
    if (rest) this.found.splice(0);
    this.found.push(...rows);
    this.slices++;
  }
}

/**
 * Whether slicing can pay: every clause a single word anywhere, which the GIN index answers
 * alone. A phrase or a title:/author: word is confirmed on each row the index offers (a word's
 * every entry), few are kept, and the walk would read them all anyway after a first slice
 * that only adds its cost (npm run bench -- search: +4 ms at 1M); such a query is one slice.
 */
export function sliceable(query: SearchQuery): boolean {
  return query.clauses.every((c) => c.negated || (c.terms.length === 1 && c.field === null));
}

/**
 * The candidates best first (ts_rank_cd; newer first among equals, then by id), one page,
 * each with how many candidates there were. Only those scoring at least the page's last
 * (ties included) go to PostgreSQL, which orders them in its collation from the values it
 * wrote: distinct float4 texts parse to distinct numbers in the same order.
 */
export async function rankCandidates(
  database: DatabaseHandle,
  found: readonly SliceCandidate[],
  limit: number,
  offset: number,
): Promise<Array<{ entry_id: string; score: number; ranked: number }>> {
  if (found.length === 0 || offset >= found.length) return [];
  const scores = found.map((c) => Number.parseFloat(c.score));
  let sent = found;
  if (offset + limit < found.length && scores.every(Number.isFinite)) {
    const last = [...scores].sort((a, b) => b - a)[offset + limit - 1]!;
    sent = found.filter((_, i) => scores[i]! >= last);
  }
  const { rows } = await sql<{ entry_id: string; score: number }>`
    select entry_id, score
    from unnest(
      ${sent.map((c) => c.entry_id)}::varchar[],
      ${sent.map((c) => c.score)}::real[],
      ${sent.map((c) => c.published_at)}::varchar[]
    ) as c(entry_id, score, published_at)
    order by score desc, published_at desc, entry_id desc
    limit ${sql.lit(limit)} offset ${sql.lit(offset)}`.execute(database.db);
  return rows.map((row) => ({ ...row, ranked: found.length }));
}

/**
 * The publish time above which about the newest `entries` search rows lie, estimated from the
 * table's time span and size as slices are; undefined when that reaches past the oldest or
 * the table has no statistics yet.
 */
export async function estimatedFloor(
  database: DatabaseHandle,
  entries: number,
): Promise<string | undefined> {
  const span = await usableSpan(database);
  return span && belowNewest(span, ((span.newest - span.oldest) * entries) / span.rows);
}

/** The time `ms` below the newest entry, in the one ISO form; undefined at or past the oldest. */
function belowNewest(range: { newest: number; oldest: number }, ms: number): string | undefined {
  const at = range.newest - ms;
  if (at <= range.oldest) return undefined;
  const time = new Date(Math.floor(at)).toISOString();
  return ISO.test(time) ? time : undefined;
}

/** The span when it can size anything: analysed (rows > 0), both times in the one form, apart. */
async function usableSpan(
  database: DatabaseHandle,
): Promise<{ newest: number; oldest: number; rows: number } | undefined> {
  const { newest, oldest, rows } = await spanOf(database);
  if (newest === undefined || oldest === undefined || !(rows > 0) || newest <= oldest) {
    return undefined;
  }
  return { newest, oldest, rows };
}

interface Span {
  newest: number | undefined;
  oldest: number | undefined;
  rows: number;
}

/** How long the span read is reused: it only sizes slices (they cover all times whatever it says). */
const SPAN_TTL_MS = 60_000;
const spans = new WeakMap<DatabaseHandle, { at: number; span: Span }>();

/** The search rows' newest and oldest publish times and their estimated count. */
async function spanOf(database: DatabaseHandle): Promise<Span> {
  const cached = spans.get(database);
  if (cached && Date.now() - cached.at < SPAN_TTL_MS) return cached.span;
  const [row] = (
    await sql<{ newest: string | null; oldest: string | null; rows: number | null }>`
      select
        (select published_at from entry_search order by published_at desc limit 1) as newest,
        (select published_at from entry_search order by published_at asc limit 1) as oldest,
        (select reltuples from pg_class where oid = 'entry_search'::regclass) as rows`.execute(
      database.db,
    )
  ).rows;
  const span = {
    newest: isoTime(row?.newest),
    oldest: isoTime(row?.oldest),
    rows: Number(row?.rows ?? 0),
  };
  spans.set(database, { at: Date.now(), span });
  return span;
}

function isoTime(text: string | null | undefined): number | undefined {
  if (!text || !ISO.test(text)) return undefined;
  const at = Date.parse(text);
  return Number.isFinite(at) && new Date(at).toISOString() === text ? at : undefined;
}
