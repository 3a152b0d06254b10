CREATE TABLE "part_application_line" (
	"id" serial NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"application_id" integer NOT NULL,
	"line_no" smallint NOT NULL,
	"materials_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"quantity" numeric(18, 6) NOT NULL,
	"remark" text,
	CONSTRAINT "part_application_line_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "part_application" (
	"id" serial NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"code" text NOT NULL,
	"source_type" smallint NOT NULL,
	"source_id" integer NOT NULL,
	"source_code" text NOT NULL,
	"equipment_id" integer NOT NULL,
	"reason" text,
	"audit_status" smallint DEFAULT -1 NOT NULL,
	"issue_status" smallint DEFAULT 0 NOT NULL,
	"line_count" smallint DEFAULT 0 NOT NULL,
	"applicant_id" integer,
	"approved_by" integer,
	"approved_at" timestamp with time zone,
	"reject_reason" text,
	"issued_by" integer,
	"issued_at" timestamp with time zone,
	"stock_doc_id" integer,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "part_application_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "spare_part" (
	"id" serial NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"materials_id" integer NOT NULL,
	"equipment_class_id" integer,
	"replace_cycle_days" integer,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spare_part_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "warehouse" ADD COLUMN "is_spare" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "part_application_line" ADD CONSTRAINT "part_application_line_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_application_line" ADD CONSTRAINT "part_application_line_application_id_fk" FOREIGN KEY ("tenant_id","application_id") REFERENCES "public"."part_application"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_application_line" ADD CONSTRAINT "part_application_line_materials_id_fk" FOREIGN KEY ("tenant_id","materials_id") REFERENCES "public"."material"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_application_line" ADD CONSTRAINT "part_application_line_warehouse_id_fk" FOREIGN KEY ("tenant_id","warehouse_id") REFERENCES "public"."warehouse"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_application" ADD CONSTRAINT "part_application_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_application" ADD CONSTRAINT "part_application_equipment_id_fk" FOREIGN KEY ("tenant_id","equipment_id") REFERENCES "public"."equipment"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_application" ADD CONSTRAINT "part_application_applicant_id_fk" FOREIGN KEY ("tenant_id","applicant_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_application" ADD CONSTRAINT "part_application_approved_by_fk" FOREIGN KEY ("tenant_id","approved_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_application" ADD CONSTRAINT "part_application_issued_by_fk" FOREIGN KEY ("tenant_id","issued_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_application" ADD CONSTRAINT "part_application_stock_doc_id_fk" FOREIGN KEY ("tenant_id","stock_doc_id") REFERENCES "public"."stock_doc"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spare_part" ADD CONSTRAINT "spare_part_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spare_part" ADD CONSTRAINT "spare_part_materials_id_fk" FOREIGN KEY ("tenant_id","materials_id") REFERENCES "public"."material"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spare_part" ADD CONSTRAINT "spare_part_equipment_class_id_fk" FOREIGN KEY ("tenant_id","equipment_class_id") REFERENCES "public"."equipment_class"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "part_application_line_app_idx" ON "part_application_line" USING btree ("tenant_id","application_id");--> statement-breakpoint
CREATE INDEX "part_application_line_material_idx" ON "part_application_line" USING btree ("tenant_id","materials_id");--> statement-breakpoint
CREATE UNIQUE INDEX "part_application_code_uq" ON "part_application" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "part_application_source_idx" ON "part_application" USING btree ("tenant_id","source_type","source_id");--> statement-breakpoint
CREATE INDEX "part_application_equipment_idx" ON "part_application" USING btree ("tenant_id","equipment_id");--> statement-breakpoint
CREATE INDEX "part_application_created_idx" ON "part_application" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "part_application_code_grams" ON "part_application" USING gin (app_grams("code"));--> statement-breakpoint
CREATE INDEX "part_application_source_code_grams" ON "part_application" USING gin (app_grams("source_code"));--> statement-breakpoint
CREATE INDEX "part_application_reason_grams" ON "part_application" USING gin (app_grams("reason"));--> statement-breakpoint
CREATE UNIQUE INDEX "spare_part_material_uq" ON "spare_part" USING btree ("tenant_id","materials_id");--> statement-breakpoint
CREATE INDEX "spare_part_class_idx" ON "spare_part" USING btree ("tenant_id","equipment_class_id");