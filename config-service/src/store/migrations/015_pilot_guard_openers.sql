-- What a pilot's guard counts (issue 39, decision 0096): each user's first few opens of a module the
-- pilot changes, so that no one user's reports, a script's or a looping page's, weigh more than a few
-- opens, and how many users failed. Kept for the pilot running only: both tables go with it.
create table pilot_guard_openers (
  pilot_started_at timestamptz not null,
  module_key text not null check (module_key ~ '^[a-z][a-z0-9]{1,15}$'),
  bundle_version text not null check (length(bundle_version) <= 100),
  customer_id text not null check (length(customer_id) <= 100),
  -- The verified token's subject, whatever its issuer makes of it: a row the database refused would lose the whole write.
  user_sub text not null,
  -- The user's counted opens (never more than GUARD_OPENS_PER_USER) and how many of them failed.
  opens integer not null default 0 check (opens >= 0),
  failures integer not null default 0 check (failures between 0 and opens),
  primary key (pilot_started_at, module_key, bundle_version, customer_id, user_sub)
);

-- The openers added up per customer, kept as they change: the guard reads a row per customer and
-- version, however many users report. Each column on its own: a write adds to them, and what it adds
-- (a user already counted who failed now) need not be a row of its own.
create table pilot_guard_tallies (
  pilot_started_at timestamptz not null,
  module_key text not null,
  bundle_version text not null,
  customer_id text not null,
  opens integer not null default 0 check (opens >= 0),
  failures integer not null default 0 check (failures >= 0),
  users integer not null default 0 check (users >= 0),
  failing_users integer not null default 0 check (failing_users >= 0),
  primary key (pilot_started_at, module_key, bundle_version, customer_id)
);

-- Staff's notices read the pilots a guard ended, newest first: from an index, whatever the audit's length.
create index release_audit_pilot_ends on manifest_release_audit (actor_sub, id desc) where action = 'pilot-end';
