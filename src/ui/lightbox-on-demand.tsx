import { lazy, Suspense, useState } from "react";
import type { LightboxPicture } from "./lightbox.tsx";

// Timeline cards each carry a lightbox that most readers never open: its dialog loads on the
// first open, not before the first paint. Once loaded it stays mounted, so closing it still
// hands focus back the way the native dialog does.
const LightboxDialog = lazy(() => import("./lightbox.tsx").then((m) => ({ default: m.Lightbox })));

/** The lightbox (see ./lightbox.tsx), loaded the first time it opens. */
export function Lightbox(props: {
  pictures: LightboxPicture[];
  start: number | null;
  onClose(): void;
  label: string;
}) {
  const [wanted, setWanted] = useState(false);
  if (props.start !== null && !wanted) setWanted(true);
  if (!wanted && props.start === null) return null;
  return (
    <Suspense fallback={null}>
      <LightboxDialog {...props} />
    </Suspense>
  );
}

/** A lightbox's open state: `show(index)` opens it at that picture. */
export function useLightbox() {
  const [start, setStart] = useState<number | null>(null);
  return { start, show: setStart, close: () => setStart(null) };
}
