CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"client_secret_hash" text NOT NULL,
	"locale" text NOT NULL,
	"recipient" jsonb,
	"payment" jsonb NOT NULL,
	"line_items" jsonb NOT NULL,
	"quote" jsonb NOT NULL,
	"quoted_at" timestamp with time zone NOT NULL,
	"quote_expires_at" timestamp with time zone NOT NULL,
	"request_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "checkout_fee_percent" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_client_secret_key" ON "orders" USING btree ("client_secret_hash");--> statement-breakpoint
CREATE INDEX "orders_project_idx" ON "orders" USING btree ("project_id","created_at");