CREATE TABLE "auth_oauth_providers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"provider_type" text NOT NULL,
	"client_id" text NOT NULL,
	"sealed_client_secret" text NOT NULL,
	"custom_scopes" text[] DEFAULT '{}' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_oauth_states" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"state_hash" text NOT NULL,
	"provider_type" text NOT NULL,
	"sealed_secrets" text NOT NULL,
	"code_challenge" text,
	"login_redirect_url" text NOT NULL,
	"signup_redirect_url" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_oauth_tokens" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"registration_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"code_challenge" text,
	"sealed_provider_values" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_oauth_registrations" ADD COLUMN "profile_picture_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_oauth_registrations" ADD COLUMN "sealed_tokens" text;--> statement-breakpoint
ALTER TABLE "auth_oauth_providers" ADD CONSTRAINT "auth_oauth_providers_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_oauth_states" ADD CONSTRAINT "auth_oauth_states_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_oauth_tokens" ADD CONSTRAINT "auth_oauth_tokens_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_oauth_tokens" ADD CONSTRAINT "auth_oauth_tokens_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_oauth_tokens" ADD CONSTRAINT "auth_oauth_tokens_registration_id_auth_oauth_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."auth_oauth_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "auth_oauth_providers_project_provider_key" ON "auth_oauth_providers" USING btree ("project_id","provider_type");--> statement-breakpoint
CREATE UNIQUE INDEX "auth_oauth_states_hash_key" ON "auth_oauth_states" USING btree ("state_hash");--> statement-breakpoint
CREATE INDEX "auth_oauth_states_project_idx" ON "auth_oauth_states" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "auth_oauth_tokens_hash_key" ON "auth_oauth_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "auth_oauth_tokens_project_idx" ON "auth_oauth_tokens" USING btree ("project_id");