CREATE TABLE "auth_webauthn_challenges" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"user_id" uuid,
	"kind" text NOT NULL,
	"challenge_hash" text NOT NULL,
	"rp_id" text NOT NULL,
	"user_verification" text NOT NULL,
	"user_handle" text,
	"user_agent" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_webauthn_registrations" ADD COLUMN "counter" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_webauthn_registrations" ADD COLUMN "transports" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_webauthn_registrations" ADD COLUMN "user_handle" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_webauthn_registrations" ADD COLUMN "rp_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_webauthn_registrations" ADD COLUMN "authenticator_type" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_webauthn_registrations" ADD COLUMN "aaguid" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_webauthn_registrations" ADD COLUMN "backup_eligible" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_webauthn_registrations" ADD COLUMN "backed_up" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_webauthn_registrations" ADD COLUMN "user_agent" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_webauthn_registrations" ADD COLUMN "last_used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "auth_webauthn_challenges" ADD CONSTRAINT "auth_webauthn_challenges_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_webauthn_challenges" ADD CONSTRAINT "auth_webauthn_challenges_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "auth_webauthn_challenges_hash_key" ON "auth_webauthn_challenges" USING btree ("challenge_hash");--> statement-breakpoint
CREATE INDEX "auth_webauthn_challenges_expiry_idx" ON "auth_webauthn_challenges" USING btree ("project_id","expires_at");