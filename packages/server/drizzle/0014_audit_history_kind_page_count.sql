ALTER TABLE "audit_history" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "audit_history" ADD COLUMN "page_count" integer;--> statement-breakpoint
-- Existing audits get their copies once, so lists never fall back to reading audit_data.
UPDATE "audit_history" SET "kind" = "audit_data"->>'kind', "page_count" = CASE WHEN "audit_data"->>'kind' = 'site' THEN ("audit_data"->'result'->>'pageCount')::int ELSE 1 END;
