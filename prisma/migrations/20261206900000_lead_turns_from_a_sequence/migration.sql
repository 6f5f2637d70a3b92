-- Round-robin turns come from a sequence instead of one locked row (docs/decisions/030): nextval never
-- waits for another transaction, so leads arriving at once on several instances no longer queue behind
-- the row lock that the old turn table held until each lead's transaction committed.
CREATE SEQUENCE "lead_assignment_turn_seq" AS BIGINT MINVALUE 1 START WITH 1 NO CYCLE;
DROP TABLE "lead_assignment_turns";
