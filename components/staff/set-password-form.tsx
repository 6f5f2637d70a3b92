"use client";

import { useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import Link from "next/link";
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

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (password.length < 10) return setError(t("tooShort"));
    if (password !== repeat) return setError(t("mismatch"));
    setIsBusy(true);
    setError(null);
    try {
      await staffApi.setPassword({ token, password });
      setIsDone(true);
    } catch (caught) {
      setError(
        caught instanceof ApiError && caught.status === 410
          ? t("linkGone")
          : caught instanceof ApiError && caught.status === 400
            ? t("tooShort")
            : t("failed"),
      );
    } finally {
      setIsBusy(false);
    }
  }

  if (isDone)
    return (
      <div className="space-y-4" role="status">
        <p>{t("done")}</p>
        <Link href="/crm" className="font-semibold text-accent-text underline">
          {t("signIn")}
        </Link>
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
