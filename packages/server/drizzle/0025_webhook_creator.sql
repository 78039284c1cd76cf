ALTER TABLE "webhook_endpoints" ADD COLUMN "created_by" text;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_endpoints_created_by_idx" ON "webhook_endpoints" USING btree ("created_by");--> statement-breakpoint
-- Endpoints made before creators were recorded (issue #35) count as their owner's: the account's
-- own person, or for a workspace client (whose principal is no person) the workspace's owner.
-- Who really added them is not known, so no departure disables them.
UPDATE "webhook_endpoints" AS e SET "created_by" = coalesce(
  (SELECT s."owner_user_id" FROM "workspace_clients" AS c JOIN "workspace_settings" AS s ON s."organization_id" = c."organization_id" WHERE c."principal_user_id" = e."user_id"),
  e."user_id"
);
