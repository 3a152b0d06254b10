CREATE INDEX "audit_log_user_idx" ON "audit_log" USING btree ("tenant_id","user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "produce_order_status_idx" ON "produce_order" USING btree ("tenant_id","plan_status","confirm_status");--> statement-breakpoint
CREATE INDEX "produce_plan_schedule_idx" ON "produce_plan" USING btree ("tenant_id","schedule_status");