import { type InputHTMLAttributes, type SelectHTMLAttributes, useId } from "react";

/**
 * The one field kit: labelled inputs, selects and checkboxes for forms and dialogs; the
 * settings rows (setting-rows.tsx) are built from the same pieces. Labels are real <label>s,
 * so tests and screen readers find each field by name.
 */
export const FIELD_CLASS =
  "block h-9 w-full rounded-lg border border-zinc-300 bg-white px-3 text-sm text-zinc-900 shadow-xs outline-none " +
  "transition-colors placeholder:text-zinc-400 focus:border-accent focus:ring-3 focus:ring-accent/20 " +
  "aria-invalid:border-red-500 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100";
export const LABEL_CLASS = "mb-1 block text-sm font-medium text-zinc-700 dark:text-zinc-300";
export const HINT_CLASS = "text-sm text-zinc-500 dark:text-zinc-400";

export interface Choice<T extends string | number> {
  value: T;
  label: string;
  hint?: string;
  /** A colour swatch shown beside the label (accent colours). */
  swatch?: string;
}

/** A labelled text input, with an optional hint under it and suggestions to pick from. */
export function Field({
  label,
  hint,
  suggestions,
  className,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  hint?: string | undefined;
  suggestions?: string[];
}) {
  const id = useId();
  const listId = `${id}-list`;
  const hintId = `${id}-hint`;
  return (
    <div className={className}>
      <label htmlFor={id} className={LABEL_CLASS}>
        {label}
      </label>
      <input
        id={id}
        list={suggestions ? listId : undefined}
        aria-describedby={hint ? hintId : undefined}
        {...props}
        className={FIELD_CLASS}
      />
      {hint ? (
        <p id={hintId} className={`mt-1 ${HINT_CLASS}`}>
          {hint}
        </p>
      ) : null}
      {suggestions ? (
        <datalist id={listId}>
          {suggestions.map((value) => (
            <option key={value} value={value} />
          ))}
        </datalist>
      ) : null}
    </div>
  );
}

/** A native select over typed choices (the value comes back in its own type). */
export function ChoiceSelect<T extends string | number>({
  value,
  choices,
  onChange,
  ...props
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, "value" | "onChange"> & {
  value: T;
  choices: readonly Choice<T>[];
  onChange(value: T): void;
}) {
  return (
    <select
      value={String(value)}
      onChange={(event) => {
        const choice = choices.find((c) => String(c.value) === event.target.value);
        if (choice) onChange(choice.value);
      }}
      className={FIELD_CLASS}
      {...props}
    >
      {choices.map((choice) => (
        <option key={String(choice.value)} value={String(choice.value)}>
          {choice.label}
        </option>
      ))}
    </select>
  );
}

/** A labelled select over typed choices. */
export function Select<T extends string | number>({
  label,
  ...props
}: Parameters<typeof ChoiceSelect<T>>[0] & { label: string }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={LABEL_CLASS}>
        {label}
      </label>
      <ChoiceSelect id={id} {...props} />
    </div>
  );
}

export function Checkbox({
  label,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { label: string }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <input id={id} type="checkbox" {...props} className="size-4 accent-accent" />
      <label htmlFor={id} className="text-sm">
        {label}
      </label>
    </div>
  );
}
