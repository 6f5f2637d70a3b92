import type { Job, JobText } from "@/lib/careers/jobs";

const TEXT: JobText = {
  title: "Video Editor",
  team: "Content",
  location: "Remote",
  type: "Full-Time",
  summary: "Edit the videos that explain what we build.",
  imageAlt: "A video timeline",
  role: ["You turn raw recordings into polished videos."],
  ideal: [],
  requirements: ["2+ years of professional video editing."],
  tasks: ["Edit 8 to 12 videos a month."],
  dealBreakers: [],
  education: [],
  skills: [],
  preferred: [],
};

/** A job as the public site reads it from its record (lib/careers/job-records.ts), with overrides. */
export function makeJob(overrides: Partial<Job> = {}): Job {
  return {
    id: "video-editor",
    status: "open",
    datePosted: "2025-09-01",
    employmentType: "FULL_TIME",
    isRemote: true,
    applicantCountries: ["US"],
    image: { src: "/images/careers/video-editor.svg", width: 640, height: 400 },
    apply: { kind: "email", subject: "Video Editor" },
    lastModified: "2025-09-01",
    texts: { en: TEXT },
    ...overrides,
  };
}
