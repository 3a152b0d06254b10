CREATE TABLE "outsource_order" (
	"id" serial NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"code" text NOT NULL,
	"supplier_id" integer,
	"work_order_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"quantity" numeric(18, 6) NOT NULL,
	"unit_price" numeric(18, 6) DEFAULT '0' NOT NULL,
	"amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"plan_return_date" date,
	"sent_quantity" numeric(18, 6) DEFAULT '0' NOT NULL,
	"received_good_quantity" numeric(18, 6) DEFAULT '0' NOT NULL,
	"received_defect_quantity" numeric(18, 6) DEFAULT '0' NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"remark" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outsource_order_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "outsource_receipt" (
	"id" serial NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"order_id" integer NOT NULL,
	"report_id" bigint NOT NULL,
	"good_quantity" numeric(18, 6) NOT NULL,
	"defect_quantity" numeric(18, 6) DEFAULT '0' NOT NULL,
	"remark" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reversed_at" timestamp with time zone,
	"reversed_by" integer,
	"reverse_reason" text,
	CONSTRAINT "outsource_receipt_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "outsource_send" (
	"id" serial NOT NULL,
	"tenant_id" integer DEFAULT nullif(current_setting('app.tenant_id', true), '')::int NOT NULL,
	"order_id" integer NOT NULL,
	"quantity" numeric(18, 6) NOT NULL,
	"remark" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outsource_send_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "outsource_order" ADD CONSTRAINT "outsource_order_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outsource_order" ADD CONSTRAINT "outsource_order_supplier_id_fk" FOREIGN KEY ("tenant_id","supplier_id") REFERENCES "public"."supplier"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outsource_order" ADD CONSTRAINT "outsource_order_work_order_id_fk" FOREIGN KEY ("tenant_id","work_order_id") REFERENCES "public"."produce_work_order"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outsource_order" ADD CONSTRAINT "outsource_order_task_id_fk" FOREIGN KEY ("tenant_id","task_id") REFERENCES "public"."produce_task"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outsource_order" ADD CONSTRAINT "outsource_order_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outsource_receipt" ADD CONSTRAINT "outsource_receipt_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outsource_receipt" ADD CONSTRAINT "outsource_receipt_order_id_fk" FOREIGN KEY ("tenant_id","order_id") REFERENCES "public"."outsource_order"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outsource_receipt" ADD CONSTRAINT "outsource_receipt_report_id_fk" FOREIGN KEY ("tenant_id","report_id") REFERENCES "public"."report_work"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outsource_receipt" ADD CONSTRAINT "outsource_receipt_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outsource_receipt" ADD CONSTRAINT "outsource_receipt_reversed_by_fk" FOREIGN KEY ("tenant_id","reversed_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outsource_send" ADD CONSTRAINT "outsource_send_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outsource_send" ADD CONSTRAINT "outsource_send_order_id_fk" FOREIGN KEY ("tenant_id","order_id") REFERENCES "public"."outsource_order"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outsource_send" ADD CONSTRAINT "outsource_send_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "outsource_order_code_uq" ON "outsource_order" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "outsource_order_supplier_idx" ON "outsource_order" USING btree ("tenant_id","supplier_id");--> statement-breakpoint
CREATE INDEX "outsource_order_work_order_idx" ON "outsource_order" USING btree ("tenant_id","work_order_id");--> statement-breakpoint
CREATE INDEX "outsource_order_task_idx" ON "outsource_order" USING btree ("tenant_id","task_id");--> statement-breakpoint
CREATE INDEX "outsource_order_status_idx" ON "outsource_order" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE INDEX "outsource_order_created_idx" ON "outsource_order" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "outsource_order_code_grams" ON "outsource_order" USING gin (app_grams("code"));--> statement-breakpoint
CREATE INDEX "outsource_receipt_order_idx" ON "outsource_receipt" USING btree ("tenant_id","order_id");--> statement-breakpoint
CREATE INDEX "outsource_receipt_report_idx" ON "outsource_receipt" USING btree ("tenant_id","report_id");--> statement-breakpoint
CREATE INDEX "outsource_send_order_idx" ON "outsource_send" USING btree ("tenant_id","order_id");