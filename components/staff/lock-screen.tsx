"use client";

import { useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { Logo } from "@/components/site/logo";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { ApiError } from "@/lib/http/api-client";
import { staffApi } from "./staff-api";

/** Lock screen (docs/product.md#lock-screen): one shared password, checked on the server; the page reloads itself once unlocked. */
export function LockScreen({
  brand,
  isUnavailable = false,
}: {
  brand: string;
  /** The page could not reach the database: say so before anyone types a password. */
  isUnavailable?: boolean;
}) {
  const t = useTranslations("Staff");
  const router = useRouter();
  const [password, setPassword] = useState("");
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(() =>
    isUnavailable ? t("serviceUnavailable") : null,
  );
  const [isSubmitting, setIsSubmitting] = useState(false);

  function messageFor(caught: unknown): string {
    if (!(caught instanceof ApiError) || caught.isNetworkFailure) return t("networkError");
    if (caught.status === 429)
      return t("throttled", {
        minutes: Math.max(1, Math.ceil((caught.retryAfterSeconds ?? 60) / 60)),
      });
    if (caught.status === 400) return t("enterPassword");
    if (caught.status === 401) return t("incorrectPassword");
    // Any server-side failure (the database down, 503) is never reported as a wrong password.
    return t("serviceUnavailable");
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (password.trim() === "") {
      setError(t("enterPassword"));
      return;
    }
    setIsSubmitting(true);
    setError(null);
    try {
      await staffApi.unlock({ password, ...(name.trim() ? { name: name.trim() } : {}) });
      setPassword("");
      router.refresh();
    } catch (caught) {
      setError(messageFor(caught));
    } finally {
      setIsSubmitting(false);
    }
  }

  return (
    <main className="flex min-h-dvh items-center justify-center px-4 py-16">
      <form
        onSubmit={submit}
        noValidate
        className="w-full max-w-sm space-y-5 rounded-2xl border border-border bg-background p-8 shadow-sm"
        aria-labelledby="lock-title"
      >
        <Logo name={brand} />
        <div className="space-y-1">
          <h1 id="lock-title" className="font-display text-2xl font-semibold tracking-tight">
            {t("lockTitle", { brand })}
          </h1>
          <p className="text-sm text-muted">{t("lockPrompt")}</p>
        </div>
        <Field id="staff-name" label={t("nameLabel")} hint={t("nameHint")}>
          {(control) => (
            <Input
              {...control}
              name="name"
              autoComplete="name"
              value={name}
              maxLength={80}
              onChange={(event) => setName(event.target.value)}
            />
          )}
        </Field>
        <Field id="staff-password" label={t("passwordLabel")} isRequired>
          {(control) => (
            <Input
              {...control}
              name="password"
              type="password"
              autoComplete="current-password"
              autoFocus
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "staff-lock-error" : undefined}
            />
          )}
        </Field>
        <p
          id="staff-lock-error"
          role="alert"
          className="min-h-5 text-sm font-medium text-red-700 dark:text-red-300"
        >
          {error}
        </p>
        <Button type="submit" isBusy={isSubmitting} className="w-full">
          {isSubmitting ? t("unlocking") : t("unlock")}
        </Button>
      </form>
    </main>
  );
}
