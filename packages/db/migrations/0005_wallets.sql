CREATE TABLE "wallets" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"chain_type" text NOT NULL,
	"address" text NOT NULL,
	"owner_kind" text NOT NULL,
	"owner" text NOT NULL,
	"owner_key" text NOT NULL,
	"auth_user_id" uuid,
	"sealed_private_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nfts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"collection_id" uuid NOT NULL,
	"chain" text NOT NULL,
	"status" text NOT NULL,
	"token_standard" text NOT NULL,
	"contract_address" text,
	"token_id" text,
	"owner_address" text NOT NULL,
	"metadata" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nfts" ADD CONSTRAINT "nfts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nfts" ADD CONSTRAINT "nfts_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_project_owner_key" ON "wallets" USING btree ("project_id","chain_type","owner_key");--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_address_key" ON "wallets" USING btree ("address");--> statement-breakpoint
CREATE INDEX "wallets_project_created_idx" ON "wallets" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "wallets_auth_user_idx" ON "wallets" USING btree ("project_id","auth_user_id");--> statement-breakpoint
CREATE INDEX "nfts_holder_idx" ON "nfts" USING btree ("project_id","owner_address","chain");--> statement-breakpoint
CREATE INDEX "nfts_collection_idx" ON "nfts" USING btree ("collection_id","created_at");