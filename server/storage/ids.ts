import { createIdGenerator } from "../../contract/ids.ts";

/** One id generator per process; the random worker number keeps processes apart. */
export const nextEntityId = createIdGenerator({ worker: Math.floor(Math.random() * 1024) });
