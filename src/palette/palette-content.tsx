import { useNavigate } from "@tanstack/react-router";
import { Command } from "cmdk";
import { useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { commandInfoList } from "../commands/catalog.ts";
import { commandHost } from "../commands/host.ts";
import { LATER_NAMESPACES } from "../i18n/options.ts";
import { setUISetting } from "../settings/hooks.ts";
import { shortcutHandlers } from "../shortcuts/handlers.ts";
import { openSearch } from "../shortcuts/search-request.ts";
import { KeyCaps } from "../shortcuts/shortcut-keys.tsx";
import { SearchIcon } from "../ui/icons.tsx";
import { buildPaletteItems, type PaletteGroup, type PaletteItem } from "./items.ts";
import { searchItems } from "./search.ts";

/** Results grouped in the order of their best match (or section order with no query). */
function groupResults(results: readonly PaletteItem[]): [PaletteGroup, PaletteItem[]][] {
  const groups = new Map<PaletteGroup, PaletteItem[]>();
  for (const item of results) groups.set(item.group, [...(groups.get(item.group) ?? []), item]);
  return [...groups];
}

/** The palette's body: cmdk over every command, navigation and layout action (lazy chunk). */
export function PaletteContent({
  web,
  onDone,
  initialQuery = "",
}: {
  web: boolean;
  onDone: () => void;
  /** Typed into the stand-in field while this chunk loaded. */
  initialQuery?: string;
}) {
  // Command labels name "controls:", "power:" and "integrations:" keys, loaded after the start.
  const { t, i18n } = useTranslation(["app", ...LATER_NAMESPACES]);
  const navigate = useNavigate();
  const [query, setQuery] = useState(initialQuery);
  const input = useRef<HTMLInputElement>(null);
  // This body may arrive after the dialog opened (lazy chunk): take the focus then, the caret
  // after what was typed meanwhile. A layout effect, because React re-runs those (and not
  // passive effects) when a suspended boundary shows this body again, and hiding it moved the
  // focus to the page.
  useLayoutEffect(() => {
    const field = input.current;
    if (!field) return;
    field.focus();
    field.setSelectionRange(field.value.length, field.value.length);
  }, []);
  const hostVersion = useSyncExternalStore(commandHost.subscribe, commandHost.version);
  const handlerVersion = useSyncExternalStore(shortcutHandlers.subscribe, shortcutHandlers.version);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the versions stand for the host, context and bound handlers.
  const items = useMemo(() => {
    const english = i18n.getFixedT("en");
    return buildPaletteItems({
      t: (key, options) => t(key, options ?? {}),
      en: (key, options) => english(key, options ?? {}),
      commands: commandInfoList,
      context: commandHost.context(),
      host: commandHost.host(),
      handlers: shortcutHandlers,
      navigate: (href) => void navigate({ href }),
      setColorMode: (mode) => setUISetting("colorMode", mode),
      web,
    });
  }, [t, i18n, navigate, web, hostVersion, handlerVersion]);
  const groups = useMemo(() => groupResults(searchItems(items, query)), [items, query]);

  function run(item: PaletteItem) {
    onDone();
    item.run();
  }

  return (
    <Command shouldFilter={false} label={t("controls:palette.title")} loop>
      <div className="flex items-center gap-2 border-b border-zinc-200 px-4 dark:border-zinc-800">
        <SearchIcon size={18} className="shrink-0 text-zinc-400" />
        <Command.Input
          ref={input}
          value={query}
          onValueChange={setQuery}
          data-autofocus
          placeholder={t("controls:palette.placeholder")}
          data-testid="palette-input"
          className="h-12 w-full bg-transparent text-[15px] outline-none placeholder:text-zinc-400"
        />
      </div>
      <Command.List className="max-h-[min(60vh,26rem)] overflow-y-auto p-2">
        <Command.Empty className="px-3 py-8 text-center text-sm text-zinc-500">
          {t("controls:palette.empty")}
        </Command.Empty>
        {groups.map(([group, groupItems]) => (
          <Command.Group
            key={group}
            heading={t(`controls:palette.groups.${group}`)}
            className="[&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:pt-2 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:text-zinc-400"
          >
            {groupItems.map((item) => (
              <Command.Item
                key={item.id}
                value={item.id}
                disabled={item.disabled}
                onSelect={() => run(item)}
                data-testid="palette-item"
                data-id={item.id}
                title={item.disabled ? t("controls:palette.unavailable") : undefined}
                className="flex h-10 cursor-pointer items-center justify-between gap-3 rounded-lg px-3 text-sm data-[disabled=true]:cursor-default data-[disabled=true]:opacity-40 data-[selected=true]:bg-accent-soft data-[selected=true]:text-accent"
              >
                <span className="truncate">{item.label}</span>
                {item.shortcut ? <KeyCaps binding={item.shortcut} /> : null}
              </Command.Item>
            ))}
          </Command.Group>
        ))}
        {query.trim() ? (
          // Whatever was typed can also be looked for in the entries themselves.
          <Command.Group
            heading={t("search:palette.group")}
            className="[&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:pt-2 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:text-zinc-400"
          >
            <Command.Item
              value="search.entries"
              onSelect={() => {
                onDone();
                openSearch(query.trim());
              }}
              data-testid="palette-search-entries"
              className="flex h-10 cursor-pointer items-center gap-3 rounded-lg px-3 text-sm data-[selected=true]:bg-accent-soft data-[selected=true]:text-accent"
            >
              <SearchIcon size={16} className="shrink-0" />
              <span className="truncate">
                {t("search:palette.searchFor", { query: query.trim() })}
              </span>
            </Command.Item>
          </Command.Group>
        ) : null}
      </Command.List>
    </Command>
  );
}
