-- Screen reports and guarded pilots (issue 39, decision 0088). The browser reports how each module screen
-- fared; every replica adds what it heard into one row per module, bundle version, customer and minute,
-- so the pilot's health and its guard read the same figures whichever replica heard the reports.
create table screen_reports (
  module_key text not null check (module_key ~ '^[a-z][a-z0-9]{1,15}$'),
  -- '' for the shell's compiled-in screens: a key column cannot be null.
  bundle_version text not null check (length(bundle_version) <= 100),
  -- '' for reports of nobody's customer (staff acting for none).
  customer_id text not null check (length(customer_id) <= 100),
  minute timestamptz not null check (minute = date_trunc('minute', minute)),
  shown integer not null default 0 check (shown >= 0),
  load_failed integer not null default 0 check (load_failed >= 0),
  render_failed integer not null default 0 check (render_failed >= 0),
  -- Counts of open times (click to first render) in the fixed buckets of openTimeBuckets.ts.
  open_ms integer[] not null,
  primary key (module_key, bundle_version, customer_id, minute)
);
-- The time series and the module health read one module's rows from a time on.
create index screen_reports_by_module_minute on screen_reports (module_key, minute);

-- A pilot's guard and when the pilot started (the guard counts reports from then on). Both go with the
-- pilot: ending or promoting it clears them.
alter table manifest_release_state add column pilot_guard json, add column pilot_started_at timestamptz;
update manifest_release_state set pilot_started_at = now() where pilot_release is not null;
alter table manifest_release_state add check ((pilot_release is null) = (pilot_started_at is null));
alter table manifest_release_state add check (pilot_guard is null or pilot_release is not null);
