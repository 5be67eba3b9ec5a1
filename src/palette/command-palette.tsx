import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { afterContentPainted } from "../platform/first-paint.ts";
import { onControlEvent } from "../shortcuts/bus.ts";
import { Modal } from "../ui/modal.tsx";
import { Spinner } from "../ui/spinner.tsx";

// cmdk and the palette's items load with the first Ctrl/Cmd+K (or, once the first content is
// painted, when the browser is idle), keeping them out of the timeline's initial JavaScript.
const loadContent = () => import("./palette-content.tsx");
const PaletteContent = lazy(() => loadContent().then((m) => ({ default: m.PaletteContent })));

/** The command palette (Ctrl/Cmd+K), a modal over whatever route is shown. */
export function CommandPalette({ web }: { web: boolean }) {
  const { t } = useTranslation("controls");
  const [open, setOpen] = useState(false);
  // A new key per opening starts every search empty.
  const [session, setSession] = useState(0);

  useEffect(
    () =>
      onControlEvent("command-palette", () => {
        setSession((n) => n + 1);
        setOpen(true);
      }),
    [],
  );

  // Prefetch once the first content is painted (or 3 s passed) and the browser is idle: the
  // main thread idles while the database worker boots, which is before the first rows.
  useEffect(() => {
    let cancelled = false;
    void afterContentPainted(3000).then(() => {
      if (cancelled) return;
      const idle =
        window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 2000));
      idle(() => void loadContent().catch(() => undefined));
    });
    return () => {
      cancelled = true;
    };
  }, []);

  return (
    <Modal
      open={open}
      onClose={() => setOpen(false)}
      label={t("palette.title")}
      testId="command-palette"
      className="mx-auto mt-[12vh] mb-auto w-[min(40rem,calc(100vw-2rem))]"
    >
      <Suspense
        fallback={
          <div className="flex h-24 items-center justify-center text-zinc-400">
            <Spinner size={24} />
          </div>
        }
      >
        <PaletteContent key={session} web={web} onDone={() => setOpen(false)} />
      </Suspense>
    </Modal>
  );
}
