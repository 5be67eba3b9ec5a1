import { IngestError, type IngestFailureKind } from "../errors.ts";

/**
 * Errors crossing the worker boundary: structured cloning keeps an Error's message but not
 * its class or fields, so an IngestError travels as its parts and is rebuilt on arrival.
 */
export type WireError =
  | {
      ingest: true;
      code: 2002 | 2003 | 2004;
      kind: IngestFailureKind;
      reason: string;
      httpStatus: number | null;
      retryAfterSeconds: number | null;
    }
  | { ingest: false; message: string; stack: string | undefined };

export function toWire(error: unknown): WireError {
  if (error instanceof IngestError) {
    return {
      ingest: true,
      code: error.code as 2002 | 2003 | 2004,
      kind: error.kind,
      reason: error.reason ?? error.message,
      httpStatus: error.httpStatus,
      retryAfterSeconds: error.retryAfterSeconds,
    };
  }
  const failure = error instanceof Error ? error : new Error(String(error));
  return { ingest: false, message: failure.message, stack: failure.stack };
}

export function fromWire(wire: WireError): Error {
  if (wire.ingest) {
    return new IngestError(wire.code, wire.kind, wire.reason, {
      ...(wire.httpStatus === null ? {} : { httpStatus: wire.httpStatus }),
      retryAfterSeconds: wire.retryAfterSeconds,
    });
  }
  const error = new Error(wire.message);
  if (wire.stack) error.stack = `${wire.stack}\n    (in an ingestion worker)`;
  return error;
}
