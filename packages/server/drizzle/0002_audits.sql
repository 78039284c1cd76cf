CREATE TABLE "audit_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"website_url" text,
	"website_origin" text,
	"overall_score" integer NOT NULL,
	"ai_understanding" integer NOT NULL,
	"citation_likelihood" integer NOT NULL,
	"conversational_readiness" integer NOT NULL,
	"content_structure" integer NOT NULL,
	"recommendations" jsonb NOT NULL,
	"issues" jsonb NOT NULL,
	"audit_data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"scope" text NOT NULL,
	"website_url" text,
	"max_pages" integer NOT NULL,
	"status" text NOT NULL,
	"progress_done" integer DEFAULT 0 NOT NULL,
	"progress_total" integer,
	"error" text,
	"counted" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "audit_history" ADD CONSTRAINT "audit_history_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_runs" ADD CONSTRAINT "audit_runs_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_history_user_created_idx" ON "audit_history" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_history_user_origin_created_idx" ON "audit_history" USING btree ("user_id","website_origin","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "audit_runs_one_in_flight_idx" ON "audit_runs" USING btree ("user_id") WHERE "audit_runs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "audit_runs_user_created_idx" ON "audit_runs" USING btree ("user_id","created_at");