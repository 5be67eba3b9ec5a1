import type { ReactNode } from "react";
import { InboxIcon } from "../ui/icons.tsx";

/** The header every page of the app area starts with. */
export function PageHeader(props: { title: string; description?: string; actions?: ReactNode }) {
  return (
    <header className="flex flex-wrap items-end justify-between gap-4 border-b border-zinc-200 px-6 py-5 dark:border-zinc-800">
      <div className="min-w-0">
        <h1 className="truncate text-xl font-semibold tracking-tight" data-testid="page-title">
          {props.title}
        </h1>
        {props.description ? (
          <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">{props.description}</p>
        ) : null}
      </div>
      {props.actions}
    </header>
  );
}

/** A calm empty state for areas later work fills in. */
export function EmptyState(props: { title: string; body?: string; icon?: ReactNode }) {
  return (
    <div className="flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed border-zinc-300 px-6 py-14 text-center dark:border-zinc-700">
      <span className="flex size-11 items-center justify-center rounded-full bg-accent-soft text-accent">
        {props.icon ?? <InboxIcon size={22} />}
      </span>
      <p className="font-medium">{props.title}</p>
      {props.body ? (
        <p className="max-w-sm text-sm text-zinc-500 dark:text-zinc-400">{props.body}</p>
      ) : null}
    </div>
  );
}

/** A full page in the app area with a title, a description and an empty body. */
export function PlaceholderPage(props: {
  testId: string;
  title: string;
  description: string;
  emptyTitle: string;
  emptyBody?: string;
  icon?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className="flex min-h-full flex-col" data-testid={props.testId}>
      <PageHeader title={props.title} description={props.description} />
      <div className="flex-1 space-y-6 p-6">
        {props.children}
        <EmptyState title={props.emptyTitle} body={props.emptyBody} icon={props.icon} />
      </div>
    </section>
  );
}
