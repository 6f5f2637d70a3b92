-- Rate-limit counters live seconds to minutes and guard against floods; none is worth a WAL flush. As an
-- UNLOGGED table, a transaction that only counts a hit commits without waiting for the disk, so the row
-- every request shares (the analytics beacon's global per-second counter) is locked for the statement
-- alone rather than statement plus fsync (docs/scaling.md). After a crash of the database server the
-- table starts empty: every limit starts afresh, which is the same as a quiet minute.
ALTER TABLE "rate_limit_counters" SET UNLOGGED;
