import { useTranslation } from "react-i18next";
import { setUISetting, useUISettings } from "../../settings/hooks.ts";
import {
  moveToolbarAction,
  normalizeToolbarOrder,
  placeToolbarAction,
  type ToolbarAction,
  type ToolbarOrder,
} from "../../settings/toolbar-order.ts";
import { IconButton } from "../../ui/icon-button.tsx";
import { SettingsSection } from "../../ui/setting-rows.tsx";

/**
 * toolbarOrder: each entry toolbar action, on the bar or in its "more" menu, in the
 * order shown; arrows reorder within the bar or the menu.
 */
export function ToolbarOrderSetting() {
  const { t } = useTranslation("controls");
  const order = normalizeToolbarOrder(useUISettings().toolbarOrder);
  const save = (next: ToolbarOrder) => setUISetting("toolbarOrder", next);
  const rows = (place: keyof ToolbarOrder) =>
    order[place].map((action, index, list) => (
      <ActionRow
        key={action}
        action={action}
        place={place}
        first={index === 0}
        last={index === list.length - 1}
        onMove={(delta) => save(moveToolbarAction(order, action, delta))}
        onPlace={(to) => save(placeToolbarAction(order, action, to))}
      />
    ));
  return (
    <SettingsSection title={t("toolbarOrder.title")}>
      <div data-testid="toolbar-order">
        <p className="px-4 pt-3 text-xs text-muted">{t("toolbarOrder.hint")}</p>
        <ul aria-label={t("toolbarOrder.main")}>{rows("main")}</ul>
        {order.more.length > 0 ? (
          <>
            <p className="px-4 pt-3 text-xs font-semibold text-muted">{t("toolbarOrder.more")}</p>
            <ul aria-label={t("toolbarOrder.more")}>{rows("more")}</ul>
          </>
        ) : null}
      </div>
    </SettingsSection>
  );
}

function ActionRow(props: {
  action: ToolbarAction;
  place: keyof ToolbarOrder;
  first: boolean;
  last: boolean;
  onMove(delta: -1 | 1): void;
  onPlace(place: keyof ToolbarOrder): void;
}) {
  const { t } = useTranslation("controls");
  const name = t(`toolbarOrder.actions.${props.action}`);
  return (
    <li
      className="flex items-center gap-2 px-4 py-2"
      data-testid={`toolbar-order-${props.action}`}
      data-place={props.place}
    >
      <span className="min-w-0 flex-1 truncate text-sm">{name}</span>
      <select
        value={props.place}
        aria-label={t("toolbarOrder.placeOf", { action: name })}
        onChange={(event) => props.onPlace(event.target.value as keyof ToolbarOrder)}
        className="h-8 rounded-md border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900"
        data-testid={`toolbar-order-${props.action}-place`}
      >
        <option value="main">{t("toolbarOrder.main")}</option>
        <option value="more">{t("toolbarOrder.more")}</option>
      </select>
      <IconButton
        label={t("toolbarOrder.up", { action: name })}
        disabled={props.first}
        onClick={() => props.onMove(-1)}
        data-testid={`toolbar-order-${props.action}-up`}
      >
        <span aria-hidden="true">↑</span>
      </IconButton>
      <IconButton
        label={t("toolbarOrder.down", { action: name })}
        disabled={props.last}
        onClick={() => props.onMove(1)}
        data-testid={`toolbar-order-${props.action}-down`}
      >
        <span aria-hidden="true">↓</span>
      </IconButton>
    </li>
  );
}
