-- Issue 22 item 5: an idempotency key is its caller's (the API key or the console user), not the whole project's.
-- Keys stored before this have no caller; they keep '' and so replay for no one (a key lives 24 hours at most).
ALTER TABLE "idempotency_keys" ADD COLUMN "caller" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ALTER COLUMN "caller" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP CONSTRAINT "idempotency_keys_project_id_key_pk";--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_project_id_caller_key_pk" PRIMARY KEY("project_id","caller","key");--> statement-breakpoint
-- Issue 22 item 3: underpaid orders, whose payments are refunded once their quote expired (ADR 135).
CREATE INDEX "orders_underpaid_idx" ON "orders" USING btree ("quote_expires_at") WHERE "orders"."payment_status" = 'in-progress' and "orders"."settled_phase" is null;
