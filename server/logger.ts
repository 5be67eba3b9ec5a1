import { type DestinationStream, type LoggerOptions, pino } from "pino";
import type { ServerConfig } from "./config.ts";

/** Structured JSON logs on stdout, one line per event. */
export function createLogger(
  config: Pick<ServerConfig, "logLevel">,
  destination?: DestinationStream,
) {
  const options: LoggerOptions = {
    level: config.logLevel,
    base: { service: "follow-server" },
    redact: ["req.headers.cookie", "req.headers.authorization", "password"],
  };
  return destination ? pino(options, destination) : pino(options);
}

export type Logger = ReturnType<typeof createLogger>;
