import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from "react";
import { useOverlayScope } from "./overlay-scope.ts";

const ITEM =
  "flex w-full items-center gap-2 rounded-md px-2.5 py-1.5 text-left text-sm outline-none " +
  "hover:bg-zinc-100 focus:bg-zinc-100 dark:hover:bg-zinc-800 dark:focus:bg-zinc-800 " +
  "aria-disabled:opacity-50";

// Radix and its positioning load with the first menu opened, not with the timeline.
const MenuPopover = lazy(() => import("./menu-popover.tsx"));

/**
 * A row with a menu: the "more" button opens it, so does a right click on the row. Arrow keys
 * move between items; Escape closes it and returns focus to the button.
 */
export function RowMenu(props: {
  open: boolean;
  onOpenChange(open: boolean): void;
  label: string;
  row: ReactNode;
  children: ReactNode;
  testId?: string;
  className?: string;
}) {
  const row = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const { onOpenChange, open } = props;
  // Mounted from the first open on, so closing animates and focus returns properly.
  const [used, setUsed] = useState(false);
  if (open && !used) setUsed(true);
  useOverlayScope("menu", open);
  useEffect(() => {
    const element = row.current;
    if (!element) return;
    const onContextMenu = (event: MouseEvent) => {
      event.preventDefault();
      onOpenChange(true);
    };
    element.addEventListener("contextmenu", onContextMenu);
    return () => element.removeEventListener("contextmenu", onContextMenu);
  }, [onOpenChange]);
  return (
    <>
      <div ref={row} className={`group relative flex items-center ${props.className ?? ""}`}>
        {props.row}
        <button
          ref={trigger}
          type="button"
          aria-label={props.label}
          aria-haspopup="menu"
          aria-expanded={open}
          data-state={open ? "open" : "closed"}
          data-testid={props.testId ? `${props.testId}-menu` : undefined}
          onClick={() => onOpenChange(!open)}
          className="absolute right-1 flex size-6 items-center justify-center rounded-md text-muted opacity-0 group-hover:opacity-100 hover:bg-zinc-200 focus-visible:opacity-100 data-[state=open]:opacity-100 dark:hover:bg-zinc-700"
        >
          <MoreDots />
        </button>
      </div>
      {used ? (
        <Suspense fallback={null}>
          <MenuPopover
            open={open}
            onOpenChange={onOpenChange}
            anchor={row}
            trigger={trigger}
            label={props.label}
            testId={props.testId}
          >
            {props.children}
          </MenuPopover>
        </Suspense>
      ) : null}
    </>
  );
}

function MoreDots() {
  return (
    <svg width={16} height={16} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
      <circle cx="5" cy="12" r="1.6" />
      <circle cx="12" cy="12" r="1.6" />
      <circle cx="19" cy="12" r="1.6" />
    </svg>
  );
}

export function MenuItem(props: {
  onSelect(): void;
  children: ReactNode;
  testId?: string;
  danger?: boolean;
  /** Set for one of a group of choices (a menuitemradio). */
  checked?: boolean;
}) {
  const className = `${ITEM} ${props.danger ? "text-red-600 dark:text-red-400" : ""}`;
  if (props.checked !== undefined) {
    return (
      <button
        type="button"
        role="menuitemradio"
        aria-checked={props.checked}
        tabIndex={-1}
        onClick={props.onSelect}
        data-testid={props.testId}
        className={className}
      >
        <span className="w-3 text-accent" aria-hidden="true">
          {props.checked ? "•" : ""}
        </span>
        {props.children}
      </button>
    );
  }
  return (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      onClick={props.onSelect}
      data-testid={props.testId}
      className={className}
    >
      {props.children}
    </button>
  );
}

/** A link styled as a menu item (open the site in a new tab). */
export function MenuLink(props: { href: string; children: ReactNode; onSelect(): void }) {
  return (
    <a
      role="menuitem"
      tabIndex={-1}
      href={props.href}
      target="_blank"
      rel="noopener noreferrer"
      onClick={props.onSelect}
      className={ITEM}
    >
      {props.children}
    </a>
  );
}

export function MenuLabel({ children }: { children: ReactNode }) {
  return (
    <div
      role="presentation"
      className="px-2.5 pt-2 pb-1 text-xs font-semibold uppercase tracking-wide text-muted"
    >
      {children}
    </div>
  );
}

export function MenuSeparator() {
  return <hr className="my-1 border-zinc-200 dark:border-zinc-800" />;
}
