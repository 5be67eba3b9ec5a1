import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { EntryDetail } from "../../queries/index.ts";
import { useShortcut } from "../../shortcuts/index.ts";
import { IconButton } from "../../ui/icon-button.tsx";
import { PowerIcon } from "../../ui/icons.tsx";
import { BoostDialog, TipDialog } from "./power-dialogs-on-demand.tsx";

/**
 * The entry toolbar's POWER: a tip button for the entry, and the palette's "Tip this entry" and
 * "Boost this feed" while an entry of a feed is open (an inbox's mail has no one to tip).
 */
export function EntryPowerButtons({ entry }: { entry: EntryDetail }) {
  const { t } = useTranslation("power");
  const [open, setOpen] = useState<"tip" | "boost" | null>(null);
  const feedId = entry.inboxHandle ? null : entry.feedId;
  useShortcut("power.tipEntry", () => setOpen("tip"), { enabled: Boolean(feedId) });
  useShortcut("power.boostFeed", () => setOpen("boost"), { enabled: Boolean(feedId) });
  if (!feedId) return null;
  return (
    <>
      <IconButton
        label={t("actions.tipEntry")}
        data-testid="entry-tip"
        onClick={() => setOpen("tip")}
      >
        <PowerIcon size={18} />
      </IconButton>
      {open === "tip" ? (
        <TipDialog
          target={{ kind: "entry", entryId: entry.id }}
          title={entry.title ?? entry.feedTitle ?? ""}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open === "boost" ? (
        <BoostDialog feedId={feedId} title={entry.feedTitle ?? ""} onClose={() => setOpen(null)} />
      ) : null}
    </>
  );
}
