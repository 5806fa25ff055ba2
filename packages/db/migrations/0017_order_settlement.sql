CREATE TABLE "test_card_records" (
	"key" text PRIMARY KEY NOT NULL,
	"data" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "refund_due" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_status" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_failure" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "card_payment" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "settled_phase" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "deliveries" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_initiated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "receipt_status" text;--> statement-breakpoint
CREATE INDEX "order_payments_refund_due_idx" ON "order_payments" USING btree ("id") WHERE "order_payments"."status" = 'refund-pending';--> statement-breakpoint
CREATE INDEX "orders_delivering_idx" ON "orders" USING btree ("id") WHERE "orders"."settled_phase" = 'delivery';--> statement-breakpoint
CREATE INDEX "orders_receipt_due_idx" ON "orders" USING btree ("id") WHERE "orders"."receipt_status" = 'due';