"use client";

import { Fragment, useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { IntentLink } from "@/components/ui/intent-link";
import { Select } from "@/components/ui/select";
import type { OpenWork } from "@/lib/crm/open-work.schema";
import { ApiError } from "@/lib/http/api-client";
import { STAFF_ROLES, type StaffRole } from "@/lib/staff/roles";
import type { StaffAccountDto, TUpdateAccount } from "@/lib/staff/staff-auth.schema";
import { staffApi } from "./staff-api";

type InviteFieldErrors = { email?: string; name?: string; role?: string };

/** The owner's accounts page: invite, change role, deactivate, unlock, reset two-factor, issue a password link. */
export function AccountsManager({
  initialAccounts,
  openWork,
  initialRequireTwoFactor,
  selfId,
}: {
  initialAccounts: StaffAccountDto[];
  /** Open leads, tasks and upcoming meetings per account id, read when the page was loaded (accounts with none are absent). */
  openWork: Record<string, OpenWork>;
  initialRequireTwoFactor: boolean;
  selfId: string;
}) {
  const t = useTranslations("Staff.Accounts");
  const tError = useTranslations("Staff.AccountErrors");
  const [accounts, setAccounts] = useState(initialAccounts);
  const [requireTwoFactor, setRequireTwoFactor] = useState(initialRequireTwoFactor);
  const [email, setEmail] = useState("");
  const [name, setName] = useState("");
  const [role, setRole] = useState<StaffRole>("sales");
  const [link, setLink] = useState<{ label: string; url: string } | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<InviteFieldErrors>({});
  const [isBusy, setIsBusy] = useState(false);

  /**
   * The catalogue's words for an API error (the API's own messages are English): by error code, and for a
   * conflict by what was being done, since each action has one way to conflict.
   */
  const errorText = (
    caught: unknown,
    conflict: "emailTaken" | "lastOwner" | "ownTwoFactorFirst",
  ) => {
    if (!(caught instanceof ApiError)) return t("failed");
    switch (caught.code) {
      case "conflict":
        return tError(conflict);
      case "validation":
        return tError("validation");
      case "not_found":
        return tError("notFound");
      case "forbidden":
        return tError("forbidden");
      case "unauthenticated":
        return tError("signedOut");
      case "throttled":
        return tError("throttled");
      default:
        return t("failed");
    }
  };

  /** Field errors of the invite form, in the page's language (checked here first, then by the API). */
  function inviteFieldErrors(fields: Record<string, string[] | undefined>): InviteFieldErrors {
    return {
      email: fields.email ? tError("email") : undefined,
      name: fields.name ? tError("name") : undefined,
      role: fields.role ? tError("role") : undefined,
    };
  }

  async function invite(event: FormEvent) {
    event.preventDefault();
    setIsBusy(true);
    setError(null);
    setMessage(null);
    setLink(null);
    const local = inviteFieldErrors({
      email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim()) ? undefined : ["invalid"],
      name: name.trim() ? undefined : ["missing"],
    });
    setFieldErrors(local);
    if (local.email || local.name) {
      setIsBusy(false);
      return;
    }
    try {
      const result = await staffApi.invite({ email: email.trim(), name: name.trim(), role });
      setAccounts((list) => [...list, result.account]);
      if (result.invite_url)
        setLink({ label: t("inviteLink", { name: result.account.name }), url: result.invite_url });
      else setMessage(t("inviteSent", { email: result.account.email }));
      setEmail("");
      setName("");
    } catch (caught) {
      if (caught instanceof ApiError && caught.fields)
        setFieldErrors(
          caught.code === "conflict"
            ? { email: tError("emailTaken") }
            : inviteFieldErrors(caught.fields),
        );
      setError(errorText(caught, "emailTaken"));
    } finally {
      setIsBusy(false);
    }
  }

  async function change(account: StaffAccountDto, body: TUpdateAccount) {
    setError(null);
    setMessage(null);
    setLink(null);
    try {
      const result = await staffApi.updateAccount(account.id, body);
      setAccounts((list) => list.map((item) => (item.id === account.id ? result.account : item)));
      if (result.reset_url)
        setLink({ label: t("resetLink", { name: account.name }), url: result.reset_url });
      else setMessage(t("saved", { name: account.name }));
    } catch (caught) {
      setError(errorText(caught, "lastOwner"));
    }
  }

  async function toggleRequire(value: boolean) {
    setError(null);
    try {
      await staffApi.setRequireTwoFactor(value);
      setRequireTwoFactor(value);
    } catch (caught) {
      setError(errorText(caught, "ownTwoFactorFirst"));
    }
  }

  return (
    <div className="space-y-8">
      <section
        aria-labelledby="invite-title"
        className="space-y-4 rounded-2xl border border-border bg-background p-6"
      >
        <h2 id="invite-title" className="text-lg font-semibold">
          {t("inviteTitle")}
        </h2>
        <form onSubmit={invite} noValidate className="grid gap-4 sm:grid-cols-4 sm:items-end">
          <Field id="invite-email" label={t("email")} error={fieldErrors.email} isRequired>
            {(control) => (
              <Input
                {...control}
                type="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            )}
          </Field>
          <Field id="invite-name" label={t("name")} error={fieldErrors.name} isRequired>
            {(control) => (
              <Input {...control} value={name} onChange={(e) => setName(e.target.value)} />
            )}
          </Field>
          <Field id="invite-role" label={t("role")} error={fieldErrors.role}>
            {(control) => (
              <Select
                {...control}
                value={role}
                onChange={(e) => setRole(e.target.value as StaffRole)}
              >
                {STAFF_ROLES.map((value) => (
                  <option key={value} value={value}>
                    {t(`roles.${value}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Button type="submit" isBusy={isBusy}>
            {t("invite")}
          </Button>
        </form>
      </section>

      <div aria-live="polite" className="space-y-2">
        {error && (
          <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
            {error}
          </p>
        )}
        {message && <p className="text-sm">{message}</p>}
        {link && (
          <p className="text-sm">
            {link.label}{" "}
            <a href={link.url} className="font-mono break-all text-accent-text underline">
              {link.url}
            </a>
          </p>
        )}
      </div>

      <Checkbox
        label={t("requireTwoFactor")}
        checked={requireTwoFactor}
        onChange={(event) => void toggleRequire(event.target.checked)}
      />

      {/* Below 768 px each account is a stack (who, role, state, then its actions on full-width rows), not four
          squeezed columns: an owner on a phone reaches every action without scrolling a box sideways. */}
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm max-md:block">
          <caption className="sr-only">{t("tableCaption")}</caption>
          <thead className="max-md:sr-only">
            <tr className="border-b border-border">
              <th scope="col" className="py-2 pr-3">
                {t("name")}
              </th>
              <th scope="col" className="py-2 pr-3">
                {t("role")}
              </th>
              <th scope="col" className="py-2 pr-3">
                {t("status")}
              </th>
              <th scope="col" className="py-2">
                {t("actions")}
              </th>
            </tr>
          </thead>
          <tbody className="max-md:block">
            {accounts.map((account) => (
              <tr
                key={account.id}
                className="border-b border-border align-top max-md:block max-md:py-3"
              >
                <td className="py-3 pr-3 max-md:block max-md:py-1 max-md:pr-0">
                  <span className="font-medium">{account.name}</span>
                  <br />
                  <span className="[overflow-wrap:anywhere] text-muted">{account.email}</span>
                </td>
                <td className="py-3 pr-3 max-md:block max-md:py-1 max-md:pr-0">
                  <Select
                    // Wide enough to read its role: the table scrolls in its box rather than squeeze it.
                    className="min-w-36"
                    aria-label={t("roleOf", { name: account.name })}
                    value={account.role}
                    disabled={account.id === selfId}
                    onChange={(e) => void change(account, { role: e.target.value as StaffRole })}
                  >
                    {STAFF_ROLES.map((value) => (
                      <option key={value} value={value}>
                        {t(`roles.${value}`)}
                      </option>
                    ))}
                  </Select>
                </td>
                <td className="py-3 pr-3 max-md:block max-md:py-1 max-md:pr-0">
                  {[
                    account.active ? t("active") : t("inactive"),
                    account.is_pending ? t("pending") : null,
                    account.is_locked ? t("locked") : null,
                    account.has_two_factor ? t("twoFactorOn") : null,
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                  {!account.active && <LeftOpen id={account.id} work={openWork[account.id]} />}
                </td>
                <td className="py-3 max-md:block max-md:pt-2 max-md:pb-0">
                  {/* A flex box inside the cell: a cell that is itself a flex box leaves the table's layout. */}
                  <div className="flex flex-wrap gap-2">
                    {account.id !== selfId && (
                      <Button
                        type="button"
                        size="sm"
                        variant={account.active ? "danger" : "secondary"}
                        onClick={() => void change(account, { active: !account.active })}
                      >
                        {account.active
                          ? t("deactivate", { name: account.name })
                          : t("reactivate", { name: account.name })}
                      </Button>
                    )}
                    {account.is_locked && (
                      <Button
                        type="button"
                        size="sm"
                        variant="secondary"
                        onClick={() => void change(account, { unlock: true })}
                      >
                        {t("unlock", { name: account.name })}
                      </Button>
                    )}
                    {account.has_two_factor && (
                      <Button
                        type="button"
                        size="sm"
                        variant="secondary"
                        onClick={() => void change(account, { reset_two_factor: true })}
                      >
                        {t("resetTwoFactor", { name: account.name })}
                      </Button>
                    )}
                    <Button
                      type="button"
                      size="sm"
                      variant="secondary"
                      onClick={() => void change(account, { reset_password: true })}
                    >
                      {t("resetPassword", { name: account.name })}
                    </Button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/**
 * What a deactivated account still owns, each part a link to that work where it can be handed over:
 * nobody signs in as them, so without this their leads, tasks and meetings would wait unseen.
 */
function LeftOpen({ id, work }: { id: string; work: OpenWork | undefined }) {
  const t = useTranslations("Staff.Accounts");
  if (!work) return null;
  const parts = [
    { count: work.leads, href: `/crm?owner=${id}`, label: t("openLeads", { count: work.leads }) },
    {
      count: work.tasks,
      href: `/crm?tab=tasks&assignee=${id}`,
      label: t("openTasks", { count: work.tasks }),
    },
    {
      count: work.meetings,
      href: `/crm/meetings?whose=${id}&span=upcoming`,
      label: t("upcomingMeetings", { count: work.meetings }),
    },
  ].filter((part) => part.count > 0);
  return (
    <p className="mt-1 max-w-xs text-sm" data-testid="account-open-work">
      {t("leftOpen")}{" "}
      {parts.map((part, index) => (
        <Fragment key={part.href}>
          {index > 0 && " · "}
          <IntentLink
            href={part.href}
            className="font-medium whitespace-nowrap text-accent-text underline underline-offset-2"
          >
            {part.label}
          </IntentLink>
        </Fragment>
      ))}
    </p>
  );
}
