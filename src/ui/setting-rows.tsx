import { type ReactNode, useId } from "react";
import { type Choice, ChoiceSelect, HINT_CLASS as HINT } from "./fields.tsx";

export type { Choice };

const CARD = "rounded-xl border border-zinc-200 dark:border-zinc-800";

/** A row's label and its optional hint under it. */
function RowLabel(props: {
  htmlFor: string;
  className: string;
  label: string;
  hint?: string | undefined;
}) {
  return (
    <label htmlFor={props.htmlFor} className={props.className}>
      <span className="block font-medium">{props.label}</span>
      {props.hint ? <span className={`block ${HINT}`}>{props.hint}</span> : null}
    </label>
  );
}

/** A titled group of settings rows. */
export function SettingsSection(props: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h2 className="px-1 text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">
        {props.title}
      </h2>
      <div className={`${CARD} divide-y divide-zinc-200 dark:divide-zinc-800`}>
        {props.children}
      </div>
    </section>
  );
}

/** An on/off setting: a labelled switch. */
export function SwitchRow(props: {
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  testId?: string;
}) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4 p-4">
      <RowLabel
        htmlFor={id}
        className="min-w-0 cursor-pointer"
        label={props.label}
        hint={props.hint}
      />
      <input
        id={id}
        type="checkbox"
        role="switch"
        aria-checked={props.checked}
        checked={props.checked}
        onChange={(event) => props.onChange(event.target.checked)}
        data-testid={props.testId}
        className="peer relative h-6 w-10 shrink-0 cursor-pointer appearance-none rounded-full bg-zinc-300 transition-colors before:absolute before:top-0.5 before:left-0.5 before:size-5 before:rounded-full before:bg-white before:shadow before:transition-transform checked:bg-accent checked:before:translate-x-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent dark:bg-zinc-700"
      />
    </div>
  );
}

/** One of a few choices: a radio group drawn as segmented buttons. */
export function ChoiceRow<T extends string | number>(props: {
  label: string;
  hint?: string;
  value: T;
  choices: readonly Choice<T>[];
  onChange: (value: T) => void;
  testId?: string;
  /** Stack the choices with their hints under the label (for longer descriptions). */
  stacked?: boolean;
}) {
  const name = useId();
  return (
    <fieldset className="p-4" data-testid={props.testId}>
      <legend className="float-left w-full">
        <span className="block font-medium">{props.label}</span>
        {props.hint ? <span className={`block ${HINT}`}>{props.hint}</span> : null}
      </legend>
      <div
        className={
          props.stacked ? "clear-both grid gap-2 pt-3" : "clear-both flex flex-wrap gap-1.5 pt-3"
        }
      >
        {props.choices.map((choice) => (
          <label
            key={String(choice.value)}
            className={`flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-1.5 text-sm transition-colors has-checked:border-accent has-checked:bg-accent-soft has-checked:text-accent has-focus-visible:outline-2 has-focus-visible:outline-accent border-zinc-200 hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-800 ${props.stacked ? "items-start py-2" : ""}`}
          >
            <input
              type="radio"
              name={name}
              value={String(choice.value)}
              checked={choice.value === props.value}
              onChange={() => props.onChange(choice.value)}
              className="sr-only"
              data-testid={props.testId ? `${props.testId}-${choice.value}` : undefined}
            />
            {choice.swatch ? (
              <span
                aria-hidden="true"
                className="size-3.5 shrink-0 rounded-full ring-1 ring-black/10"
                style={{ background: choice.swatch }}
              />
            ) : null}
            <span>
              <span className="block font-medium">{choice.label}</span>
              {props.stacked && choice.hint ? (
                <span className={`block ${HINT}`}>{choice.hint}</span>
              ) : null}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A choice among many: a labelled native select. */
export function SelectRow<T extends string | number>(props: {
  label: string;
  hint?: string;
  value: T;
  choices: readonly Choice<T>[];
  onChange: (value: T) => void;
  testId?: string;
}) {
  const id = useId();
  return (
    <div className="flex flex-wrap items-center justify-between gap-4 p-4">
      <RowLabel htmlFor={id} className="min-w-0" label={props.label} hint={props.hint} />
      <ChoiceSelect
        id={id}
        value={props.value}
        choices={props.choices}
        onChange={props.onChange}
        data-testid={props.testId}
        className="h-9 rounded-lg border border-zinc-300 bg-white px-3 text-sm hover:border-zinc-400 focus-visible:outline-2 focus-visible:outline-accent dark:border-zinc-700 dark:bg-zinc-900"
      />
    </div>
  );
}

/** Free text (custom CSS), saved when the field loses focus. */
export function TextAreaRow(props: {
  label: string;
  hint?: string;
  value: string;
  onCommit: (value: string) => void;
  testId?: string;
}) {
  const id = useId();
  return (
    <div className="space-y-2 p-4">
      <RowLabel htmlFor={id} className="block" label={props.label} hint={props.hint} />
      <textarea
        id={id}
        defaultValue={props.value}
        onBlur={(event) => props.onCommit(event.target.value)}
        spellCheck={false}
        rows={4}
        data-testid={props.testId}
        className="w-full rounded-lg border border-zinc-300 bg-white p-2 font-mono text-xs focus-visible:outline-2 focus-visible:outline-accent dark:border-zinc-700 dark:bg-zinc-900"
      />
    </div>
  );
}
