CREATE TABLE "quota_line" (
	"id" serial NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"quota_id" integer NOT NULL,
	"line_no" smallint NOT NULL,
	"materials_id" integer NOT NULL,
	"quota_per_unit" numeric(18, 6) NOT NULL,
	"tolerance_pct" numeric(5, 2) DEFAULT '0' NOT NULL,
	"remark" text,
	CONSTRAINT "quota_line_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "quota_overrun" (
	"id" serial NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"quota_id" integer NOT NULL,
	"work_order_id" integer NOT NULL,
	"materials_id" integer NOT NULL,
	"stock_doc_id" integer,
	"allowed_quantity" numeric(18, 6) NOT NULL,
	"issued_before" numeric(18, 6) NOT NULL,
	"quantity" numeric(18, 6) NOT NULL,
	"reason" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quota_overrun_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "quota" (
	"id" serial NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"code" text NOT NULL,
	"materials_id" integer NOT NULL,
	"process_flow_version_id" integer,
	"effective_from" date NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	"remark" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quota_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "quota_line" ADD CONSTRAINT "quota_line_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quota_line" ADD CONSTRAINT "quota_line_quota_id_fk" FOREIGN KEY ("tenant_id","quota_id") REFERENCES "public"."quota"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quota_line" ADD CONSTRAINT "quota_line_materials_id_fk" FOREIGN KEY ("tenant_id","materials_id") REFERENCES "public"."material"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quota_overrun" ADD CONSTRAINT "quota_overrun_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quota_overrun" ADD CONSTRAINT "quota_overrun_quota_id_fk" FOREIGN KEY ("tenant_id","quota_id") REFERENCES "public"."quota"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quota_overrun" ADD CONSTRAINT "quota_overrun_work_order_id_fk" FOREIGN KEY ("tenant_id","work_order_id") REFERENCES "public"."produce_work_order"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quota_overrun" ADD CONSTRAINT "quota_overrun_materials_id_fk" FOREIGN KEY ("tenant_id","materials_id") REFERENCES "public"."material"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quota_overrun" ADD CONSTRAINT "quota_overrun_stock_doc_id_fk" FOREIGN KEY ("tenant_id","stock_doc_id") REFERENCES "public"."stock_doc"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quota_overrun" ADD CONSTRAINT "quota_overrun_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quota" ADD CONSTRAINT "quota_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quota" ADD CONSTRAINT "quota_materials_id_fk" FOREIGN KEY ("tenant_id","materials_id") REFERENCES "public"."material"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quota" ADD CONSTRAINT "quota_process_flow_version_id_fk" FOREIGN KEY ("tenant_id","process_flow_version_id") REFERENCES "public"."process_flow_version"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quota" ADD CONSTRAINT "quota_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quota_line_quota_idx" ON "quota_line" USING btree ("tenant_id","quota_id");--> statement-breakpoint
CREATE INDEX "quota_line_material_idx" ON "quota_line" USING btree ("tenant_id","materials_id");--> statement-breakpoint
CREATE INDEX "quota_overrun_quota_idx" ON "quota_overrun" USING btree ("tenant_id","quota_id");--> statement-breakpoint
CREATE INDEX "quota_overrun_work_order_idx" ON "quota_overrun" USING btree ("tenant_id","work_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quota_code_uq" ON "quota" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "quota_material_idx" ON "quota" USING btree ("tenant_id","materials_id");--> statement-breakpoint
CREATE INDEX "quota_created_idx" ON "quota" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "quota_effective_version_uq" ON "quota" USING btree ("tenant_id","materials_id","process_flow_version_id") WHERE status = 1 and process_flow_version_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "quota_effective_uq" ON "quota" USING btree ("tenant_id","materials_id") WHERE status = 1 and process_flow_version_id is null;--> statement-breakpoint
CREATE INDEX "quota_code_grams" ON "quota" USING gin (app_grams("code"));