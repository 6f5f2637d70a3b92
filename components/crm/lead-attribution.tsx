import { useFormatter, useTranslations } from "next-intl";
import type { AttributionDto, TouchDto } from "@/lib/leads/lead-attribution.schema";

const CHANNELS = ["organic", "direct", "social", "referral", "email", "paid", "campaign"] as const;
const isChannel = (value: string | null): value is (typeof CHANNELS)[number] =>
  (CHANNELS as readonly (string | null)[]).includes(value);
const UTM_KEYS = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"] as const;

/** The lead panel's "where they came from": first and last touch before converting (docs/product.md#attribution). */
export function LeadAttribution({ attribution }: { attribution: AttributionDto }) {
  const t = useTranslations("Crm.attribution");
  const format = useFormatter();
  const { first_touch: first, last_touch: last } = attribution;

  const channel = (touch: TouchDto) =>
    isChannel(touch.channel) ? t(`channels.${touch.channel}`) : t("channels.unknown");
  const source = (touch: TouchDto) =>
    touch.referrer_host
      ? t("sourceWithHost", { host: touch.referrer_host, channel: channel(touch) })
      : channel(touch);

  const touchList = (title: string, touch: TouchDto) => (
    <div className="space-y-1">
      <h4 className="text-xs font-semibold tracking-wide text-muted uppercase">{title}</h4>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted">{t("fields.source")}</dt>
        <dd className="break-words">{source(touch)}</dd>
        {touch.landing_page && (
          <>
            <dt className="text-muted">{t("fields.landing_page")}</dt>
            <dd className="break-words">{touch.landing_page}</dd>
          </>
        )}
        {UTM_KEYS.filter((key) => touch[key]).map((key) => (
          <div key={key} className="contents">
            <dt className="text-muted">{t(`fields.${key}`)}</dt>
            <dd className="break-words">{touch[key]}</dd>
          </div>
        ))}
        {touch.at && (
          <>
            <dt className="text-muted">{t("fields.at")}</dt>
            <dd>
              {format.dateTime(new Date(touch.at), { dateStyle: "medium", timeStyle: "short" })}
            </dd>
          </>
        )}
      </dl>
    </div>
  );

  return (
    <div className="space-y-2" data-testid="lead-attribution">
      <h3 className="text-sm font-semibold">{t("title")}</h3>
      {!first || !last ? (
        <p className="text-sm text-muted">{t("unknown")}</p>
      ) : (
        <>
          <p className="text-sm">
            {attribution.verified && attribution.visits !== null && first.landing_page
              ? t("summary", {
                  source: source(first),
                  page: first.landing_page,
                  visits: attribution.visits,
                  days: attribution.days_to_convert ?? 0,
                })
              : t("unverified")}
          </p>
          {touchList(t("firstTouch"), first)}
          {attribution.verified && touchList(t("lastTouch"), last)}
        </>
      )}
    </div>
  );
}
