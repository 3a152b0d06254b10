CREATE TABLE "bom_item" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"parent_id" integer NOT NULL,
	"child_id" integer NOT NULL,
	"quantity" numeric(18, 6) NOT NULL,
	"loss_rate" numeric(8, 4) DEFAULT '0' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_site" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"customer_id" integer NOT NULL,
	"contact" text,
	"phone" text,
	"address" text,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"short_name" text,
	"contact" text,
	"phone" text,
	"address" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "equipment_class" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"parent_id" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "material_attribute_value" (
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"material_id" integer NOT NULL,
	"attribute_id" integer NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "material_attribute_value_material_id_attribute_id_pk" PRIMARY KEY("material_id","attribute_id")
);
--> statement-breakpoint
CREATE TABLE "material_attribute" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"options" text,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "material_class" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"parent_id" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "material" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"specifications" text,
	"material_type" smallint DEFAULT 0 NOT NULL,
	"class_id" integer,
	"main_unit_id" integer NOT NULL,
	"aux_unit_id" integer,
	"conversion" numeric(18, 6),
	"is_virtual" boolean DEFAULT false NOT NULL,
	"upper_limit" numeric(18, 6),
	"lower_limit" numeric(18, 6),
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "package_level" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"package_id" integer NOT NULL,
	"level" smallint NOT NULL,
	"name" text NOT NULL,
	"quantity" numeric(18, 6) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "package_info" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"material_id" integer NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "process_flow_class" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "process_flow_material" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"version_id" integer NOT NULL,
	"step_id" integer,
	"material_id" integer NOT NULL,
	"quantity" numeric(18, 6) NOT NULL,
	"remark" text
);
--> statement-breakpoint
CREATE TABLE "process_flow_step_area" (
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"step_id" integer NOT NULL,
	"area_id" integer NOT NULL,
	CONSTRAINT "process_flow_step_area_step_id_area_id_pk" PRIMARY KEY("step_id","area_id")
);
--> statement-breakpoint
CREATE TABLE "process_flow_step_station" (
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"step_id" integer NOT NULL,
	"station_id" integer NOT NULL,
	CONSTRAINT "process_flow_step_station_step_id_station_id_pk" PRIMARY KEY("step_id","station_id")
);
--> statement-breakpoint
CREATE TABLE "process_flow_step" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"version_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"procedure_id" integer NOT NULL,
	"process_type" smallint DEFAULT 0 NOT NULL,
	"standard_minutes" numeric(12, 3),
	"remark" text
);
--> statement-breakpoint
CREATE TABLE "process_flow_version" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"flow_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_main" boolean DEFAULT false NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "process_flow" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"class_id" integer,
	"material_id" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_customer" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"short_name" text,
	"contact" text,
	"phone" text,
	"address" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"industry" text
);
--> statement-breakpoint
CREATE TABLE "stock_type" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"direction" smallint NOT NULL,
	"book_as" smallint NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supplier" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"short_name" text,
	"contact" text,
	"phone" text,
	"address" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tray" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"specifications" text,
	"max_load" numeric(18, 6),
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unit" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warehouse_area" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"warehouse_id" integer NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warehouse_location" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"warehouse_area_id" integer NOT NULL,
	"capacity" numeric(18, 6),
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warehouse" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"kind" smallint DEFAULT 0 NOT NULL,
	"area_id" integer,
	"keeper_id" integer,
	"address" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bom_item" ADD CONSTRAINT "bom_item_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bom_item" ADD CONSTRAINT "bom_item_parent_id_material_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."material"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bom_item" ADD CONSTRAINT "bom_item_child_id_material_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."material"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_site" ADD CONSTRAINT "customer_site_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_site" ADD CONSTRAINT "customer_site_customer_id_service_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."service_customer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer" ADD CONSTRAINT "customer_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_class" ADD CONSTRAINT "equipment_class_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_class" ADD CONSTRAINT "equipment_class_parent_id_equipment_class_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."equipment_class"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_attribute_value" ADD CONSTRAINT "material_attribute_value_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_attribute_value" ADD CONSTRAINT "material_attribute_value_material_id_material_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."material"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_attribute_value" ADD CONSTRAINT "material_attribute_value_attribute_id_material_attribute_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."material_attribute"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_attribute" ADD CONSTRAINT "material_attribute_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_class" ADD CONSTRAINT "material_class_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_class" ADD CONSTRAINT "material_class_parent_id_material_class_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."material_class"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material" ADD CONSTRAINT "material_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material" ADD CONSTRAINT "material_class_id_material_class_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."material_class"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material" ADD CONSTRAINT "material_main_unit_id_unit_id_fk" FOREIGN KEY ("main_unit_id") REFERENCES "public"."unit"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material" ADD CONSTRAINT "material_aux_unit_id_unit_id_fk" FOREIGN KEY ("aux_unit_id") REFERENCES "public"."unit"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_level" ADD CONSTRAINT "package_level_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_level" ADD CONSTRAINT "package_level_package_id_package_info_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."package_info"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_info" ADD CONSTRAINT "package_info_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_info" ADD CONSTRAINT "package_info_material_id_material_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."material"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_flow_class" ADD CONSTRAINT "process_flow_class_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_flow_material" ADD CONSTRAINT "process_flow_material_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_flow_material" ADD CONSTRAINT "process_flow_material_version_id_process_flow_version_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."process_flow_version"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_flow_material" ADD CONSTRAINT "process_flow_material_step_id_process_flow_step_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."process_flow_step"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_flow_material" ADD CONSTRAINT "process_flow_material_material_id_material_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."material"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_flow_step_area" ADD CONSTRAINT "process_flow_step_area_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_flow_step_area" ADD CONSTRAINT "process_flow_step_area_step_id_process_flow_step_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."process_flow_step"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_flow_step_area" ADD CONSTRAINT "process_flow_step_area_area_id_area_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."area"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_flow_step_station" ADD CONSTRAINT "process_flow_step_station_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_flow_step_station" ADD CONSTRAINT "process_flow_step_station_step_id_process_flow_step_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."process_flow_step"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_flow_step_station" ADD CONSTRAINT "process_flow_step_station_station_id_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."station"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_flow_step" ADD CONSTRAINT "process_flow_step_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_flow_step" ADD CONSTRAINT "process_flow_step_version_id_process_flow_version_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."process_flow_version"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_flow_step" ADD CONSTRAINT "process_flow_step_procedure_id_procedure_id_fk" FOREIGN KEY ("procedure_id") REFERENCES "public"."procedure"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_flow_version" ADD CONSTRAINT "process_flow_version_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_flow_version" ADD CONSTRAINT "process_flow_version_flow_id_process_flow_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."process_flow"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_flow" ADD CONSTRAINT "process_flow_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_flow" ADD CONSTRAINT "process_flow_class_id_process_flow_class_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."process_flow_class"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_flow" ADD CONSTRAINT "process_flow_material_id_material_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."material"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_customer" ADD CONSTRAINT "service_customer_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_type" ADD CONSTRAINT "stock_type_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier" ADD CONSTRAINT "supplier_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tray" ADD CONSTRAINT "tray_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit" ADD CONSTRAINT "unit_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_area" ADD CONSTRAINT "warehouse_area_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_area" ADD CONSTRAINT "warehouse_area_warehouse_id_warehouse_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouse"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_location" ADD CONSTRAINT "warehouse_location_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_location" ADD CONSTRAINT "warehouse_location_warehouse_area_id_warehouse_area_id_fk" FOREIGN KEY ("warehouse_area_id") REFERENCES "public"."warehouse_area"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse" ADD CONSTRAINT "warehouse_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse" ADD CONSTRAINT "warehouse_area_id_area_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."area"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse" ADD CONSTRAINT "warehouse_keeper_id_users_id_fk" FOREIGN KEY ("keeper_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bom_item_parent_child_uq" ON "bom_item" USING btree ("parent_id","child_id");--> statement-breakpoint
CREATE INDEX "bom_item_child_idx" ON "bom_item" USING btree ("child_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_site_code_uq" ON "customer_site" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "customer_site_customer_idx" ON "customer_site" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_code_uq" ON "customer" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_name_uq" ON "customer" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "equipment_class_code_uq" ON "equipment_class" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "equipment_class_parent_idx" ON "equipment_class" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "material_attribute_value_attr_idx" ON "material_attribute_value" USING btree ("attribute_id");--> statement-breakpoint
CREATE UNIQUE INDEX "material_attribute_code_uq" ON "material_attribute" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "material_attribute_name_uq" ON "material_attribute" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "material_class_code_uq" ON "material_class" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "material_class_parent_idx" ON "material_class" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "material_code_uq" ON "material" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "material_name_idx" ON "material" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "material_class_idx" ON "material" USING btree ("class_id");--> statement-breakpoint
CREATE UNIQUE INDEX "package_level_uq" ON "package_level" USING btree ("package_id","level");--> statement-breakpoint
CREATE UNIQUE INDEX "package_info_code_uq" ON "package_info" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "package_info_material_idx" ON "package_info" USING btree ("material_id");--> statement-breakpoint
CREATE UNIQUE INDEX "process_flow_class_code_uq" ON "process_flow_class" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "process_flow_class_name_uq" ON "process_flow_class" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "process_flow_material_uq" ON "process_flow_material" USING btree ("version_id","material_id");--> statement-breakpoint
CREATE INDEX "process_flow_material_material_idx" ON "process_flow_material" USING btree ("material_id");--> statement-breakpoint
CREATE INDEX "process_flow_step_area_area_idx" ON "process_flow_step_area" USING btree ("area_id");--> statement-breakpoint
CREATE INDEX "process_flow_step_station_station_idx" ON "process_flow_step_station" USING btree ("station_id");--> statement-breakpoint
CREATE UNIQUE INDEX "process_flow_step_seq_uq" ON "process_flow_step" USING btree ("version_id","seq");--> statement-breakpoint
CREATE INDEX "process_flow_step_procedure_idx" ON "process_flow_step" USING btree ("procedure_id");--> statement-breakpoint
CREATE UNIQUE INDEX "process_flow_version_name_uq" ON "process_flow_version" USING btree ("flow_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "process_flow_version_main_uq" ON "process_flow_version" USING btree ("flow_id") WHERE is_main;--> statement-breakpoint
CREATE UNIQUE INDEX "process_flow_code_uq" ON "process_flow" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "process_flow_material_idx" ON "process_flow" USING btree ("material_id");--> statement-breakpoint
CREATE INDEX "process_flow_class_idx" ON "process_flow" USING btree ("class_id");--> statement-breakpoint
CREATE UNIQUE INDEX "service_customer_code_uq" ON "service_customer" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "service_customer_name_uq" ON "service_customer" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_type_code_uq" ON "stock_type" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_type_name_uq" ON "stock_type" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_code_uq" ON "supplier" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_name_uq" ON "supplier" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "tray_code_uq" ON "tray" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "unit_code_uq" ON "unit" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "unit_name_uq" ON "unit" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouse_area_code_uq" ON "warehouse_area" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "warehouse_area_wh_idx" ON "warehouse_area" USING btree ("warehouse_id");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouse_location_code_uq" ON "warehouse_location" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "warehouse_location_area_idx" ON "warehouse_location" USING btree ("warehouse_area_id");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouse_code_uq" ON "warehouse" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouse_name_uq" ON "warehouse" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "warehouse_area_idx" ON "warehouse" USING btree ("area_id");