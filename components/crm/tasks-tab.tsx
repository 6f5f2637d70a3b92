"use client";

import { useEffect, useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { TASK_STATUSES, type LeadDto, type TaskDto, type TaskStatus } from "@/lib/crm/crm.schema";
import { crmApi } from "./crm-api";
import { LoadError } from "./load-error";
import { useFailureToast } from "./use-failure-toast";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";

export function TasksTab() {
  const t = useTranslations("Crm");
  const failed = useFailureToast();
  const [tasks, setTasks] = useState<TaskDto[] | null>(null);
  const [leads, setLeads] = useState<LeadDto[]>([]);
  const [hasError, setHasError] = useState(false);
  const [title, setTitle] = useState("");
  const [leadId, setLeadId] = useState("");
  const [status, setStatus] = useState<TaskStatus>("todo");

  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let isCurrent = true;
    // The lead selector offers the newest leads; tasks show their own lead's name whatever its age.
    Promise.all([crmApi.listTasks(), crmApi.listLeads({})]).then(
      ([taskList, leadPage]) => {
        if (!isCurrent) return;
        setTasks(taskList);
        setLeads(leadPage.leads);
        setHasError(false);
      },
      () => isCurrent && setHasError(true),
    );
    return () => {
      isCurrent = false;
    };
  }, [attempt]);

  async function create(event: FormEvent) {
    event.preventDefault();
    // Without both a title and a lead nothing happens.
    if (!title.trim() || !leadId) return;
    const lead = leads.find((l) => l.id === leadId);
    const pending: TaskDto = {
      id: `pending-${Date.now()}`,
      title: title.trim(),
      lead_id: leadId,
      lead_name: lead ? lead.name || lead.email : null,
      status,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    };
    setTasks((current) => [pending, ...(current ?? [])]);
    setTitle("");
    try {
      const saved = await crmApi.createTask({ title: pending.title, lead_id: leadId, status });
      setTasks((current) => (current ?? []).map((task) => (task.id === pending.id ? saved : task)));
    } catch (error) {
      setTasks((current) => (current ?? []).filter((task) => task.id !== pending.id));
      setTitle(pending.title);
      failed(error, "taskFailed");
    }
  }

  async function move(task: TaskDto, to: TaskStatus) {
    setTasks((current) =>
      (current ?? []).map((item) => (item.id === task.id ? { ...item, status: to } : item)),
    );
    try {
      await crmApi.moveTask(task.id, to);
    } catch (error) {
      setTasks((current) =>
        (current ?? []).map((item) =>
          item.id === task.id ? { ...item, status: task.status } : item,
        ),
      );
      failed(error, "taskMoveFailed");
    }
  }

  if (hasError && !tasks) return <LoadError onRetry={() => setAttempt((n) => n + 1)} />;

  return (
    <div className="space-y-6">
      <form
        onSubmit={create}
        aria-labelledby="create-task-title"
        className="flex flex-wrap items-end gap-3 rounded-2xl border border-border bg-background p-4"
      >
        <h2 id="create-task-title" className="w-full text-sm font-semibold">
          {t("tasks.createTitle")}
        </h2>
        <Field
          id="task-title"
          label={t("tasks.titleLabel")}
          className="flex min-w-56 flex-1 flex-col gap-1"
          labelClassName="text-xs font-medium text-muted"
        >
          {(control) => (
            <Input
              {...control}
              value={title}
              onChange={(event) => setTitle(event.target.value)}
              placeholder={t("tasks.titlePlaceholder")}
              maxLength={200}
              className="text-sm"
            />
          )}
        </Field>
        <Field
          id="task-lead"
          label={t("tasks.leadLabel")}
          className="flex flex-col gap-1"
          labelClassName="text-xs font-medium text-muted"
        >
          {(control) => (
            <Select
              {...control}
              value={leadId}
              onChange={(event) => setLeadId(event.target.value)}
              className="max-w-64 text-sm"
            >
              <option value="">{t("tasks.selectLead")}</option>
              {leads.map((lead) => (
                <option key={lead.id} value={lead.id}>
                  {lead.name || lead.email}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field
          id="task-status"
          label={t("tasks.statusLabel")}
          className="flex flex-col gap-1"
          labelClassName="text-xs font-medium text-muted"
        >
          {(control) => (
            <Select
              {...control}
              value={status}
              onChange={(event) => setStatus(event.target.value as TaskStatus)}
              className="text-sm"
            >
              {TASK_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {t(`statuses.${value}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Button type="submit" size="sm">
          {t("tasks.add")}
        </Button>
      </form>

      {!tasks ? (
        <p className="text-sm text-muted">{t("detail.loading")}</p>
      ) : (
        <section aria-label={t("tasks.board")} className="grid gap-4 md:grid-cols-3">
          {TASK_STATUSES.map((column) => {
            const inColumn = tasks.filter((task) => task.status === column);
            return (
              <div
                key={column}
                role="group"
                aria-labelledby={`tasks-${column}`}
                data-status={column}
                className="rounded-2xl border border-border bg-background"
              >
                <h2
                  id={`tasks-${column}`}
                  className="border-b border-border px-4 py-3 text-sm font-semibold"
                >
                  {t(`statusColumns.${column}`)}{" "}
                  <span className="text-muted">({inColumn.length})</span>
                </h2>
                <ul className="space-y-2 p-3">
                  {inColumn.length === 0 && (
                    <li className="text-xs text-muted">{t("tasks.empty")}</li>
                  )}
                  {inColumn.map((task) => (
                    <li
                      key={task.id}
                      data-task-id={task.id}
                      className="rounded-xl border border-border bg-surface p-3 text-sm"
                    >
                      <p className="font-medium break-words">{task.title}</p>
                      <p className="text-xs text-muted">
                        {t("tasks.lead", { name: task.lead_name || task.lead_id })}
                      </p>
                      <div className="mt-2 flex flex-wrap gap-1">
                        {TASK_STATUSES.filter((s) => s !== task.status).map((target) => (
                          <button
                            key={target}
                            type="button"
                            onClick={() => void move(task, target)}
                            className="min-h-6 rounded-md border border-border px-2 py-0.5 text-xs hover:bg-surface-strong"
                          >
                            {t("tasks.moveTo", { status: t(`statuses.${target}`) })}
                          </button>
                        ))}
                      </div>
                    </li>
                  ))}
                </ul>
              </div>
            );
          })}
        </section>
      )}
    </div>
  );
}
