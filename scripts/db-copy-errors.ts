/** The copy refused to start; nothing was written. */
export class CopyRefused extends Error {}

/** The test hook stopped the copy mid-way, as a kill would. */
export class CopyStopped extends Error {}
