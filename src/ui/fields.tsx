import { type InputHTMLAttributes, type SelectHTMLAttributes, useId } from "react";
import { useTranslation } from "react-i18next";
import { VIEW_META } from "../views/shell/view-meta.tsx";

const FIELD =
  "block h-9 w-full rounded-lg border border-zinc-300 bg-white px-3 text-sm text-zinc-900 outline-none " +
  "focus:border-accent focus:ring-3 focus:ring-accent/20 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100";
const LABEL = "mb-1 block text-sm font-medium text-zinc-700 dark:text-zinc-300";

export function Field({
  label,
  suggestions,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { label: string; suggestions?: string[] }) {
  const id = useId();
  const listId = `${id}-list`;
  return (
    <div>
      <label htmlFor={id} className={LABEL}>
        {label}
      </label>
      <input id={id} list={suggestions ? listId : undefined} {...props} className={FIELD} />
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

/** A select of the six views (SPEC §1), labelled in the UI language. */
export function ViewSelect({
  label,
  value,
  onChange,
  ...props
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, "value" | "onChange"> & {
  label: string;
  value: number;
  onChange(view: number): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={LABEL}>
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
        {...props}
        className={FIELD}
      >
        {VIEW_META.map((meta) => (
          <option key={meta.view} value={meta.view}>
            {t(meta.labelKey)}
          </option>
        ))}
      </select>
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
