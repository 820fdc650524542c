CREATE TABLE "agent_conversation_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"session_id" text NOT NULL,
	"user_message" text NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"intent_identified" boolean NOT NULL,
	"intent" text,
	"confidence" real NOT NULL,
	"utterance" text,
	"bot_response" text NOT NULL,
	"emotion" text NOT NULL,
	"other_intent" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_models" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"model_type" text NOT NULL,
	"language" text NOT NULL,
	"bytes" "bytea",
	"intents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"entities" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"report" jsonb,
	"phrases" integer DEFAULT 0 NOT NULL,
	"job_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_sessions" (
	"session_id" text NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"state" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_sessions_agent_id_session_id_pk" PRIMARY KEY("agent_id","session_id")
);
--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "active_model_id" uuid;--> statement-breakpoint
ALTER TABLE "agent_conversation_messages" ADD CONSTRAINT "agent_conversation_messages_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_conversation_messages" ADD CONSTRAINT "agent_conversation_messages_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_models" ADD CONSTRAINT "agent_models_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_models" ADD CONSTRAINT "agent_models_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_sessions" ADD CONSTRAINT "agent_sessions_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_sessions" ADD CONSTRAINT "agent_sessions_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_messages_agent_created_idx" ON "agent_conversation_messages" USING btree ("agent_id","created_on");--> statement-breakpoint
CREATE INDEX "agent_messages_agent_scope_idx" ON "agent_conversation_messages" USING btree ("agent_id","intent_identified","created_on");--> statement-breakpoint
CREATE INDEX "agent_messages_agent_session_idx" ON "agent_conversation_messages" USING btree ("agent_id","session_id","created_on");--> statement-breakpoint
CREATE INDEX "agent_messages_enterprise_idx" ON "agent_conversation_messages" USING btree ("enterprise_id");--> statement-breakpoint
CREATE INDEX "agent_models_agent_idx" ON "agent_models" USING btree ("agent_id","created_at");--> statement-breakpoint
CREATE INDEX "agent_sessions_updated_idx" ON "agent_sessions" USING btree ("updated_at");