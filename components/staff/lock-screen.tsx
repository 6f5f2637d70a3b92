"use client";

import { useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { Logo } from "@/components/site/logo";

/** Lock screen (docs/product.md#lock-screen): one shared password, checked on the server; the page reloads itself once unlocked. */
export function LockScreen({ brand }: { brand: string }) {
  const t = useTranslations("Staff");
  const router = useRouter();
  const [password, setPassword] = useState("");
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (password.trim() === "") {
      setError(t("enterPassword"));
      return;
    }
    setIsSubmitting(true);
    setError(null);
    try {
      const response = await fetch("/api/crm/auth", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ password, ...(name.trim() ? { name: name.trim() } : {}) }),
      });
      if (response.ok) {
        setPassword("");
        router.refresh();
        return;
      }
      if (response.status === 429) {
        const seconds = Number(response.headers.get("retry-after") ?? 60);
        setError(t("throttled", { minutes: Math.max(1, Math.ceil(seconds / 60)) }));
      } else if (response.status === 400) {
        setError(t("enterPassword"));
      } else {
        // The server's own words when it gives them, else the generic text.
        const body = (await response.json().catch(() => null)) as { detail?: string } | null;
        setError(
          response.status === 401
            ? t("incorrectPassword")
            : (body?.detail ?? t("incorrectPassword")),
        );
      }
    } catch {
      setError(t("networkError"));
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
        <div className="space-y-1.5">
          <label htmlFor="staff-name" className="block text-sm font-medium">
            {t("nameLabel")}
          </label>
          <input
            id="staff-name"
            name="name"
            autoComplete="name"
            value={name}
            maxLength={80}
            onChange={(event) => setName(event.target.value)}
            aria-describedby="staff-name-hint"
            className="w-full rounded-lg border border-border bg-background px-3 py-2"
          />
          <p id="staff-name-hint" className="text-xs text-muted">
            {t("nameHint")}
          </p>
        </div>
        <div className="space-y-1.5">
          <label htmlFor="staff-password" className="block text-sm font-medium">
            {t("passwordLabel")}
          </label>
          <input
            id="staff-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            autoFocus
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "staff-lock-error" : undefined}
            className="w-full rounded-lg border border-border bg-background px-3 py-2"
          />
        </div>
        <p
          id="staff-lock-error"
          role="alert"
          className="min-h-5 text-sm font-medium text-red-700 dark:text-red-300"
        >
          {error}
        </p>
        <button
          type="submit"
          disabled={isSubmitting}
          className="w-full rounded-full bg-accent px-4 py-2.5 font-semibold text-on-accent transition hover:brightness-110 disabled:opacity-60"
        >
          {isSubmitting ? t("unlocking") : t("unlock")}
        </button>
      </form>
    </main>
  );
}
