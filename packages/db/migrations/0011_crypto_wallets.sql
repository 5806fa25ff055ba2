CREATE TABLE "auth_crypto_wallet_challenges" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"user_id" uuid,
	"wallet_type" text NOT NULL,
	"address" text NOT NULL,
	"message" text NOT NULL,
	"siwe" jsonb,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_crypto_wallet_challenges" ADD CONSTRAINT "auth_crypto_wallet_challenges_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_crypto_wallet_challenges" ADD CONSTRAINT "auth_crypto_wallet_challenges_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "auth_crypto_wallet_challenges_address_key" ON "auth_crypto_wallet_challenges" USING btree ("project_id","wallet_type","address");--> statement-breakpoint
CREATE INDEX "auth_crypto_wallet_challenges_expiry_idx" ON "auth_crypto_wallet_challenges" USING btree ("project_id","expires_at");