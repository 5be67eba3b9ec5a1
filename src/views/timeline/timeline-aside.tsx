import type { ReactNode } from "react";

/**
 * A small titled list above a timeline (continue reading, spotlight): outside the timeline's
 * own list, so its paging and keyboard order are untouched.
 */
export function TimelineAside(props: { name: string; title: string; children: ReactNode }) {
  const titleId = `${props.name}-title`;
  return (
    <section
      className="mx-2 mt-2 rounded-lg border border-zinc-200 p-2 text-sm dark:border-zinc-800"
      aria-labelledby={titleId}
      data-testid={props.name}
    >
      <h2 id={titleId} className="px-1 text-xs font-medium text-muted">
        {props.title}
      </h2>
      <ul>{props.children}</ul>
    </section>
  );
}
