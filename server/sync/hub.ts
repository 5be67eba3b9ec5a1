import type { SyncScope } from "../../contract/api/sync.ts";

/**
 * This process's live change streams (GET /sync/stream), by user. Changes arrive here from this
 * process's writes and from other processes (PostgreSQL NOTIFY, or SQLite's version table);
 * each is written to the user's open streams as a `poke`. The first change after a quiet spell
 * goes out at once; changes within the next COALESCE_MS go out together, one poke per stream
 * (the latest version, the scopes of the changes it was not told of). One shared timer beats the
 * heartbeat for all streams; a stream costs no timer of its own.
 */

export interface SyncHubOptions {
  heartbeatMs: number;
  maxConnections: number;
  maxPerUser: number;
  /** How often each stream's session is checked again (signed out, revoked, deleted). */
  recheckMs?: number;
}

/** A stream's session is checked again this often by default. */
export const RECHECK_MS = 60_000;

/** Changes of one user arriving within this window go out as one poke. */
export const COALESCE_MS = 50;
/** Chunks a client has not read yet before its stream is dropped (it reconnects and resumes). */
const MAX_QUEUED_CHUNKS = 64;
/** The same for a Node response: bytes buffered in its socket. */
const MAX_BUFFERED_BYTES = 64 * 1024;

const encoder = new TextEncoder();
const PING = encoder.encode(": ping\n\n");
const RETRY = "retry: 2000\n\n";

export function pokeEvent(version: bigint, scopes: readonly SyncScope[]): string {
  const data = JSON.stringify({ version: String(version), scopes });
  return `id: ${version}\nevent: poke\ndata: ${data}\n\n`;
}

/** One change of a user, as heard. */
interface Change {
  version: bigint;
  scopes: readonly SyncScope[];
}

/**
 * Where a stream's bytes go: straight to Node's response (what the server uses: a heartbeat is
 * one socket write), or a web ReadableStream (where there is no Node response, as in
 * `app.request()`).
 */
export interface StreamSink {
  /** Whether the client is keeping up (false: too much unread, the stream is dropped). */
  keepingUp(): boolean;
  write(chunk: Uint8Array): void;
  end(): void;
}

/** Whether the session a stream was opened under still stands for its user. */
export type StillSignedIn = () => Promise<boolean>;

interface Stream {
  readonly userId: string;
  sink: StreamSink;
  stillSignedIn: StillSignedIn | undefined;
  /** Changes heard before its connect event was written. */
  waiting: Change[];
  connected: boolean;
  closed: boolean;
  /** The version of the last poke written (the connect event's first). */
  sent: bigint | undefined;
}

interface UserStreams {
  streams: Stream[];
  /** The newest version this process has pokes for; older or equal ones are duplicates. */
  version: bigint;
}

export class SyncHub {
  private readonly users = new Map<string, UserStreams>();
  /** Changes not yet written, by user (written together: one poke per stream). */
  private readonly pending = new Map<string, Change[]>();
  private flushTimer: ReturnType<typeof setTimeout> | undefined;
  private lastFlush = Number.NEGATIVE_INFINITY;
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private recheck: ReturnType<typeof setInterval> | undefined;
  private rechecking = false;
  private count = 0;
  private closed = false;
  private readonly options: SyncHubOptions;

  constructor(options: SyncHubOptions) {
    this.options = options;
  }

  /** Open streams, all users. */
  get size(): number {
    return this.count;
  }

  /** The users with an open stream here (whose changes other processes' news may concern). */
  connectedUsers(): string[] {
    return [...this.users.keys()];
  }

  /** The newest version known for a connected user (for a reread to compare against). */
  knownVersion(userId: string): bigint | undefined {
    return this.users.get(userId)?.version;
  }

  /** Whether one more stream may open (the process-wide cap). */
  hasRoom(): boolean {
    return !this.closed && this.count < this.options.maxConnections;
  }

  /**
   * Opens a stream for `userId` on `sink`: registered at once (so no change is lost while the
   * current version is read), its connect event written when `current` resolves. The user's
   * oldest stream is closed when they hold more than the per-user cap. Answers the function
   * that forgets it (the client went away).
   */
  attach(
    userId: string,
    current: Promise<bigint>,
    sink: StreamSink,
    stillSignedIn?: StillSignedIn,
  ): () => void {
    const stream: Stream = {
      userId,
      sink,
      stillSignedIn,
      waiting: [],
      connected: false,
      closed: false,
      sent: undefined,
    };
    this.register(stream);
    this.write(stream, encoder.encode(RETRY));
    current.then(
      (version) => this.connect(stream, version),
      () => this.end(stream),
    );
    return () => this.unregister(stream);
  }

  /** A stream as a web ReadableStream, ended when `signal` aborts. */
  open(
    userId: string,
    current: Promise<bigint>,
    signal: AbortSignal,
    stillSignedIn?: StillSignedIn,
  ): ReadableStream<Uint8Array> {
    let forget: (() => void) | undefined;
    return new ReadableStream<Uint8Array>({
      start: (controller) => {
        const sink = webSink(controller);
        forget = this.attach(userId, current, sink, stillSignedIn);
        const abort = () => {
          forget?.();
          sink.end();
        };
        signal.addEventListener("abort", abort, { once: true });
      },
      cancel: () => forget?.(),
    });
  }

  /**
   * A change for users: pokes their streams here (coalesced), unless this process already
   * poked that version or a newer one (the same change heard twice: locally and by NOTIFY).
   */
  deliver(changes: Iterable<{ userId: string; version: bigint }>, scopes: readonly SyncScope[]) {
    for (const { userId, version } of changes) {
      const user = this.users.get(userId);
      if (!user || version <= user.version) continue;
      user.version = version;
      const queued = this.pending.get(userId);
      if (queued) queued.push({ version, scopes });
      else this.pending.set(userId, [{ version, scopes }]);
    }
    if (this.pending.size > 0 && !this.flushTimer) {
      // The first change after a quiet spell goes out at once; the next ones wait out the rest
      // of the window and go together.
      const wait = Math.max(0, this.lastFlush + COALESCE_MS - performance.now());
      this.flushTimer = setTimeout(() => this.flush(), wait);
      this.flushTimer.unref?.();
    }
  }

  /** Ends every stream (the server is stopping); no new ones open. */
  close(): void {
    this.closed = true;
    for (const user of [...this.users.values()]) {
      for (const stream of [...user.streams]) this.end(stream);
    }
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    this.pending.clear();
    this.stopHeartbeat();
  }

  private register(stream: Stream) {
    let user = this.users.get(stream.userId);
    if (!user) {
      user = { streams: [], version: 0n };
      this.users.set(stream.userId, user);
    }
    user.streams.push(stream);
    this.count += 1;
    while (user.streams.length > this.options.maxPerUser) this.end(user.streams[0]!);
    if (!this.heartbeat) {
      this.heartbeat = setInterval(() => this.beat(), this.options.heartbeatMs);
      this.heartbeat.unref?.();
      this.recheck = setInterval(
        () => void this.recheckSessions(),
        this.options.recheckMs ?? RECHECK_MS,
      );
      this.recheck.unref?.();
    }
  }

  private unregister(stream: Stream) {
    if (stream.closed) return;
    stream.closed = true;
    const user = this.users.get(stream.userId);
    if (user) {
      const index = user.streams.indexOf(stream);
      if (index >= 0) {
        user.streams.splice(index, 1);
        this.count -= 1;
      }
      if (user.streams.length === 0) {
        this.users.delete(stream.userId);
        this.pending.delete(stream.userId);
      }
    }
    if (this.count === 0) this.stopHeartbeat();
  }

  private end(stream: Stream) {
    if (stream.closed) return;
    this.unregister(stream);
    stream.sink.end();
  }

  /** The connect event: the stored version, then a poke for what changed while it was read. */
  private connect(stream: Stream, stored: bigint) {
    if (stream.closed) return;
    const user = this.users.get(stream.userId);
    if (!user) return;
    if (stored > user.version) user.version = stored;
    const waiting = stream.waiting;
    stream.connected = true;
    stream.waiting = [];
    stream.sent = stored;
    this.write(stream, pokeEvent(stored, []));
    this.send(stream, waiting);
  }

  /**
   * One poke for the changes this stream was not told of yet (newer than its last version):
   * the newest version, and the scopes of those changes only.
   */
  private send(stream: Stream, changes: readonly Change[]) {
    const sent = stream.sent ?? -1n;
    const scopes = new Set<SyncScope>();
    let version = sent;
    for (const change of changes) {
      if (change.version <= sent) continue;
      if (change.version > version) version = change.version;
      for (const scope of change.scopes) scopes.add(scope);
    }
    if (version === sent) return;
    stream.sent = version;
    this.write(stream, pokeEvent(version, [...scopes].sort()));
  }

  private flush() {
    this.flushTimer = undefined;
    this.lastFlush = performance.now();
    const pending = [...this.pending];
    this.pending.clear();
    for (const [userId, changes] of pending) {
      const user = this.users.get(userId);
      if (!user) continue;
      for (const stream of [...user.streams]) {
        if (stream.connected) this.send(stream, changes);
        else stream.waiting.push(...changes);
      }
    }
  }

  /**
   * Ends the streams whose session no longer stands: a stream outlives the request that
   * opened it, so signing out elsewhere, a revoked session or a deleted account must reach it
   * too. One stream at a time, so a thousand streams never make a burst of lookups.
   */
  async recheckSessions(): Promise<void> {
    if (this.rechecking) return;
    this.rechecking = true;
    try {
      for (const user of [...this.users.values()]) {
        for (const stream of [...user.streams]) {
          if (stream.closed || !stream.stillSignedIn) continue;
          const valid = await stream.stillSignedIn().catch(() => true);
          if (!valid) this.end(stream);
        }
      }
    } finally {
      this.rechecking = false;
    }
  }

  private beat() {
    for (const user of [...this.users.values()]) {
      for (const stream of [...user.streams]) this.write(stream, PING);
    }
  }

  /** Writes a chunk; a client that stopped reading (too much unread) is dropped. */
  private write(stream: Stream, chunk: string | Uint8Array) {
    if (stream.closed) return;
    if (!stream.sink.keepingUp()) {
      this.end(stream);
      return;
    }
    try {
      stream.sink.write(typeof chunk === "string" ? encoder.encode(chunk) : chunk);
    } catch {
      this.end(stream);
    }
  }

  private stopHeartbeat() {
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (this.recheck) clearInterval(this.recheck);
    this.heartbeat = undefined;
    this.recheck = undefined;
  }
}

function webSink(controller: ReadableStreamDefaultController<Uint8Array>): StreamSink {
  return {
    keepingUp: () => (controller.desiredSize ?? 0) > -MAX_QUEUED_CHUNKS,
    write: (chunk) => controller.enqueue(chunk),
    end: () => {
      try {
        controller.close();
      } catch {
        // Already closed, or cancelled by its reader.
      }
    },
  };
}

/** The writable half of a Node response (what the sink needs of it). */
export interface NodeResponseLike {
  readonly writableLength: number;
  readonly writableEnded: boolean;
  write(chunk: Uint8Array): boolean;
  end(): void;
}

export function nodeSink(response: NodeResponseLike): StreamSink {
  return {
    keepingUp: () => response.writableLength < MAX_BUFFERED_BYTES,
    write: (chunk) => {
      response.write(chunk);
    },
    end: () => {
      if (!response.writableEnded) response.end();
    },
  };
}
