CREATE TABLE "platform_contracts" (
	"chain" text NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"transaction_hash" text NOT NULL,
	"deployed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_contracts_chain_name_pk" PRIMARY KEY("chain","name")
);
--> statement-breakpoint
CREATE TABLE "platform_signers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"slot" integer NOT NULL,
	"address" text NOT NULL,
	"sealed_private_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_signers_slot_unique" UNIQUE("slot"),
	CONSTRAINT "platform_signers_address_unique" UNIQUE("address")
);
