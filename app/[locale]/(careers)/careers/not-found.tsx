import { EntryNotFound } from "@/components/site/entry-not-found";

// An unknown or draft job, or one not written in this language: job pages render on demand (jobs are
// records), so their notFound() needs a boundary here. The careers pages draw their frame themselves and
// this file cannot know the locale without making every careers page dynamic (see EntryNotFound), so
// the job 404 is the message and its links, without the header and footer.
export default function JobNotFound() {
  return <EntryNotFound back="careers" />;
}
