CREATE TABLE "mould_handle" (
	"id" serial NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"code" text NOT NULL,
	"handle_type" smallint NOT NULL,
	"mould_id" integer NOT NULL,
	"area_id" integer,
	"equipment_id" integer,
	"user_id" integer,
	"reason" text,
	"life_extension" integer,
	"shots_at" numeric(20, 6),
	"audit_status" smallint DEFAULT -1 NOT NULL,
	"reject_reason" text,
	"audited_by" integer,
	"audited_at" timestamp with time zone,
	"remark" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mould_handle_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "mould_shot" (
	"id" serial NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"mould_id" integer NOT NULL,
	"report_id" bigint NOT NULL,
	"work_order_id" integer NOT NULL,
	"area_id" integer,
	"quantity" numeric(18, 6) NOT NULL,
	"shots" numeric(20, 6) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mould_shot_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "mould" (
	"id" serial NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"cavities" integer DEFAULT 1 NOT NULL,
	"design_life" integer NOT NULL,
	"used_shots" numeric(20, 6) DEFAULT '0' NOT NULL,
	"warn_pct" smallint DEFAULT 90 NOT NULL,
	"materials_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"procedure_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"location_id" integer,
	"current_area_id" integer,
	"current_equipment_id" integer,
	"status" smallint DEFAULT 0 NOT NULL,
	"warned_at" timestamp with time zone,
	"life_end_notified_at" timestamp with time zone,
	"remark" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mould_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "report_work" ADD COLUMN "mould_id" integer;--> statement-breakpoint
ALTER TABLE "mould_handle" ADD CONSTRAINT "mould_handle_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mould_handle" ADD CONSTRAINT "mould_handle_mould_id_fk" FOREIGN KEY ("tenant_id","mould_id") REFERENCES "public"."mould"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mould_handle" ADD CONSTRAINT "mould_handle_area_id_fk" FOREIGN KEY ("tenant_id","area_id") REFERENCES "public"."area"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mould_handle" ADD CONSTRAINT "mould_handle_equipment_id_fk" FOREIGN KEY ("tenant_id","equipment_id") REFERENCES "public"."equipment"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mould_handle" ADD CONSTRAINT "mould_handle_user_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mould_handle" ADD CONSTRAINT "mould_handle_audited_by_fk" FOREIGN KEY ("tenant_id","audited_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mould_handle" ADD CONSTRAINT "mould_handle_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mould_shot" ADD CONSTRAINT "mould_shot_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mould_shot" ADD CONSTRAINT "mould_shot_mould_id_fk" FOREIGN KEY ("tenant_id","mould_id") REFERENCES "public"."mould"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mould_shot" ADD CONSTRAINT "mould_shot_report_id_fk" FOREIGN KEY ("tenant_id","report_id") REFERENCES "public"."report_work"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mould_shot" ADD CONSTRAINT "mould_shot_work_order_id_fk" FOREIGN KEY ("tenant_id","work_order_id") REFERENCES "public"."produce_work_order"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mould_shot" ADD CONSTRAINT "mould_shot_area_id_fk" FOREIGN KEY ("tenant_id","area_id") REFERENCES "public"."area"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mould" ADD CONSTRAINT "mould_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mould" ADD CONSTRAINT "mould_location_id_fk" FOREIGN KEY ("tenant_id","location_id") REFERENCES "public"."warehouse_location"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mould" ADD CONSTRAINT "mould_current_area_id_fk" FOREIGN KEY ("tenant_id","current_area_id") REFERENCES "public"."area"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mould" ADD CONSTRAINT "mould_current_equipment_id_fk" FOREIGN KEY ("tenant_id","current_equipment_id") REFERENCES "public"."equipment"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mould" ADD CONSTRAINT "mould_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mould_handle_code_uq" ON "mould_handle" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "mould_handle_mould_idx" ON "mould_handle" USING btree ("tenant_id","mould_id");--> statement-breakpoint
CREATE INDEX "mould_handle_created_idx" ON "mould_handle" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "mould_handle_code_grams" ON "mould_handle" USING gin (app_grams("code"));--> statement-breakpoint
CREATE INDEX "mould_shot_mould_idx" ON "mould_shot" USING btree ("tenant_id","mould_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mould_shot_report_uq" ON "mould_shot" USING btree ("tenant_id","report_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mould_code_uq" ON "mould" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "mould_area_idx" ON "mould" USING btree ("tenant_id","current_area_id");--> statement-breakpoint
CREATE INDEX "mould_status_idx" ON "mould" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE INDEX "mould_code_grams" ON "mould" USING gin (app_grams("code"));--> statement-breakpoint
CREATE INDEX "mould_name_grams" ON "mould" USING gin (app_grams("name"));