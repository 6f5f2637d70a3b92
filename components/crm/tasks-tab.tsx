"use client";

import { IntentLink } from "@/components/ui/intent-link";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useEffect, useState, type FormEvent } from "react";
import { useFormatter, useTranslations } from "next-intl";
import { TASK_STATUSES, type TaskDto, type TaskStatus } from "@/lib/crm/crm.schema";
import { EVERYONE, PersonFilter, useCrmPeople } from "./crm-people";
import { taskQueries, updateCachedTask, useCreateTask, useMoveTask } from "./crm-queries";
import { useQueryClient } from "@tanstack/react-query";
import { LoadError } from "./load-error";
import { TaskEditor } from "./task-editor";
import { TaskAssigneeField, TaskDueDateField } from "./task-fields";
import { useFailureToast } from "./use-failure-toast";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";

/** Leads for the picker come from the server's search, so any lead can be found, not only the newest. */
function useLeadSearch(query: string) {
  // The search waits for a pause in typing.
  const [settled, setSettled] = useState(query);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(query), 250);
    return () => clearTimeout(timer);
  }, [query]);
  return useQuery(taskQueries.leadPicker(settled)).data?.leads ?? [];
}

export function TasksTab({
  initialAssignee,
  onAssigneeChange,
}: {
  /** all, me, none or an account id (the server's choice: a rep's own tasks when there are any). */
  initialAssignee: string;
  /** Keeps the choice in the address, so a reload or a shared link opens the same list. */
  onAssigneeChange: (assignee: string) => void;
}) {
  const t = useTranslations("Crm");
  const tTasks = useTranslations("Crm.Tasks");
  const format = useFormatter();
  const failed = useFailureToast();
  const { directory, viewerId } = useCrmPeople();
  const [assignee, setAssignee] = useState(initialAssignee);
  const [title, setTitle] = useState("");
  const [leadQuery, setLeadQuery] = useState("");
  const [leadId, setLeadId] = useState("");
  const [status, setStatus] = useState<TaskStatus>("todo");
  const [assigneeId, setAssigneeId] = useState(viewerId);
  const [dueDate, setDueDate] = useState("");
  const leads = useLeadSearch(leadQuery);
  const assigneeParam = assignee === EVERYONE ? undefined : assignee;
  const queryClient = useQueryClient();
  const board = useInfiniteQuery(taskQueries.list(assigneeParam));
  const tasks = board.data?.pages.flatMap((page) => page.tasks) ?? null;
  const createTask = useCreateTask(assigneeParam, (error, pending) => {
    setTitle(pending.title);
    failed(error, "taskFailed");
  });
  const moveTask = useMoveTask((error) => failed(error, "taskMoveFailed"));

  async function loadMore() {
    const result = await board.fetchNextPage();
    if (result.isFetchNextPageError) failed(result.error, "taskFailed");
  }

  function create(event: FormEvent) {
    event.preventDefault();
    // Without both a title and a lead nothing happens.
    if (!title.trim() || !leadId) return;
    const lead = leads.find((l) => l.id === leadId);
    const person = directory.find((p) => p.id === assigneeId);
    const pending: TaskDto = {
      id: `pending-${Date.now()}`,
      title: title.trim(),
      lead_id: leadId,
      lead_name: lead ? lead.name || lead.email : null,
      status,
      assignee: person ? { id: person.id, name: person.name } : null,
      due_date: dueDate || null,
      is_overdue: false,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    };
    setTitle("");
    createTask.mutate({
      pending,
      task: {
        title: pending.title,
        lead_id: leadId,
        status,
        assignee_id: assigneeId || null,
        due_date: dueDate || null,
      },
    });
  }

  function move(task: TaskDto, to: TaskStatus) {
    moveTask.mutate({ task, to });
  }

  if (board.isError && !tasks) return <LoadError onRetry={() => void board.refetch()} />;

  const labelClass = "text-xs font-medium text-muted";
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
          labelClassName={labelClass}
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
          id="task-lead-search"
          label={tTasks("findLead")}
          className="flex flex-col gap-1"
          labelClassName={labelClass}
        >
          {(control) => (
            <Input
              {...control}
              type="search"
              value={leadQuery}
              onChange={(event) => setLeadQuery(event.target.value)}
              placeholder={tTasks("findLeadPlaceholder")}
              maxLength={100}
              className="max-w-56 text-sm"
            />
          )}
        </Field>
        <Field
          id="task-lead"
          label={t("tasks.leadLabel")}
          className="flex flex-col gap-1"
          labelClassName={labelClass}
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
        <TaskAssigneeField
          id="task-assignee"
          value={assigneeId}
          onChange={setAssigneeId}
          className="flex flex-col gap-1"
          labelClassName={labelClass}
          controlClassName="max-w-48 text-sm"
        />
        <TaskDueDateField
          id="task-due"
          value={dueDate}
          onChange={setDueDate}
          className="flex flex-col gap-1"
          labelClassName={labelClass}
        />
        <Field
          id="task-status"
          label={t("tasks.statusLabel")}
          className="flex flex-col gap-1"
          labelClassName={labelClass}
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

      <div className="flex">
        <PersonFilter
          id="tasks-assignee-filter"
          label={tTasks("assigneeFilterLabel")}
          mineLabel={tTasks("myTasks")}
          value={assignee}
          onChange={(next) => {
            setAssignee(next);
            onAssigneeChange(next);
          }}
          className="w-full sm:w-auto"
        />
      </div>

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
                      data-overdue={task.is_overdue || undefined}
                      className={`rounded-xl border bg-surface p-3 text-sm ${task.is_overdue ? "border-accent" : "border-border"}`}
                    >
                      <p className="font-medium break-words">{task.title}</p>
                      <p className="text-xs text-muted">
                        <IntentLink href={`/crm/leads/${task.lead_id}`} className="hover:underline">
                          {t("tasks.lead", { name: task.lead_name || task.lead_id })}
                        </IntentLink>
                      </p>
                      <p className="text-xs text-muted">
                        {task.assignee
                          ? tTasks("assignedTo", { name: task.assignee.name })
                          : tTasks("nobody")}
                      </p>
                      {task.due_date && (
                        <p className="text-xs">
                          <time dateTime={task.due_date}>
                            {tTasks("due", {
                              date: format.dateTime(new Date(`${task.due_date}T12:00:00Z`), {
                                dateStyle: "medium",
                                timeZone: "UTC",
                              }),
                            })}
                          </time>
                          {task.is_overdue && (
                            <span className="ml-2 rounded-full bg-accent px-2 py-0.5 font-semibold text-on-accent">
                              {tTasks("overdue")}
                            </span>
                          )}
                        </p>
                      )}
                      <div className="mt-2 flex flex-wrap gap-1">
                        {TASK_STATUSES.filter((s) => s !== task.status).map((target) => (
                          <button
                            key={target}
                            type="button"
                            onClick={() => move(task, target)}
                            // A task still being created has no id the server knows: it moves once saved.
                            disabled={task.id.startsWith("pending-")}
                            className="min-h-6 rounded-md border border-border px-2 py-0.5 text-xs hover:bg-surface-strong disabled:cursor-wait disabled:opacity-60"
                          >
                            {t("tasks.moveTo", { status: t(`statuses.${target}`) })}
                          </button>
                        ))}
                      </div>
                      {!task.id.startsWith("pending-") && (
                        <TaskEditor
                          key={`${task.assignee?.id ?? ""}-${task.due_date ?? ""}`}
                          task={task}
                          onSaved={(saved) => updateCachedTask(queryClient, saved.id, () => saved)}
                        />
                      )}
                    </li>
                  ))}
                </ul>
              </div>
            );
          })}
        </section>
      )}
      {board.hasNextPage && (
        <Button variant="secondary" size="sm" onClick={() => void loadMore()}>
          {tTasks("loadMore")}
        </Button>
      )}
    </div>
  );
}
