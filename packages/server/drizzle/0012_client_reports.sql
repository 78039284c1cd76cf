CREATE TABLE "client_report_runs" (
	"client_id" uuid NOT NULL,
	"period_key" text NOT NULL,
	"report_id" uuid,
	"sent_to" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "client_report_runs_client_id_period_key_pk" PRIMARY KEY("client_id","period_key")
);
--> statement-breakpoint
CREATE TABLE "client_report_schedules" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"cadence" text NOT NULL,
	"recipients" jsonb NOT NULL,
	"template" text NOT NULL,
	"format" text NOT NULL,
	"next_run_at" timestamp with time zone,
	"last_sent_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"report_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "report_shares_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "client_report_runs" ADD CONSTRAINT "client_report_runs_client_id_workspace_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."workspace_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_report_runs" ADD CONSTRAINT "client_report_runs_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_report_schedules" ADD CONSTRAINT "client_report_schedules_client_id_workspace_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."workspace_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_shares" ADD CONSTRAINT "report_shares_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_shares" ADD CONSTRAINT "report_shares_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_report_schedules_due_idx" ON "client_report_schedules" USING btree ("next_run_at");--> statement-breakpoint
CREATE INDEX "report_shares_report_idx" ON "report_shares" USING btree ("report_id","created_at" DESC NULLS LAST);