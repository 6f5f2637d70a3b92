"use client";

import { useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { ApiError } from "@/lib/http/api-client";
import { staffApi } from "./staff-api";

/** Two-factor enrolment: scan the QR code (or type the key), confirm a code, keep the backup codes. */
export function TwoFactorSetup({ hasTwoFactor }: { hasTwoFactor: boolean }) {
  const t = useTranslations("Staff.TwoFactor");
  const router = useRouter();
  const [setup, setSetup] = useState<{ secret: string; qr: string } | null>(null);
  const [code, setCode] = useState("");
  const [backupCodes, setBackupCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  async function start() {
    setIsBusy(true);
    setError(null);
    try {
      const started = await staffApi.startTwoFactor();
      setSetup({
        secret: started.secret,
        qr: `data:image/svg+xml;base64,${btoa(started.qr_svg)}`,
      });
    } catch {
      setError(t("failed"));
    } finally {
      setIsBusy(false);
    }
  }

  async function confirm(event: FormEvent) {
    event.preventDefault();
    setIsBusy(true);
    setError(null);
    try {
      const { backup_codes } = await staffApi.confirmTwoFactor(code.trim());
      setBackupCodes(backup_codes);
    } catch (caught) {
      setError(
        caught instanceof ApiError && caught.code === "validation"
          ? t("wrongCode")
          : caught instanceof ApiError && caught.code === "conflict"
            ? t("startAgain")
            : t("failed"),
      );
    } finally {
      setIsBusy(false);
    }
  }

  if (backupCodes)
    return (
      <section aria-labelledby="backup-title" className="space-y-3" role="status">
        <h2 id="backup-title" className="text-lg font-semibold">
          {t("backupTitle")}
        </h2>
        <p>{t("backupIntro")}</p>
        <ul aria-label={t("backupTitle")} className="grid grid-cols-2 gap-2 font-mono">
          {backupCodes.map((backup) => (
            <li key={backup} className="rounded border border-border px-2 py-1">
              {backup}
            </li>
          ))}
        </ul>
        <Button type="button" onClick={() => router.push("/crm")}>
          {t("continue")}
        </Button>
      </section>
    );

  if (hasTwoFactor) return <p>{t("isOn")}</p>;

  if (!setup)
    return (
      <div className="space-y-3">
        <p>{t("intro")}</p>
        <Button type="button" isBusy={isBusy} onClick={start}>
          {t("start")}
        </Button>
        <p role="alert" className="min-h-5 text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      </div>
    );

  return (
    <form onSubmit={confirm} noValidate className="space-y-4">
      <p>{t("scan")}</p>
      {/* eslint-disable-next-line @next/next/no-img-element -- a generated data: image, nothing to optimise */}
      <img src={setup.qr} alt={t("qrAlt")} width={200} height={200} className="bg-white p-2" />
      <p className="text-sm">
        {t("keyLabel")} <code className="font-mono break-all">{setup.secret}</code>
      </p>
      <Field id="totp-code" label={t("codeLabel")} isRequired>
        {(control) => (
          <Input
            {...control}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        )}
      </Field>
      <p role="alert" className="min-h-5 text-sm font-medium text-red-700 dark:text-red-300">
        {error}
      </p>
      <Button type="submit" isBusy={isBusy}>
        {t("confirm")}
      </Button>
    </form>
  );
}
