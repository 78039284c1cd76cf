CREATE TABLE "citation_results" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"run_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"source_id" text NOT NULL,
	"prompt" text NOT NULL,
	"sample" integer NOT NULL,
	"url" text,
	"mentioned" boolean NOT NULL,
	"rank" integer,
	"char_offset" integer,
	"sentiment" real,
	"own_page_cited" boolean NOT NULL,
	"cited_urls" jsonb NOT NULL,
	"competitors_mentioned" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "citation_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"domain" text NOT NULL,
	"brand" text NOT NULL,
	"source" text NOT NULL,
	"keywords" jsonb NOT NULL,
	"fingerprint_phrases" jsonb NOT NULL,
	"samples_per_prompt" integer NOT NULL,
	"result" jsonb NOT NULL,
	"samples" integer NOT NULL,
	"mentions" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fingerprint_phrases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"phrase" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "llm_usage" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"feature" text NOT NULL,
	"model" text NOT NULL,
	"input_tokens" integer NOT NULL,
	"output_tokens" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_citation_prompts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"prompt" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "citation_results" ADD CONSTRAINT "citation_results_run_id_citation_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."citation_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "citation_results" ADD CONSTRAINT "citation_results_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "citation_runs" ADD CONSTRAINT "citation_runs_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fingerprint_phrases" ADD CONSTRAINT "fingerprint_phrases_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "llm_usage" ADD CONSTRAINT "llm_usage_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_citation_prompts" ADD CONSTRAINT "saved_citation_prompts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "citation_results_run_idx" ON "citation_results" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "citation_results_user_created_idx" ON "citation_results" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "citation_runs_user_domain_created_idx" ON "citation_runs" USING btree ("user_id","domain","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "fingerprint_phrases_user_idx" ON "fingerprint_phrases" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "llm_usage_user_created_idx" ON "llm_usage" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "saved_citation_prompts_user_idx" ON "saved_citation_prompts" USING btree ("user_id","created_at");