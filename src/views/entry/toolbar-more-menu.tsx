import { lazy, Suspense, useRef, useState } from "react";
import { IconButton } from "../../ui/icon-button.tsx";
import { MenuItem } from "../../ui/menu.tsx";
import { useOverlayScope } from "../../ui/overlay-scope.ts";

// Radix and its positioning load with the first menu opened (as for the row menus).
const MenuPopover = lazy(() => import("../../ui/menu-popover.tsx"));

export interface MoreAction {
  id: string;
  label: string;
  disabled?: boolean;
  run(): void;
}

/** The entry toolbar's "more" button: the actions the user moved off the bar (toolbarOrder). */
export function ToolbarMoreMenu(props: { label: string; actions: MoreAction[] }) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  if (open && !used) setUsed(true);
  useOverlayScope("menu", open);
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <>
      <IconButton
        ref={trigger}
        label={props.label}
        aria-haspopup="menu"
        aria-expanded={open}
        data-testid="entry-more"
        onClick={() => setOpen(!open)}
      >
        <MoreDots />
      </IconButton>
      {used ? (
        <Suspense fallback={null}>
          <MenuPopover
            open={open}
            onOpenChange={setOpen}
            anchor={trigger}
            trigger={trigger}
            label={props.label}
            testId="entry-more"
          >
            {props.actions.map((action) =>
              action.disabled ? null : (
                <MenuItem
                  key={action.id}
                  testId={`entry-more-${action.id}`}
                  onSelect={() => {
                    setOpen(false);
                    action.run();
                  }}
                >
                  {action.label}
                </MenuItem>
              ),
            )}
          </MenuPopover>
        </Suspense>
      ) : null}
    </>
  );
}

function MoreDots() {
  return (
    <svg width={18} height={18} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
      <circle cx="5" cy="12" r="1.8" />
      <circle cx="12" cy="12" r="1.8" />
      <circle cx="19" cy="12" r="1.8" />
    </svg>
  );
}
