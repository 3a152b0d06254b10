-- Tenant isolation, in one place. Requests run as the NOLOGIN role factory_app (SET LOCAL ROLE
-- inside each transaction) with app.tenant_id set for that transaction; every table that has a
-- tenant_id column is secured by app_secure_tenant_tables(), which the migrator calls after
-- every run, so later migrations only need to add the column.
DO $$
BEGIN
  CREATE ROLE factory_app NOLOGIN;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;
--> statement-breakpoint
DO $$
BEGIN
  EXECUTE format('GRANT factory_app TO %I', current_user);
EXCEPTION WHEN others THEN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_secure_tenant_tables() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  t record;
BEGIN
  EXECUTE format('GRANT USAGE ON SCHEMA %I TO factory_app', current_schema());
  FOR t IN
    SELECT c.relname
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND c.relkind = 'r'
      AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'tenant_id' AND NOT a.attisdropped)
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t.relname);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t.relname);
    IF NOT EXISTS (SELECT 1 FROM pg_policies WHERE schemaname = current_schema() AND tablename = t.relname AND policyname = 'tenant_isolation') THEN
      EXECUTE format(
        'CREATE POLICY tenant_isolation ON %I AS PERMISSIVE FOR ALL TO PUBLIC '
        'USING (tenant_id = nullif(current_setting(''app.tenant_id'', true), '''')::int) '
        'WITH CHECK (tenant_id = nullif(current_setting(''app.tenant_id'', true), '''')::int)',
        t.relname);
    END IF;
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO factory_app', t.relname);
  END LOOP;
  -- The registry is read-only to requests; only the platform's provider services change it.
  EXECUTE 'GRANT SELECT ON tenant TO factory_app';
  EXECUTE format('GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA %I TO factory_app', current_schema());
END $$;
--> statement-breakpoint
-- A tenant's own profile lives in its basic config; this keeps the registry's copy (shown at
-- login and to the provider) in step and tells every API node to refresh its caches.
CREATE OR REPLACE FUNCTION app_tenant_config_changed() RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path FROM CURRENT AS $$
  UPDATE tenant t SET
    company_name = coalesce(nullif((SELECT value FROM basic_config WHERE tenant_id = t.id AND code = 'companyName'), ''), t.company_name),
    logo = (SELECT nullif(value, '') FROM basic_config WHERE tenant_id = t.id AND code = 'companyLogo'),
    version = (SELECT nullif(value, '') FROM basic_config WHERE tenant_id = t.id AND code = 'version'),
    config_version = t.config_version + 1,
    updated_at = now()
  WHERE t.id = nullif(current_setting('app.tenant_id', true), '')::int
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_tenant_config_changed() FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_tenant_config_changed() TO factory_app;
