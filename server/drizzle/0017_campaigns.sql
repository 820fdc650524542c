CREATE TABLE "campaign_activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"name" text NOT NULL,
	"state" text DEFAULT 'PENDING' NOT NULL,
	"campaign_version" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"department_id" uuid,
	"targeted" integer DEFAULT 0 NOT NULL,
	"submitted_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"reject_reason" text,
	"started_by" uuid,
	"started_at" timestamp with time zone,
	"next_run_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_block_times" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"name" text NOT NULL,
	"from_time" text NOT NULL,
	"to_time" text NOT NULL,
	"weekdays" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_broadcasts" (
	"broadcast_id" uuid PRIMARY KEY NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"run_id" uuid,
	"kind" text NOT NULL,
	"variant" text,
	"failover_id" uuid,
	"main_broadcast_id" uuid
);
--> statement-breakpoint
CREATE TABLE "campaign_clicks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"recipient_id" uuid NOT NULL,
	"button" integer NOT NULL,
	"url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_cost_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"department_id" uuid NOT NULL,
	"monthly_budget" numeric(14, 2) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_failovers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"name" text NOT NULL,
	"from_channel_id" uuid NOT NULL,
	"to_channel_id" uuid NOT NULL,
	"template_id" uuid NOT NULL,
	"column_mapping" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"undelivered_minutes" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_frequency_caps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"name" text NOT NULL,
	"max_messages" integer NOT NULL,
	"period" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_list_numbers" (
	"list_id" uuid NOT NULL,
	"phone" text NOT NULL,
	CONSTRAINT "campaign_list_numbers_list_id_phone_pk" PRIMARY KEY("list_id","phone")
);
--> statement-breakpoint
CREATE TABLE "campaign_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"name" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"invalid" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"activity_id" uuid NOT NULL,
	"occurrence" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'RUNNING' NOT NULL,
	"targeted" integer DEFAULT 0 NOT NULL,
	"excluded" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "campaign_send_log" (
	"enterprise_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"recipient_id" uuid NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_send_log_recipient_id_pk" PRIMARY KEY("recipient_id")
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"name" text NOT NULL,
	"channel_id" uuid,
	"department_id" uuid,
	"variants" jsonb NOT NULL,
	"audience" jsonb NOT NULL,
	"schedule" jsonb NOT NULL,
	"track_clicks" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "campaign_activities" ADD CONSTRAINT "campaign_activities_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_activities" ADD CONSTRAINT "campaign_activities_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_activities" ADD CONSTRAINT "campaign_activities_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_activities" ADD CONSTRAINT "campaign_activities_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_activities" ADD CONSTRAINT "campaign_activities_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_activities" ADD CONSTRAINT "campaign_activities_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_block_times" ADD CONSTRAINT "campaign_block_times_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_broadcasts" ADD CONSTRAINT "campaign_broadcasts_broadcast_id_broadcasts_id_fk" FOREIGN KEY ("broadcast_id") REFERENCES "public"."broadcasts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_broadcasts" ADD CONSTRAINT "campaign_broadcasts_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_broadcasts" ADD CONSTRAINT "campaign_broadcasts_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_broadcasts" ADD CONSTRAINT "campaign_broadcasts_run_id_campaign_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."campaign_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_clicks" ADD CONSTRAINT "campaign_clicks_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_clicks" ADD CONSTRAINT "campaign_clicks_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_clicks" ADD CONSTRAINT "campaign_clicks_recipient_id_broadcast_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."broadcast_recipients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_cost_plans" ADD CONSTRAINT "campaign_cost_plans_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_cost_plans" ADD CONSTRAINT "campaign_cost_plans_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_failovers" ADD CONSTRAINT "campaign_failovers_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_failovers" ADD CONSTRAINT "campaign_failovers_from_channel_id_channels_id_fk" FOREIGN KEY ("from_channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_failovers" ADD CONSTRAINT "campaign_failovers_to_channel_id_channels_id_fk" FOREIGN KEY ("to_channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_failovers" ADD CONSTRAINT "campaign_failovers_template_id_message_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."message_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_frequency_caps" ADD CONSTRAINT "campaign_frequency_caps_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_list_numbers" ADD CONSTRAINT "campaign_list_numbers_list_id_campaign_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."campaign_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_lists" ADD CONSTRAINT "campaign_lists_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_lists" ADD CONSTRAINT "campaign_lists_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_runs" ADD CONSTRAINT "campaign_runs_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_runs" ADD CONSTRAINT "campaign_runs_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_runs" ADD CONSTRAINT "campaign_runs_activity_id_campaign_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."campaign_activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_send_log" ADD CONSTRAINT "campaign_send_log_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_send_log" ADD CONSTRAINT "campaign_send_log_recipient_id_broadcast_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."broadcast_recipients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_activities_list_idx" ON "campaign_activities" USING btree ("enterprise_id","state","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "campaign_activities_campaign_idx" ON "campaign_activities" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "campaign_activities_due_idx" ON "campaign_activities" USING btree ("next_run_at") WHERE "campaign_activities"."state" IN ('SCHEDULED', 'RUNNING');--> statement-breakpoint
CREATE INDEX "campaign_block_times_enterprise_idx" ON "campaign_block_times" USING btree ("enterprise_id");--> statement-breakpoint
CREATE INDEX "campaign_broadcasts_campaign_idx" ON "campaign_broadcasts" USING btree ("campaign_id","kind");--> statement-breakpoint
CREATE INDEX "campaign_broadcasts_run_idx" ON "campaign_broadcasts" USING btree ("run_id");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_broadcasts_fallback_unique" ON "campaign_broadcasts" USING btree ("main_broadcast_id","failover_id") WHERE "campaign_broadcasts"."kind" = 'fallback';--> statement-breakpoint
CREATE INDEX "campaign_clicks_campaign_idx" ON "campaign_clicks" USING btree ("campaign_id","created_at");--> statement-breakpoint
CREATE INDEX "campaign_clicks_recipient_idx" ON "campaign_clicks" USING btree ("recipient_id");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_cost_plans_department_unique" ON "campaign_cost_plans" USING btree ("enterprise_id","department_id");--> statement-breakpoint
CREATE INDEX "campaign_failovers_from_idx" ON "campaign_failovers" USING btree ("enterprise_id","from_channel_id");--> statement-breakpoint
CREATE INDEX "campaign_frequency_caps_enterprise_idx" ON "campaign_frequency_caps" USING btree ("enterprise_id");--> statement-breakpoint
CREATE INDEX "campaign_lists_enterprise_idx" ON "campaign_lists" USING btree ("enterprise_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_runs_occurrence_unique" ON "campaign_runs" USING btree ("activity_id","occurrence");--> statement-breakpoint
CREATE INDEX "campaign_runs_campaign_idx" ON "campaign_runs" USING btree ("campaign_id","occurrence" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "campaign_send_log_phone_idx" ON "campaign_send_log" USING btree ("enterprise_id","phone","sent_at");--> statement-breakpoint
CREATE INDEX "campaigns_list_idx" ON "campaigns" USING btree ("enterprise_id","updated_at" DESC NULLS LAST);