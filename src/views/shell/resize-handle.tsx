import { type KeyboardEvent, type PointerEvent, useRef, useState } from "react";

const STEP = 16;

/**
 * A vertical splitter that resizes the column before it: drag with a pointer, or focus it and
 * use the arrow keys (Shift for larger steps), Home and End. The column follows the pointer
 * live; the width is remembered by the caller's `onCommit`.
 */
export function ResizeHandle(props: {
  label: string;
  value: number;
  min: number;
  max: number;
  onCommit(width: number): void;
  controls?: string;
  testId?: string;
}) {
  const [dragWidth, setDragWidth] = useState<number | null>(null);
  const start = useRef<{ x: number; width: number } | null>(null);
  const clamp = (width: number) => Math.round(Math.min(props.max, Math.max(props.min, width)));
  const value = dragWidth ?? props.value;

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    start.current = { x: event.clientX, width: props.value };
    setDragWidth(props.value);
  }
  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    if (!start.current) return;
    const width = clamp(start.current.width + event.clientX - start.current.x);
    setDragWidth(width);
    props.onCommit(width);
  }
  function onPointerUp() {
    start.current = null;
    setDragWidth(null);
  }
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const step = event.shiftKey ? STEP * 4 : STEP;
    const next: Record<string, number> = {
      ArrowLeft: value - step,
      ArrowRight: value + step,
      Home: props.min,
      End: props.max,
    };
    const target = next[event.key];
    if (target === undefined) return;
    event.preventDefault();
    props.onCommit(clamp(target));
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: an <hr> cannot take focus or be dragged.
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={props.label}
      aria-valuenow={value}
      aria-valuemin={props.min}
      aria-valuemax={props.max}
      aria-controls={props.controls}
      tabIndex={0}
      data-testid={props.testId}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onKeyDown={onKeyDown}
      className="group relative z-10 -mx-1 w-2 shrink-0 cursor-col-resize touch-none outline-none"
    >
      <span className="absolute inset-y-0 left-1/2 w-px -translate-x-1/2 bg-zinc-200 transition-colors group-hover:w-0.5 group-hover:bg-accent group-focus-visible:w-0.5 group-focus-visible:bg-accent dark:bg-zinc-800" />
    </div>
  );
}
