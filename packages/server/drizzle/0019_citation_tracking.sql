CREATE TABLE "citation_schedules" (
	"user_id" text NOT NULL,
	"domain" text NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"last_run_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"asks_done" integer DEFAULT 0 NOT NULL,
	"asks_planned" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	CONSTRAINT "citation_schedules_user_id_domain_pk" PRIMARY KEY("user_id","domain")
);
--> statement-breakpoint
CREATE TABLE "tracked_prompts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"domain" text NOT NULL,
	"prompt" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "citation_schedules" ADD CONSTRAINT "citation_schedules_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracked_prompts" ADD CONSTRAINT "tracked_prompts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "citation_schedules_next_idx" ON "citation_schedules" USING btree ("next_run_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tracked_prompts_user_domain_prompt_idx" ON "tracked_prompts" USING btree ("user_id","domain",lower("prompt"));--> statement-breakpoint
CREATE INDEX "tracked_prompts_user_idx" ON "tracked_prompts" USING btree ("user_id","created_at");