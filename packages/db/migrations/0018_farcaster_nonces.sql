CREATE TABLE "auth_farcaster_accounts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"fid" bigint NOT NULL,
	"custody_address" text NOT NULL,
	"username" text,
	"pfp_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_signed_in_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_farcaster_nonces" (
	"nonce" text PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_farcaster_accounts" ADD CONSTRAINT "auth_farcaster_accounts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_farcaster_accounts" ADD CONSTRAINT "auth_farcaster_accounts_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_farcaster_nonces" ADD CONSTRAINT "auth_farcaster_nonces_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "auth_farcaster_accounts_project_fid_key" ON "auth_farcaster_accounts" USING btree ("project_id","fid");--> statement-breakpoint
CREATE INDEX "auth_farcaster_accounts_user_idx" ON "auth_farcaster_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "auth_farcaster_nonces_expiry_idx" ON "auth_farcaster_nonces" USING btree ("project_id","expires_at");