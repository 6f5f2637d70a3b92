import type { Metadata } from "next";
import { hasLocale } from "next-intl";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { notFound } from "next/navigation";
import { JobCard } from "@/components/careers/job-card";
import { StandaloneFrame } from "@/components/frame/standalone-frame";
import { JsonLd } from "@/components/seo/json-ld";
import { Breadcrumb, breadcrumbJsonLd } from "@/components/ui/breadcrumb";
import { getJobContent } from "@/lib/careers/job-content";
import { listedJobs } from "@/lib/careers/careers.service";
import { careersMailto, careersPath } from "@/lib/careers/jobs";
import { routing } from "@/lib/i18n/routing";
import { buildPageMetadata, localizedPath } from "@/lib/seo/metadata";
import { defaultSocialImage } from "@/lib/seo/social-image";
import { site } from "@/lib/site";

// Only the two locales (the layout's generateStaticParams): any other first segment is unmatched and
// answered by app/global-not-found.tsx (tests/unit/site/not-found-reach.test.ts).
export const dynamicParams = false;

// Jobs are records: rebuilt when one opens, changes or closes (lib/content/revalidate.ts), and at most
// about 30 seconds stale elsewhere, so a role whose end date passes also leaves the list without a deployment.
// 30 s: an instance serves one stale copy while it rebuilds, so a change shows everywhere within a minute.
export const revalidate = 30;

export async function generateMetadata({
  params,
}: PageProps<"/[locale]/careers">): Promise<Metadata> {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) return {};
  const t = await getTranslations({ locale, namespace: "Careers" });
  const tMeta = await getTranslations({ locale, namespace: "Metadata" });
  return buildPageMetadata({
    locale,
    pathname: careersPath(),
    title: t("metaTitle", { brand: site.name }),
    description: t("metaDescription", { brand: site.name }),
    image: defaultSocialImage(tMeta("socialImageAlt", { brand: site.name })),
  });
}

export default async function CareersPage({ params }: PageProps<"/[locale]/careers">) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: "Careers" });
  const tTrail = await getTranslations({ locale, namespace: "BreadcrumbNav" });
  const tImage = await getTranslations({ locale, namespace: "LazyImage" });
  // Closed roles keep their pages but leave the list; so does a role not written in this language.
  const jobs = await listedJobs(locale);
  const contents = await Promise.all(jobs.map((job) => getJobContent(locale, job)));
  const trail = [
    { label: tTrail("home"), href: localizedPath("/", locale) },
    { label: t("breadcrumb") },
  ];

  return (
    <StandaloneFrame locale={locale}>
      <JsonLd data={breadcrumbJsonLd(trail, localizedPath(careersPath(), locale), site.siteUrl)} />
      <div className="mx-auto max-w-6xl px-4 pt-6 sm:px-6">
        <Breadcrumb label={tTrail("label")} items={trail} />
      </div>
      <section className="mx-auto max-w-6xl px-4 pt-10 pb-12 sm:px-6 sm:pt-16">
        <p className="text-sm font-semibold tracking-widest text-accent-text uppercase">
          {t("eyebrow", { brand: site.name })}
        </p>
        <h1 className="mt-3 max-w-3xl font-display text-4xl font-semibold tracking-tight text-balance sm:text-5xl">
          {t("title")}
        </h1>
        <p className="mt-5 max-w-2xl text-lg text-muted">{t("lead")}</p>
      </section>
      <section aria-labelledby="open-roles" className="border-t border-border bg-surface">
        <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
          <h2 id="open-roles" className="font-display text-2xl font-semibold tracking-tight">
            {t("openRoles")}
          </h2>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2">
            {jobs.map((job, index) => (
              <li key={job.id} className="flex">
                <JobCard
                  job={job}
                  content={contents[index]!}
                  href={localizedPath(careersPath(job.id), locale)}
                  postedText={t("posted", { date: contents[index]!.postedLabel })}
                  applyText={t("applyNow")}
                  imageFailedText={tImage("failed")}
                  isPriority={index === 0}
                />
              </li>
            ))}
          </ul>
          <aside
            aria-labelledby="no-fit"
            className="mt-12 rounded-2xl border border-dashed border-border bg-background p-6 sm:p-8"
          >
            <h2 id="no-fit" className="font-display text-xl font-semibold">
              {t("noFitTitle")}
            </h2>
            <p className="mt-2 max-w-2xl text-muted">
              {t.rich("noFitBody", {
                email: site.careersEmail,
                mail: (chunks) => (
                  <a
                    href={careersMailto(site.careersEmail)}
                    className="font-medium text-highlight underline underline-offset-4"
                  >
                    {chunks}
                  </a>
                ),
              })}
            </p>
          </aside>
        </div>
      </section>
    </StandaloneFrame>
  );
}
