-- The tracking tables hold user-owned rows, like every other (0017_change_notifications.sql):
-- their writes reach the API processes' read caches.
CREATE TRIGGER "citable_changes" AFTER INSERT OR UPDATE OR DELETE ON "citation_schedules" FOR EACH ROW EXECUTE FUNCTION "citable_notify_user_id"();--> statement-breakpoint
CREATE TRIGGER "citable_changes" AFTER INSERT OR UPDATE OR DELETE ON "tracked_prompts" FOR EACH ROW EXECUTE FUNCTION "citable_notify_user_id"();
