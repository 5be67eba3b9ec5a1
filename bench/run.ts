import { benchAuth } from "./auth-roundtrips.ts";

/**
 * `npm run bench`: every figure is printed with a ratio against a baseline measured in the same
 * run on the same machine, because absolute numbers on a shared machine mean little.
 */
const sqlite = await benchAuth("sqlite");
const postgres = await benchAuth("postgres");

console.log("\nAuth round-trips over loopback (10 connections, 5 s each)");
console.log(
  "database            health req/s  get-session req/s (× health)  p99 ms  sign-in/s (× sqlite)",
);
for (const figures of [sqlite, postgres]) {
  console.log(
    [
      figures.database.padEnd(19),
      String(figures.healthRps).padStart(12),
      `${figures.getSessionRps} (${(figures.getSessionRps / figures.healthRps).toFixed(2)}×)`.padStart(
        29,
      ),
      String(figures.getSessionP99Ms).padStart(7),
      `${figures.signInPerSecond} (${(figures.signInPerSecond / sqlite.signInPerSecond).toFixed(2)}×)`.padStart(
        21,
      ),
    ].join(" "),
  );
}
console.log(
  `\npostgres/sqlite get-session ratio: ${(postgres.getSessionRps / sqlite.getSessionRps).toFixed(2)}×`,
);
