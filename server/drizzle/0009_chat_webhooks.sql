CREATE TABLE "chat_webhooks" (
	"enterprise_id" uuid PRIMARY KEY NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"secret_enc" text NOT NULL,
	"secret_hint" text NOT NULL,
	"events" text[] DEFAULT '{}'::text[] NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"last_at" timestamp with time zone,
	"last_status" integer,
	"last_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_webhooks" ADD CONSTRAINT "chat_webhooks_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;