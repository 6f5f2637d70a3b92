"use client";

import { useState, type FormEvent } from "react";
import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { Logo } from "@/components/site/logo";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { ApiError } from "@/lib/http/api-client";
import { STAFF_LOCALE_COOKIE } from "@/lib/staff/staff-paths";
import { staffApi } from "./staff-api";

/**
 * Lock screen (docs/product.md#lock-screen): e-mail and password, then the authenticator (or backup) code
 * when the account has two-factor; checked on the server, and the page reloads itself once signed in.
 */
export function LockScreen({
  brand,
  isUnavailable = false,
}: {
  brand: string;
  /** The page could not reach the database: say so before anyone types a password. */
  isUnavailable?: boolean;
}) {
  const t = useTranslations("Staff");
  const locale = useLocale();
  const router = useRouter();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [isCodeStep, setIsCodeStep] = useState(false);
  const [error, setError] = useState<string | null>(() =>
    isUnavailable ? t("serviceUnavailable") : null,
  );
  const [notice, setNotice] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);

  function messageFor(caught: unknown): string {
    if (!(caught instanceof ApiError) || caught.isNetworkFailure) return t("networkError");
    if (caught.status === 429)
      return t("throttled", {
        minutes: Math.max(1, Math.ceil((caught.retryAfterSeconds ?? 60) / 60)),
      });
    if (caught.status === 400) return t("SignIn.enterBoth");
    if (caught.status === 401) return t("SignIn.wrong");
    // Any server-side failure (the database down, 503) is never reported as a wrong password.
    return t("serviceUnavailable");
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    if (email.trim() === "" || password === "") {
      setError(t("SignIn.enterBoth"));
      return;
    }
    if (isCodeStep && code.trim() === "") {
      setError(t("SignIn.enterCode"));
      return;
    }
    setIsSubmitting(true);
    setError(null);
    try {
      await staffApi.signIn({
        email: email.trim(),
        password,
        ...(isCodeStep ? { code: code.trim() } : {}),
      });
      setPassword("");
      setCode("");
      router.refresh();
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 428) {
        setIsCodeStep(true);
      } else {
        setError(messageFor(caught));
      }
    } finally {
      setIsSubmitting(false);
    }
  }

  /** Signed out there is no account yet: the browser keeps the choice, and signing in makes it the account's. */
  function switchLanguage() {
    const next = locale === "en" ? "es" : "en";
    document.cookie = `${STAFF_LOCALE_COOKIE}=${next}; Path=/; Max-Age=31536000; SameSite=Lax`;
    router.refresh();
  }

  async function forgot() {
    setError(null);
    setNotice(null);
    if (email.trim() === "") {
      setError(t("SignIn.enterEmailFirst"));
      return;
    }
    try {
      const { email_configured } = await staffApi.forgotPassword(email.trim());
      setNotice(email_configured ? t("SignIn.resetSent") : t("SignIn.askOwner"));
    } catch (caught) {
      setError(
        caught instanceof ApiError && caught.status === 400
          ? t("SignIn.enterEmailFirst")
          : messageFor(caught),
      );
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
        <div className="flex items-center justify-between gap-3">
          <Logo name={brand} />
          <button
            type="button"
            onClick={switchLanguage}
            lang={locale === "en" ? "es" : "en"}
            className="rounded-md px-2 py-1.5 text-sm font-medium text-muted hover:text-foreground"
          >
            {locale === "en" ? "ES" : "EN"}
            <span className="sr-only">
              {" "}
              {locale === "en" ? t("switchToSpanish") : t("switchToEnglish")}
            </span>
          </button>
        </div>
        <div className="space-y-1">
          <h1 id="lock-title" className="font-display text-2xl font-semibold tracking-tight">
            {t("lockTitle", { brand })}
          </h1>
          <p className="text-sm text-muted">
            {isCodeStep ? t("SignIn.codePrompt") : t("SignIn.prompt")}
          </p>
        </div>
        {!isCodeStep && (
          <>
            <Field id="staff-email" label={t("SignIn.emailLabel")} isRequired>
              {(control) => (
                <Input
                  {...control}
                  name="email"
                  type="email"
                  autoComplete="username"
                  autoFocus
                  value={email}
                  maxLength={254}
                  onChange={(event) => setEmail(event.target.value)}
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
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? "staff-lock-error" : undefined}
                />
              )}
            </Field>
          </>
        )}
        {isCodeStep && (
          <Field
            id="staff-code"
            label={t("SignIn.codeLabel")}
            hint={t("SignIn.codeHint")}
            isRequired
          >
            {(control) => (
              <Input
                {...control}
                name="code"
                autoComplete="one-time-code"
                inputMode="text"
                autoFocus
                value={code}
                maxLength={40}
                onChange={(event) => setCode(event.target.value)}
                aria-invalid={error ? true : undefined}
              />
            )}
          </Field>
        )}
        <p
          id="staff-lock-error"
          role="alert"
          className="min-h-5 text-sm font-medium text-red-700 dark:text-red-300"
        >
          {error}
        </p>
        {notice && (
          <p role="status" className="text-sm">
            {notice}
          </p>
        )}
        <Button type="submit" isBusy={isSubmitting} className="w-full">
          {isSubmitting ? t("unlocking") : t("unlock")}
        </Button>
        {!isCodeStep && (
          <Button type="button" variant="secondary" className="w-full" onClick={forgot}>
            {t("SignIn.forgot")}
          </Button>
        )}
      </form>
    </main>
  );
}
