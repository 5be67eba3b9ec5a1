/** The subscription column's row look (links, folder headers, "All" and "Collections"). */
export const ROW =
  "flex h-8 w-full min-w-0 items-center gap-2 rounded-md px-2.5 pr-8 text-sm text-zinc-700 " +
  "outline-none transition-colors hover:bg-zinc-200/70 focus-visible:ring-2 focus-visible:ring-accent " +
  "dark:text-zinc-300 dark:hover:bg-zinc-800";
export const ROW_ACTIVE = "bg-zinc-200 font-medium text-zinc-950 dark:bg-zinc-800 dark:text-white";
