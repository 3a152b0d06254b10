CREATE TABLE "quota_application" (
	"id" serial NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"code" text NOT NULL,
	"work_order_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"materials_id" integer NOT NULL,
	"quantity" numeric(18, 6) NOT NULL,
	"reason" text NOT NULL,
	"audit_status" smallint DEFAULT 0 NOT NULL,
	"applicant_id" integer,
	"approved_by" integer,
	"approved_at" timestamp with time zone,
	"reject_reason" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quota_application_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "quota_overrun" ADD COLUMN "application_ids" integer[] DEFAULT '{}'::int[] NOT NULL;--> statement-breakpoint
ALTER TABLE "quota_application" ADD CONSTRAINT "quota_application_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quota_application" ADD CONSTRAINT "quota_application_work_order_id_fk" FOREIGN KEY ("tenant_id","work_order_id") REFERENCES "public"."produce_work_order"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quota_application" ADD CONSTRAINT "quota_application_product_id_fk" FOREIGN KEY ("tenant_id","product_id") REFERENCES "public"."material"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quota_application" ADD CONSTRAINT "quota_application_materials_id_fk" FOREIGN KEY ("tenant_id","materials_id") REFERENCES "public"."material"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quota_application" ADD CONSTRAINT "quota_application_applicant_id_fk" FOREIGN KEY ("tenant_id","applicant_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quota_application" ADD CONSTRAINT "quota_application_approved_by_fk" FOREIGN KEY ("tenant_id","approved_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quota_application_code_uq" ON "quota_application" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "quota_application_work_order_idx" ON "quota_application" USING btree ("tenant_id","work_order_id","materials_id");--> statement-breakpoint
CREATE INDEX "quota_application_product_idx" ON "quota_application" USING btree ("tenant_id","product_id");--> statement-breakpoint
CREATE INDEX "quota_application_created_idx" ON "quota_application" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "quota_application_code_grams" ON "quota_application" USING gin (app_grams("code"));