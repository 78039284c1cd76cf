CREATE TABLE "crawl_pages" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"run_id" uuid NOT NULL,
	"url" text NOT NULL,
	"depth" integer NOT NULL,
	"parent_url" text,
	"status" text NOT NULL,
	"job_sent" boolean DEFAULT false NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"result" jsonb,
	"detail" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_crawls" (
	"run_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"origin" text NOT NULL,
	"start_page_url" text NOT NULL,
	"robots_txt" text,
	"site" jsonb NOT NULL,
	"max_pages" integer NOT NULL,
	"max_urls" integer NOT NULL,
	"urls_known" integer DEFAULT 0 NOT NULL,
	"pages_audited" integer DEFAULT 0 NOT NULL,
	"crawl_delay_ms" integer DEFAULT 0 NOT NULL,
	"next_fetch_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "crawl_pages" ADD CONSTRAINT "crawl_pages_run_id_audit_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."audit_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_crawls" ADD CONSTRAINT "site_crawls_run_id_audit_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."audit_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_crawls" ADD CONSTRAINT "site_crawls_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "crawl_pages_run_url_idx" ON "crawl_pages" USING btree ("run_id","url");--> statement-breakpoint
CREATE INDEX "crawl_pages_unsent_idx" ON "crawl_pages" USING btree ("run_id","parent_url") WHERE "crawl_pages"."job_sent" = false;--> statement-breakpoint
CREATE INDEX "crawl_pages_queued_idx" ON "crawl_pages" USING btree ("run_id") WHERE "crawl_pages"."status" = 'queued';