import { build } from "vite";

/** Builds the real client (production React) into a temp dir, as tests/e2e/global-setup does. */
export async function buildClient(outDir: string): Promise<void> {
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    await build({
      logLevel: "warn",
      build: {
        outDir,
        emptyOutDir: true,
        sourcemap: false,
        // Its "plugins took long" warning only says the machine is busy.
        rolldownOptions: { checks: { bundlerTimings: false } },
      },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}
