import { Outlet, useRouterState } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { MenuIcon } from "../../ui/icons.tsx";
import { Logo } from "../../ui/logo.tsx";
import { Sidebar } from "./sidebar.tsx";

/**
 * The signed-in layout: a 256 px left column and the main area. Under the lg breakpoint
 * (1024 px, SPEC §9) the column hides behind a menu button and opens as a drawer.
 */
export function AppShell() {
  const { t } = useTranslation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const pathname = useRouterState({ select: (state) => state.location.pathname });

  // Following a link inside the drawer should also close it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger.
  useEffect(() => setDrawerOpen(false), [pathname]);

  useEffect(() => {
    if (!drawerOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setDrawerOpen(false);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [drawerOpen]);

  return (
    <div className="flex h-full min-h-0 flex-col lg:flex-row" data-testid="app-shell">
      <header className="flex h-14 shrink-0 items-center gap-3 border-b border-zinc-200 px-3 lg:hidden dark:border-zinc-800">
        <button
          type="button"
          onClick={() => setDrawerOpen(true)}
          aria-label={t("nav.openMenu")}
          aria-expanded={drawerOpen}
          aria-controls="app-sidebar"
          data-testid="menu-button"
          className="flex size-9 items-center justify-center rounded-lg hover:bg-zinc-100 dark:hover:bg-zinc-800"
        >
          <MenuIcon size={20} />
        </button>
        <Logo size={24} />
        <span className="font-semibold">{t("app.name")}</span>
      </header>

      {drawerOpen ? (
        <div
          className="fixed inset-0 z-40 bg-black/40 backdrop-blur-[1px] lg:hidden"
          onClick={() => setDrawerOpen(false)}
          aria-hidden="true"
          data-testid="drawer-backdrop"
        />
      ) : null}

      <aside
        id="app-sidebar"
        aria-label={t("nav.label")}
        data-open={drawerOpen || undefined}
        className={`fixed inset-y-0 left-0 z-50 w-64 shrink-0 transition-transform motion-reduce:transition-none lg:static lg:z-auto lg:translate-x-0 ${drawerOpen ? "translate-x-0 shadow-2xl" : "-translate-x-full max-lg:invisible"}`}
      >
        <Sidebar onClose={drawerOpen ? () => setDrawerOpen(false) : undefined} />
      </aside>

      <main className="min-h-0 min-w-0 flex-1 overflow-y-auto" data-testid="main">
        <Outlet />
      </main>
    </div>
  );
}
