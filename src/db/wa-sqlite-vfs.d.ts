// wa-sqlite's bundled types leave out this example VFS.
declare module "@journeyapps/wa-sqlite/src/examples/OPFSCoopSyncVFS.js" {
  export class OPFSCoopSyncVFS {
    static create(name: string, module: unknown): Promise<OPFSCoopSyncVFS>;
    readonly name: string;
    close(): void | Promise<void>;
  }
}
