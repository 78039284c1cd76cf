-- Change notifications for the API's in-process read caches (src/cache): every committed write to
-- a row a user owns sends that user's id on the channel citable_changes, and every process that
-- caches sessions or dashboard answers drops that user's entries. Triggers rather than calls in
-- the services, so no write path (better-auth, jobs, webhooks, the CLI, another process) can skip
-- it. PostgreSQL sends a transaction's notifications at commit and folds identical ones into one.
CREATE FUNCTION "citable_notify_user_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('citable_changes', OLD."user_id");
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW."user_id" IS DISTINCT FROM OLD."user_id") THEN
    PERFORM pg_notify('citable_changes', NEW."user_id");
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "citable_notify_user_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('citable_changes', OLD."id");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "citable_changes" AFTER UPDATE OR DELETE ON "user" FOR EACH ROW EXECUTE FUNCTION "citable_notify_user_row"();--> statement-breakpoint
CREATE TRIGGER "citable_changes" AFTER INSERT OR UPDATE OR DELETE ON "account" FOR EACH ROW EXECUTE FUNCTION "citable_notify_user_id"();--> statement-breakpoint
CREATE TRIGGER "citable_changes" AFTER INSERT OR UPDATE OR DELETE ON "alerts" FOR EACH ROW EXECUTE FUNCTION "citable_notify_user_id"();--> statement-breakpoint
CREATE TRIGGER "citable_changes" AFTER INSERT OR UPDATE OR DELETE ON "api_keys" FOR EACH ROW EXECUTE FUNCTION "citable_notify_user_id"();--> statement-breakpoint
CREATE TRIGGER "citable_changes" AFTER INSERT OR UPDATE OR DELETE ON "audit_history" FOR EACH ROW EXECUTE FUNCTION "citable_notify_user_id"();--> statement-breakpoint
CREATE TRIGGER "citable_changes" AFTER INSERT OR UPDATE OR DELETE ON "audit_runs" FOR EACH ROW EXECUTE FUNCTION "citable_notify_user_id"();--> statement-breakpoint
CREATE TRIGGER "citable_changes" AFTER INSERT OR UPDATE OR DELETE ON "billing_subscriptions" FOR EACH ROW EXECUTE FUNCTION "citable_notify_user_id"();--> statement-breakpoint
CREATE TRIGGER "citable_changes" AFTER INSERT OR UPDATE OR DELETE ON "citation_results" FOR EACH ROW EXECUTE FUNCTION "citable_notify_user_id"();--> statement-breakpoint
CREATE TRIGGER "citable_changes" AFTER INSERT OR UPDATE OR DELETE ON "citation_runs" FOR EACH ROW EXECUTE FUNCTION "citable_notify_user_id"();--> statement-breakpoint
CREATE TRIGGER "citable_changes" AFTER INSERT OR UPDATE OR DELETE ON "cms_integrations" FOR EACH ROW EXECUTE FUNCTION "citable_notify_user_id"();--> statement-breakpoint
CREATE TRIGGER "citable_changes" AFTER INSERT OR UPDATE OR DELETE ON "cms_synced_items" FOR EACH ROW EXECUTE FUNCTION "citable_notify_user_id"();--> statement-breakpoint
CREATE TRIGGER "citable_changes" AFTER INSERT OR UPDATE OR DELETE ON "custom_playbooks" FOR EACH ROW EXECUTE FUNCTION "citable_notify_user_id"();--> statement-breakpoint
CREATE TRIGGER "citable_changes" AFTER INSERT OR UPDATE OR DELETE ON "digest_preferences" FOR EACH ROW EXECUTE FUNCTION "citable_notify_user_id"();--> statement-breakpoint
CREATE TRIGGER "citable_changes" AFTER INSERT OR UPDATE OR DELETE ON "feedback" FOR EACH ROW EXECUTE FUNCTION "citable_notify_user_id"();--> statement-breakpoint
CREATE TRIGGER "citable_changes" AFTER INSERT OR UPDATE OR DELETE ON "fingerprint_phrases" FOR EACH ROW EXECUTE FUNCTION "citable_notify_user_id"();--> statement-breakpoint
CREATE TRIGGER "citable_changes" AFTER INSERT OR UPDATE OR DELETE ON "llm_usage" FOR EACH ROW EXECUTE FUNCTION "citable_notify_user_id"();--> statement-breakpoint
CREATE TRIGGER "citable_changes" AFTER INSERT OR UPDATE OR DELETE ON "member" FOR EACH ROW EXECUTE FUNCTION "citable_notify_user_id"();--> statement-breakpoint
CREATE TRIGGER "citable_changes" AFTER INSERT OR UPDATE OR DELETE ON "monitor_runs" FOR EACH ROW EXECUTE FUNCTION "citable_notify_user_id"();--> statement-breakpoint
CREATE TRIGGER "citable_changes" AFTER INSERT OR UPDATE OR DELETE ON "monitor_schedules" FOR EACH ROW EXECUTE FUNCTION "citable_notify_user_id"();--> statement-breakpoint
CREATE TRIGGER "citable_changes" AFTER INSERT OR UPDATE OR DELETE ON "playbook_progress" FOR EACH ROW EXECUTE FUNCTION "citable_notify_user_id"();--> statement-breakpoint
CREATE TRIGGER "citable_changes" AFTER INSERT OR UPDATE OR DELETE ON "report_shares" FOR EACH ROW EXECUTE FUNCTION "citable_notify_user_id"();--> statement-breakpoint
CREATE TRIGGER "citable_changes" AFTER INSERT OR UPDATE OR DELETE ON "reports" FOR EACH ROW EXECUTE FUNCTION "citable_notify_user_id"();--> statement-breakpoint
CREATE TRIGGER "citable_changes" AFTER INSERT OR UPDATE OR DELETE ON "saved_citation_prompts" FOR EACH ROW EXECUTE FUNCTION "citable_notify_user_id"();--> statement-breakpoint
CREATE TRIGGER "citable_changes" AFTER INSERT OR UPDATE OR DELETE ON "session" FOR EACH ROW EXECUTE FUNCTION "citable_notify_user_id"();--> statement-breakpoint
CREATE TRIGGER "citable_changes" AFTER INSERT OR UPDATE OR DELETE ON "site_crawls" FOR EACH ROW EXECUTE FUNCTION "citable_notify_user_id"();--> statement-breakpoint
CREATE TRIGGER "citable_changes" AFTER INSERT OR UPDATE OR DELETE ON "two_factor" FOR EACH ROW EXECUTE FUNCTION "citable_notify_user_id"();--> statement-breakpoint
CREATE TRIGGER "citable_changes" AFTER INSERT OR UPDATE OR DELETE ON "two_factor_spent_codes" FOR EACH ROW EXECUTE FUNCTION "citable_notify_user_id"();--> statement-breakpoint
CREATE TRIGGER "citable_changes" AFTER INSERT OR UPDATE OR DELETE ON "user_activity" FOR EACH ROW EXECUTE FUNCTION "citable_notify_user_id"();--> statement-breakpoint
CREATE TRIGGER "citable_changes" AFTER INSERT OR UPDATE OR DELETE ON "user_profiles" FOR EACH ROW EXECUTE FUNCTION "citable_notify_user_id"();--> statement-breakpoint
CREATE TRIGGER "citable_changes" AFTER INSERT OR UPDATE OR DELETE ON "white_label_settings" FOR EACH ROW EXECUTE FUNCTION "citable_notify_user_id"();
