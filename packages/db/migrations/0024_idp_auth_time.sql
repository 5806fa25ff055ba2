ALTER TABLE "idp_codes" ADD COLUMN "auth_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "idp_token_families" ADD COLUMN "auth_time" timestamp with time zone;