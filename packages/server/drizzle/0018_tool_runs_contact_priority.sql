-- Tool runs, counted against the plan's monthly tool-use allowance (issue 19), and the contact
-- form's priority flag for messages sent signed in on a plan with priority support.
CREATE TABLE "tool_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"tool_id" text NOT NULL,
	"via" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "sender_plan" text;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "priority" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tool_runs" ADD CONSTRAINT "tool_runs_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tool_runs_user_created_idx" ON "tool_runs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE TRIGGER "citable_changes" AFTER INSERT OR UPDATE OR DELETE ON "tool_runs" FOR EACH ROW EXECUTE FUNCTION "citable_notify_user_id"();
