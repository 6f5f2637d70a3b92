"use client";

import { useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import type { TaskDto } from "@/lib/crm/crm.schema";
import { showToast } from "@/components/ui/toast";
import { Button } from "@/components/ui/button";
import { useChangeTask } from "./crm-queries";
import { TaskAssigneeField, TaskDueDateField } from "./task-fields";
import { useFailureToast } from "./use-failure-toast";

/** A task card's own form to hand the task to someone else or change its due date (noted in the lead's timeline). */
export function TaskEditor({ task, onSaved }: { task: TaskDto; onSaved: (task: TaskDto) => void }) {
  const t = useTranslations("Crm.Tasks");
  const failed = useFailureToast();
  const [assigneeId, setAssigneeId] = useState(task.assignee?.id ?? "");
  const [dueDate, setDueDate] = useState(task.due_date ?? "");
  const [isSaving, setIsSaving] = useState(false);
  const changeTask = useChangeTask(task.id);

  async function save(event: FormEvent) {
    event.preventDefault();
    setIsSaving(true);
    try {
      const saved = await changeTask.mutateAsync({
        assignee_id: assigneeId || null,
        due_date: dueDate || null,
      });
      onSaved(saved);
      showToast(t("changed", { title: saved.title }));
    } catch (error) {
      failed(error, "taskChangeFailed");
    } finally {
      setIsSaving(false);
    }
  }

  const labelClass = "text-xs font-medium text-muted";
  return (
    <details className="mt-2">
      <summary className="cursor-pointer text-xs font-semibold">
        {t("edit")}
        <span className="sr-only">: {task.title}</span>
      </summary>
      <form
        onSubmit={save}
        aria-label={t("editFor", { title: task.title })}
        className="mt-2 flex flex-col gap-2"
      >
        <TaskAssigneeField
          id={`task-${task.id}-assignee`}
          value={assigneeId}
          onChange={setAssigneeId}
          className="flex flex-col gap-1"
          labelClassName={labelClass}
          controlClassName="w-full text-sm"
        />
        <TaskDueDateField
          id={`task-${task.id}-due`}
          value={dueDate}
          onChange={setDueDate}
          className="flex flex-col gap-1"
          labelClassName={labelClass}
          controlClassName="w-full text-sm"
        />
        <Button type="submit" size="sm" disabled={isSaving}>
          {t("saveChange")}
        </Button>
      </form>
    </details>
  );
}
