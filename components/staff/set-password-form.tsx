"use client";

import { useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { IntentLink } from "@/components/ui/intent-link";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { ApiError } from "@/lib/http/api-client";
import { staffApi } from "./staff-api";

/** Sets a password with a single-use invite or reset link (docs/product.md#staff-accounts). */
export function SetPasswordForm({ token }: { token: string }) {
  const t = useTranslations("Staff.Password");
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [isDone, setIsDone] = useState(false);
  const [isBusy, setIsBusy] = useState(false);

  /** The catalogue's words for the API's answer (its own messages are English). */
  function errorText(caught: unknown): string {
    if (!(caught instanceof ApiError)) return t("failed");
    if (caught.code === "gone") return t("linkGone");
    if (caught.code === "throttled") return t("throttled");
    if (caught.code === "validation") {
      if (caught.fields?.token) return t("linkGone");
      if (caught.fields?.password) return t("invalidPassword");
    }
    return t("failed");
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (password.length < 10) return setError(t("tooShort"));
    if (password.length > 200) return setError(t("invalidPassword"));
    if (password !== repeat) return setError(t("mismatch"));
    setIsBusy(true);
    setError(null);
    try {
      await staffApi.setPassword({ token, password });
      setIsDone(true);
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setIsBusy(false);
    }
  }

  if (isDone)
    return (
      <div className="space-y-4" role="status">
        <p>{t("done")}</p>
        <IntentLink href="/crm" className="font-semibold text-accent-text underline">
          {t("signIn")}
        </IntentLink>
      </div>
    );

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <Field id="new-password" label={t("passwordLabel")} hint={t("passwordHint")} isRequired>
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        )}
      </Field>
      <Field id="repeat-password" label={t("repeatLabel")} isRequired>
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="new-password"
            value={repeat}
            onChange={(event) => setRepeat(event.target.value)}
          />
        )}
      </Field>
      <p role="alert" className="min-h-5 text-sm font-medium text-red-700 dark:text-red-300">
        {error}
      </p>
      <Button type="submit" isBusy={isBusy} className="w-full">
        {t("submit")}
      </Button>
    </form>
  );
}
