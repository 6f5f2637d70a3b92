"use client";

import { useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import type { TaskDto } from "@/lib/crm/crm.schema";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { showToast } from "@/components/ui/toast";
import { useCreateLeadTask } from "./crm-queries";
import { useCrmPeople } from "./crm-people";
import { TaskAssigneeField, TaskDueDateField } from "./task-fields";
import { useFailureToast } from "./use-failure-toast";

/** A task for this lead, from its panel: title, who does it (the viewer by default) and an optional due day. */
export function LeadTaskForm({
  leadId,
  onCreated,
}: {
  leadId: string;
  onCreated?: (task: TaskDto) => void;
}) {
  const t = useTranslations("Crm.Tasks");
  const failed = useFailureToast();
  const { viewerId } = useCrmPeople();
  const [title, setTitle] = useState("");
  const [assigneeId, setAssigneeId] = useState(viewerId);
  const [dueDate, setDueDate] = useState("");
  const [isSaving, setIsSaving] = useState(false);
  const createTask = useCreateLeadTask();

  async function create(event: FormEvent) {
    event.preventDefault();
    if (!title.trim() || isSaving) return;
    setIsSaving(true);
    try {
      const task = await createTask.mutateAsync({
        title: title.trim(),
        lead_id: leadId,
        status: "todo",
        assignee_id: assigneeId || null,
        due_date: dueDate || null,
      });
      setTitle("");
      setDueDate("");
      showToast(t("created", { title: task.title }));
      onCreated?.(task);
    } catch (error) {
      failed(error, "taskFailed");
    } finally {
      setIsSaving(false);
    }
  }

  return (
    <form onSubmit={create} aria-labelledby="lead-task-title" className="space-y-2">
      <h3 id="lead-task-title" className="text-sm font-semibold">
        {t("fromLeadTitle")}
      </h3>
      <Field id="lead-task-name" label={t("titleLabel")} labelClassName="block text-xs text-muted">
        {(control) => (
          <Input
            {...control}
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            maxLength={200}
            className="text-sm"
          />
        )}
      </Field>
      <div className="grid gap-2 sm:grid-cols-2">
        <TaskAssigneeField
          id="lead-task-assignee"
          value={assigneeId}
          onChange={setAssigneeId}
          labelClassName="block text-xs text-muted"
        />
        <TaskDueDateField
          id="lead-task-due"
          value={dueDate}
          onChange={setDueDate}
          labelClassName="block text-xs text-muted"
        />
      </div>
      <Button type="submit" size="sm" disabled={isSaving}>
        {t("add")}
      </Button>
    </form>
  );
}
