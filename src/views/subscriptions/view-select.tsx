import { useTranslation } from "react-i18next";
import { Select } from "../../ui/fields.tsx";
import { VIEW_META } from "../shell/view-meta.tsx";

/** A select of the six views, labelled in the UI language. */
export function ViewSelect(
  props: Omit<Parameters<typeof Select<number>>[0], "choices"> & { label: string },
) {
  const { t } = useTranslation();
  const choices = VIEW_META.map((meta) => ({ value: meta.view, label: t(meta.labelKey) }));
  return <Select {...props} choices={choices} />;
}
