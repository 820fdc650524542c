CREATE TABLE "agent_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_entities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"name" text NOT NULL,
	"values" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_intents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"story_id" uuid NOT NULL,
	"name" text NOT NULL,
	"utterances" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"responses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"parameters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"entity_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_stories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"parent_id" uuid,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"type" text,
	"entity_extract_retries" integer DEFAULT 2 NOT NULL,
	"out_of_scope_message" text NOT NULL,
	"model_type" text DEFAULT 'SVM' NOT NULL,
	"confidence_threshold" real DEFAULT 0.5 NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"genai_integration_id" uuid,
	"prompt_config" jsonb,
	"knowledge_config" jsonb,
	"training_status" text DEFAULT 'not_trained' NOT NULL,
	"training_message" text,
	"trained_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_documents" ADD CONSTRAINT "agent_documents_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_documents" ADD CONSTRAINT "agent_documents_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_documents" ADD CONSTRAINT "agent_documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_entities" ADD CONSTRAINT "agent_entities_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_entities" ADD CONSTRAINT "agent_entities_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_intents" ADD CONSTRAINT "agent_intents_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_intents" ADD CONSTRAINT "agent_intents_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_intents" ADD CONSTRAINT "agent_intents_story_id_agent_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."agent_stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_stories" ADD CONSTRAINT "agent_stories_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_stories" ADD CONSTRAINT "agent_stories_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_stories" ADD CONSTRAINT "agent_stories_parent_id_agent_stories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."agent_stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_documents_name_unique" ON "agent_documents" USING btree ("agent_id",lower("file_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "agent_entities_name_unique" ON "agent_entities" USING btree ("agent_id",lower("name"));--> statement-breakpoint
CREATE INDEX "agent_entities_updated_idx" ON "agent_entities" USING btree ("agent_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_intents_name_unique" ON "agent_intents" USING btree ("agent_id",lower("name"));--> statement-breakpoint
CREATE INDEX "agent_intents_story_idx" ON "agent_intents" USING btree ("story_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "agent_stories_name_unique" ON "agent_stories" USING btree ("agent_id",lower("name"));--> statement-breakpoint
CREATE INDEX "agent_stories_parent_idx" ON "agent_stories" USING btree ("agent_id","parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "agents_name_unique" ON "agents" USING btree ("enterprise_id",lower("name"));--> statement-breakpoint
CREATE INDEX "agents_enterprise_created_idx" ON "agents" USING btree ("enterprise_id","created_at");