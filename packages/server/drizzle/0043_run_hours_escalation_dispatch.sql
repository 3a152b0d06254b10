CREATE TABLE "equipment_run_state" (
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"equipment_id" integer NOT NULL,
	"machine_state" smallint,
	"state_since" timestamp with time zone NOT NULL,
	"run_seconds" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "equipment_run_state_tenant_id_equipment_id_pk" PRIMARY KEY("tenant_id","equipment_id")
);
--> statement-breakpoint
CREATE TABLE "equipment_state_change" (
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"equipment_id" integer NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"machine_state" smallint NOT NULL,
	CONSTRAINT "equipment_state_change_tenant_id_equipment_id_ts_pk" PRIMARY KEY("tenant_id","equipment_id","ts")
);
--> statement-breakpoint
CREATE TABLE "check_plan_meter" (
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"plan_id" integer NOT NULL,
	"equipment_id" integer NOT NULL,
	"next_hours" integer NOT NULL,
	CONSTRAINT "check_plan_meter_tenant_id_plan_id_equipment_id_pk" PRIMARY KEY("tenant_id","plan_id","equipment_id")
);
--> statement-breakpoint
ALTER TABLE "call_type" ADD COLUMN "escalation" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "call" ADD COLUMN "escalated_level" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "call" ADD COLUMN "escalated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "equipment_repair" ADD COLUMN "dispatched_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "check_plan" ADD COLUMN "interval_hours" integer;--> statement-breakpoint
ALTER TABLE "check_task" ADD COLUMN "meter_hours" integer;--> statement-breakpoint
ALTER TABLE "equipment_run_state" ADD CONSTRAINT "equipment_run_state_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_run_state" ADD CONSTRAINT "equipment_run_state_equipment_id_fk" FOREIGN KEY ("tenant_id","equipment_id") REFERENCES "public"."equipment"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_state_change" ADD CONSTRAINT "equipment_state_change_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_plan_meter" ADD CONSTRAINT "check_plan_meter_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_plan_meter" ADD CONSTRAINT "check_plan_meter_plan_id_fk" FOREIGN KEY ("tenant_id","plan_id") REFERENCES "public"."check_plan"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_plan_meter" ADD CONSTRAINT "check_plan_meter_equipment_id_fk" FOREIGN KEY ("tenant_id","equipment_id") REFERENCES "public"."equipment"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "check_task_meter_uq" ON "check_task" USING btree ("tenant_id","plan_id","equipment_id","meter_hours") WHERE meter_hours is not null;