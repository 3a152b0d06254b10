CREATE TABLE "work_calendar_day" (
	"id" serial NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"day" date NOT NULL,
	"area_id" integer,
	"kind" smallint DEFAULT 0 NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_calendar_day_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "plan_operation" (
	"id" serial NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"plan_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"procedure_id" integer NOT NULL,
	"station_id" integer,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	CONSTRAINT "plan_operation_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "area" ADD COLUMN "efficiency" numeric(6, 3);--> statement-breakpoint
ALTER TABLE "station" ADD COLUMN "efficiency" numeric(6, 3);--> statement-breakpoint
ALTER TABLE "process_flow_step" ADD COLUMN "setup_minutes" numeric(12, 3);--> statement-breakpoint
ALTER TABLE "produce_task" ADD COLUMN "plan_station_id" integer;--> statement-breakpoint
ALTER TABLE "produce_task" ADD COLUMN "plan_start_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "produce_task" ADD COLUMN "plan_end_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "work_calendar_day" ADD CONSTRAINT "work_calendar_day_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_calendar_day" ADD CONSTRAINT "work_calendar_day_area_id_fk" FOREIGN KEY ("tenant_id","area_id") REFERENCES "public"."area"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_operation" ADD CONSTRAINT "plan_operation_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_operation" ADD CONSTRAINT "plan_operation_plan_id_fk" FOREIGN KEY ("tenant_id","plan_id") REFERENCES "public"."produce_plan"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_operation" ADD CONSTRAINT "plan_operation_procedure_id_fk" FOREIGN KEY ("tenant_id","procedure_id") REFERENCES "public"."procedure"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_operation" ADD CONSTRAINT "plan_operation_station_id_fk" FOREIGN KEY ("tenant_id","station_id") REFERENCES "public"."station"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "work_calendar_day_uq" ON "work_calendar_day" USING btree ("tenant_id","day","area_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_operation_seq_uq" ON "plan_operation" USING btree ("tenant_id","plan_id","seq");--> statement-breakpoint
CREATE INDEX "plan_operation_station_idx" ON "plan_operation" USING btree ("tenant_id","station_id","end_time");--> statement-breakpoint
ALTER TABLE "produce_task" ADD CONSTRAINT "produce_task_plan_station_id_fk" FOREIGN KEY ("tenant_id","plan_station_id") REFERENCES "public"."station"("tenant_id","id") ON DELETE no action ON UPDATE no action;