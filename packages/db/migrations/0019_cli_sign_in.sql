CREATE TABLE "cli_authorizations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"device_code_hash" text,
	"user_code_hash" text,
	"loopback_code_hash" text,
	"code_challenge" text,
	"redirect_uri" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"user_id" uuid,
	"interval_seconds" integer DEFAULT 5 NOT NULL,
	"last_polled_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cli_authorizations_device_code_hash_unique" UNIQUE("device_code_hash"),
	CONSTRAINT "cli_authorizations_user_code_hash_unique" UNIQUE("user_code_hash"),
	CONSTRAINT "cli_authorizations_loopback_code_hash_unique" UNIQUE("loopback_code_hash")
);
--> statement-breakpoint
CREATE TABLE "cli_tokens" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"hint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "cli_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "cli_authorizations" ADD CONSTRAINT "cli_authorizations_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cli_tokens" ADD CONSTRAINT "cli_tokens_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cli_authorizations_expires_idx" ON "cli_authorizations" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "cli_tokens_user_idx" ON "cli_tokens" USING btree ("user_id");