import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Logo } from "@/components/site/logo";
import { SetPasswordForm } from "@/components/staff/set-password-form";
import { site } from "@/lib/site";
import { getStaffLocale } from "@/lib/staff/staff-locale";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations({ locale: await getStaffLocale(), namespace: "Staff.Password" });
  return { title: `${t("title")} · ${site.name}` };
}

/** Where an invite or reset link lands: no session needed, the link's token is the proof (checked on submit). */
export default async function SetPasswordPage({ searchParams }: PageProps<"/crm/password">) {
  const { token } = await searchParams;
  const t = await getTranslations({ locale: await getStaffLocale(), namespace: "Staff.Password" });
  return (
    <main className="flex min-h-dvh items-center justify-center px-4 py-16">
      <div className="w-full max-w-sm space-y-5 rounded-2xl border border-border bg-background p-8 shadow-sm">
        <Logo name={site.name} />
        <h1 className="font-display text-2xl font-semibold tracking-tight">{t("title")}</h1>
        {typeof token === "string" && token.length >= 20 && token.length <= 100 ? (
          <SetPasswordForm token={token} />
        ) : (
          <p role="alert">{t("linkGone")}</p>
        )}
      </div>
    </main>
  );
}
