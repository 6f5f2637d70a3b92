import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import { StaffShellHeader } from "@/app/(staff)/_components/staff-shell-header";
import { ArticleEditor } from "@/components/content/article-editor";
import { LockScreen } from "@/components/staff/lock-screen";
import { getArticle } from "@/lib/content/article.service";
import { AppError } from "@/lib/http/app-error";
import { site } from "@/lib/site";
import { getStaffLocale } from "@/lib/staff/staff-locale";
import { getStaffAccess } from "@/lib/staff/staff-page";
import { isManager } from "@/lib/staff/staff-roles";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations({ locale: await getStaffLocale(), namespace: "ContentStudio" });
  return { title: `${t("editTitle")} · ${site.name}` };
}

/** One article in the editor, both languages side by side. */
export default async function EditArticlePage({ params }: PageProps<"/crm/content/[id]">) {
  const { session, isUnavailable } = await getStaffAccess();
  if (!session) return <LockScreen brand={site.name} isUnavailable={isUnavailable} />;
  const { id } = await params;
  if (!/^[0-9a-f-]{36}$/i.test(id)) notFound();
  const article = await getArticle(id).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "not_found") notFound();
    throw error;
  });
  const t = await getTranslations({ locale: await getStaffLocale(), namespace: "ContentStudio" });
  return (
    <>
      <StaffShellHeader session={session} title={t("title")} />
      <ArticleEditor article={article} canPublish={isManager(session)} />
    </>
  );
}
