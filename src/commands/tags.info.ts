import { isTagName } from "../../contract/entities/tag-name.ts";
import { type CommandContext, commandInfo } from "./types.ts";

/**
 * Tags on entries as the entry toolbar, the palette and the tag timelines run them (no Effect).
 * Adding asks for the tag in the entry toolbar's dialog when the palette runs it.
 */

const onAnEntry = (context: CommandContext) => context.entryId !== undefined;

/** A tag as typed: trimmed, inner runs of whitespace as one space. */
export function tagNameOf(typed: string | undefined): string | undefined {
  const tag = typed?.trim().replace(/\s+/g, " ");
  return tag && isTagName(tag) ? tag : undefined;
}

export const addTagInfo = commandInfo({
  name: "tags.add",
  conflict: {
    rule: "union",
    because:
      "Tags added from several devices all stay; against a removal of the same tag the one received last stands.",
  },
  when: onAnEntry,
  keywords: ["tag", "label", "add"],
  fromContext: (context, input?: { tag: string; entryId?: string }) => {
    const entryId = input?.entryId ?? context.entryId;
    const tag = tagNameOf(input?.tag);
    return entryId && tag ? { entryId, tag } : undefined;
  },
  prompt: ({ entryId }) => (entryId ? { kind: "tagEntry", entryId } : undefined),
});

export const removeTagInfo = commandInfo({
  name: "tags.remove",
  conflict: {
    rule: "last-write-wins",
    because: "Against an addition of the same tag to the entry the one received last stands.",
  },
  when: onAnEntry,
  keywords: ["tag", "label", "remove"],
  fromContext: (context, input?: { tag: string; entryId?: string }) => {
    const entryId = input?.entryId ?? context.entryId;
    const tag = tagNameOf(input?.tag);
    return entryId && tag ? { entryId, tag } : undefined;
  },
});

const renamed = (input?: { from: string; to: string }) => {
  const from = tagNameOf(input?.from);
  const to = tagNameOf(input?.to);
  return from && to && from !== to ? { from, to } : undefined;
};

export const renameTagInfo = commandInfo({
  name: "tags.rename",
  conflict: {
    rule: "server-decides",
    because:
      "Renames the entries the server holds with the tag when it arrives, those tagged elsewhere meanwhile included.",
  },
  keywords: ["tag", "label", "rename"],
  fromContext: (_context, input?: { from: string; to: string }) => renamed(input),
});

export const mergeTagsInfo = commandInfo({
  name: "tags.merge",
  conflict: {
    rule: "server-decides",
    because:
      "Moves the entries the server holds with the tag when it arrives into the other; an entry with both keeps one.",
  },
  keywords: ["tag", "label", "merge", "combine"],
  fromContext: (_context, input?: { from: string; to: string }) => renamed(input),
});
