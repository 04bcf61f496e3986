-- One active trusted publisher per issuer and subject (decision 0098): two that differ only by audience
-- make "which publisher is this token" a question of which audience the token happens to carry. Any such
-- pair registered before is resolved here: the oldest stays, the later ones are revoked, saying why, so
-- the change is in their rows as every revocation is.
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
  );
drop index trusted_publishers_active;
create unique index trusted_publishers_active on trusted_publishers (issuer, subject) where revoked_at is null;
