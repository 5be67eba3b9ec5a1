import { lazy, Suspense, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import {
  INTEGRATION_SERVICES,
  type IntegrationService,
  SERVICE_FIELDS,
} from "../../../contract/integrations.ts";
import { desktopBridge } from "../../platform/desktop.ts";
import { entryHighlightsOnce } from "../../queries/highlights.ts";
import type { EntryDetail } from "../../queries/index.ts";
import { useRuntime } from "../../runtime/runtime-context.tsx";
import {
  type EntryForSaving,
  loadIntegrationSettings,
  saveEntryTo,
} from "../../services/integrations.ts";
import { availableServices, integrationSettingsStore } from "../../settings/integration.ts";
import { useShortcut } from "../../shortcuts/index.ts";
import { integrationActionId } from "../../shortcuts/registry.ts";
import { IconButton } from "../../ui/icon-button.tsx";
import { StrokeIcon } from "../../ui/icons.tsx";
import { MenuItem } from "../../ui/menu.tsx";
import { useOverlayScope } from "../../ui/overlay-scope.ts";
import { toast } from "../../ui/toaster.tsx";

const MenuPopover = lazy(() => import("../../ui/menu-popover.tsx"));

function MoreIcon() {
  return (
    <StrokeIcon size={18}>
      <circle cx="5" cy="12" r="1" />
      <circle cx="12" cy="12" r="1" />
      <circle cx="19" cy="12" r="1" />
    </StrokeIcon>
  );
}

function forSaving(entry: EntryDetail): EntryForSaving {
  return {
    id: entry.id,
    title: entry.title,
    url: entry.url,
    author: entry.author,
    content: entry.readabilityContent ?? entry.content ?? entry.description,
    publishedAt: entry.publishedAt,
    media: entry.media,
  };
}

/** Text the reader selected inside the entry (Cubox's auto-memo saves it). */
function selectedText(): string | undefined {
  const text = window.getSelection()?.toString().trim();
  return text ? text.slice(0, 10_000) : undefined;
}

function openLink(link: string) {
  const bridge = desktopBridge();
  if (bridge) void bridge.openExternal(link);
  else window.open(link, "_blank", "noopener,noreferrer");
}

/**
 * The entry toolbar's more-menu: "Save to <service>" for each service that is on and set up
 * (Eagle and Obsidian only in the desktop app), also bound as the "integrations" shortcut
 * actions so the palette offers them. A save shows a toast with a link to the saved item, or
 * 'Failed to save to {service}' with the service's reason.
 */
export function EntrySaveMenu({ entry }: { entry: EntryDetail }) {
  const { t } = useTranslation("integrations");
  const reader = useRuntime();
  const values = useSyncExternalStore(
    integrationSettingsStore.subscribe,
    integrationSettingsStore.get,
    integrationSettingsStore.get,
  );
  useEffect(() => {
    if (reader && values === undefined) void loadIntegrationSettings(reader.api).catch(() => {});
  }, [reader, values]);
  const services = availableServices(values, desktopBridge() !== undefined);
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  if (open && !used) setUsed(true);
  useOverlayScope("menu", open);
  const trigger = useRef<HTMLButtonElement>(null);

  const save = async (service: IntegrationService) => {
    setOpen(false);
    if (!reader) return;
    const name = SERVICE_FIELDS[service].name;
    const selection = selectedText();
    // Obsidian is written here, so the highlights come from this device's copy.
    const highlights =
      service === "obsidian" ? await entryHighlightsOnce(reader.db, entry.id) : undefined;
    const outcome = await saveEntryTo(
      reader.api,
      service,
      { ...forSaving(entry), ...(highlights ? { highlights } : {}) },
      selection,
    );
    if (!outcome.ok) {
      toast.error(t("failed", { service: name }), { description: outcome.reason });
      return;
    }
    const link = outcome.link && /^https?:/i.test(outcome.link) ? outcome.link : null;
    toast.success(t("saved", { service: name }), {
      ...(link ? { action: { label: t("open"), onClick: () => openLink(link) } } : {}),
    });
  };

  for (const service of INTEGRATION_SERVICES) {
    // A fixed list, so the hooks run in the same order every render.
    // biome-ignore lint/correctness/useHookAtTopLevel: INTEGRATION_SERVICES never changes.
    useShortcut(integrationActionId(service), () => void save(service), {
      enabled: services.includes(service),
    });
  }

  if (services.length === 0) return null;
  return (
    <>
      <IconButton
        ref={trigger}
        label={t("more")}
        aria-haspopup="menu"
        aria-expanded={open}
        data-testid="entry-more"
        onClick={() => setOpen(!open)}
      >
        <MoreIcon />
      </IconButton>
      {used ? (
        <Suspense fallback={null}>
          <MenuPopover
            open={open}
            onOpenChange={setOpen}
            anchor={trigger}
            trigger={trigger}
            label={t("more")}
            testId="entry-more-menu"
          >
            {services.map((service) => (
              <MenuItem
                key={service}
                testId={`save-to-${service}`}
                onSelect={() => void save(service)}
              >
                {t(`saveTo.${service}`)}
              </MenuItem>
            ))}
          </MenuPopover>
        </Suspense>
      ) : null}
    </>
  );
}
