-- Flows in flight were started without the browser cookie (issue 22 item 14, ADR 132): their callbacks would be
-- refused anyway, and a flow lives 10 minutes. Forget them so the column can be required.
DELETE FROM "auth_oauth_states";--> statement-breakpoint
ALTER TABLE "auth_oauth_states" ADD COLUMN "browser_binding_hash" text NOT NULL;
