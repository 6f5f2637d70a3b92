"use client";

import { type ReactNode } from "react";
import { useTranslations } from "next-intl";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";

export function TextField({
  label,
  value,
  onChange,
  isMultiline = false,
  type = "text",
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  isMultiline?: boolean;
  type?: "text" | "email" | "url";
}) {
  return (
    <Field label={label} className="space-y-1">
      {(control) =>
        isMultiline ? (
          <Textarea
            {...control}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            rows={3}
          />
        ) : (
          <Input
            {...control}
            type={type}
            value={value}
            onChange={(event) => onChange(event.target.value)}
          />
        )
      }
    </Field>
  );
}

interface ListEditorProps<T> {
  legend: string;
  items: T[];
  onChange: (items: T[]) => void;
  makeItem: () => T;
  renderItem: (item: T, update: (item: T) => void) => ReactNode;
}

/** An editable list: add, remove and reorder entries (issue 7: every list of the proposal data). */
export function ListEditor<T>({
  legend,
  items,
  onChange,
  makeItem,
  renderItem,
}: ListEditorProps<T>) {
  const t = useTranslations("ProposalBuilder.list");
  const move = (from: number, to: number) => {
    const next = [...items];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    onChange(next);
  };
  const button =
    "rounded-md border border-border px-2 py-1 text-xs font-semibold hover:bg-surface-strong disabled:opacity-40";
  return (
    <fieldset className="space-y-3 rounded-xl border border-border p-4">
      <legend className="px-1 font-semibold">{legend}</legend>
      {items.length === 0 && <p className="text-sm text-muted">{t("empty")}</p>}
      <ol className="space-y-3">
        {items.map((item, index) => {
          const name = t("item", { list: legend, n: index + 1 });
          return (
            <li key={index}>
              <fieldset className="space-y-2 rounded-lg bg-surface p-3">
                <legend className="sr-only">{name}</legend>
                {renderItem(item, (updated) =>
                  onChange(items.map((current, i) => (i === index ? updated : current))),
                )}
                <div className="flex flex-wrap gap-2">
                  <button
                    type="button"
                    className={button}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                  >
                    {t("moveUp")}
                    <span className="sr-only"> {name}</span>
                  </button>
                  <button
                    type="button"
                    className={button}
                    disabled={index === items.length - 1}
                    onClick={() => move(index, index + 1)}
                  >
                    {t("moveDown")}
                    <span className="sr-only"> {name}</span>
                  </button>
                  <button
                    type="button"
                    className={button}
                    onClick={() => onChange(items.filter((_, i) => i !== index))}
                  >
                    {t("remove")}
                    <span className="sr-only"> {name}</span>
                  </button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className="rounded-full border border-border px-3 py-1.5 text-sm font-semibold hover:bg-surface-strong"
        onClick={() => onChange([...items, makeItem()])}
      >
        {t("add")}
        <span className="sr-only"> {legend}</span>
      </button>
    </fieldset>
  );
}
