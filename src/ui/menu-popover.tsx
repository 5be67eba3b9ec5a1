import * as Popover from "@radix-ui/react-popover";
import type { KeyboardEvent, ReactNode, RefObject } from "react";

function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const items = [
    ...event.currentTarget.querySelectorAll<HTMLElement>("[role^=menuitem]:not([aria-disabled])"),
  ];
  const index = items.indexOf(document.activeElement as HTMLElement);
  const next: Record<string, number> = {
    ArrowDown: (index + 1) % items.length,
    ArrowUp: (index - 1 + items.length) % items.length,
    Home: 0,
    End: items.length - 1,
  };
  const target = next[event.key];
  if (target === undefined || items.length === 0) return;
  event.preventDefault();
  items[target]?.focus();
}

/**
 * The menu itself (Radix popover), placed under its row and loaded on the first open (menu.tsx
 * keeps it out of the first paint). Focus starts on the first item and returns to `trigger`.
 */
export default function MenuPopover(props: {
  open: boolean;
  onOpenChange(open: boolean): void;
  anchor: RefObject<HTMLElement | null>;
  trigger: RefObject<HTMLElement | null>;
  label: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Popover.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Popover.Anchor virtualRef={props.anchor as RefObject<HTMLElement>} />
      <Popover.Portal>
        <Popover.Content
          role="menu"
          aria-label={props.label}
          align="start"
          side="bottom"
          sideOffset={4}
          collisionPadding={8}
          onKeyDown={moveFocus}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            const first = (event.currentTarget as HTMLElement).querySelector<HTMLElement>(
              "[role^=menuitem]",
            );
            first?.focus();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            props.trigger.current?.focus();
          }}
          onPointerDownOutside={(event) => {
            // The trigger toggles the menu itself; do not let the outside click reopen it.
            if (props.trigger.current?.contains(event.target as Node)) event.preventDefault();
          }}
          data-testid={props.testId ? `${props.testId}-menu-content` : undefined}
          className="z-50 min-w-48 rounded-xl border border-zinc-200 bg-white p-1 text-zinc-800 shadow-xl dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100"
        >
          {props.children}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
