ALTER TABLE "chain_transactions" ADD COLUMN "previous_hashes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "nfts" ADD COLUMN "recipient" text;--> statement-breakpoint
ALTER TABLE "nfts" ADD COLUMN "template_id" uuid;--> statement-breakpoint
ALTER TABLE "nfts" ADD COLUMN "quantity" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "nfts" ADD COLUMN "action_id" uuid;--> statement-breakpoint
ALTER TABLE "nfts" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "nfts" ADD COLUMN "transaction_id" uuid;--> statement-breakpoint
ALTER TABLE "nfts" ADD COLUMN "batch_index" integer;--> statement-breakpoint
ALTER TABLE "nfts" ADD COLUMN "tx_id" text;--> statement-breakpoint
ALTER TABLE "nfts" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "nfts" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "nfts_queued_idx" ON "nfts" USING btree ("collection_id","created_at") WHERE "nfts"."status" = 'pending' and "nfts"."transaction_id" is null;--> statement-breakpoint
CREATE INDEX "nfts_transaction_idx" ON "nfts" USING btree ("transaction_id");