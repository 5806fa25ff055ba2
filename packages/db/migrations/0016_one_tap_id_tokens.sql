CREATE TABLE "auth_one_tap_id_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_one_tap_id_tokens" ADD CONSTRAINT "auth_one_tap_id_tokens_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_one_tap_id_tokens_project_idx" ON "auth_one_tap_id_tokens" USING btree ("project_id");