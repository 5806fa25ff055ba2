CREATE TABLE "collection_templates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"collection_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"token_id" text NOT NULL,
	"metadata" jsonb NOT NULL,
	"supply_limit" bigint,
	"request_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "token_metadata" (
	"collection_id" uuid NOT NULL,
	"token_id" text NOT NULL,
	"metadata" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "token_metadata_collection_id_token_id_pk" PRIMARY KEY("collection_id","token_id")
);
--> statement-breakpoint
CREATE TABLE "actions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"action" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"resource_path" text NOT NULL,
	"data" jsonb NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"project_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response_status" integer NOT NULL,
	"response_body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_project_id_key_pk" PRIMARY KEY("project_id","key")
);
--> statement-breakpoint
CREATE TABLE "chain_transactions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"chain" text NOT NULL,
	"signer_address" text NOT NULL,
	"nonce" integer NOT NULL,
	"purpose" text NOT NULL,
	"subject_id" uuid,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"raw_transaction" text NOT NULL,
	"hash" text NOT NULL,
	"status" text DEFAULT 'signed' NOT NULL,
	"contract_address" text,
	"block_number" bigint,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "signer_nonces" (
	"chain" text NOT NULL,
	"address" text NOT NULL,
	"next_nonce" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signer_nonces_chain_address_pk" PRIMARY KEY("chain","address")
);
--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "contract_type" text NOT NULL;--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "supply_limit" bigint;--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "payments" jsonb;--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "social_links" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "branding" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "request_hash" text NOT NULL;--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "action_id" uuid NOT NULL;--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "deploy_status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "deployer_address" text;--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "deploy_transaction_id" uuid;--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "deploy_tx_hash" text;--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "contract_address" text;--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "deploy_error" text;--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "deployed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "collection_templates" ADD CONSTRAINT "collection_templates_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_templates" ADD CONSTRAINT "collection_templates_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_metadata" ADD CONSTRAINT "token_metadata_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "actions" ADD CONSTRAINT "actions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "collection_templates_token_key" ON "collection_templates" USING btree ("collection_id","token_id");--> statement-breakpoint
CREATE INDEX "collection_templates_collection_idx" ON "collection_templates" USING btree ("collection_id","created_at");--> statement-breakpoint
CREATE INDEX "actions_project_idx" ON "actions" USING btree ("project_id","started_at");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "chain_transactions_signer_nonce_key" ON "chain_transactions" USING btree ("chain","signer_address","nonce");--> statement-breakpoint
CREATE UNIQUE INDEX "chain_transactions_hash_key" ON "chain_transactions" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "chain_transactions_subject_idx" ON "chain_transactions" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "chain_transactions_unsent_idx" ON "chain_transactions" USING btree ("chain","signer_address","nonce") WHERE "chain_transactions"."status" in ('signed', 'sent');--> statement-breakpoint
CREATE INDEX "collections_pending_deploy_idx" ON "collections" USING btree ("updated_at") WHERE "collections"."deploy_status" = 'pending';