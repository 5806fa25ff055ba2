CREATE TABLE "idp_revoked_access_tokens" (
	"jti" text PRIMARY KEY NOT NULL,
	"family_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idp_token_families" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_row_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Each refresh token issued before token families gets a family of its own (its id is the token's).
INSERT INTO "idp_token_families" ("id", "client_row_id", "user_id", "revoked_at", "created_at") SELECT "id", "client_row_id", "user_id", CASE WHEN "revoked" THEN now() END, "created_at" FROM "idp_refresh_tokens";--> statement-breakpoint
ALTER TABLE "idp_refresh_tokens" ADD COLUMN "family_id" uuid;--> statement-breakpoint
UPDATE "idp_refresh_tokens" SET "family_id" = "id";--> statement-breakpoint
ALTER TABLE "idp_refresh_tokens" ALTER COLUMN "family_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "idp_revoked_access_tokens" ADD CONSTRAINT "idp_revoked_access_tokens_family_id_idp_token_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."idp_token_families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idp_token_families" ADD CONSTRAINT "idp_token_families_client_row_id_idp_clients_id_fk" FOREIGN KEY ("client_row_id") REFERENCES "public"."idp_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idp_token_families" ADD CONSTRAINT "idp_token_families_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idp_revoked_access_tokens_family_idx" ON "idp_revoked_access_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "idp_revoked_access_tokens_expires_idx" ON "idp_revoked_access_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "idp_token_families_client_idx" ON "idp_token_families" USING btree ("client_row_id");--> statement-breakpoint
CREATE INDEX "idp_token_families_user_idx" ON "idp_token_families" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "idp_refresh_tokens" ADD CONSTRAINT "idp_refresh_tokens_family_id_idp_token_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."idp_token_families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idp_refresh_tokens_family_idx" ON "idp_refresh_tokens" USING btree ("family_id");