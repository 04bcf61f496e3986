-- Waits at most 5 s for a lock (user_directory's alter takes one every read waits behind): a migration
-- stuck behind a long transaction fails and is retried at the next start, rather than stall the service.
set local lock_timeout = '5s';

-- One active trusted publisher per issuer and subject (decision 0098): two that differ only by audience
-- make "which publisher is this token" a question of which audience the token happens to carry. Any such
-- pair registered before is resolved here: the oldest stays, the later ones are revoked, saying why, so
-- the change is in their rows as every revocation is, and named in the database server's log.
do $$
declare
  revoked text;
begin
  with later as (
    update trusted_publishers p
    set revoked_at = now(),
      revoked_by_sub = 'system',
      revoked_by_email = 'migration 016',
      revoked_reason = 'an older publisher has the same issuer and subject (decision 0098)'
    where p.revoked_at is null
      and exists (
        select 1 from trusted_publishers older
        where older.revoked_at is null and older.issuer = p.issuer and older.subject = p.subject
          and (older.created_at, older.id) < (p.created_at, p.id)
      )
    returning p.id
  )
  select string_agg(id::text, ', ' order by id) into revoked from later;
  if revoked is not null then
    raise warning 'migration 016 revoked trusted publishers % (an older one has the same issuer and subject, decision 0098)', revoked;
  end if;
end
$$;
-- Added beside trusted_publishers_active (issuer, audience, subject), which replicas of the release
-- before name in their registration's `on conflict` while a rolling deploy lasts: expand now, drop the
-- older index in a later release (decision 0098).
create unique index trusted_publishers_one_per_subject on trusted_publishers (issuer, subject) where revoked_at is null;

-- When a user was last enabled again (decision 0098): an ID token issued before it was issued before the
-- disable it follows, and is refused although the user is enabled now. Null: never enabled after a disable.
alter table user_directory add column enabled_at timestamptz;

-- The users the directory removed because the pool no longer has them (deleted there), by sub: a token of
-- theirs that has not expired yet is refused, not served as a user the directory never held. A listing
-- that finds the sub in the pool again takes it out; rows older than any token's life are pruned.
create table user_directory_removed (
  sub text primary key check (length(sub) between 1 and 200),
  removed_at timestamptz not null default now()
);

-- A username whose sub changes is a user deleted at the pool and made again under the same name: the
-- old account's unexpired tokens carry the old sub, which is recorded as removed in the same statement
-- as the change, whichever write made it (a listing, a write, a sign-in).
create function user_directory_sub_replaced() returns trigger language plpgsql as $$
begin
  insert into user_directory_removed (sub) values (old.sub) on conflict (sub) do update set removed_at = now();
  return new;
end
$$;
create trigger user_directory_sub_replaced after update of sub on user_directory
  for each row when (old.sub is distinct from new.sub) execute function user_directory_sub_replaced();
