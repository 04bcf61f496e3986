-- The reconciliation of the user directory with the identity provider's pool (issue 37, decision 0092).
-- One row: which replica reconciles now and until when its lease runs (a replica that stops holding it
-- lets another take over once it expires), when staff last asked for one, and how the last run went.
create table user_directory_sync (
  id integer primary key default 1 check (id = 1),
  holder text,
  lease_until timestamptz,
  requested_at timestamptz,
  started_at timestamptz,
  cause text check (cause in ('start', 'schedule', 'request')),
  finished_at timestamptz,
  outcome text check (outcome in ('running', 'succeeded', 'failed')),
  users_listed integer not null default 0,
  users_removed integer not null default 0,
  error text check (length(error) <= 1000),
  -- When the last complete listing ended: the directory was at least as true as the pool then.
  succeeded_at timestamptz
);
insert into user_directory_sync (id) values (1);

-- Staff asking for a reconciliation is audited with the changes to users: who asked, and why.
alter table user_audit drop constraint user_audit_action_check;
alter table user_audit add constraint user_audit_action_check
  check (action in ('invite', 'change', 'disable', 'enable', 'reset-mfa', 'resend-invitation', 'sync'));
