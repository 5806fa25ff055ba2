CREATE TABLE "auth_biometric_registrations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"public_key" text NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_crypto_wallets" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"address" text NOT NULL,
	"wallet_type" text NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"event_name" text NOT NULL,
	"details" jsonb,
	"error_code" text,
	"error_description" text,
	"http_status_code" integer,
	"ip_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_intermediate_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"authentication_factors" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_oauth_registrations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"provider_type" text NOT NULL,
	"provider_subject" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_totp_recovery_codes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"totp_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_totps" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"sealed_secret" text NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"last_used_counter" bigint,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_webauthn_registrations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"credential_id" text NOT NULL,
	"public_key" text NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "impersonation_audit" (
	"id" uuid PRIMARY KEY NOT NULL,
	"token_id" uuid NOT NULL,
	"action" text NOT NULL,
	"admin_user_id" uuid NOT NULL,
	"admin_email" text NOT NULL,
	"project_id" uuid NOT NULL,
	"target_user_id" uuid NOT NULL,
	"session_id" uuid,
	"ip_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "impersonation_tokens" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"issued_by_user_id" uuid NOT NULL,
	"issued_by_email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_biometric_registrations" ADD CONSTRAINT "auth_biometric_registrations_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_biometric_registrations" ADD CONSTRAINT "auth_biometric_registrations_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_crypto_wallets" ADD CONSTRAINT "auth_crypto_wallets_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_crypto_wallets" ADD CONSTRAINT "auth_crypto_wallets_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_events" ADD CONSTRAINT "auth_events_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_intermediate_sessions" ADD CONSTRAINT "auth_intermediate_sessions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_intermediate_sessions" ADD CONSTRAINT "auth_intermediate_sessions_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_oauth_registrations" ADD CONSTRAINT "auth_oauth_registrations_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_oauth_registrations" ADD CONSTRAINT "auth_oauth_registrations_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_totp_recovery_codes" ADD CONSTRAINT "auth_totp_recovery_codes_totp_id_auth_totps_id_fk" FOREIGN KEY ("totp_id") REFERENCES "public"."auth_totps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_totp_recovery_codes" ADD CONSTRAINT "auth_totp_recovery_codes_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_totps" ADD CONSTRAINT "auth_totps_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_totps" ADD CONSTRAINT "auth_totps_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_webauthn_registrations" ADD CONSTRAINT "auth_webauthn_registrations_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_webauthn_registrations" ADD CONSTRAINT "auth_webauthn_registrations_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "impersonation_tokens" ADD CONSTRAINT "impersonation_tokens_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "impersonation_tokens" ADD CONSTRAINT "impersonation_tokens_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_biometric_registrations_user_idx" ON "auth_biometric_registrations" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "auth_crypto_wallets_project_address_key" ON "auth_crypto_wallets" USING btree ("project_id","wallet_type","address");--> statement-breakpoint
CREATE INDEX "auth_crypto_wallets_user_idx" ON "auth_crypto_wallets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "auth_events_project_idx" ON "auth_events" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "auth_intermediate_sessions_token_hash_key" ON "auth_intermediate_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "auth_oauth_registrations_subject_key" ON "auth_oauth_registrations" USING btree ("project_id","provider_type","provider_subject");--> statement-breakpoint
CREATE INDEX "auth_oauth_registrations_user_idx" ON "auth_oauth_registrations" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "auth_totp_recovery_codes_hash_key" ON "auth_totp_recovery_codes" USING btree ("user_id","code_hash");--> statement-breakpoint
CREATE INDEX "auth_totp_recovery_codes_totp_idx" ON "auth_totp_recovery_codes" USING btree ("totp_id");--> statement-breakpoint
CREATE INDEX "auth_totps_user_idx" ON "auth_totps" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "auth_webauthn_registrations_credential_key" ON "auth_webauthn_registrations" USING btree ("project_id","credential_id");--> statement-breakpoint
CREATE INDEX "auth_webauthn_registrations_user_idx" ON "auth_webauthn_registrations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "impersonation_audit_target_idx" ON "impersonation_audit" USING btree ("project_id","target_user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "impersonation_tokens_token_hash_key" ON "impersonation_tokens" USING btree ("token_hash");