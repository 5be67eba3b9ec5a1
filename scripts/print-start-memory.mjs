// Loaded with `node --import` before a server: prints its memory 8 s after start, then exits.
import v8 from "node:v8";

const mb = (bytes) => (bytes / 1048576).toFixed(1);
setTimeout(() => {
  const memory = process.memoryUsage();
  const code = v8.getHeapCodeStatistics();
  console.error(
    `rss ${mb(memory.rss)} MB, heapUsed ${mb(memory.heapUsed)} / heapTotal ${mb(memory.heapTotal)} MB,`,
    `external ${mb(memory.external)} MB, script source ${mb(code.external_script_source_size)} MB`,
  );
  process.exit(0);
}, 8000);
