CREATE TABLE "crypto_payment_cursors" (
	"chain" text PRIMARY KEY NOT NULL,
	"contract_address" text NOT NULL,
	"next_block" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "faucet_grants" (
	"chain" text NOT NULL,
	"address" text NOT NULL,
	"granted_at" timestamp with time zone NOT NULL,
	"transaction_id" uuid,
	CONSTRAINT "faucet_grants_chain_address_pk" PRIMARY KEY("chain","address")
);
