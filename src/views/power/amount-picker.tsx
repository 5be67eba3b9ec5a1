import { useTranslation } from "react-i18next";
import { Field } from "../../ui/fields.tsx";
import { formatPower } from "./amount.ts";

/**
 * Preset amounts as toggle buttons plus a field for any other amount; `value` is the typed
 * text (a preset fills it), so the form keeps one source of truth.
 */
export function AmountPicker(props: {
  presets: readonly string[];
  value: string;
  onChange(text: string): void;
  label: string;
  testId: string;
  /** Only the presets may be chosen (boost levels). */
  presetsOnly?: boolean;
}) {
  const { i18n } = useTranslation();
  return (
    <div className="space-y-3">
      <fieldset className="flex flex-wrap gap-2 m-0 min-w-0 border-0 p-0" aria-label={props.label}>
        {props.presets.map((units) => {
          const text = formatPower(units, "en", 18).replace(/,/g, "");
          const chosen = props.value === text;
          return (
            <button
              key={units}
              type="button"
              aria-pressed={chosen}
              data-testid={`${props.testId}-preset`}
              data-units={units}
              onClick={() => props.onChange(text)}
              className={`h-9 rounded-lg border px-3 text-sm font-medium tabular-nums transition-colors ${
                chosen
                  ? "border-accent bg-accent-soft text-accent"
                  : "border-zinc-300 hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-800"
              }`}
            >
              {formatPower(units, i18n.language)}
            </button>
          );
        })}
      </fieldset>
      {props.presetsOnly ? null : (
        <Field
          label={props.label}
          inputMode="decimal"
          autoComplete="off"
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
          data-testid={`${props.testId}-amount`}
        />
      )}
    </div>
  );
}
