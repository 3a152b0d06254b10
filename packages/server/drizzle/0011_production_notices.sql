ALTER TABLE "produce_order" ADD COLUMN "due_noticed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "produce_work_order" ADD COLUMN "overdue_noticed_at" timestamp with time zone;