CREATE TABLE "batch_number" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"code" text NOT NULL,
	"material_id" integer NOT NULL,
	"quantity" numeric(18, 6),
	"supplier_id" integer,
	"produced_on" date,
	"remark" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "package_code" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"code" text NOT NULL,
	"package_id" integer NOT NULL,
	"level" smallint DEFAULT 1 NOT NULL,
	"batch_number_id" integer,
	"remark" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "procedure_param" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"procedure_id" integer NOT NULL,
	"data_type" smallint DEFAULT 1 NOT NULL,
	"unit_name" text,
	"standard_value" text,
	"lower_limit" numeric(18, 6),
	"upper_limit" numeric(18, 6),
	"required" boolean DEFAULT false NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scrap_reason" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"category" text,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "batch_number" ADD CONSTRAINT "batch_number_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_number" ADD CONSTRAINT "batch_number_material_id_material_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."material"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_number" ADD CONSTRAINT "batch_number_supplier_id_supplier_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."supplier"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_number" ADD CONSTRAINT "batch_number_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_code" ADD CONSTRAINT "package_code_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_code" ADD CONSTRAINT "package_code_package_id_package_info_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."package_info"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_code" ADD CONSTRAINT "package_code_batch_number_id_batch_number_id_fk" FOREIGN KEY ("batch_number_id") REFERENCES "public"."batch_number"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_code" ADD CONSTRAINT "package_code_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procedure_param" ADD CONSTRAINT "procedure_param_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procedure_param" ADD CONSTRAINT "procedure_param_procedure_id_procedure_id_fk" FOREIGN KEY ("procedure_id") REFERENCES "public"."procedure"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scrap_reason" ADD CONSTRAINT "scrap_reason_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "batch_number_code_uq" ON "batch_number" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "batch_number_material_idx" ON "batch_number" USING btree ("material_id");--> statement-breakpoint
CREATE UNIQUE INDEX "package_code_code_uq" ON "package_code" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "package_code_package_idx" ON "package_code" USING btree ("package_id");--> statement-breakpoint
CREATE UNIQUE INDEX "procedure_param_code_uq" ON "procedure_param" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "procedure_param_name_uq" ON "procedure_param" USING btree ("tenant_id","procedure_id","name");--> statement-breakpoint
CREATE INDEX "procedure_param_procedure_idx" ON "procedure_param" USING btree ("procedure_id");--> statement-breakpoint
CREATE UNIQUE INDEX "scrap_reason_code_uq" ON "scrap_reason" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "scrap_reason_name_uq" ON "scrap_reason" USING btree ("tenant_id","name");