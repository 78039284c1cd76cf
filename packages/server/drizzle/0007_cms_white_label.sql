CREATE TABLE "cms_integrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"cms_type" text NOT NULL,
	"cms_name" text NOT NULL,
	"site_url" text NOT NULL,
	"credentials_encrypted" text NOT NULL,
	"last_sync_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cms_synced_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"integration_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"external_id" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"url" text,
	"content" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "white_label_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"primary_color_hex" text,
	"secondary_color_hex" text,
	"accent_color_hex" text,
	"favicon_url" text,
	"company_name" text,
	"custom_css" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cms_integrations" ADD CONSTRAINT "cms_integrations_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cms_synced_items" ADD CONSTRAINT "cms_synced_items_integration_id_cms_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."cms_integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cms_synced_items" ADD CONSTRAINT "cms_synced_items_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "white_label_settings" ADD CONSTRAINT "white_label_settings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cms_integrations_user_type_idx" ON "cms_integrations" USING btree ("user_id","cms_type");--> statement-breakpoint
CREATE UNIQUE INDEX "cms_synced_items_external_idx" ON "cms_synced_items" USING btree ("integration_id","kind","external_id");--> statement-breakpoint
CREATE INDEX "cms_synced_items_user_idx" ON "cms_synced_items" USING btree ("user_id");