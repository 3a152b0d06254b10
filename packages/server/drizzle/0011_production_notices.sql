ALTER TABLE "produce_order" ADD COLUMN "due_noticed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "produce_task" ADD COLUMN "skip_reason" text;--> statement-breakpoint
ALTER TABLE "produce_work_order" ADD COLUMN "overdue_noticed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "report_work" ADD COLUMN "rework_work_order_id" integer;--> statement-breakpoint
ALTER TABLE "report_work" ADD CONSTRAINT "report_work_rework_work_order_id_fk" FOREIGN KEY ("tenant_id","rework_work_order_id") REFERENCES "public"."produce_work_order"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_work_rework_idx" ON "report_work" USING btree ("tenant_id","rework_work_order_id");