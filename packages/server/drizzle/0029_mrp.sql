CREATE TABLE "mrp_run_line" (
	"id" serial NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"run_id" integer NOT NULL,
	"materials_id" integer NOT NULL,
	"procurement_type" smallint NOT NULL,
	"quantity" numeric(18, 6) NOT NULL,
	"due_date" date NOT NULL,
	"release_date" date NOT NULL,
	"late" boolean DEFAULT false NOT NULL,
	"pegs" jsonb NOT NULL,
	"request_id" integer,
	CONSTRAINT "mrp_run_line_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "mrp_run" (
	"id" serial NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"code" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"error" text,
	"demand_count" integer DEFAULT 0 NOT NULL,
	"material_count" integer DEFAULT 0 NOT NULL,
	"planned_count" integer DEFAULT 0 NOT NULL,
	"request_count" integer DEFAULT 0 NOT NULL,
	"late_count" integer DEFAULT 0 NOT NULL,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mrp_run_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "material" ADD COLUMN "procurement_type" smallint;--> statement-breakpoint
ALTER TABLE "material" ADD COLUMN "lead_time_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "material" ADD COLUMN "lot_size_rule" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "material" ADD COLUMN "fixed_lot_qty" numeric(18, 6);--> statement-breakpoint
ALTER TABLE "material" ADD COLUMN "min_order_qty" numeric(18, 6);--> statement-breakpoint
ALTER TABLE "material" ADD COLUMN "order_multiple" numeric(18, 6);--> statement-breakpoint
ALTER TABLE "material" ADD COLUMN "period_days" integer;--> statement-breakpoint
ALTER TABLE "mrp_run_line" ADD CONSTRAINT "mrp_run_line_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mrp_run_line" ADD CONSTRAINT "mrp_run_line_run_id_fk" FOREIGN KEY ("tenant_id","run_id") REFERENCES "public"."mrp_run"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mrp_run_line" ADD CONSTRAINT "mrp_run_line_materials_id_fk" FOREIGN KEY ("tenant_id","materials_id") REFERENCES "public"."material"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mrp_run_line" ADD CONSTRAINT "mrp_run_line_request_id_fk" FOREIGN KEY ("tenant_id","request_id") REFERENCES "public"."purchase_request"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mrp_run" ADD CONSTRAINT "mrp_run_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mrp_run" ADD CONSTRAINT "mrp_run_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mrp_run_line_run_idx" ON "mrp_run_line" USING btree ("tenant_id","run_id");--> statement-breakpoint
CREATE INDEX "mrp_run_line_material_idx" ON "mrp_run_line" USING btree ("tenant_id","materials_id");--> statement-breakpoint
CREATE INDEX "mrp_run_created_idx" ON "mrp_run" USING btree ("tenant_id","created_at");