import { useRouterState } from "@tanstack/react-router";
import {
  createContext,
  type ReactNode,
  type RefObject,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { getGeneralSettings } from "../../settings/hooks.ts";
import { startsOnSubscriptions } from "./startup-screen.ts";

interface ShellNav {
  /** Mobile layout: the subscription column is the one column shown. */
  subscriptionsOpen: boolean;
  showSubscriptions(): void;
  hideSubscriptions(): void;
}

const ShellNavContext = createContext<ShellNav>({
  subscriptionsOpen: false,
  showSubscriptions: () => undefined,
  hideSubscriptions: () => undefined,
});

/** Which column the mobile layout shows; choosing anything (a navigation) leaves the list. */
export function ShellNavProvider({ children }: { children: ReactNode }) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  // The start-up screen applies to the page the app starts on, once.
  const [subscriptionsOpen, setOpen] = useState(() =>
    startsOnSubscriptions(getGeneralSettings().startupScreen, pathname),
  );
  const href = useRouterState({ select: (state) => state.location.href });
  const startHref = useRef<string | null>(href);
  useEffect(() => {
    if (href === startHref.current) return;
    startHref.current = null;
    setOpen(false);
  }, [href]);
  const value = useMemo(
    () => ({
      subscriptionsOpen,
      showSubscriptions: () => setOpen(true),
      hideSubscriptions: () => setOpen(false),
    }),
    [subscriptionsOpen],
  );
  return <ShellNavContext value={value}>{children}</ShellNavContext>;
}

export function useShellNav(): ShellNav {
  return useContext(ShellNavContext);
}

/**
 * Mobile: following any link in the subscription column shows the main column, even when the
 * link leads where the app already is (no navigation happens then).
 */
export function useLeaveOnLink(ref: RefObject<HTMLElement | null>, active: boolean) {
  const { hideSubscriptions } = useShellNav();
  useEffect(() => {
    const element = ref.current;
    if (!element || !active) return;
    const onClick = (event: MouseEvent) => {
      if ((event.target as Element | null)?.closest?.("a[href]")) hideSubscriptions();
    };
    element.addEventListener("click", onClick);
    return () => element.removeEventListener("click", onClick);
  }, [ref, active, hideSubscriptions]);
}
