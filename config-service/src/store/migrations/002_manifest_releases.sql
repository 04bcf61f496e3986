-- Manifest releases: immutable manifest sets, the one every user is served, a pilot, and the audit of
-- every step. Like the customer switches, a change is one transaction whose commit notifies every replica.
create table manifest_releases (
  -- The hash of the canonical content: the same content is the same release.
  id text primary key check (id ~ '^[0-9a-f]{12}$'),
  -- json, not jsonb: the files come back with their keys in the order their author wrote them.
  files json not null,
  report json not null,
  author_sub text not null,
  author_email text not null,
  published_at timestamptz not null default now(),
  reason text not null check (length(reason) between 1 and 500),
  parent text references manifest_releases (id),
  -- Publication order, for "newest first" and paging: ids are hashes and times can tie.
  seq bigserial not null unique
);

-- One row: what is in service. `generation` counts the changes, so a replica applies only newer states.
create table manifest_release_state (
  singleton boolean primary key default true check (singleton),
  active text not null references manifest_releases (id),
  pilot_release text references manifest_releases (id),
  pilot_customers text[] not null default '{}',
  generation bigint not null default 1,
  check ((pilot_release is null) = (cardinality(pilot_customers) = 0))
);

-- Append-only: who did what to the releases, when and why.
create table manifest_release_audit (
  id bigserial primary key,
  at timestamptz not null default now(),
  actor_sub text not null,
  actor_email text not null,
  action text not null check (action in ('publish', 'activate', 'pilot-start', 'pilot-end', 'pilot-promote')),
  release text not null references manifest_releases (id),
  previous text,
  customers text[] not null default '{}',
  reason text not null check (length(reason) between 1 and 500)
);
