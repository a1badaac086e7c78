ALTER TABLE "jobs" ADD COLUMN "run_after" timestamp with time zone;--> statement-breakpoint
-- Hand-written (decision 204): mails still waiting move into jobs, with their tries, due time and age.
INSERT INTO "jobs" ("kind", "status", "payload", "attempts", "run_after", "created_on")
SELECT 'mail', 'queued', jsonb_build_object('recipient', "recipient", 'purpose', "purpose", 'subjectId', "subject_id"), "attempts", "run_after", "created_on"
FROM "mail_queue" ORDER BY "id";--> statement-breakpoint
DROP TABLE "mail_queue" CASCADE;
