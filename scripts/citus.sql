-- Turns a migrated database into a Citus cluster (docs/operations.md, "Beyond one PostgreSQL server").
--
-- Before: every node runs PostgreSQL with the Citus package, shared_preload_libraries = 'citus',
-- and has the application's database with `create extension citus` in it; the coordinator's
-- database has been migrated (the server migrates at start). Then, on the coordinator, as a
-- superuser, in that database:
--
--   psql "$OWNER_URL" -v coordinator=db-coord -v workers=db-w1,db-w2:5433 -f scripts/citus.sql
--
-- Run it again after every migration that adds a table: tables Citus already has are left alone.

\set ON_ERROR_STOP on

create extension if not exists citus;

-- How the workers reach the coordinator, then the workers (host or host:port; adding one twice is a no-op).
select citus_set_coordinator_host(:'coordinator');
select citus_add_node(split_part(w, ':', 1), coalesce(nullif(split_part(w, ':', 2), ''), '5432')::int)
from unnest(string_to_array(:'workers', ',')) as w;

-- The row-level security policies read app.tenant_id on the workers too: SET LOCAL goes along.
do $$
begin
  execute format('alter database %I set citus.propagate_set_commands = %L', current_database(), 'local');
end $$;

-- Every table of this schema, read from the catalogue so new modules' tables are included:
-- without tenant_id → reference table (one copy on every node), with tenant_id → distributed by
-- tenant_id, all co-located, so one tenant's rows of every table sit on the same node. A table is
-- distributed only after the tables its foreign keys point at (Citus refuses a key to a table it
-- does not manage yet), so reference tables go first and the rest in key order.
-- Left local on the coordinator: scheduled_job (the job layer's bookkeeping beside pg-boss's own
-- schema, never joined with tenant data) and everything outside this schema (pgboss, drizzle).
do $$
declare
  keep_local constant text[] := array['scheduled_job'];
  pass text;
  t regclass;
  anchor regclass;
  done int;
begin
  -- a table with a key to a reference table is distributed in sequential mode when the same
  -- transaction distributes others (Citus's own hint: SET LOCAL citus.multi_shard_modify_mode)
  perform set_config('citus.multi_shard_modify_mode', 'sequential', true);
  foreach pass in array array['reference', 'distributed'] loop
    loop
      done := 0;
      for t in
        select c.oid::regclass
        from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = current_schema() and c.relkind in ('r', 'p') and not c.relispartition
          and c.relname <> all (keep_local)
          and (pass = 'distributed') = exists (select 1 from pg_attribute a
                 where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped)
          and not exists (select 1 from pg_dist_partition p where p.logicalrelid = c.oid)
          -- every table its keys point at (itself aside) is already a Citus table
          and not exists (select 1 from pg_constraint k
                          where k.conrelid = c.oid and k.contype = 'f' and k.confrelid <> c.oid
                            and not exists (select 1 from pg_dist_partition p where p.logicalrelid = k.confrelid))
        order by c.relname
      loop
        if pass = 'reference' then
          perform create_reference_table(t);
        else
          -- co-located with the first distributed table (one from an earlier run, or this one)
          if anchor is null then
            select p.logicalrelid into anchor from pg_dist_partition p where p.partmethod = 'h' limit 1;
          end if;
          perform create_distributed_table(t, 'tenant_id', colocate_with => coalesce(anchor::text, 'default'));
          anchor := coalesce(anchor, t);
        end if;
        raise notice '% table: %', pass, t;
        done := done + 1;
      end loop;
      exit when done = 0;
    end loop;
  end loop;
  -- whatever is left points at a table that cannot become a Citus table: say which
  for t in
    select c.oid::regclass from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relkind in ('r', 'p') and not c.relispartition
      and c.relname <> all (keep_local)
      and not exists (select 1 from pg_dist_partition p where p.logicalrelid = c.oid)
  loop
    raise exception 'table % was not distributed: a foreign key points at a table Citus does not manage', t;
  end loop;
end $$;

-- What came of it: one row per Citus table, with its kind and co-location group.
select table_name, citus_table_type, distribution_column, colocation_id, shard_count
from citus_tables order by citus_table_type, table_name::text;
