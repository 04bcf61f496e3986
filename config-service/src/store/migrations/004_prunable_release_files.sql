-- A release's files may be cleared to keep the store within RELEASES_KEPT (the oldest first, never one in
-- service or lately active). The row stays: the audit and later releases' parents refer to it, and
-- publishing the same content again fills its files back in.
alter table manifest_releases alter column files drop not null;
