CREATE TABLE "material_prep_line" (
	"id" serial NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"prep_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"materials_id" integer NOT NULL,
	"procedure_id" integer,
	"required_quantity" numeric(18, 6) NOT NULL,
	"issued_quantity" numeric(18, 6) DEFAULT '0' NOT NULL,
	CONSTRAINT "material_prep_line_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "material_prep" (
	"id" serial NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"code" text NOT NULL,
	"work_order_id" integer NOT NULL,
	"plan_id" integer,
	"materials_id" integer NOT NULL,
	"quantity" numeric(18, 6) NOT NULL,
	"area_id" integer,
	"target_warehouse_id" integer,
	"status" smallint DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	"prepared_count" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "material_prep_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "material_prep_line" ADD CONSTRAINT "material_prep_line_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_prep_line" ADD CONSTRAINT "material_prep_line_prep_id_fk" FOREIGN KEY ("tenant_id","prep_id") REFERENCES "public"."material_prep"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_prep_line" ADD CONSTRAINT "material_prep_line_materials_id_fk" FOREIGN KEY ("tenant_id","materials_id") REFERENCES "public"."material"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_prep" ADD CONSTRAINT "material_prep_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_prep" ADD CONSTRAINT "material_prep_materials_id_fk" FOREIGN KEY ("tenant_id","materials_id") REFERENCES "public"."material"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_prep" ADD CONSTRAINT "material_prep_target_warehouse_id_fk" FOREIGN KEY ("tenant_id","target_warehouse_id") REFERENCES "public"."warehouse"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "material_prep_line_prep_idx" ON "material_prep_line" USING btree ("tenant_id","prep_id");--> statement-breakpoint
CREATE UNIQUE INDEX "material_prep_code_uq" ON "material_prep" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "material_prep_work_order_uq" ON "material_prep" USING btree ("tenant_id","work_order_id");--> statement-breakpoint
CREATE INDEX "material_prep_plan_idx" ON "material_prep" USING btree ("tenant_id","plan_id");--> statement-breakpoint
CREATE INDEX "material_prep_status_idx" ON "material_prep" USING btree ("tenant_id","status");