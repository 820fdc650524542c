CREATE TABLE "channel_message_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"channel_id" uuid NOT NULL,
	"vendor_message_id" text NOT NULL,
	"status" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"error_code" text,
	"error_text" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channel_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"channel_id" uuid NOT NULL,
	"direction" text NOT NULL,
	"customer_number" text NOT NULL,
	"vendor_message_id" text,
	"kind" text NOT NULL,
	"template_id" uuid,
	"content" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text NOT NULL,
	"status_at" timestamp with time zone DEFAULT now() NOT NULL,
	"error_code" text,
	"error_text" text,
	"source" text NOT NULL,
	"source_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" integer NOT NULL,
	"vendor" integer NOT NULL,
	"department_id" uuid,
	"contact_id" text NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secrets_enc" text,
	"messages_per_second" integer DEFAULT 80 NOT NULL,
	"webhook_key" text NOT NULL,
	"webhook_secret_enc" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"channel_id" uuid NOT NULL,
	"name" text NOT NULL,
	"language" text NOT NULL,
	"category" text NOT NULL,
	"parameter_format" text DEFAULT 'POSITIONAL' NOT NULL,
	"components" jsonb NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"vendor_template_id" text,
	"submitted_at" timestamp with time zone,
	"status_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"channel_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"direction" text NOT NULL,
	"vendor_message_id" text NOT NULL,
	"content" jsonb NOT NULL,
	"status" text NOT NULL,
	"error_code" text,
	"error_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "channel_message_events" ADD CONSTRAINT "channel_message_events_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_message_events" ADD CONSTRAINT "channel_message_events_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_messages" ADD CONSTRAINT "channel_messages_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_messages" ADD CONSTRAINT "channel_messages_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_messages" ADD CONSTRAINT "sandbox_messages_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_messages" ADD CONSTRAINT "sandbox_messages_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "channel_message_events_unique" ON "channel_message_events" USING btree ("channel_id","vendor_message_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "channel_messages_vendor_id_unique" ON "channel_messages" USING btree ("channel_id","vendor_message_id");--> statement-breakpoint
CREATE INDEX "channel_messages_channel_created_idx" ON "channel_messages" USING btree ("channel_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "channel_messages_customer_idx" ON "channel_messages" USING btree ("channel_id","customer_number","direction","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "channel_messages_source_idx" ON "channel_messages" USING btree ("source_id");--> statement-breakpoint
CREATE UNIQUE INDEX "channels_name_unique" ON "channels" USING btree ("enterprise_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "channels_webhook_key_unique" ON "channels" USING btree ("webhook_key");--> statement-breakpoint
CREATE INDEX "channels_enterprise_type_idx" ON "channels" USING btree ("enterprise_id","type");--> statement-breakpoint
CREATE UNIQUE INDEX "message_templates_name_unique" ON "message_templates" USING btree ("channel_id","name","language");--> statement-breakpoint
CREATE INDEX "message_templates_list_idx" ON "message_templates" USING btree ("enterprise_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "message_templates_vendor_idx" ON "message_templates" USING btree ("channel_id","vendor_template_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_messages_vendor_id_unique" ON "sandbox_messages" USING btree ("vendor_message_id");--> statement-breakpoint
CREATE INDEX "sandbox_messages_phone_idx" ON "sandbox_messages" USING btree ("channel_id","phone","created_at");