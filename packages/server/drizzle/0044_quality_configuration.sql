CREATE TABLE "quality_defect_item" (
	"id" serial NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"category" text,
	"severity" smallint DEFAULT 1 NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quality_defect_item_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "quality_inspection_item" (
	"id" serial NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"category" text,
	"value_type" smallint DEFAULT 0 NOT NULL,
	"method" text,
	"instrument" text,
	"standard" text,
	"unit" text,
	"standard_value" numeric(18, 6),
	"lower_limit" numeric(18, 6),
	"upper_limit" numeric(18, 6),
	"is_key" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quality_inspection_item_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "quality_inspection_plan_item" (
	"id" serial NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"plan_id" integer NOT NULL,
	"line_no" smallint NOT NULL,
	"item_id" integer NOT NULL,
	"standard_value" numeric(18, 6),
	"lower_limit" numeric(18, 6),
	"upper_limit" numeric(18, 6),
	CONSTRAINT "quality_inspection_plan_item_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "quality_inspection_plan" (
	"id" serial NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"name" text NOT NULL,
	"inspection_type" smallint NOT NULL,
	"quality_type" smallint NOT NULL,
	"materials_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"material_class_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"procedure_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"supplier_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"sampling_mode" smallint DEFAULT 0 NOT NULL,
	"sample_size" integer,
	"sample_percent" numeric(7, 3),
	"aql" numeric(8, 3),
	"first_article_qty" integer,
	"item_count" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quality_inspection_plan_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "quality_defect_item" ADD CONSTRAINT "quality_defect_item_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_inspection_item" ADD CONSTRAINT "quality_inspection_item_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_inspection_plan_item" ADD CONSTRAINT "quality_inspection_plan_item_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_inspection_plan_item" ADD CONSTRAINT "quality_inspection_plan_item_plan_id_fk" FOREIGN KEY ("tenant_id","plan_id") REFERENCES "public"."quality_inspection_plan"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_inspection_plan_item" ADD CONSTRAINT "quality_inspection_plan_item_item_id_fk" FOREIGN KEY ("tenant_id","item_id") REFERENCES "public"."quality_inspection_item"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_inspection_plan" ADD CONSTRAINT "quality_inspection_plan_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_inspection_plan" ADD CONSTRAINT "quality_inspection_plan_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quality_defect_item_code_uq" ON "quality_defect_item" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "quality_defect_item_name_uq" ON "quality_defect_item" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "quality_defect_item_code_grams" ON "quality_defect_item" USING gin (app_grams("code"));--> statement-breakpoint
CREATE INDEX "quality_defect_item_name_grams" ON "quality_defect_item" USING gin (app_grams("name"));--> statement-breakpoint
CREATE INDEX "quality_defect_item_category_grams" ON "quality_defect_item" USING gin (app_grams("category"));--> statement-breakpoint
CREATE UNIQUE INDEX "quality_inspection_item_code_uq" ON "quality_inspection_item" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "quality_inspection_item_code_grams" ON "quality_inspection_item" USING gin (app_grams("code"));--> statement-breakpoint
CREATE INDEX "quality_inspection_item_name_grams" ON "quality_inspection_item" USING gin (app_grams("name"));--> statement-breakpoint
CREATE INDEX "quality_inspection_item_category_grams" ON "quality_inspection_item" USING gin (app_grams("category"));--> statement-breakpoint
CREATE INDEX "quality_inspection_item_method_grams" ON "quality_inspection_item" USING gin (app_grams("method"));--> statement-breakpoint
CREATE INDEX "quality_inspection_item_instrument_grams" ON "quality_inspection_item" USING gin (app_grams("instrument"));--> statement-breakpoint
CREATE INDEX "quality_inspection_item_standard_grams" ON "quality_inspection_item" USING gin (app_grams("standard"));--> statement-breakpoint
CREATE INDEX "quality_inspection_plan_item_plan_idx" ON "quality_inspection_plan_item" USING btree ("tenant_id","plan_id");--> statement-breakpoint
CREATE INDEX "quality_inspection_plan_item_item_idx" ON "quality_inspection_plan_item" USING btree ("tenant_id","item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quality_inspection_plan_name_uq" ON "quality_inspection_plan" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "quality_inspection_plan_type_idx" ON "quality_inspection_plan" USING btree ("tenant_id","inspection_type");--> statement-breakpoint
CREATE INDEX "quality_inspection_plan_name_grams" ON "quality_inspection_plan" USING gin (app_grams("name"));