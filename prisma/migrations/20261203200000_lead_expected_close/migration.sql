-- When a deal is expected to close (issue 37's forecast); null: the forecast defaults it from the proposal or the stage.
ALTER TABLE "leads" ADD COLUMN "expected_close" DATE;
